#include "core/timeline/LaneTicker.h"

#include <cmath>

namespace irqscope::app {

QVector<double> LaneTicker::createTickVector(double tickStep, const QCPRange& range) {
    const QVector<double> all = QCPAxisTickerText::createTickVector(tickStep, range);
    const double pxPerRow = std::abs(axis_->coordToPixel(1) - axis_->coordToPixel(0));
    const double need = QFontMetricsF(axis_->tickLabelFont()).height() * 0.92;
    QVector<double> out;
    if (mode_ == Thinning::AllOrNothing) {
        bool fits = true;
        for (int i = 1; i < all.size() && fits; ++i) fits = (all[i] - all[i - 1]) * pxPerRow >= need;
        if (fits) out = all;
    } else {
        double last = -1e300;
        for (double t : all)
            if ((t - last) * pxPerRow >= need) {
                out.push_back(t);
                last = t;
            }
    }
    shown_ = static_cast<int>(out.size());
    return out;
}

} // namespace irqscope::app
