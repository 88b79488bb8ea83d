// Time per context per CPU as stacked bars (percent of the simulated time).
#pragma once

#include "core/timeline/Palette.h"
#include "irqscope/metrics.h"

#include <qcustomplot.h>

namespace irqscope::app {

class CpuTimePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit CpuTimePlot(QWidget* parent = nullptr);
    void setMetrics(const Metrics* m);
    void setTheme(Palette::Theme theme, int basePt);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    const Metrics* metrics_ = nullptr;
    Palette palette_;
    int basePt_ = 9;
};

} // namespace irqscope::app
