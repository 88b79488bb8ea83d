// Latency distribution of one histogram: a histogram (left axis, count) and
// the CDF (right axis, %), with p50/p90/p99/p99.9/max markers; linear or log
// time axis.
#pragma once

#include "core/timeline/Palette.h"
#include "irqscope/metrics.h"

#include <qcustomplot.h>

namespace irqscope::app {

class LatencyPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit LatencyPlot(QWidget* parent = nullptr);
    void setHistogram(const LatencyHistogram* h, const QString& name);
    void setLogScale(bool on);
    bool logScale() const { return log_; }
    void setTheme(Palette::Theme theme, int basePt);

    // Histogram bin edges for n samples in [lo, hi] (log-spaced when asked).
    static std::vector<double> binEdges(double lo, double hi, int bins, bool log);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    const LatencyHistogram* hist_ = nullptr;
    QString name_;
    bool log_ = false;
    Palette palette_;
    int basePt_ = 9;
};

} // namespace irqscope::app
