#include "core/compare/MetricsDelta.h"

#include "core/timeline/Palette.h"
#include "core/util/TimeFormat.h"

#include <map>
#include <set>

namespace irqscope::app {

QString MetricsDelta::format(double v, DeltaRow::Unit u) {
    switch (u) {
    case DeltaRow::Unit::Time: return formatTime(v);
    case DeltaRow::Unit::Percent: return tr("%1 %").arg(v, 0, 'f', 2);
    case DeltaRow::Unit::Count: return QString::number(v, 'f', 0);
    case DeltaRow::Unit::Rate: return tr("%1 /s").arg(v, 0, 'f', 1);
    }
    return QString::number(v);
}

std::vector<DeltaRow> MetricsDelta::compute(const Metrics& a, const Metrics& b) {
    std::vector<DeltaRow> rows;
    auto add = [&](QString group, QString name, std::optional<double> va, std::optional<double> vb, DeltaRow::Unit u,
                   bool lower = true) {
        rows.push_back({std::move(group), std::move(name), va, vb, u, lower});
    };

    std::set<std::string> latNames;
    for (const auto& [n, h] : a.latency) latNames.insert(n);
    for (const auto& [n, h] : b.latency) latNames.insert(n);
    for (const std::string& n : latNames) {
        const auto ia = a.latency.find(n), ib = b.latency.find(n);
        const LatencyHistogram* ha = ia != a.latency.end() && ia->second.count() ? &ia->second : nullptr;
        const LatencyHistogram* hb = ib != b.latency.end() && ib->second.count() ? &ib->second : nullptr;
        const QString g = tr("latency %1").arg(QString::fromStdString(n));
        auto pct = [](const LatencyHistogram* h, double p) -> std::optional<double> {
            if (!h) return std::nullopt;
            return double(h->percentile(p));
        };
        add(g, tr("samples"), ha ? std::optional<double>(double(ha->count())) : std::nullopt,
            hb ? std::optional<double>(double(hb->count())) : std::nullopt, DeltaRow::Unit::Count, false);
        add(g, tr("mean"), ha ? std::optional<double>(ha->mean()) : std::nullopt,
            hb ? std::optional<double>(hb->mean()) : std::nullopt, DeltaRow::Unit::Time);
        for (double p : {50.0, 90.0, 99.0, 99.9})
            add(g, tr("p%1").arg(p), pct(ha, p), pct(hb, p), DeltaRow::Unit::Time);
        add(g, tr("max"), ha ? std::optional<double>(double(ha->max())) : std::nullopt,
            hb ? std::optional<double>(double(hb->max())) : std::nullopt, DeltaRow::Unit::Time);
    }

    std::set<std::string> tpNames;
    for (const auto& [n, t] : a.throughput) tpNames.insert(n);
    for (const auto& [n, t] : b.throughput) tpNames.insert(n);
    for (const std::string& n : tpNames) {
        auto get = [&](const Metrics& m) -> std::optional<double> {
            auto it = m.throughput.find(n);
            if (it == m.throughput.end()) return std::nullopt;
            return it->second.perSecond;
        };
        add(tr("throughput"), QString::fromStdString(n), get(a), get(b), DeltaRow::Unit::Rate, false);
    }

    // time per context, all CPUs together, as % of CPU time
    auto share = [](const Metrics& m, ContextKind k) {
        double sum = 0,
               total = double(std::max<Time>(m.simTimeNs, 1)) * double(std::max<std::size_t>(m.cpus.size(), 1));
        for (const CpuMetrics& c : m.cpus) sum += double(c.nsByKind[static_cast<int>(k)]);
        return 100.0 * sum / total;
    };
    for (ContextKind k : Palette::legendKinds())
        add(tr("CPU time (all CPUs)"), Palette::kindName(k), share(a, k), share(b, k), DeltaRow::Unit::Percent,
            k != ContextKind::Idle);
    auto irqsOff = [](const Metrics& m) {
        double sum = 0,
               total = double(std::max<Time>(m.simTimeNs, 1)) * double(std::max<std::size_t>(m.cpus.size(), 1));
        for (const CpuMetrics& c : m.cpus) sum += double(c.irqsOffNs);
        return 100.0 * sum / total;
    };
    add(tr("CPU time (all CPUs)"), tr("irqs off"), irqsOff(a), irqsOff(b), DeltaRow::Unit::Percent);
    auto sumOf = [](const Metrics& m, auto field) {
        double s = 0;
        for (const CpuMetrics& c : m.cpus) s += double(c.*field);
        return s;
    };
    add(tr("scheduler"), tr("context switches"), sumOf(a, &CpuMetrics::contextSwitches),
        sumOf(b, &CpuMetrics::contextSwitches), DeltaRow::Unit::Count);
    add(tr("scheduler"), tr("interrupts"), sumOf(a, &CpuMetrics::interrupts), sumOf(b, &CpuMetrics::interrupts),
        DeltaRow::Unit::Count, false);

    std::map<std::string, std::pair<double, double>> warn;
    for (const Warning& w : a.warnings) warn[w.kind].first += 1;
    for (const Warning& w : b.warnings) warn[w.kind].second += 1;
    add(tr("warnings"), tr("total"), double(a.warnings.size()), double(b.warnings.size()), DeltaRow::Unit::Count);
    for (const auto& [k, v] : warn)
        add(tr("warnings"), QString::fromStdString(k), v.first, v.second, DeltaRow::Unit::Count);
    return rows;
}

} // namespace irqscope::app
