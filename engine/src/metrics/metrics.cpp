#include "irqscope/metrics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace irqscope {

namespace {
constexpr const char* kBucketIds[] = {"hardirq", "softirq", "irq_thread", "kworker", "kthread", "user", "idle"};
static_assert(std::size(kBucketIds) == kTimeBucketCount);
} // namespace

const char* timeBucketId(TimeBucket b) {
    return kBucketIds[static_cast<int>(b)];
}

TimeBucket bucketOf(ContextKind k) {
    switch (k) {
    case ContextKind::Hardirq:
    case ContextKind::Nmi: return TimeBucket::Hardirq;
    case ContextKind::Softirq:
    case ContextKind::Tasklet: return TimeBucket::Softirq;
    case ContextKind::IrqThread: return TimeBucket::IrqThread;
    case ContextKind::Kworker: return TimeBucket::Kworker;
    case ContextKind::Kthread:
    case ContextKind::Ksoftirqd: return TimeBucket::Kthread;
    case ContextKind::User: return TimeBucket::User;
    default: return TimeBucket::Idle;
    }
}

nlohmann::json toJson(const Metrics& m) {
    using nlohmann::json;
    json j;
    j["schema"] = "irqscope.metrics/1";
    j["scenario"] = m.scenario;
    j["seed"] = m.seed;
    j["sim_time_ns"] = m.simTimeNs;
    j["wall_time_s"] = m.wallTimeS;
    j["events"] = m.events;
    j["cancelled"] = m.cancelled;
    j["dropped_trace_records"] = m.droppedSegments;
    json cpus = json::array();
    for (const auto& c : m.cpus) {
        json ns = json::object();
        for (int b = 0; b < kTimeBucketCount; ++b) ns[kBucketIds[b]] = c.ns[b];
        json byKind = json::object();
        for (int k = 0; k < kContextKindCount; ++k)
            if (c.nsByKind[k]) byKind[contextKindId(static_cast<ContextKind>(k))] = c.nsByKind[k];
        cpus.push_back({{"cpu", c.cpu},
                        {"ns", ns},
                        {"ns_by_context", byKind},
                        {"irqs_off_ns", c.irqsOffNs},
                        {"context_switches", c.contextSwitches},
                        {"interrupts", c.interrupts}});
    }
    j["cpus"] = cpus;
    json lat = json::object();
    for (const auto& [name, h] : m.latency) {
        lat[name] = {{"count", h.count()},         {"mean_ns", h.mean()},        {"min_ns", h.min()},
                     {"p50_ns", h.percentile(50)}, {"p90_ns", h.percentile(90)}, {"p95_ns", h.percentile(95)},
                     {"p98_ns", h.percentile(98)}, {"p99_ns", h.percentile(99)}, {"p999_ns", h.percentile(99.9)},
                     {"max_ns", h.max()}};
    }
    j["latency"] = lat;
    json tp = json::object();
    for (const auto& [name, t] : m.throughput) tp[name] = {{"count", t.count}, {"per_s", t.perSecond}};
    j["throughput"] = tp;
    json tasks = json::array();
    for (const auto& t : m.tasks)
        tasks.push_back({{"name", t.name}, {"pid", t.pid}, {"charged_ns", t.chargedNs}, {"run_ns", t.runNs}});
    j["tasks"] = tasks;
    json warns = json::array();
    for (const auto& w : m.warnings)
        warns.push_back({{"t_ns", w.t}, {"cpu", w.cpu}, {"kind", w.kind}, {"message", w.message}});
    j["warnings"] = warns;
    json lines = json::array();
    for (const auto& l : m.irqLines)
        lines.push_back({{"name", l.name},
                         {"intid", l.intid},
                         {"cpu", l.cpu},
                         {"raised", l.raised},
                         {"handled", l.handled},
                         {"merged", l.merged},
                         {"pending_at_end", l.pendingAtEnd}});
    j["irq_lines"] = lines;
    return j;
}

} // namespace irqscope
