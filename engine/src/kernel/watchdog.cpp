// Lockup and stall detectors (kernel/watchdog.c, kernel/rcu/tree_stall.h).
//
// Soft lockup: every CPU's watchdog hrtimer (period thresh/5) queues a
// stopper work, a SCHED_FIFO 99 thread, which touches the CPU's timestamp.
// A CPU that never schedules never runs it; when the hrtimer finally runs and
// the timestamp is older than the threshold, it reports a soft lockup. A CPU
// in an interrupt storm still takes timer interrupts, so it is a soft lockup,
// not a hard one (§8, pitfall 17).
// RCU stall: a CPU passes a quiescent state by context switching, idling, or
// being in user mode at a tick. Checked from every tick, for every CPU: a CPU
// that has not passed one for the timeout is reported, by itself
// ("self-detected") or by another CPU ("detected stalls").
#include "kernel/machine.h"

#include <cstdio>

namespace irqscope::kern {

void Machine::watchdogCheck(Kctx& c) {
    if (!cfg_.watchdog) return;
    Cpu& k = c.cpu();
    const Time period = std::max<Time>(cfg_.softLockupThresh / 5, cfg_.tickPeriod);
    if (now() - k.lastWatchdogKick >= period) {
        k.lastWatchdogKick = now();
        // kick the stopper; it runs once this CPU can schedule
        if (k.stopper) wake(*k.stopper, k.id);
        const Time stuck = now() - k.lastTouch;
        if (stuck > cfg_.softLockupThresh && (k.softWarnedAt < 0 || now() - k.softWarnedAt > cfg_.softLockupThresh)) {
            k.softWarnedAt = now();
            char buf[160];
            // The kernel prints whole seconds; shortened thresholds need the fraction.
            std::snprintf(buf, sizeof buf, "watchdog: BUG: soft lockup - CPU#%d stuck for %.*fs! [%s:%d]", k.id,
                          stuck < 10'000'000'000 ? 2 : 0, double(stuck) / 1e9, k.curr->name.c_str(), k.curr->pid);
            warn(k, "soft_lockup", buf);
        }
    }
    for (auto& other : cpus_) {
        if (other->curr->isIdle && other->stack.size() == 1) other->lastQs = now();
        const Time since = now() - other->lastQs;
        if (since <= cfg_.rcuStallTimeout) continue;
        if (other->rcuWarnedAt >= 0 && now() - other->rcuWarnedAt <= cfg_.rcuStallTimeout) continue;
        other->rcuWarnedAt = now();
        char buf[200];
        if (other.get() == &k)
            std::snprintf(buf, sizeof buf, "rcu: INFO: rcu_preempt self-detected stall on CPU%d (t=%lld jiffies)", k.id,
                          static_cast<long long>(since / cfg_.tickPeriod));
        else
            std::snprintf(buf, sizeof buf,
                          "rcu: INFO: rcu_preempt detected stalls on CPUs/tasks: { %d-....: (t=%lld jiffies) }",
                          other->id, static_cast<long long>(since / cfg_.tickPeriod));
        warn(*other, "rcu_stall", buf);
    }
}

} // namespace irqscope::kern
