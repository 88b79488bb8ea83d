// RT throttling before 6.12 (kernel/sched/rt.c sched_rt_runtime_exceeded(),
// do_sched_rt_period_timer(), balance_runtime()): per CPU, the time RT and
// deadline tasks ran in the current sched_rt_period is counted (rt_time).
// When it exceeds sched_rt_runtime at an update of the running RT task (the
// tick), the CPU's RT queue is throttled — whether or not a fair task waits:
// with nothing else to run, the CPU idles. The period timer (one for all
// CPUs) takes one runtime off rt_time and lifts the throttling once rt_time
// is below the runtime again.
//
// RT_RUNTIME_SHARE (on by default until 5.10, commit 2586af1ac187): a CPU
// about to be throttled first borrows, from every other CPU, 1/ncpus of the
// runtime that CPU has not used, up to the whole period — so one spinning RT
// task on an otherwise RT-idle machine is never throttled. Borrowed runtime
// stays borrowed.
//
// 6.12 removed this for kernels without RT_GROUP_SCHED (commit 5f6bd380c7bd
// "sched/rt: Remove default bandwidth control"): the fair server
// (deadline.h) protects fair tasks instead. Here: kernel.sched.rt_limit.
// The period timer's own interrupt is not modelled (it is a plain event).
#pragma once

#include "irqscope/time.h"
#include "kernel/config.h"
#include "kernel/sched/runqueue.h"

#include <vector>

namespace irqscope::kern {

class Machine;
struct Cpu;

class RtBandwidth {
public:
    RtBandwidth(Machine& m, std::vector<RunQueue>& rqs);

    // update_curr_rt() / update_curr_dl(): RT or deadline time ran on this CPU.
    // Inline: the accounting charges the running RT task at every dispatch step,
    // and only kernel.sched.rt_limit=throttling counts anything.
    void charge(const Cpu& c, Time delta) {
        if (cfg_.rtLimit == RtLimit::Throttling) chargeThrottling(c, delta);
    }
    bool throttled(int cpu) const { return rq(cpu).throttled; }
    // sched_rt_runtime_exceeded() for the running RT task: true when the CPU
    // is throttled now.
    bool exceeded(const Cpu& c);
    // The period timer (do_sched_rt_period_timer()).
    void onPeriod();

private:
    using Rq = RtBandwidthRq;
    Rq& rq(int cpu) { return rqs_[static_cast<std::size_t>(cpu)].bandwidth; }
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)].bandwidth; }
    void balanceRuntime(int cpu); // do_balance_runtime()
    void chargeThrottling(const Cpu& c, Time delta);

    Machine& m_;
    const Config& cfg_;          // the machine's
    std::vector<RunQueue>& rqs_; // the scheduler's
    bool timerActive_ = false;   // rt_period_active
};

} // namespace irqscope::kern
