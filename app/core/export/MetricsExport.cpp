#include "core/export/MetricsExport.h"

#include "core/atomic_file.h"
#include "irqscope/export.h"

#include <QFileInfo>

#include <sstream>

namespace irqscope::app {

namespace {
QByteArray csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return QByteArray::fromStdString(s);
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return QByteArray::fromStdString(q + "\"");
}
} // namespace

QByteArray metricsCsv(const Metrics& m) {
    // One "section,key,..." table so a single CSV opens cleanly in a spreadsheet.
    QByteArray out = "section,name,cpu,metric,value,unit\n";
    auto row = [&](const char* section, const std::string& name, int cpu, const std::string& metric, double value,
                   const char* unit) {
        out += section;
        out += ',' + csvField(name) + ',' + (cpu >= 0 ? QByteArray::number(cpu) : QByteArray()) + ',' +
               csvField(metric) + ',' + QByteArray::number(value, 'g', 15) + ',' + unit + '\n';
    };
    row("run", m.scenario, -1, "sim_time", double(m.simTimeNs), "ns");
    row("run", m.scenario, -1, "seed", double(m.seed), "");
    row("run", m.scenario, -1, "events", double(m.events), "");
    for (const CpuMetrics& c : m.cpus) {
        for (int b = 0; b < kTimeBucketCount; ++b)
            row("cpu_time", timeBucketId(static_cast<TimeBucket>(b)), c.cpu, "time", double(c.ns[b]), "ns");
        for (int k = 0; k < kContextKindCount; ++k)
            if (c.nsByKind[k])
                row("cpu_time_by_kind", contextKindId(static_cast<ContextKind>(k)), c.cpu, "time",
                    double(c.nsByKind[k]), "ns");
        row("cpu", "irqs_off", c.cpu, "time", double(c.irqsOffNs), "ns");
        row("cpu", "context_switches", c.cpu, "count", double(c.contextSwitches), "");
        row("cpu", "interrupts", c.cpu, "count", double(c.interrupts), "");
    }
    for (const auto& [name, h] : m.latency) {
        row("latency", name, -1, "count", double(h.count()), "");
        if (!h.count()) continue;
        row("latency", name, -1, "mean", h.mean(), "ns");
        row("latency", name, -1, "min", double(h.min()), "ns");
        for (double p : {50.0, 90.0, 99.0, 99.9})
            row("latency", name, -1, "p" + QByteArray::number(p).toStdString(), double(h.percentile(p)), "ns");
        row("latency", name, -1, "max", double(h.max()), "ns");
    }
    for (const auto& [name, t] : m.throughput) {
        row("throughput", name, -1, "count", double(t.count), "");
        row("throughput", name, -1, "per_second", t.perSecond, "1/s");
    }
    for (const TaskMetrics& t : m.tasks) {
        row("task", t.name, -1, "charged", double(t.chargedNs), "ns");
        row("task", t.name, -1, "run", double(t.runNs), "ns");
    }
    for (const Warning& w : m.warnings) row("warning", w.kind + ": " + w.message, w.cpu, "time", double(w.t), "ns");
    return out;
}

QByteArray metricsJson(const Metrics& m) {
    return QByteArray::fromStdString(toJson(m).dump(2) + "\n");
}

bool saveMetrics(const Metrics& m, const QString& path, QString* error) {
    const bool csv = QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
    return writeFileAtomically(path, csv ? metricsCsv(m) : metricsJson(m), error);
}

bool saveChromeTrace(const Trace& t, const QString& path, QString* error) {
    // streamed into the file: a long run's JSON never sits in memory whole
    return writeStreamAtomically(
        path, [&](std::ostream& os) { writeChromeJson(t, os); }, error);
}

} // namespace irqscope::app
