// Widget-free pixel math of the timeline: a visible time range mapped onto a
// run of pixels, and the view operations on it (zoom at an anchor, pan, clamp
// to the trace). Times are nanoseconds as double (exact up to ~104 days).
#pragma once

#include <algorithm>
#include <cmath>

namespace irqscope::app {

struct TimeRange {
    double t0 = 0;
    double t1 = 1;

    double span() const { return t1 - t0; }
    bool operator==(const TimeRange&) const = default;

    // Zoom by `factor` (< 1 zooms in) keeping `anchor` at the same screen position.
    TimeRange zoomedAt(double anchor, double factor) const {
        return {anchor - (anchor - t0) * factor, anchor + (t1 - anchor) * factor};
    }
    TimeRange panned(double dt) const { return {t0 + dt, t1 + dt}; }
    // Keep the range inside [lo, hi] (shifting first, then cutting) and at
    // least `minSpan` wide.
    TimeRange clamped(double lo, double hi, double minSpan) const {
        TimeRange r = *this;
        if (r.span() < minSpan) {
            const double mid = (r.t0 + r.t1) / 2;
            r = {mid - minSpan / 2, mid + minSpan / 2};
        }
        const double maxSpan = hi - lo;
        if (maxSpan > 0 && r.span() > maxSpan) r = {lo, hi};
        if (r.t0 < lo) r = r.panned(lo - r.t0);
        if (r.t1 > hi) r = r.panned(hi - r.t1);
        return r;
    }
};

// One visible time range across `width` pixels starting at pixel `x0`.
struct TimeMapping {
    TimeRange range;
    double x0 = 0;
    double width = 1;

    double nsPerPixel() const { return range.span() / std::max(width, 1.0); }
    double toPixel(double t) const { return x0 + (t - range.t0) / range.span() * width; }
    double toTime(double x) const { return range.t0 + (x - x0) / width * range.span(); }
    // Pixel columns: column i covers [timeAtColumn(i), timeAtColumn(i + 1)).
    int columns() const { return std::max(1, static_cast<int>(std::ceil(width))); }
};

} // namespace irqscope::app
