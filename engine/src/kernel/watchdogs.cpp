#include "kernel/watchdogs.h"

#include "kernel/machine.h"

#include <algorithm>
#include <cstdio>

namespace irqscope::kern {

Watchdogs::Watchdogs(Machine& m) : m_(m), cpus_(static_cast<std::size_t>(m.cpuCount())) {
    // rcu_core(): rcu_check_quiescent_state() first, which may report the
    // grace period's last quiescent state and wake the grace-period kthread
    // (rcu_gp.cpp); then callbacks and the rest (cost.rcu_softirq_ns).
    m_.softirq().setHandler(RCU, [this](Kctx& k) -> Proc<void> {
        if (Task* gp = rcuCheckQuiescentState(k.cpu().id)) co_await k.wakeUpProcess(*gp);
        co_await k.work(m_.cfg().cost.rcuSoftirq);
    });
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
                                                     // cpu_stop_should_run(): sleep until a work is queued
                                                     // (the watchdog's too, even one queued before the
                                                     // stopper first ran).
                                                     if (!stopWorkQueued(k.cpu().id)) co_await k.block();
                                                     co_await runStopWorks(k);
                                                 }
                                             });
    at(cpu).stopper->isStop = true; // sched_set_stop_task()
}

void Watchdogs::stopOneCpu(int cpu, std::function<Proc<void>(Kctx&)> work) {
    PerCpu& w = at(cpu);
    w.works.push_back(std::move(work));
    if (w.stopper) m_.sched().wake(*w.stopper, cpu);
}

bool Watchdogs::stopWorkQueued(int cpu) {
    const PerCpu& w = at(cpu);
    return w.softlockupQueued || !w.works.empty();
}

// cpu_stopper_thread(): the queued works, in order (the watchdog's first: it
// is queued from the tick, before the task that was interrupted asks for one).
Proc<void> Watchdogs::runStopWorks(Kctx& k) {
    PerCpu& w = at(k.cpu().id);
    if (w.softlockupQueued) {
        w.softlockupQueued = false;
        co_await k.work(300);
        touch(k.cpu().id); // softlockup_fn()
    }
    while (!w.works.empty()) {
        auto work = std::move(w.works.front());
        w.works.pop_front();
        co_await work(k);
    }
}

// rcu_sched_clock_irq() -> rcu_flavor_sched_clock_irq() (kernel/rcu/tree_plugin.h):
// a tick that interrupted user mode or the idle task is a quiescent state. With
// PREEMPT_RCU so is one that interrupted a task's kernel code with preemption
// and BH enabled (preempt_count() & (PREEMPT_MASK | SOFTIRQ_MASK) == 0, outside
// rcu_read_lock(): the model has no read-side sections). A tick on top of a
// softirq never is.
void Watchdogs::rcuTick(const Cpu& k) {
    if (k.stack.size() != 2) return; // the tick's own frame on top of a task
    const Frame* below = k.stack[0];
    if (below->type != Frame::Type::Task) return;
    const std::uint8_t fl = below->hasWork ? below->flags : below->baseFlags;
    if (below->task->isIdle || (fl & kUser)) {
        quiescentState(k.id);
        return;
    }
    if (m_.cfg().preemptRcu && !(fl & (kNoPreempt | kBhOff | kIrqsOff))) quiescentState(k.id);
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
        w.softlockupQueued = true;
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
    checkCpuStall(c);
}

} // namespace irqscope::kern
