// Lane labels on the timeline's vertical axes that never overprint: with 48
// CPUs in a short window the lane names are thinned to every second, third…
// lane (whatever keeps one label height between two), and the depth-row
// labels (task / softirq / hardirq) show only when every row has room.
#pragma once

#include <qcustomplot.h>

namespace irqscope::app {

class LaneTicker : public QCPAxisTickerText {
public:
    enum class Thinning { EveryOther, AllOrNothing };
    LaneTicker(const QCPAxis* axis, Thinning mode) : axis_(axis), mode_(mode) {}
    // Labels shown at the last layout (tests).
    int shownCount() const { return shown_; }

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;

private:
    const QCPAxis* axis_;
    Thinning mode_;
    int shown_ = 0;
};

} // namespace irqscope::app
