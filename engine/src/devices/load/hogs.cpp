// CPU hogs: background tasks spread over the CPUs from the last one (CPU 0
// takes the device IRQs). Classic hogs spin in user space forever; bursty ones
// (load.hog_sleep_ns > 0) run ~burst and sleep ~sleep, both exponential.
#include "devices/load/load.h"
#include "kernel/hrtimer_sleep.h"
#include "kernel/machine.h"

namespace irqscope::devices {

using namespace kern;

namespace {

Proc<void> hog(Kctx& c, std::string name, Time burst, Time sleep) {
    if (sleep <= 0)
        for (;;) co_await c.work(kMs, kUser); // spins in user space
    sim::Rng rng = c.m().rng(name);
    for (;;) {
        for (Time left = std::max<Time>(1, rng.exponential(burst)); left > 0; left -= kMs)
            co_await c.work(std::min(left, kMs), kUser);
        co_await hrtimerSleepUntil(c, c.cpu().id, c.now() + std::max<Time>(1, rng.exponential(sleep)));
    }
}

} // namespace

bool setDeadline(Machine& m, Task& t, Time runtime, Time deadline, Time period, const char* param) {
    const auto r = m.sched().setDeadline(t, runtime, deadline, period);
    if (r == DlSched::SetAttr::Ok) return true;
    if (r == DlSched::SetAttr::Busy)
        m.refuse(param, "sched_setattr(SCHED_DEADLINE) of " + t.name +
                            " failed with EBUSY: the deadline bandwidth admitted (runtime/period of every deadline "
                            "task, and from 6.12 of every CPU's fair server) would exceed kernel.sched.rt_runtime_ns / "
                            "kernel.sched.rt_period_ns on each of the " +
                            std::to_string(m.cpuCount()) + " CPUs");
    else
        m.refuse(param, "sched_setattr(SCHED_DEADLINE) of " + t.name +
                            " failed with EINVAL: it needs 1024 ns <= runtime <= deadline <= period, a period of "
                            "100 us to 4 s, and the task allowed on every CPU");
    return false;
}

void installHogs(Machine& m, const HogParams& p) {
    const Policy policy = p.policy == HogParams::Policy::Fifo ? Policy::Fifo
                          : p.policy == HogParams::Policy::RR ? Policy::RR
                                                              : Policy::Normal;
    const bool rt = policy == Policy::Fifo || policy == Policy::RR;
    for (int i = 0; i < p.count; ++i) {
        const std::string name = "hog/" + std::to_string(i);
        Task& t = m.sched().createTask(
            name, ContextKind::User, policy, rt ? 1 : p.nice, m.allCpus(),
            [name, burst = p.burstNs, sleep = p.sleepNs](Kctx& c) { return hog(c, name, burst, sleep); });
        m.sched().setTaskCpu(t, m.cpuCount() - 1 - i % m.cpuCount());
        if (p.policy == HogParams::Policy::Deadline &&
            !setDeadline(m, t, p.dlRuntimeNs, p.dlPeriodNs, p.dlPeriodNs, "load.hog_dl_runtime_ns"))
            return;
        m.sched().wake(t, -1);
    }
}

} // namespace irqscope::devices
