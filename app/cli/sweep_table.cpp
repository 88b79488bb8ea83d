#include "sweep_table.h"

#include "csv.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <sstream>

namespace irqscope::cli {

std::map<std::string, std::string> metricColumns(const Metrics& m) {
    std::map<std::string, std::string> r;
    auto num = [](double v) {
        char b[48];
        std::snprintf(b, sizeof b, "%.6g", v);
        return std::string(b);
    };
    r["sim_time_ns"] = std::to_string(m.simTimeNs);
    r["wall_time_s"] = num(m.wallTimeS);
    r["events"] = std::to_string(m.events);
    for (const auto& [name, h] : m.latency) {
        r["lat." + name + ".count"] = std::to_string(h.count());
        r["lat." + name + ".mean_ns"] = num(h.mean());
        for (auto [label, p] :
             {std::pair{"p50", 50.0}, {"p90", 90.0}, {"p95", 95.0}, {"p98", 98.0}, {"p99", 99.0}, {"p999", 99.9}})
            r["lat." + name + "." + label + "_ns"] = std::to_string(h.percentile(p));
        r["lat." + name + ".max_ns"] = std::to_string(h.max());
    }
    for (const auto& [name, t] : m.throughput) r["tp." + name + ".per_s"] = num(t.perSecond);
    double maxOff = 0, hard = 0, soft = 0;
    for (const auto& c : m.cpus) {
        maxOff = std::max(maxOff, double(c.irqsOffNs) / double(std::max<Time>(m.simTimeNs, 1)));
        hard += double(c.ns[int(TimeBucket::Hardirq)]);
        soft += double(c.ns[int(TimeBucket::Softirq)]);
    }
    r["max_cpu_irqs_off_pct"] = num(100 * maxOff);
    r["hardirq_ns"] = num(hard);
    r["softirq_ns"] = num(soft);
    r["warnings"] = std::to_string(m.warnings.size());
    return r;
}

std::string sweepCsv(const std::vector<std::string>& axes, std::size_t runs, const std::string& sweepId,
                     const std::vector<SweepRow>& rows) {
    std::set<std::string> columns;
    for (const auto& row : rows)
        for (const auto& [k, _] : row.metrics) columns.insert(k);
    std::ostringstream csv;
    csv << "run,runs,sweep,";
    for (const auto& ax : axes) csv << csvField(ax) << ',';
    csv << "error";
    for (const auto& c : columns) csv << ',' << csvField(c);
    csv << '\n';
    for (const auto& row : rows) {
        csv << row.run << ',' << runs << ',' << sweepId << ',';
        for (const auto& v : row.values) csv << csvField(v) << ',';
        csv << csvField(row.error);
        for (const auto& c : columns) {
            auto it = row.metrics.find(c);
            csv << ',' << (it == row.metrics.end() ? "" : csvField(it->second));
        }
        csv << '\n';
    }
    return csv.str();
}

std::string sweepFingerprint(const std::string& definition) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : definition) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char b[17];
    std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
    return b;
}

} // namespace irqscope::cli
