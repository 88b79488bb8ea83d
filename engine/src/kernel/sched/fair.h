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
// ideal slice. Slices scale by 1+ilog2(min(CPUs, 8)) like the kernel's sysctls.
#pragma once

#include "kernel/task.h"

#include <vector>

namespace irqscope::kern {

class Machine;

class FairSched {
public:
    explicit FairSched(Machine& m);

    bool empty(int cpu) const { return rq(cpu).queue.empty(); }
    std::size_t queued(int cpu) const { return rq(cpu).queue.size(); }
    const std::vector<Task*>& queue(int cpu) const { return rq(cpu).queue; }

    // enqueue_entity(): a woken task is placed first (place_entity()).
    void enqueue(const Cpu& c, Task& t, bool wakeup);
    // Back on the queue after running (put_prev_task()).
    void putPrev(const Cpu& c, Task& t) { rq(c).queue.push_back(&t); }
    bool dequeue(const Cpu& c, Task& t);
    // The task leaves to sleep: remember its lag (EEVDF) or relative vruntime (CFS).
    void sleep(const Cpu& c, Task& t);
    // pick_next_entity(), taken off the queue; null when empty.
    Task* pick(const Cpu& c);
    // check_preempt_wakeup_fair(): should `woken` preempt the current fair task?
    bool wakeupPreempts(const Cpu& c, const Task& woken);
    // The tick: should the current fair task give up the CPU?
    bool tickPreempts(const Cpu& c, Task& t);
    // update_curr(): the current task ran delta ns.
    void charge(Task& t, Time delta) { t.vruntime += double(delta) * 1024.0 / t.weight; }
    // A task switched in: keep min_vruntime monotonic.
    void updateMinVruntime(const Cpu& c, const Task& next);
    // A task pulled from another CPU starts without lag.
    void migrated(Task& t) { t.vlag = 0; }
    // The slice a new task starts with.
    Time baseSlice() const;

private:
    struct Rq {
        std::vector<Task*> queue;
        double minVruntime = 0;
    };
    Rq& rq(const Cpu& c);
    Rq& rq(int cpu) { return rqs_[static_cast<std::size_t>(cpu)]; }
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)]; }
    double avgVruntime(const Cpu& c) const;
    void placeEntity(const Cpu& c, Task& t);
    bool eevdfPicksOther(const Cpu& c, const Task* candidate);

    Machine& m_;
    std::vector<Rq> rqs_;
};

} // namespace irqscope::kern
