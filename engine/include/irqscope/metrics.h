// What a run measured. Written as the "irqscope.metrics/1" JSON schema that
// the CLI contract (`--metrics`) promises; see docs/engine.md.
#pragma once

#include "irqscope/latency_histogram.h"
#include "irqscope/time.h"
#include "irqscope/trace.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace irqscope {

// The buckets of the metrics JSON "ns" object. Ksoftirqd counts as kthread.
enum class TimeBucket : std::uint8_t { Hardirq, Softirq, IrqThread, Kworker, Kthread, User, Idle, Count };
inline constexpr int kTimeBucketCount = static_cast<int>(TimeBucket::Count);
const char* timeBucketId(TimeBucket b);
TimeBucket bucketOf(ContextKind k);

struct CpuMetrics {
    int cpu = 0;
    std::array<Time, kTimeBucketCount> ns{};
    std::array<Time, kContextKindCount> nsByKind{}; // finer split (tasklet, ksoftirqd, ...)
    Time irqsOffNs = 0;
    std::uint64_t contextSwitches = 0;
    std::uint64_t interrupts = 0;
};

struct Throughput {
    std::uint64_t count = 0;
    double perSecond = 0;
};

struct TaskMetrics {
    std::string name;
    int pid = 0;
    Time chargedNs = 0; // as `top` would show it (depends on IRQ time accounting)
    Time runNs = 0;     // time actually spent running the task's own code
};

// Bookkeeping of one interrupt line: every raise is acknowledged, merged into
// a raise that was still pending, or still pending at the end.
struct IrqLineMetrics {
    std::string name;
    int intid = 0;
    int cpu = 0;
    std::uint64_t raised = 0;
    std::uint64_t handled = 0;
    std::uint64_t merged = 0;
    bool pendingAtEnd = false;
};

struct Warning {
    Time t = 0;
    int cpu = 0;
    std::string kind;    // "soft_lockup", "rcu_stall", ...
    std::string message; // kernel-like log line
};

struct Metrics {
    std::string scenario;
    std::uint64_t seed = 0;
    Time simTimeNs = 0;
    double wallTimeS = 0;
    std::uint64_t events = 0;
    std::vector<CpuMetrics> cpus;
    std::map<std::string, LatencyHistogram> latency;
    std::map<std::string, Throughput> throughput;
    std::vector<TaskMetrics> tasks;
    std::vector<Warning> warnings;
    std::vector<IrqLineMetrics> irqLines;
    std::uint64_t droppedSegments = 0; // trace records the memory budget dropped
    bool cancelled = false;
    std::uint64_t invariantChecks = 0; // self-checks run (IRQSCOPE_INVARIANTS builds; not in the JSON)
};

nlohmann::json toJson(const Metrics& m);

} // namespace irqscope
