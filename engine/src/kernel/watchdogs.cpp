#include "kernel/watchdogs.h"

#include "kernel/machine.h"

#include <cstdio>

namespace irqscope::kern {

Watchdogs::Watchdogs(Machine& m) : m_(m), cpus_(static_cast<std::size_t>(m.cpuCount())) {
    // rcu_core(): callbacks and grace-period work (the cost only).
    m_.softirq().setHandler(RCU, [this](Kctx& k) -> Proc<void> { co_await k.work(m_.cfg().cost.rcuSoftirq); });
}

void Watchdogs::quiescentState(int cpu) {
    at(cpu).lastQs = m_.now();
}

void Watchdogs::touch(int cpu) {
    at(cpu).lastTouch = m_.now();
}

void Watchdogs::createStopper(int cpu) {
    at(cpu).stopper = &m_.sched().createTask("migration/" + std::to_string(cpu), ContextKind::Kthread, Policy::Fifo, 99,
                                             m_.oneCpu(cpu), [this](Kctx& k) -> Proc<void> {
                                                 for (;;) {
                                                     co_await k.block();
                                                     co_await k.work(300);
                                                     touch(k.cpu().id); // softlockup_fn()
                                                 }
                                             });
}

void Watchdogs::rcuTick(const Cpu& k) {
    if (k.stack.size() != 2) return; // the tick's own frame on top of a task
    const Frame* below = k.stack[0];
    if (below->type == Frame::Type::Task && (below->task->isIdle || (below->hasWork && (below->flags & kUser))))
        quiescentState(k.id);
}

void Watchdogs::check(Kctx& c) {
    const Config& cfg = m_.cfg();
    if (!cfg.watchdog) return;
    Cpu& k = c.cpu();
    PerCpu& w = at(k.id);
    const Time now = m_.now();
    const Time period = std::max<Time>(cfg.softLockupThresh / 5, cfg.tickPeriod);
    if (now - w.lastKick >= period) {
        w.lastKick = now;
        // kick the stopper; it runs once this CPU can schedule
        if (w.stopper) m_.sched().wake(*w.stopper, k.id);
        const Time stuck = now - w.lastTouch;
        if (stuck > cfg.softLockupThresh && (w.softWarnedAt < 0 || now - w.softWarnedAt > cfg.softLockupThresh)) {
            w.softWarnedAt = now;
            char buf[160];
            // The kernel prints whole seconds; shortened thresholds need the fraction.
            std::snprintf(buf, sizeof buf, "watchdog: BUG: soft lockup - CPU#%d stuck for %.*fs! [%s:%d]", k.id,
                          stuck < 10'000'000'000 ? 2 : 0, double(stuck) / 1e9, k.curr->name.c_str(), k.curr->pid);
            m_.warn(k, "soft_lockup", buf);
        }
    }
    for (int i = 0; i < m_.cpuCount(); ++i) {
        Cpu& other = m_.cpu(i);
        PerCpu& o = at(i);
        if (other.curr->isIdle && other.stack.size() == 1) o.lastQs = now;
        const Time since = now - o.lastQs;
        if (since <= cfg.rcuStallTimeout) continue;
        if (o.rcuWarnedAt >= 0 && now - o.rcuWarnedAt <= cfg.rcuStallTimeout) continue;
        o.rcuWarnedAt = now;
        char buf[200];
        if (&other == &k)
            std::snprintf(buf, sizeof buf, "rcu: INFO: rcu_preempt self-detected stall on CPU%d (t=%lld jiffies)", k.id,
                          static_cast<long long>(since / cfg.tickPeriod));
        else
            std::snprintf(buf, sizeof buf,
                          "rcu: INFO: rcu_preempt detected stalls on CPUs/tasks: { %d-....: (t=%lld jiffies) }",
                          other.id, static_cast<long long>(since / cfg.tickPeriod));
        m_.warn(other, "rcu_stall", buf);
    }
}

} // namespace irqscope::kern
