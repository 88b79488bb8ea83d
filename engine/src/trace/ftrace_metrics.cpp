#include "trace/ftrace_metrics.h"

#include <algorithm>

namespace irqscope::ftrace {

void MetricsBuilder::ensureCpu(int cpu) {
    while (static_cast<int>(cpus_.size()) <= cpu) {
        CpuMetrics c;
        c.cpu = static_cast<int>(cpus_.size());
        cpus_.push_back(c);
    }
}

void MetricsBuilder::frameClosed(int cpu, ContextKind kind, Time start, Time end, Time childNs, int pid,
                                 StringId taskName) {
    ensureCpu(cpu);
    const Time dur = end - start;
    const Time own = dur - childNs;
    CpuMetrics& c = cpus_[static_cast<std::size_t>(cpu)];
    c.ns[static_cast<int>(bucketOf(kind))] += own;
    c.nsByKind[static_cast<int>(kind)] += own;
    // Linux disables interrupts for the whole hardirq; nested hardirqs are charged
    // their own (exclusive) part, so summing exclusive time never counts twice.
    if (kind == ContextKind::Hardirq || kind == ContextKind::Nmi) c.irqsOffNs += own;
    if (pid > 0) {
        TaskAcc& t = tasks_[pid];
        t.name = taskName;
        t.runNs += own;
        t.chargedNs += dur;
    }
}

void MetricsBuilder::hardirqEntry(int cpu, StringId entity) {
    ensureCpu(cpu);
    ++cpus_[static_cast<std::size_t>(cpu)].interrupts;
    ++irqCounts_[entity];
}

void MetricsBuilder::contextSwitch(int cpu) {
    ensureCpu(cpu);
    ++cpus_[static_cast<std::size_t>(cpu)].contextSwitches;
}

void MetricsBuilder::latency(const char* series, Time ns) {
    latency_[series].add(ns);
}

Metrics MetricsBuilder::finish(std::string scenario, Time duration, std::uint64_t events, double wallS) {
    Metrics m;
    m.scenario = std::move(scenario);
    m.simTimeNs = duration;
    m.wallTimeS = wallS;
    m.events = events;
    m.cpus = cpus_;
    // The three series always exist (possibly empty) so consumers can rely on the keys.
    for (const char* s : {"softirq_raise_to_entry", "workqueue_queue_to_start", "wakeup"}) latency_[s];
    m.latency = latency_;
    const double secs = duration > 0 ? double(duration) / double(kSec) : 0.0;
    for (const auto& [entity, count] : irqCounts_) {
        Throughput& tp = m.throughput["irq:" + std::string(strings_.str(entity))];
        tp.count += count;
        tp.perSecond = secs > 0 ? double(tp.count) / secs : 0.0;
    }
    for (const auto& [pid, t] : tasks_) {
        TaskMetrics tm;
        tm.pid = pid;
        tm.name = std::string(strings_.str(t.name));
        tm.runNs = t.runNs;
        tm.chargedNs = t.chargedNs;
        m.tasks.push_back(std::move(tm));
    }
    std::sort(m.tasks.begin(), m.tasks.end(), [](const TaskMetrics& a, const TaskMetrics& b) {
        return a.runNs != b.runNs ? a.runNs > b.runNs : a.pid < b.pid;
    });
    return m;
}

} // namespace irqscope::ftrace
