// The RCU grace-period kthread (kernel/rcu/tree.c, 6.12), when a task runs
// it (a task's rcu_gp event: rcu_preempt in a twin).
//
// rcu_gp_kthread() starts a grace period (rcu_gp_init(): every CPU owes it a
// quiescent state, its ->qsmask bit; the kthread's own CPU notes it at once,
// __note_gp_changes()), then sleeps in rcu_gp_fqs_loop():
// swait_event_idle_timeout_exclusive() for jiffies_till_first_fqs (later
// jiffies_till_next_fqs), a schedule_timeout() on the timer wheel. Two things
// end the sleep:
//  - the last quiescent state. Each CPU reports its own from its RCU softirq:
//    rcu_sched_clock_irq() raises it (invoke_rcu_core()) when rcu_pending()
//    sees a grace period the CPU has not noted, or a quiescent state the CPU
//    owes and has passed (a context switch, or a tick in user mode or idle:
//    rcu_qs()). rcu_core() -> rcu_check_quiescent_state() first notes a new
//    grace period (note_gp_changes(): the quiescent state must come after),
//    and at a later run reports it (rcu_report_qs_rdp() ->
//    rcu_report_qs_rnp()); the report that clears the last bit calls
//    rcu_report_qs_rsp() -> rcu_gp_kthread_wake(), from that CPU's softirq,
//    often on the other CPU than the kthread's;
//  - the timeout, from the TIMER softirq of the kthread's CPU
//    (process_timeout()). The kthread then forces quiescent states
//    (rcu_gp_fqs() -> force_qs_rnp(): a CPU idle in dynticks is reported on
//    its behalf, rcu_watching_snap_save()) and, if bits remain, sleeps again.
// Once every bit is clear the kthread ends the grace period (rcu_gp_cleanup())
// and, as the model assumes a callback always waits, starts the next one.
//
// One rcu_gp event is one sleep: the kthread's work between sleeps is the
// task's own run events, and the force-quiescent-state scan of a sleep the
// timeout ended is done at the next rcu_gp event's start.
//
// Simplified: one rcu_node (every CPU reports to the root), no callbacks (so
// no wait for a grace period to be needed, RCU_GP_WAIT_GPS), an idle CPU is
// reported by the scan only while it is idle (not for having passed through
// idle since the last scan), no RCU read-side critical sections.
#include "kernel/machine.h"
#include "kernel/watchdogs.h"

#include <algorithm>

namespace irqscope::kern {

bool Watchdogs::anyOwes() const {
    for (const PerCpu& w : cpus_)
        if (w.owes) return true;
    return false;
}

// rcu_gp_init(): ->qsmask = ->qsmaskinit (every CPU); the kthread's CPU notes
// the new grace period on the way (__note_gp_changes() for its own rdp).
void Watchdogs::gpInit(int cpu) {
    ++gpk_.gp;
    gpk_.inProgress = true;
    for (PerCpu& w : cpus_) w.owes = true;
    at(cpu).notedGp = gpk_.gp;
    at(cpu).notedAt = m_.now();
    // record_gp_stall_check_time(): the stall detector's deadline
    const std::uint64_t j = m_.timers().jiffies();
    gp_.start = m_.now();
    gp_.startJ = j;
    gp_.stallJ = j + stallTimeoutJiffies();
}

// rcu_gp_cleanup(): the grace period ends (rcu_seq_end()).
void Watchdogs::gpCleanup() {
    gpk_.inProgress = false;
    ++gp_.seq;
}

// rcu_gp_fqs() -> force_qs_rnp(rcu_watching_snap_save / _recheck): a CPU
// whose RCU is not watching (the idle loop, no interrupt on top) has its
// quiescent state reported by the kthread.
void Watchdogs::forceQuiescentStates() {
    for (int i = 0; i < m_.cpuCount(); ++i) {
        const Cpu& k = m_.cpu(i);
        if (k.curr->isIdle && k.stack.size() == 1) at(i).owes = false;
    }
}

bool Watchdogs::rcuPending(int cpu) const {
    if (!gpk_.task || !gpk_.inProgress) return false;
    const PerCpu& w = at(cpu);
    if (w.notedGp != gpk_.gp) return true;  // rcu_seq_current(&rnp->gp_seq) != rdp->gp_seq
    return w.owes && w.lastQs >= w.notedAt; // rdp->core_needs_qs && !rdp->cpu_no_qs.b.norm
}

// rcu_check_quiescent_state() from rcu_core(): the grace-period kthread to
// wake when this CPU reported the last quiescent state, else nullptr.
Task* Watchdogs::rcuCheckQuiescentState(int cpu) {
    if (!gpk_.task || !gpk_.inProgress) return nullptr;
    PerCpu& w = at(cpu);
    if (w.notedGp != gpk_.gp) { // note_gp_changes(): a quiescent state counts from now
        w.notedGp = gpk_.gp;
        w.notedAt = m_.now();
        return nullptr;
    }
    if (!w.owes || w.lastQs < w.notedAt) return nullptr;
    w.owes = false; // rcu_report_qs_rdp() -> rcu_report_qs_rnp()
    if (anyOwes()) return nullptr;
    // rcu_report_qs_rsp() -> rcu_gp_kthread_wake(): swake_up_one() on a
    // kthread asleep in the FQS wait (one running gets there by itself).
    if (!gpk_.waiting) return nullptr;
    gpk_.waiting = false;
    return gpk_.task;
}

Proc<void> Watchdogs::rcuGpWait(Kctx& c, std::uint64_t firstFqs, std::uint64_t nextFqs) {
    Task* self = c.task();
    gpk_.task = self;
    const int cpu = c.cpu().id;
    std::uint64_t j = nextFqs;
    if (gpk_.inProgress && anyOwes()) forceQuiescentStates(); // the last sleep timed out
    if (!gpk_.inProgress || !anyOwes()) {
        if (gpk_.inProgress) gpCleanup();
        gpInit(cpu);
        j = firstFqs;
    }
    // param_set_first_fqs_jiffies() / _next_: at most HZ, at least 1
    j = std::clamp<std::uint64_t>(j, 1, static_cast<std::uint64_t>(m_.cfg().hz));
    const std::uint64_t wait = ++gpk_.waitSeq;
    gpk_.waiting = true;
    const std::uint64_t timer = m_.timers().addWheelTimer(cpu, j, [this, self, wait](Kctx& k, Time) {
        if (!gpk_.waiting || gpk_.waitSeq != wait) return;
        gpk_.waiting = false;
        k.wakeUpProcessNow(*self); // process_timeout()
    });
    while (gpk_.waiting) co_await c.block();
    m_.timers().cancelWheelTimer(cpu, timer); // schedule_timeout(): del_timer_sync()
}

} // namespace irqscope::kern
