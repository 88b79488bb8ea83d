// The real-time class (kernel/sched/rt.c): SCHED_FIFO and SCHED_RR, priority
// 1-99, one FIFO list per priority per CPU; the highest non-empty list runs. A
// preempted FIFO task stays at the head of its list; an RR task that used its
// timeslice goes to the tail.
#pragma once

#include "kernel/task.h"

#include <array>
#include <deque>
#include <vector>

namespace irqscope::kern {

class Machine;

class RtSched {
public:
    explicit RtSched(Machine& m);

    int queued(int cpu) const { return rq(cpu).queued; }
    // The CPUs with a queued RT task (queued(cpu) > 0).
    const CpuMask& waiting() const { return waiting_; }
    // The priority of the most important queued task (0: none).
    int highest(int cpu) const {
        for (int p = 99; p >= 1; --p)
            if (!rq(cpu).lists[static_cast<std::size_t>(p)].empty()) return p;
        return 0;
    }
    const std::deque<Task*>& list(int cpu, int prio) const { return rq(cpu).lists[static_cast<std::size_t>(prio)]; }

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
    struct Rq {
        std::array<std::deque<Task*>, 100> lists; // index = rt priority
        int queued = 0;
    };
    Rq& rq(const Cpu& c);
    void added(const Cpu& c, Rq& r);
    void removed(const Cpu& c, Rq& r);
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)]; }

    Machine& m_;
    std::vector<Rq> rqs_;
    CpuMask waiting_;
};

} // namespace irqscope::kern
