// Human-readable, translated time strings for the GUI ("812 ns", "3.25 µs",
// "14.0 ms", "1.500 s"), and the unit choice the time axis shares with them.
#pragma once

#include "irqscope/time.h"

#include <QString>

namespace irqscope::app {

// A unit for a time span: its scale in nanoseconds and its translated symbol.
struct TimeUnit {
    double scale = 1; // ns per unit
    QString symbol;   // "ns", "µs", "ms", "s"
};

// The largest unit not bigger than |ns| (ns for anything under 1 µs).
TimeUnit unitFor(double ns);

// A compact form with about three significant digits.
QString formatTime(double ns);
// Like formatTime but with `decimals` fixed digits in the unit chosen for `unitBase`.
QString formatTimeIn(double ns, const TimeUnit& unit, int decimals);
// Text that Scenario::set() reads back exactly ("60ms", "1500us", "250").
QString durationText(Time ns);

} // namespace irqscope::app
