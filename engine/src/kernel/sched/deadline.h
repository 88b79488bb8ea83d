// The deadline class (kernel/sched/deadline.c): SCHED_DEADLINE tasks and the
// 6.12+ fair server, picked before RT.
//
// EDF: the entity with the earliest absolute deadline runs. CBS: a running
// entity consumes its runtime; once it is used up the entity is throttled —
// off the run queue — until its replenishment timer (dl_task_timer, an
// hrtimer at the next period) gives it a new runtime with the deadline moved
// one period on (replenish_dl_entity). Without HRTICK_DL (off by default,
// kernel/sched/features.h) an exhausted runtime is noticed at the tick or at
// the next schedule(), so a task overruns by up to a tick. A waking task keeps
// its deadline and runtime only if runtime / (deadline - now) <= dl_runtime /
// dl_deadline and the deadline has not passed; otherwise it gets a full runtime
// and deadline = now + dl_deadline (update_dl_entity(); constrained deadlines
// use the revised rule, update_dl_revised_wakeup()).
//
// Admission (sched_dl_overflow()): the bandwidths runtime/period of all
// deadline entities of the root domain (here: every CPU, one root domain)
// must stay within sched_rt_runtime/sched_rt_period per CPU; from 6.12 the
// fair servers' 50 ms/1 s per CPU count too (dl_server_apply_params()).
//
// The fair server (6.12, deferred: commits d741f297bcea "sched/fair: Fair
// server interface", a110a81c52a9 "sched/deadline: Deferrable dl server") is a
// per-CPU deadline entity that runs fair tasks. It starts when a fair task
// is queued and stops when none is left (dl_server_start/stop). Deferred, it
// first waits until deadline - runtime: fair tasks that ran on their own in
// the meantime consume its runtime, and if they get the whole runtime the
// server is not needed this period. Only if they starve (an RT hog) does it
// run, as a deadline entity above RT, for its runtime per period
// (dl_server_timer(), update_curr_dl_se()).
#pragma once

#include "kernel/cpu.h"
#include "kernel/sched/runqueue.h"
#include "kernel/task.h"

#include <vector>

namespace irqscope::kern {

class Machine;
class FairSched;

class DlSched {
public:
    DlSched(Machine& m, std::vector<RunQueue>& rqs);

    // sched_setattr(SCHED_DEADLINE): __checkparam_dl(), then admission
    // control (sched_dl_overflow()). The task must not have run yet.
    enum class SetAttr { Ok, Invalid /* -EINVAL */, Busy /* -EBUSY */ };
    SetAttr setAttr(Task& t, Time runtime, Time deadline, Time period);
    // Total admitted bandwidth and the limit, in 2^-20 units (BW_SHIFT).
    std::uint64_t totalBw() const { return totalBw_; }

    // Anything the class would pick on this CPU (a task or the fair server).
    bool runnable(int cpu) const { return !rq(cpu).queue.empty(); }
    int queuedTasks(int cpu) const;

    // enqueue_task_dl(): a wake-up applies the CBS wake-up rule; a throttled
    // entity waits for its timer.
    void enqueue(Cpu& c, Task& t, bool wakeup);
    bool dequeue(const Cpu& c, Task& t);
    // put_prev_task_dl(): back on the queue, or throttled if its runtime is used up.
    void putPrev(Cpu& c, Task& t);
    // dequeue_task_dl(DEQUEUE_SLEEP): the task blocks (a job ends).
    void sleep(Cpu& c, Task& t);
    // pick_next_task_dl(): the earliest deadline; the fair server picks a fair task.
    Task* pick(Cpu& c, FairSched& fair);
    // update_curr_dl(): runtime consumed (checked for exhaustion at the tick).
    void charge(Task& t, Time delta) { t.dl.runtime -= delta; }
    // task_tick_dl(): true when curr was throttled (reschedule).
    bool tick(Cpu& c, Task& t);
    // wakeup_preempt: a deadline task preempts any lower class, and another
    // deadline entity with a later deadline (dl_entity_preempt()).
    bool wakeupPreempts(const Cpu& c, const Task& woken) const;
    // select_task_rq_dl() / find_later_rq() over cpudl (kernel/sched/cpudeadline.c).
    int selectCpu(const Task& t, int prev) const;

    // ---- the fair server (6.12+, kernel.sched.rt_limit=fair-server) ----
    bool serverEnabled() const;
    void serverStart(Cpu& c);
    void serverStop(Cpu& c);
    // update_curr() of a fair task -> dl_server_update(): runtime consumed,
    // whether the task runs for the server or on its own. Inline: charged at
    // every dispatch step of a fair task; the rest is serverExhausted().
    void serverCharge(const Cpu& c, Time delta) {
        Server& s = rq(c.id).server;
        if (!s.active) return;
        s.se.runtime -= delta;
        if (s.se.throttled && s.se.runtime <= 0) serverExhausted(c);
    }
    // The tick of a fair task: true when the server was running it and is now
    // throttled (reschedule).
    bool serverCheck(Cpu& c);
    // put_prev of a fair task: the same check; the task no longer runs for the server.
    void serverPutPrev(Cpu& c, Task& t);
    // The CPU goes idle / the idle time ends (put_prev_task_idle(), or a fair
    // task queued on an idle CPU): dl_server_update_idle_time() counts idle
    // time as runtime the fair tasks could have used.
    void idleStart(const Cpu& c);
    void serverIdle(const Cpu& c);

private:
    using Server = DlServer;
    using Rq = DlRq;
    Rq& rq(int cpu) { return rqs_[static_cast<std::size_t>(cpu)].dl; }
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)].dl; }

    void queue(int cpu, DlEntity& se, Task* owner);
    void unqueue(int cpu, DlEntity& se);
    // Earliest deadline queued or running on a CPU (cpudl), 0: none.
    Time earliest(int cpu) const;
    void updateEntity(DlEntity& se) const;   // update_dl_entity()
    void replenish(DlEntity& se) const;      // replenish_dl_entity() for tasks
    bool overflow(const DlEntity& se) const; // dl_entity_overflow()
    void throttle(Cpu& c, Task& t);          // the runtime is used up
    bool startTimer(int cpu, Task& t);       // start_dl_timer(); false: that instant has passed
    void taskTimer(Kctx& k, Task& t);        // dl_task_timer()
    void count(const Task& t, const char* what, std::uint64_t n = 1);

    // fair server (dl_server.cpp)
    void serverEnqueue(Cpu& c, bool wakeup, bool replenish);
    void serverReplenish(Cpu& c);
    void serverNewPeriod(Server& s);
    bool serverStartTimer(Cpu& c);
    void serverExhausted(const Cpu& c);
    void serverTimer(Kctx& k);
    void serverThrottle(Cpu& c);
    bool fairWaiting(int cpu) const;

    Machine& m_;
    std::vector<RunQueue>& rqs_; // the scheduler's
    std::uint64_t totalBw_ = 0;
};

} // namespace irqscope::kern
