// The fair class (kernel/sched/fair.c): per-CPU queues of SCHED_NORMAL,
// BATCH and IDLE tasks, picked by EEVDF (6.6+, the default) or CFS.
//
// EEVDF: a task is eligible when its vruntime is not ahead of the queue's
// weighted average (lag >= 0); among eligible tasks the earliest virtual
// deadline (vruntime + slice*1024/weight) runs. A woken task preempts only if
// EEVDF would pick it now, and RUN_TO_PARITY keeps the current task until it
// has used the slice it was picked with — so a nice -20 kworker can still
// wait a slice or a tick behind a nice-0 hog.
// CFS (<6.6): pick the smallest vruntime; a waker preempts only when ahead by
// more than the (weighted) wake-up granularity; the tick preempts after the
// ideal slice. A sleeper keeps its vruntime and is placed at
// max(vruntime, min_vruntime - sched_latency/2) (GENTLE_FAIR_SLEEPERS), a new
// task one vslice after min_vruntime (START_DEBIT). Slices scale by 1+ilog2(min(CPUs, 8)) like the kernel's sysctls.
#pragma once

#include "kernel/config.h"
#include "kernel/sched/runqueue.h"
#include "kernel/task.h"

#include <vector>

namespace irqscope::kern {

class Machine;

class FairSched {
public:
    FairSched(Machine& m, std::vector<RunQueue>& rqs);

    bool empty(int cpu) const { return rq(cpu).queue.empty(); }
    std::size_t queued(int cpu) const { return rq(cpu).queue.size(); }
    const std::vector<Task*>& queue(int cpu) const { return rq(cpu).queue; }
    // The CPUs whose queue is not empty (a task waits there), so that a
    // search for work skips the others without looking at them.
    const CpuMask& waiting() const { return waiting_; }

    // enqueue_entity(): a woken task is placed first (place_entity()); prev
    // is the CPU whose queue the task left (its vruntime is relative to it).
    void enqueue(const Cpu& c, Task& t, bool wakeup, const Cpu* prev);
    // Back on the queue after running (put_prev_task()).
    void putPrev(const Cpu& c, Task& t) { push(c, t); }
    bool dequeue(const Cpu& c, Task& t);
    // The task leaves to sleep: remember its lag (EEVDF) or relative vruntime (CFS).
    void sleep(const Cpu& c, Task& t);
    // pick_next_entity(), taken off the queue; null when empty.
    Task* pick(const Cpu& c);
    // check_preempt_wakeup_fair(): should `woken` preempt the current fair task?
    bool wakeupPreempts(const Cpu& c, const Task& woken);
    // The tick: should the current fair task give up the CPU?
    bool tickPreempts(const Cpu& c, Task& t);
    // update_curr(): the current task ran delta ns (CFS: min_vruntime follows).
    // Inline: the accounting charges the current task at every dispatch step.
    void charge(Task& t, Time delta) {
        t.vruntime += double(delta) * 1024.0 / t.weight;
        if (cfg_.fair == FairClass::Cfs && t.cpu) updateMinVruntime(*t.cpu, t);
    }
    // update_min_vruntime() with `curr` running (or not a fair task): monotonic.
    void updateMinVruntime(const Cpu& c, const Task& curr);
    // A queued task pulled from `from` to `to`. EEVDF: it starts without lag
    // and is placed again (true). CFS: its vruntime moves from one queue's
    // min_vruntime to the other's, no placement (false).
    bool migrate(Task& t, const Cpu& from, const Cpu& to);
    // The slice a new task starts with.
    Time baseSlice() const;

private:
    using Rq = FairRq;
    Rq& rq(const Cpu& c);
    void push(const Cpu& c, Task& t);
    Rq& rq(int cpu) { return rqs_[static_cast<std::size_t>(cpu)].fair; }
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)].fair; }
    double avgVruntime(const Cpu& c) const;
    void placeEntity(const Cpu& c, Task& t, const Cpu* prev);
    // CFS sched_vslice(): t's share of the latency period, in its vruntime.
    double cfsVslice(const Cpu& c, const Task& t);
    bool eevdfPicksOther(const Cpu& c, const Task* candidate);

    Machine& m_;
    const Config& cfg_;
    std::vector<RunQueue>& rqs_; // the scheduler's
    CpuMask waiting_;
};

} // namespace irqscope::kern
