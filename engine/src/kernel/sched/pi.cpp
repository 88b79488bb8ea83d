// Priority inheritance (kernel/locking/rtmutex.c rt_mutex_adjust_prio() ->
// kernel/sched/core.c rt_mutex_setprio()): the owner of an rt_mutex runs at the
// priority of its most important waiter until it releases the lock. The task
// changes class in place: dequeued with its fair state kept, queued again as
// SCHED_FIFO at the waiter's priority, and back when the boost ends.
#include "kernel/sched/sched.h"

#include "kernel/machine.h"

namespace irqscope::kern {

void Scheduler::setPiPrio(Task& t, int prio, int fromCpu) {
    const bool ownRt = t.piBoosted ? (t.normalPolicy == Policy::Fifo || t.normalPolicy == Policy::RR) : t.isRt();
    const int own = ownRt ? (t.piBoosted ? t.normalRtPrio : t.rtPrio) : 0;
    const bool boost = prio > own;
    if (!boost && !t.piBoosted) return;
    if (boost && t.piBoosted && t.rtPrio == prio) return;
    Cpu& c = *t.cpu;
    const bool queued = t.state == Task::State::Runnable;
    if (queued) dequeue(c, t);
    if (boost) {
        if (!t.piBoosted) {
            t.piBoosted = true;
            t.normalPolicy = t.policy;
            t.normalRtPrio = t.rtPrio;
        }
        t.policy = Policy::Fifo;
        t.rtPrio = prio;
    } else {
        t.policy = t.normalPolicy;
        t.rtPrio = t.normalRtPrio;
        t.piBoosted = false;
    }
    if (queued) enqueue(c, t, false);
    // prio_changed_rt() / switched_to_rt() (kernel/sched/rt.c, via
    // check_class_changed()): a queued task boosted above the CPU's current
    // task preempts it (resched_curr(): an IPI when that CPU is remote).
    if (boost && queued && c.curr != &t && !c.curr->isStop && !c.curr->isDl() &&
        (c.curr->isIdle || !c.curr->isRt() || c.curr->rtPrio < prio))
        setNeedResched(c, false, fromCpu);
    // check_class_changed(): the current task that lost its boost may now be
    // below a waiting RT task.
    if (!boost && c.curr == &t && rt_.queued(c.id) > 0) {
        const bool below = !t.isRt() || rt_.highest(c.id) > t.rtPrio;
        if (below) setNeedResched(c, false);
    }
}

} // namespace irqscope::kern
