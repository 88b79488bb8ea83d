// The real-time class (kernel/sched/rt.c): SCHED_FIFO and SCHED_RR, priority
// 1-99, one FIFO list per priority per CPU; the highest non-empty list runs. A
// preempted FIFO task stays at the head of its list; an RR task that used its
// timeslice goes to the tail.
#pragma once

#include "kernel/sched/runqueue.h"
#include "kernel/task.h"

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace irqscope::kern {

class Machine;

class RtSched {
public:
    RtSched(Machine& m, std::vector<RunQueue>& rqs);

    int queued(int cpu) const { return rq(cpu).queued; }
    // The CPUs with a queued RT task (queued(cpu) > 0).
    const CpuMask& waiting() const { return waiting_; }
    // The priority of the most important queued task (0: none).
    int highest(int cpu) const { return below(cpu, 100); }
    // The highest priority under `prio` with a queued task (0: none):
    // sched_find_first_bit() over rt_prio_array.bitmap, not a walk of the lists.
    int below(int cpu, int prio) const {
        const Rq& r = rq(cpu);
        for (int w = (prio - 1) / 64; w >= 0 && prio > 1; --w) {
            std::uint64_t bits = r.bitmap[static_cast<std::size_t>(w)];
            const int top = prio - 1 - 64 * w; // highest bit of this word still below prio
            if (top < 63) bits &= (std::uint64_t(2) << top) - 1;
            if (bits) return 64 * w + 63 - std::countl_zero(bits);
        }
        return 0;
    }
    const std::vector<Task*>& list(int cpu, int prio) const { return rq(cpu).lists[static_cast<std::size_t>(prio)]; }

    void enqueue(const Cpu& c, Task& t);
    // A preempted task goes back to the head of its list.
    void putPrev(const Cpu& c, Task& t);
    bool dequeue(const Cpu& c, Task& t);
    // The first task of the highest non-empty list, taken off; null when empty.
    Task* pick(const Cpu& c);
    // check_preempt_curr_rt(): a higher priority preempts (any RT task preempts fair).
    static bool wakeupPreempts(const Task& curr, const Task& woken) {
        return !curr.isRt() || woken.rtPrio > curr.rtPrio;
    }
    // task_tick_rt(): an RR task that used its slice yields to a peer; true: reschedule.
    bool tick(const Cpu& c, Task& t);
    // select_task_rq_rt(): stay unless the previous CPU runs an RT task at
    // least as important, else the CPU running the least important task.
    int selectCpu(const Task& t, int prev) const;

private:
    using Rq = RtRq;
    Rq& rq(const Cpu& c);
    void added(const Cpu& c, Rq& r);
    void removed(const Cpu& c, Rq& r);
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)].rt; }

    Machine& m_;
    std::vector<RunQueue>& rqs_; // the scheduler's
    CpuMask waiting_;
};

} // namespace irqscope::kern
