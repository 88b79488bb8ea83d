// Background load and latency probes: CPU hogs (always spinning, or bursty)
// and a cyclictest / gem_syslatency style probe thread per CPU.
#pragma once

#include "devices/device_params.h"

#include <string>
#include <vector>

namespace irqscope::kern {
struct Task;
}

namespace irqscope::devices {

struct HogParams {
    int count = 0;                                                          // load.hogs
    enum class Policy { Other, Fifo, RR, Deadline } policy = Policy::Other; // RT hogs run at priority 1
    int nice = 0;
    Time dlRuntimeNs = 0, dlPeriodNs = 0; // SCHED_DEADLINE hogs (deadline = period)
    Time burstNs = 0;                     // mean run time of a burst
    Time sleepNs = 0;                     // mean sleep between bursts; 0: the hog never sleeps
};

struct ProbeParams {
    bool enabled = false;
    std::string series; // probe.name: the latency series it reports
    Time periodNs = 0;
    Time workNs = 0;
    int priority = 1;
    bool deadline = false;                  // SCHED_DEADLINE instead of SCHED_FIFO
    Time dlRuntimeNs = 0, dlDeadlineNs = 0; // period = periodNs; deadline 0 = the period
};

void appendLoadParams(std::vector<ParamSpec>& v);
HogParams readHogParams(const Scenario& s);
ProbeParams readProbeParams(const Scenario& s);

void installHogs(kern::Machine& m, const HogParams& p);
// sched_setattr(SCHED_DEADLINE) for a workload task; a refusal (-EBUSY,
// -EINVAL) stops the run with a message naming `param`.
bool setDeadline(kern::Machine& m, kern::Task& t, Time runtime, Time deadline, Time period, const char* param);
void installProbes(kern::Machine& m, const ProbeParams& p);

} // namespace irqscope::devices
