// RT bandwidth (kernel/sched/rt.c sched_rt_runtime_exceeded(); 6.12+
// kernel/sched/deadline.c dl_server): per CPU and period, how much RT tasks
// ran. Throttling caps RT at rt_runtime per period; the fair server (6.12+)
// instead guarantees fair tasks their runtime, modelled as RT yielding once
// only that much of the period is left and fair work is waiting.
#pragma once

#include "irqscope/time.h"

#include <vector>

namespace irqscope::kern {

class Machine;
struct Cpu;

class RtBandwidth {
public:
    explicit RtBandwidth(Machine& m);

    void charge(const Cpu& c, Time delta);
    // May RT tasks run on this CPU now?
    bool rtAllowed(int cpu, bool fairWaiting) const { return !rq(cpu).throttled || !fairWaiting; }
    // At the tick: a new period lifts throttling, an exhausted budget imposes it.
    struct Change {
        bool unthrottled = false;
        bool throttled = false;
    };
    Change tick(const Cpu& c, bool fairWaiting);

private:
    struct Rq {
        Time timeInPeriod = 0;
        Time periodStart = 0;
        bool throttled = false;
    };
    Rq& rq(const Cpu& c);
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)]; }

    Machine& m_;
    std::vector<Rq> rqs_;
};

} // namespace irqscope::kern
