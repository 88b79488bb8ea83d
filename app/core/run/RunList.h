// Every run of the session (simulated or imported), newest last, as a table
// model: number, scenario, what changed since the previous run, key metrics.
#pragma once

#include "core/run/ScenarioDiff.h"
#include "core/timeline/TimelineScene.h"

#include <QAbstractTableModel>
#include <QDateTime>

#include <optional>

namespace irqscope::app {

struct RunRecord {
    int id = 0;
    QString name;                     // "basics"
    QString label;                    // "#3 basics"
    std::optional<Scenario> scenario; // none for an imported trace
    RunPtr result;
    std::vector<ParamChange> changes; // versus the previous simulated run
    bool first = true;                // no previous simulated run
    QDateTime when;
};

class RunList : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Name, Changes, Latency, MaxLatency, Warnings, SimTime, ColumnCount };

    explicit RunList(QObject* parent = nullptr);

    // Adds a simulated run, diffing its scenario against the previous one.
    const RunRecord& addRun(const Scenario& scenario, RunPtr result);
    const RunRecord& addImported(const QString& name, RunPtr result);
    // Forgets every run (a session is opened); ids start at 1 again.
    void clear();
    int size() const { return static_cast<int>(runs_.size()); }
    const RunRecord& at(int row) const { return runs_.at(std::size_t(row)); }
    const RunRecord* byId(int id) const;
    int rowOf(int id) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    // The language changed: views fetch every header and cell text again.
    void retranslate();

private:
    const RunRecord& append(RunRecord r);
    std::vector<RunRecord> runs_;
    int nextId_ = 1;
};

// The headline latency of a run, built so that it cannot hide a stall: the
// first latency family (a series and its per-CPU/per-thread series such as
// "syslatency/cpu0"), summarised by the worst p99 of any one series - never
// the pooled p99, which one stalled CPU among four cannot move - and the
// largest sample. A series with under a tenth of the median sample count of
// its siblings is "starved": its thread hardly ran, so its few samples
// understate the problem rather than show its absence.
struct LatencyHeadline {
    QString family;      // "syslatency"
    QString worstSeries; // "syslatency/cpu0" (the family itself when it has no split)
    Time worstP99 = 0;
    Time max = 0;
    struct Starved {
        QString series;
        std::size_t samples = 0;
        std::size_t siblingMedian = 0;
    };
    std::vector<Starved> starved;
};
// `preferred`: the scenario's own probes (probeNames()), in the order declared:
// the first of them with samples is the family, before any generic series.
std::optional<LatencyHeadline> latencyHeadline(const Metrics& m, const std::vector<std::string>& preferred = {});
// The headline of a run: its scenario's probes first.
std::optional<LatencyHeadline> latencyHeadline(const RunRecord& r);
// The worst p99 ("998.0 ms"), with "(starved)" when a series was starved.
QString headlineText(const LatencyHeadline& h);
QString headlineToolTip(const LatencyHeadline& h);

} // namespace irqscope::app
