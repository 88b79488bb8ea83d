// One latency series of A and of B in one plot: both CDFs on a logarithmic
// time axis (a step right of the other is later), with their p99 marked.
// A combo box picks the series; it starts on the one that changed most.
#pragma once

#include "core/timeline/Palette.h"
#include "irqscope/metrics.h"

#include <QWidget>

class QComboBox;
class QCustomPlot;

namespace irqscope::app {

class LatencyOverlayPlot : public QWidget {
    Q_OBJECT
public:
    explicit LatencyOverlayPlot(QWidget* parent = nullptr);
    // Both runs' metrics must outlive the plot's use of them (RunPtr held by the caller).
    void setRuns(const Metrics* a, const Metrics* b, const QString& preferredSeries);
    QString series() const;
    void setSeries(const QString& name);
    // The legend's names of the two sides; empty: "A" and "B".
    void setLabels(const QString& a, const QString& b);
    QCustomPlot* plot() const { return plot_; }
    // How many graphs are drawn (0, 1 or 2: one per run that has the series).
    int graphCount() const;
    void setTheme(Palette::Theme theme, int basePt);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    const Metrics* a_ = nullptr;
    const Metrics* b_ = nullptr;
    QString labelA_, labelB_;
    QComboBox* combo_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    Palette palette_;
    int basePt_ = 9;
};

} // namespace irqscope::app
