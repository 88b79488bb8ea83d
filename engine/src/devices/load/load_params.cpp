// Scenario parameters of the hogs (load.*) and the latency probes (probe.*).
#include "devices/load/load.h"

namespace irqscope::devices {

void appendLoadParams(std::vector<ParamSpec>& v) {
    const std::string load = "Workloads";
    v.push_back(integer("load.hogs", 0, 0, 1024, "tasks", load, "Background CPU hogs, spread over the CPUs."));
    v.push_back(
        choice("load.hog_policy", "other", {"other", "fifo", "rr", "deadline"}, load,
               "Hog scheduling policy (fifo and rr at priority 1; rr hogs share a CPU by kernel.sched.rr_timeslice_ns; "
               "deadline: SCHED_DEADLINE with load.hog_dl_runtime_ns per load.hog_dl_period_ns)."));
    v.push_back(duration("load.hog_dl_runtime_ns", 10 * kMsD, 1 * kUsD, 4 * kSD, load,
                         "SCHED_DEADLINE hogs: runtime per period (sched_attr.sched_runtime)."));
    v.push_back(duration("load.hog_dl_period_ns", 100 * kMsD, 100 * kUsD, 4 * kSD, load,
                         "SCHED_DEADLINE hogs: period and relative deadline."));
    v.push_back(integer("load.hog_nice", 0, -20, 19, "", load, "Hog nice value."));
    v.push_back(duration("load.hog_burst_ns", 5 * kMsD, 1 * kUsD, 10 * kSD, load,
                         "Bursty hogs: mean run time of a burst (exponential); used when load.hog_sleep_ns > 0."));
    v.push_back(duration("load.hog_sleep_ns", 0, 0, 10 * kSD, load,
                         "Bursty hogs: mean sleep between bursts (exponential); 0 = the hog never sleeps."));
    v.push_back(boolean("probe.enabled", false, load,
                        "A latency probe thread per CPU woken by an hrtimer (cyclictest / gem_syslatency)."));
    v.push_back(
        choice("probe.name", "syslatency", {"syslatency", "cyclictest"}, load, "Name of the probe's latency series."));
    v.push_back(duration("probe.period_ns", 1 * kMsD, 10 * kUsD, 10 * kSD, load, "Probe wake-up period."));
    v.push_back(integer("probe.priority", 1, 1, 99, "", load, "Probe SCHED_FIFO priority."));
    v.push_back(choice("probe.policy", "fifo", {"fifo", "deadline"}, load,
                       "Probe policy: SCHED_FIFO at probe.priority, or SCHED_DEADLINE with probe.dl_runtime_ns per "
                       "probe.period_ns (the probes then may run on any CPU, as the kernel requires)."));
    v.push_back(duration("probe.dl_runtime_ns", 100 * kUsD, 2 * kUsD, 4 * kSD, load,
                         "SCHED_DEADLINE probes: runtime per period (sched_attr.sched_runtime)."));
    v.push_back(duration("probe.dl_deadline_ns", 0, 0, 4 * kSD, load,
                         "SCHED_DEADLINE probes: relative deadline; 0 = the period (implicit deadline)."));
    v.push_back(duration("probe.work_ns", 2 * kUsD, 0, 1 * kMsD, load, "Probe CPU time per wake-up."));
}

HogParams readHogParams(const Scenario& s) {
    HogParams p;
    p.count = static_cast<int>(s.getInt("load.hogs"));
    const std::string policy = s.getString("load.hog_policy");
    p.policy = policy == "fifo"       ? HogParams::Policy::Fifo
               : policy == "rr"       ? HogParams::Policy::RR
               : policy == "deadline" ? HogParams::Policy::Deadline
                                      : HogParams::Policy::Other;
    p.dlRuntimeNs = s.getDuration("load.hog_dl_runtime_ns");
    p.dlPeriodNs = s.getDuration("load.hog_dl_period_ns");
    p.nice = static_cast<int>(s.getInt("load.hog_nice"));
    p.burstNs = s.getDuration("load.hog_burst_ns");
    p.sleepNs = s.getDuration("load.hog_sleep_ns");
    return p;
}

ProbeParams readProbeParams(const Scenario& s) {
    ProbeParams p;
    p.enabled = s.getBool("probe.enabled");
    p.series = s.getString("probe.name");
    p.periodNs = s.getDuration("probe.period_ns");
    p.workNs = s.getDuration("probe.work_ns");
    p.priority = static_cast<int>(s.getInt("probe.priority"));
    p.deadline = s.getString("probe.policy") == "deadline";
    p.dlRuntimeNs = s.getDuration("probe.dl_runtime_ns");
    p.dlDeadlineNs = s.getDuration("probe.dl_deadline_ns");
    return p;
}

} // namespace irqscope::devices
