#include "core/timeline/TimeAxisTicker.h"

#include <cmath>

namespace irqscope::app {

TimeAxisTicker::TimeAxisTicker() {
    setTickCount(8);
}

double TimeAxisTicker::niceStep(double span, int targetTicks) {
    if (!(span > 0)) return 1;
    const double raw = span / std::max(targetTicks, 1);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double m = raw / mag;
    const double nice = m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10;
    return std::max(nice * mag, 1.0); // the trace has nanosecond resolution
}

QString TimeAxisTicker::label(double ns, double step, double magnitude) {
    if (std::abs(ns) < step * 1e-6) ns = 0;
    auto decimalsIn = [&](const TimeUnit& u) {
        return std::max(0, static_cast<int>(std::ceil(-std::log10(step / u.scale) - 1e-9)));
    };
    // The unit of the range's magnitude reads best ("12.35 ms"), unless that
    // needs many decimals; then the unit of the step ("12350 µs").
    TimeUnit unit = unitFor(std::max(magnitude, step));
    if (decimalsIn(unit) > 3) unit = unitFor(step * 5);
    return formatTimeIn(ns, unit, std::min(decimalsIn(unit), 6));
}

double TimeAxisTicker::getTickStep(const QCPRange& range) {
    step_ = niceStep(range.size(), tickCount());
    magnitude_ = std::max(std::abs(range.lower), std::abs(range.upper));
    return step_;
}

int TimeAxisTicker::getSubTickCount(double tickStep) {
    const double m = tickStep / std::pow(10.0, std::floor(std::log10(tickStep)));
    return m < 1.5 ? 4 : m < 3.5 ? 3 : 4;
}

QString TimeAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return label(tick, step_, magnitude_);
}

} // namespace irqscope::app
