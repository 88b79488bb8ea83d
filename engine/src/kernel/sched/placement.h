// Where a waking task runs (kernel/sched/fair.c select_task_rq_fair(),
// wake_affine(), select_idle_sibling(); rt.c select_task_rq_rt()) and the
// PELT load average it is judged by (kernel/sched/pelt.c).
#pragma once

#include "kernel/task.h"

#include <array>
#include <cstdint>
#include <vector>

namespace irqscope::kern {

class Machine;

class Placement {
public:
    explicit Placement(Machine& m);

    // set_task_cpu(): `t` now belongs to `to`'s runqueue (running, queued or
    // blocked there), which keeps each CPU's list of attached tasks.
    void setCpu(Task& t, Cpu& to);

    int selectCpu(Task& t, int fromCpu);
    // available_idle_cpu(): idle and nothing queued.
    bool cpuIdle(int cpu) const;
    // The runnable time ends or starts: fold the average up to now.
    void peltFold(Task& t);
    // The task starts or stops running (wasRunning: it ran until now): fold util_avg.
    void utilFold(Task& t, bool wasRunning);
    // The task's PELT runnable average now (0..1), and its load (x weight).
    double peltRunnableNow(const Task& t) const;
    double peltLoad(const Task& t) const;

private:
    int wakeAffine(Task& t, int thisCpu, int prevCpu);
    bool asymCapacity() const;
    double taskUtil(const Task& t) const;
    bool fits(double util, int cpu) const;
    int selectIdleCapacity(const Task& t, double util, int target) const;
    // PELT's decay over dt ns, y^dt with y^32ms = 1/2 (exp2()), remembered
    // per dt: the same intervals recur (fixed costs and periods), and exp2()
    // is the fold's largest cost. The value is exp2()'s, bit for bit.
    double peltDecay(Time dt) const {
        DecayMemo& e = decayMemo_[(static_cast<std::uint64_t>(dt) * 0x9E3779B97F4A7C15ULL) >> 58];
        if (e.dt != dt) e = {dt, decayOf(dt)};
        return e.y;
    }
    static double decayOf(Time dt);

    Machine& m_;
    // Per CPU, the tasks whose task->cpu it is, in creation (pid) order: the
    // entities whose load the CPU's cfs_rq->avg.load_avg sums.
    std::vector<std::vector<Task*>> attached_;
    struct DecayMemo {
        Time dt = -1;
        double y = 1.0;
    };
    mutable std::array<DecayMemo, 64> decayMemo_{};
};

} // namespace irqscope::kern
