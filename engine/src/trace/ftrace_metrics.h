// Metrics of an imported ftrace capture, in the same Metrics struct as a
// simulated run, so the metrics dock, compare and `--metrics` work unchanged.
//
// Time per bucket is *exclusive*: the reconstruction closes every context
// (task, softirq, hardirq, ...) as a frame with the time its children took, and
// a frame is charged its duration minus that. Every instant of a CPU's covered
// time therefore lands in exactly one bucket, and a CPU's buckets add up to the
// time the trace covers on it (the whole capture unless data was lost).
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/trace.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace irqscope::ftrace {

class MetricsBuilder {
public:
    explicit MetricsBuilder(const Trace& strings) : strings_(strings) {}

    void ensureCpu(int cpu);
    // A context closed on `cpu`: [start, end) of which `childNs` ran nested contexts.
    // `pid` >= 0 for task frames (depth 0), -1 otherwise.
    void frameClosed(int cpu, ContextKind kind, Time start, Time end, Time childNs, int pid, StringId taskName);
    void hardirqEntry(int cpu, StringId entity);
    void contextSwitch(int cpu);
    void latency(const char* series, Time ns);

    Metrics finish(std::string scenario, Time duration, std::uint64_t events, double wallS);

private:
    struct TaskAcc {
        StringId name = kNoString;
        Time runNs = 0;
        Time chargedNs = 0;
    };
    const Trace& strings_;
    std::vector<CpuMetrics> cpus_;
    std::unordered_map<StringId, std::uint64_t> irqCounts_;
    std::unordered_map<int, TaskAcc> tasks_;
    std::map<std::string, LatencyHistogram> latency_;
};

} // namespace irqscope::ftrace
