// BH-disabled sections in task context: local_bh_disable() / local_bh_enable()
// (kernel/softirq.c, v6.12).
//
// !PREEMPT_RT: BH off is a preempt_count bit; the task is not preemptible in
// the section, and local_bh_enable() runs pending softirqs (do_softirq(), on
// the softirq stack: a softirq frame on top of the task).
//
// PREEMPT_RT: __local_bh_disable_ip() takes the per-CPU softirq_ctrl local
// lock on the first entry of a task (an rt_mutex: a second task blocks on it,
// and the holder inherits the waiter's priority; local_lock also disables
// migration). The section stays preemptible. __local_bh_enable_ip() runs the
// pending softirqs in the task itself when it leaves the outermost section, so
// the softirq work is part of that task and preemptible like it; then it
// releases the lock. Lock hand-over is simplified: the releasing task wakes the
// most important waiter, which retries on the CPU it then runs on.
#include "kernel/machine.h"
#include "kernel/softirq.h"

#include <algorithm>

namespace irqscope::kern {

bool Softirqs::rt() const {
    return m_.cfg().preempt == PreemptModel::Rt;
}

int Softirqs::topWaiterPrio(const PerCpu& s) const {
    int prio = 0;
    for (const Task* w : s.bhWaiters)
        if (w->isRt()) prio = std::max(prio, w->rtPrio);
    return prio;
}

Proc<void> Softirqs::localBhDisable(Kctx& c) {
    Task* self = c.task();
    if (!rt() || !self) {
        c.frame().baseFlags |= kBhOff;
        co_return;
    }
    for (;;) {
        PerCpu& s = at(c.cpu().id);
        if (!s.bhOwner || s.bhOwner == self) break;
        // rt_mutex slow path: queue as a waiter, boost the owner, sleep.
        if (std::find(s.bhWaiters.begin(), s.bhWaiters.end(), self) == s.bhWaiters.end()) s.bhWaiters.push_back(self);
        m_.sched().setPiPrio(*s.bhOwner, topWaiterPrio(s));
        co_await c.block();
    }
    PerCpu& s = at(c.cpu().id);
    std::erase(s.bhWaiters, self);
    s.bhOwner = self;
    ++s.bhDepth;
    self->migrationDisabled = true;
    if (!s.bhWaiters.empty()) m_.sched().setPiPrio(*self, topWaiterPrio(s));
    c.frame().baseFlags |= kBhOff;
}

void Softirqs::bhUnlock(Kctx& c) {
    Task* self = c.task();
    if (!rt() || !self) {
        c.frame().baseFlags &= static_cast<std::uint8_t>(~kBhOff);
        return;
    }
    PerCpu& s = at(c.cpu().id);
    if (s.bhOwner != self) return;
    if (--s.bhDepth > 0) return;
    c.frame().baseFlags &= static_cast<std::uint8_t>(~kBhOff);
    s.bhOwner = nullptr;
    self->migrationDisabled = false;
    m_.sched().setPiPrio(*self, 0); // rt_mutex_adjust_prio(): the boost ends with the lock
    if (s.bhWaiters.empty()) return;
    // rt_mutex_slowunlock() -> mark_wakeup_next_waiter(): the top waiter (FIFO among equals).
    auto top = s.bhWaiters.begin();
    for (auto it = s.bhWaiters.begin(); it != s.bhWaiters.end(); ++it)
        if ((*it)->isRt() && (!(*top)->isRt() || (*it)->rtPrio > (*top)->rtPrio)) top = it;
    Task* next = *top;
    s.bhWaiters.erase(top);
    m_.sched().wake(*next, c.cpu().id);
}

Proc<void> Softirqs::localBhEnable(Kctx& c) {
    Cpu& k = c.cpu();
    Task* self = c.task();
    if (!rt() || !self) {
        c.frame().baseFlags &= static_cast<std::uint8_t>(~kBhOff);
        if (!at(k.id).pending || m_.exec().inInterrupt(k)) co_return;
        runOnTop(k);
        co_await c.work(0); // resumes once the softirq frame on top has finished
        co_return;
    }
    const PerCpu& s = at(k.id);
    if (s.bhOwner == self && s.bhDepth == 1 && s.pending) {
        // __local_bh_enable_ip(): this task runs them, preemptibly, still holding the lock.
        const Label before = c.frame().label;
        co_await doSoftirq(c, false);
        c.frame().label = before;
    }
    bhUnlock(c);
}

} // namespace irqscope::kern
