// Everything a run measured: latency distribution, CPU time per context,
// throughput, warnings (click to jump to the timeline) and a `top`-like table
// of charged CPU time.
#pragma once

#include "core/timeline/Palette.h"
#include "core/timeline/TimelineScene.h"

#include <QTabWidget>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace irqscope::app {

class CpuTimePlot;
class LatencyPlot;

class MetricsPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit MetricsPanel(QWidget* parent = nullptr);
    // `probes`: the scenario's own latency probes, shown first unless the user
    // picked another series from the list.
    void setRun(RunPtr run, const QStringList& probes = {});
    void setTheme(Palette::Theme theme, int basePt);
    // The plot on the current tab (nullptr on a table tab) and every plot.
    QCustomPlot* currentPlot() const;
    LatencyPlot* latencyPlot() const { return latency_; }
    CpuTimePlot* cpuTimePlot() const { return cpuTime_; }
    QTableWidget* warningsTable() const { return warnings_; }
    QTableWidget* tasksTable() const { return tasks_; }

signals:
    void warningActivated(irqscope::Time t, int cpu);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslateUi();
    void fillLatency();
    void fillTables();
    void updateWarningsTab();

    RunPtr run_;
    QString picked_; // the series the user chose from the list, kept across runs
    QLabel* whichLabel_ = nullptr;
    QComboBox* which_ = nullptr;
    QCheckBox* log_ = nullptr;
    LatencyPlot* latency_ = nullptr;
    CpuTimePlot* cpuTime_ = nullptr;
    QTableWidget* cpuTable_ = nullptr;
    QTableWidget* throughput_ = nullptr;
    QTableWidget* warnings_ = nullptr;
    QTableWidget* tasks_ = nullptr;
};

} // namespace irqscope::app
