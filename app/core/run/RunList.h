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
    enum Column { Id, Name, Changes, Latency, Warnings, SimTime, ColumnCount };

    explicit RunList(QObject* parent = nullptr);

    // Adds a simulated run, diffing its scenario against the previous one.
    const RunRecord& addRun(const Scenario& scenario, RunPtr result);
    const RunRecord& addImported(const QString& name, RunPtr result);
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

// The headline latency of a run: p99 of its first latency histogram.
std::optional<Time> headlineP99(const Metrics& m, QString* which = nullptr);

} // namespace irqscope::app
