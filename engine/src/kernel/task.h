// A task (task_struct): its scheduling class and parameters, what each
// scheduler part keeps of it, and its body, a frame the CPU runs.
#pragma once

#include "kernel/frame.h"

#include <string>

namespace irqscope::kern {

enum class Policy : std::uint8_t { Normal, Batch, Fifo, RR, Idle, Deadline };

// sched_prio_to_weight[] (kernel/sched/core.c): the load weight of a nice value.
std::uint32_t niceWeight(int nice);

struct Worker;

// A SCHED_DEADLINE scheduling entity (struct sched_dl_entity): the task's
// reservation (sched_attr runtime <= deadline <= period) and its CBS state.
// The per-CPU fair server (6.12+) is one too, without a task.
struct DlEntity {
    Time dlRuntime = 0, dlDeadline = 0, dlPeriod = 0;
    Time runtime = 0;  // budget left in this instance; negative: ran past it before the tick noticed
    Time deadline = 0; // absolute deadline of this instance
    bool throttled = false;
    bool queued = false;     // on its CPU's deadline run queue
    std::uint64_t timer = 0; // the pending replenishment hrtimer (dl_timer), 0: none
};

// Aligned to a cache line: what the dispatch steps, the accounting, a
// wake-up and the scheduler's class and placement checks read of any task
// (its state, class, priority, CPU, affinity, worker) fills the first 64
// bytes, so that a check of another CPU's current task touches one line; the
// frame the CPU runs follows (its own hot line); the rest comes after.
struct alignas(64) Task {
    enum class State : std::uint8_t { Runnable, Running, Blocked, Dead } state = State::Blocked;
    Policy policy = Policy::Normal;
    bool isIdle = false;
    // The stop class (kernel/sched/stop_task.c, above every other): the per-CPU
    // stopper, migration/N. It shows as SCHED_FIFO 99 (sched_set_stop_task()).
    bool isStop = false;
    // migrate_disable() (PREEMPT_RT local locks): balancing leaves the task where it is.
    bool migrationDisabled = false;
    ContextKind kind = ContextKind::User;
    bool wakePending = false; // woken while running: don't block at the next block()
    bool hasWakeFlow = false;
    int rtPrio = 0; // 1..99 for FIFO/RR
    std::uint32_t weight = 1024;
    Cpu* cpu = nullptr; // where it runs or is queued (or ran last)
    CpuMask affinity;
    Worker* worker = nullptr; // workqueue workers (workqueue.h)
    Frame frame;

    // What each piece of work charges (Accounting::account() -> updateCurr()),
    // a switch's pick mark and a wake-up's load estimate: one line after the frame.
    alignas(64) Time sumExec = 0; // time charged to the task's scheduling entity
    double vruntime = 0;          // fair class (sched/fair.h): the scheduling entity
    double deadline = 0;
    Time execAtPick = 0; // sumExec when last picked (CFS ideal-runtime check)
    // accounting (`top`, accounting.h)
    Time chargedNs = 0;
    Time runNs = 0;
    // PELT (sched/placement.h), runnable part only: a geometric average of the
    // time the task was runnable (half-life 32 ms), folded at each wake-up and
    // sleep. A new task starts fully loaded (init_entity_runnable_average()).
    double peltRunnable = 1.0;
    Time peltAt = 0;

    // What a pick and a context switch read.
    Time rrLeft = 0; // rt class (sched/rt.h): SCHED_RR slice left
    Time slice = 0;
    double vlag = 0;
    // util_avg: the same average of the time the task was running, folded at
    // each context switch; capacity-aware placement reads it. A new task
    // starts at 0 (the kernel gives it part of its CPU's spare capacity).
    double peltUtil = 0.0;
    Time peltUtilAt = 0;
    bool sliceProtected = false; // EEVDF RUN_TO_PARITY: picked, slice not yet used up
    bool cfsPlaced = false;      // CFS: placed once already (the first placement is the fork's)
    bool dlServed = false;       // a fair task picked by its CPU's fair server (p->dl_server)
    // rt_mutex priority inheritance (sched/pi.cpp): while boosted the task runs
    // as SCHED_FIFO at its top waiter's priority; these hold what it was.
    bool piBoosted = false;
    Policy normalPolicy = Policy::Normal;
    int normalRtPrio = 0;
    // wake-up bookkeeping (sched/core)
    FlowKind wakeFlowKind = FlowKind::WakeTask;
    int wakeSrcCpu = 0;
    Time wakeSrcTime = 0;
    Time wokenAt = 0;

    // deadline class (sched/deadline.h)
    DlEntity dl;

    int pid = 0;
    StringId nameId = kNoString;
    std::string name;
    int nice = 0;
    // Its CFS task group (FairSched::addGroup()); 0: the root group, no group
    // scheduling (sched_task_group, kernel/sched/sched.h).
    int group = 0;

    bool isRt() const { return policy == Policy::Fifo || policy == Policy::RR; }
    bool isDl() const { return policy == Policy::Deadline; }
    bool isFair() const { return !isIdle && !isRt() && !isDl(); }
    bool runnable() const { return state == State::Runnable || state == State::Running; }
};

} // namespace irqscope::kern
