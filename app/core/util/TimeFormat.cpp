#include "core/util/TimeFormat.h"

#include <QCoreApplication>

#include <cmath>

namespace irqscope::app {

TimeUnit unitFor(double ns) {
    const double a = std::abs(ns);
    if (a >= 1e9) return {1e9, QCoreApplication::translate("TimeFormat", "s")};
    if (a >= 1e6) return {1e6, QCoreApplication::translate("TimeFormat", "ms")};
    if (a >= 1e3) return {1e3, QCoreApplication::translate("TimeFormat", "µs")};
    return {1, QCoreApplication::translate("TimeFormat", "ns")};
}

QString formatTimeIn(double ns, const TimeUnit& unit, int decimals) {
    return QCoreApplication::translate("TimeFormat", "%1 %2")
        .arg(QString::number(ns / unit.scale, 'f', std::max(decimals, 0)), unit.symbol);
}

QString formatTime(double ns) {
    const TimeUnit u = unitFor(ns);
    if (u.scale == 1) return formatTimeIn(ns, u, 0);
    const double v = std::abs(ns) / u.scale;
    const int decimals = v >= 100 ? 1 : v >= 10 ? 2 : 3;
    return formatTimeIn(ns, u, decimals);
}

QString durationText(Time ns) {
    if (ns != 0 && ns % kSec == 0) return QStringLiteral("%1s").arg(ns / kSec);
    if (ns != 0 && ns % kMs == 0) return QStringLiteral("%1ms").arg(ns / kMs);
    if (ns != 0 && ns % kUs == 0) return QStringLiteral("%1us").arg(ns / kUs);
    return QStringLiteral("%1ns").arg(ns);
}

} // namespace irqscope::app
