// Latency probes (cyclictest / gem_syslatency): one SCHED_FIFO thread per CPU
// (or SCHED_DEADLINE, probe.policy, like cyclictest --policy=deadline),
// woken by an hrtimer every period; the series is expiry -> running. Per-CPU
// series too ("syslatency/cpu0"): both tools report per thread, and
// gem_syslatency's "mean" is the mean of them. A probe still waiting when the
// run ends reports its open wait (Recorder::Wait).
#include "devices/load/load.h"
#include "devices/metric_ref.h"
#include "kernel/hrtimer_sleep.h"
#include "kernel/machine.h"

namespace irqscope::devices {

using namespace kern;

namespace {

struct Probe {
    int cpu = 0;
    Time period = 0, work = 0, phase = 0;
    std::string series, key;       // e.g. "syslatency", open-wait key "syslatency/0"
    std::string cpuSeries, cpuKey; // "syslatency/cpu0", "syslatency/0#cpu"
};

Proc<void> probe(Kctx& c, Probe p) {
    Machine& m = c.m();
    LatencyRef all(m.rec(), p.series), mine(m.rec(), p.cpuSeries);
    Recorder::Wait& waitAll = m.rec().wait(p.key, p.series);
    Recorder::Wait& waitMine = m.rec().wait(p.cpuKey, p.cpuSeries);
    Time next = c.now() + p.phase + p.period;
    for (;;) {
        waitAll.start(next);
        waitMine.start(next);
        co_await hrtimerSleepUntil(c, p.cpu, next);
        waitAll.stop();
        waitMine.stop();
        all.add(c.now() - next);
        mine.add(c.now() - next);
        co_await c.work(p.work, kUser);
        next += p.period;
        if (next <= c.now()) next = c.now() + p.period; // overrun: skip ahead like clock_nanosleep
    }
}

} // namespace

void installProbes(Machine& m, const ProbeParams& params) {
    if (!params.enabled) return;
    for (int i = 0; i < m.cpuCount(); ++i) {
        Probe p;
        p.cpu = i;
        p.period = params.periodNs;
        p.work = params.workNs;
        p.phase = static_cast<Time>(m.rng("probe/" + std::to_string(i)).uniform() * double(p.period));
        p.series = params.series;
        p.key = p.series + "/" + std::to_string(i);
        p.cpuSeries = p.series + "/cpu" + std::to_string(i);
        p.cpuKey = p.key + "#cpu";
        // A deadline task must be allowed on its whole root domain (sched_setattr() -EPERM otherwise).
        const bool dl = params.deadline;
        Task& t = m.sched().createTask(p.series + "/" + std::to_string(i), ContextKind::User,
                                       dl ? Policy::Normal : Policy::Fifo, dl ? 0 : params.priority,
                                       dl ? m.allCpus() : m.oneCpu(i), [p](Kctx& c) { return probe(c, p); });
        if (dl) {
            m.sched().setTaskCpu(t, i);
            const Time deadline = params.dlDeadlineNs > 0 ? params.dlDeadlineNs : params.periodNs;
            if (!setDeadline(m, t, params.dlRuntimeNs, deadline, params.periodNs, "probe.dl_runtime_ns")) return;
        }
        m.sched().wake(t, -1);
    }
}

} // namespace irqscope::devices
