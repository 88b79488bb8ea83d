// The scheduler core (kernel/sched/core.c): tasks, wake-ups, need_resched,
// schedule() and the tick, over the classes in order stop > deadline > RT >
// fair > idle.
//
// A wake-up only sets need_resched; another CPU learns of it through a
// reschedule IPI (not an idle one, not a lazy request); exec.cpp applies the
// preemption model at the points where the kernel checks it.
#pragma once

#include "kernel/cpu.h"
#include "kernel/sched/balance_periodic.h"
#include "kernel/sched/bandwidth.h"
#include "kernel/sched/deadline.h"
#include "kernel/sched/fair.h"
#include "kernel/sched/placement.h"
#include "kernel/sched/rt.h"

#include <memory>
#include <string>
#include <vector>

namespace irqscope::hw {
struct IrqLine;
}

namespace irqscope::kern {

class Scheduler {
public:
    explicit Scheduler(Machine& m);

    // sched_fork() + the task's body: created blocked; wake() starts it.
    Task& createTask(std::string name, ContextKind kind, Policy policy, int prioOrNice, CpuMask affinity, CodeFn body);
    const std::vector<std::unique_ptr<Task>>& tasks() const { return tasks_; }
    // sched_setattr(SCHED_DEADLINE) for a task that has not run yet.
    DlSched::SetAttr setDeadline(Task& t, Time runtime, Time deadline, Time period) {
        return dl_.setAttr(t, runtime, deadline, period);
    }
    // set_task_cpu(): where a task that has not run yet starts (a device steers its threads).
    void setTaskCpu(Task& t, int cpu);

    // try_to_wake_up() from `fromCpu` (-1: from a device, not a CPU), enqueueing
    // the task now. `wakingAt`: when try_to_wake_up() started (its sched_waking
    // tracepoint, where the wake-up's flow starts), if the caller paid
    // cost.wakeup before calling; -1: now. Returns true if the task was sleeping.
    bool wake(Task& t, int fromCpu, FlowKind flow = FlowKind::WakeTask, Time wakingAt = -1);
    // Is `t` asleep (TASK_INTERRUPTIBLE), so that a wake-up has work to do?
    static bool sleeping(const Task& t) { return t.state == Task::State::Blocked; }
    // resched_curr() / resched_curr_lazy() by code running on `fromCpu` (-1:
    // not on a CPU, treated as local); lazyOk: a fair-class request that lazy
    // preemption may defer.
    void setNeedResched(Cpu& c, bool lazyOk, int fromCpu = -1);
    void schedule(Cpu& c);
    // scheduler_tick()
    void tick(Cpu& c);
    // update_curr(): the current task ran delta ns. Inline: the accounting
    // calls it at every dispatch step.
    void updateCurr(Cpu& c, Time delta) {
        Task* t = c.curr;
        if (t->isIdle) return;
        t->sumExec += delta;
        if (t->isStop) return; // update_curr_stop(): no RT budget
        if (t->isDl()) {
            dl_.charge(*t, delta);
            bandwidth_.charge(c, delta); // update_curr_dl() also counts against RT throttling
            return;
        }
        if (t->isRt()) {
            bandwidth_.charge(c, delta);
            if (t->policy == Policy::RR) t->rrLeft -= delta;
            return;
        }
        fair_.charge(*t, delta);
        dl_.serverCharge(c, delta); // dl_server_update()
    }
    // rt_mutex_setprio(): run `t` as SCHED_FIFO `prio` (its top lock waiter's), or
    // restore its own policy when prio is not above it (0: no RT waiter). pi.cpp.
    // fromCpu: where the caller runs (a boost of a task queued elsewhere sends an IPI).
    void setPiPrio(Task& t, int prio, int fromCpu = -1);

    // The reschedule IPI line of each CPU (SGI 0).
    void setReschedIpi(int cpu, hw::IrqLine& line);
    std::uint64_t contextSwitches(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)].nrSwitches; }
    // The CPUs whose current task is the idle task (the kernel's idle-CPU
    // masks start from these: nohz.idle_cpus_mask, cpupri's CPUPRI_IDLE); a
    // scan for an idle CPU visits only them.
    const CpuMask& idleCurr() const { return idleCurr_; }

    FairSched& fair() { return fair_; }
    RtSched& rt() { return rt_; }
    DlSched& dl() { return dl_; }
    Placement& placement() { return placement_; }
    LoadBalance& balance() { return balance_; }
    // A queued task moves from `from` to `to` (load balancing: detach_task() +
    // attach_task(), which checks whether it preempts there). balance.cpp.
    void migrateQueued(Task& t, Cpu& from, Cpu& to);

private:
    void enqueue(Cpu& c, Task& t, bool wakeup);
    void dequeue(Cpu& c, Task& t);
    Task* pickNext(Cpu& c);
    void checkPreemptWakeup(Cpu& c, Task& woken, int fromCpu);
    void sendReschedIpi(int fromCpu, int target);
    void newidleBalance(Cpu& c);
    // RT push/pull (rt_push_pull.cpp).
    bool pushRtTask(Cpu& c);
    void pushRtTasks(Cpu& c);
    void pullRtTask(Cpu& c);
    void putPrev(Cpu& c, Task& prev);
    void switchTo(Cpu& c, Task& prev, Task& next);

    Machine& m_;
    std::vector<RunQueue> rqs_; // per CPU (runqueue.h); before the classes, which keep a reference
    FairSched fair_;
    RtSched rt_;
    DlSched dl_;
    RtBandwidth bandwidth_;
    Placement placement_;
    LoadBalance balance_;
    std::vector<std::unique_ptr<Task>> tasks_;
    std::vector<hw::IrqLine*> ipiLines_;
    CpuMask idleCurr_;
    int nextPid_ = 1;
};

} // namespace irqscope::kern
