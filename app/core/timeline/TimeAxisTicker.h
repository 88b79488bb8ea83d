// Time-axis ticks in nanoseconds with 1-2-5 steps and labels in the unit that
// fits the step ("250 µs", "1.5 ms", "2 s").
#pragma once

#include "core/util/TimeFormat.h"

#include <qcustomplot.h>

namespace irqscope::app {

class TimeAxisTicker : public QCPAxisTicker {
public:
    TimeAxisTicker();
    // Widget-free helpers (unit tests): the step for a range, and a label.
    static double niceStep(double span, int targetTicks);
    static QString label(double ns, double step, double magnitude);

protected:
    double getTickStep(const QCPRange& range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double step_ = 1;
    double magnitude_ = 1;
};

} // namespace irqscope::app
