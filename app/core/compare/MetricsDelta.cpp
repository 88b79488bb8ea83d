#include "core/compare/MetricsDelta.h"

#include "core/timeline/Palette.h"
#include "core/util/TimeFormat.h"

#include <QRegularExpression>

#include <map>
#include <set>

namespace irqscope::app {

int DeltaRow::verdict() const {
    const auto d = delta();
    if (!d || direction == Direction::Neutral) return 0;
    const double scale = std::max(std::abs(*a), std::abs(*b));
    if (std::abs(*d) <= 1e-9 * std::max(scale, 1.0)) return 0;
    return ((*d < 0) == (direction == Direction::LowerIsBetter)) ? 1 : -1;
}

QString MetricsDelta::format(double v, DeltaRow::Unit u) {
    switch (u) {
    case DeltaRow::Unit::Time: return formatTime(v);
    case DeltaRow::Unit::Percent: return tr("%1 %").arg(v, 0, 'f', 2);
    case DeltaRow::Unit::Count: return QString::number(v, 'f', 0);
    case DeltaRow::Unit::Rate: return tr("%1 /s").arg(v, 0, 'f', 1);
    }
    return QString::number(v);
}

QString MetricsDelta::seriesLabel(const QString& series) {
    static const QRegularExpression cpu(QStringLiteral("/cpu(\\d+)$"));
    const auto m = cpu.match(series);
    if (!m.hasMatch()) return series;
    return tr("%1 on CPU %2").arg(series.left(m.capturedStart()), m.captured(1));
}

bool MetricsDelta::usesRates(const Metrics& a, const Metrics& b) {
    return a.simTimeNs != b.simTimeNs && a.simTimeNs > 0 && b.simTimeNs > 0;
}

std::vector<DeltaRow> MetricsDelta::compute(const Metrics& a, const Metrics& b) {
    using Dir = DeltaRow::Direction;
    using Unit = DeltaRow::Unit;
    std::vector<DeltaRow> rows;
    auto add = [&](QString group, QString name, std::string key, std::optional<double> va, std::optional<double> vb,
                   Unit u, Dir dir) {
        rows.push_back({std::move(group), std::move(name), QString::fromStdString(key), va, vb, u, dir});
    };
    // A count, or its rate per second of simulated time when the runs' durations differ.
    const bool rates = usesRates(a, b);
    const Unit countUnit = rates ? Unit::Rate : Unit::Count;
    auto count = [rates](const Metrics& m, double n) { return rates ? n * 1e9 / double(m.simTimeNs) : n; };

    std::set<std::string> latNames;
    for (const auto& [n, h] : a.latency) latNames.insert(n);
    for (const auto& [n, h] : b.latency) latNames.insert(n);
    for (const std::string& n : latNames) {
        const auto ia = a.latency.find(n), ib = b.latency.find(n);
        const LatencyHistogram* ha = ia != a.latency.end() && ia->second.count() ? &ia->second : nullptr;
        const LatencyHistogram* hb = ib != b.latency.end() && ib->second.count() ? &ib->second : nullptr;
        const QString g = tr("Latency: %1").arg(seriesLabel(QString::fromStdString(n)));
        const std::string k = "latency/" + n + "/";
        auto stat = [](const LatencyHistogram* h, auto f) -> std::optional<double> {
            if (!h) return std::nullopt;
            return f(*h);
        };
        add(g, rates ? tr("samples per second") : tr("samples"), k + "samples",
            stat(ha, [&](const LatencyHistogram& h) { return count(a, double(h.count())); }),
            stat(hb, [&](const LatencyHistogram& h) { return count(b, double(h.count())); }), countUnit, Dir::Neutral);
        add(g, tr("mean"), k + "mean", stat(ha, [](const LatencyHistogram& h) { return h.mean(); }),
            stat(hb, [](const LatencyHistogram& h) { return h.mean(); }), Unit::Time, Dir::LowerIsBetter);
        for (double p : {50.0, 90.0, 99.0, 99.9}) {
            auto pct = [p](const LatencyHistogram& h) { return double(h.percentile(p)); };
            add(g, tr("p%1").arg(p), k + "p" + QString::number(p).toStdString(), stat(ha, pct), stat(hb, pct),
                Unit::Time, Dir::LowerIsBetter);
        }
        add(g, tr("max"), k + "max", stat(ha, [](const LatencyHistogram& h) { return double(h.max()); }),
            stat(hb, [](const LatencyHistogram& h) { return double(h.max()); }), Unit::Time, Dir::LowerIsBetter);
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
        add(tr("Throughput"), QString::fromStdString(n), "throughput/" + n, get(a), get(b), Unit::Rate,
            Dir::HigherIsBetter);
    }

    // time per context, all CPUs together, as % of CPU time
    auto share = [](const Metrics& m, auto ns) {
        double sum = 0,
               total = double(std::max<Time>(m.simTimeNs, 1)) * double(std::max<std::size_t>(m.cpus.size(), 1));
        for (const CpuMetrics& c : m.cpus) sum += double(ns(c));
        return 100.0 * sum / total;
    };
    const QString cpuTime = tr("CPU time (share of all CPUs)");
    for (ContextKind k : Palette::legendKinds()) {
        auto ns = [k](const CpuMetrics& c) { return c.nsByKind[static_cast<int>(k)]; };
        add(cpuTime, Palette::kindName(k), std::string("cpu_time/") + contextKindId(k), share(a, ns), share(b, ns),
            Unit::Percent, k == ContextKind::User ? Dir::HigherIsBetter : Dir::Neutral);
    }
    auto off = [](const CpuMetrics& c) { return c.irqsOffNs; };
    add(cpuTime, tr("irqs off"), "cpu_time/irqs_off", share(a, off), share(b, off), Unit::Percent, Dir::LowerIsBetter);

    auto sumOf = [](const Metrics& m, auto field) {
        double s = 0;
        for (const CpuMetrics& c : m.cpus) s += double(c.*field);
        return s;
    };
    const QString events = rates ? tr("Events per second") : tr("Events");
    add(events, tr("interrupts"), "events/interrupts", count(a, sumOf(a, &CpuMetrics::interrupts)),
        count(b, sumOf(b, &CpuMetrics::interrupts)), countUnit, Dir::LowerIsBetter);
    add(events, tr("context switches"), "events/context_switches", count(a, sumOf(a, &CpuMetrics::contextSwitches)),
        count(b, sumOf(b, &CpuMetrics::contextSwitches)), countUnit, Dir::LowerIsBetter);

    std::map<std::string, std::pair<double, double>> warn;
    for (const Warning& w : a.warnings) warn[w.kind].first += 1;
    for (const Warning& w : b.warnings) warn[w.kind].second += 1;
    const QString warnings = rates ? tr("Warnings per second") : tr("Warnings");
    add(warnings, tr("total"), "warnings/total", count(a, double(a.warnings.size())),
        count(b, double(b.warnings.size())), countUnit, Dir::LowerIsBetter);
    for (const auto& [k, v] : warn)
        add(warnings, QString::fromStdString(k), "warnings/" + k, count(a, v.first), count(b, v.second), countUnit,
            Dir::LowerIsBetter);
    return rows;
}

} // namespace irqscope::app
