#include "core/player/EventStepper.h"

#include <limits>

namespace irqscope::app {

std::optional<Time> nextEventAfter(const Trace& trace, const std::vector<std::uint32_t>& lanes, Time t) {
    constexpr Time kNone = std::numeric_limits<Time>::max();
    Time best = kNone;
    auto consider = [&](Time v) {
        if (v > t && v < best) best = v;
    };
    for (std::uint32_t lane : lanes) {
        for (int d = 0; d < trace.depthCount(lane); ++d) {
            // Tracks are sorted by start and by end: the segments touching t,
            // then the first one that starts later.
            const auto [i, j] = trace.segmentRange(lane, d, t, t + 1);
            for (std::size_t k = i; k < j; ++k) {
                const Segment s = trace.segment(lane, d, k);
                consider(s.start);
                consider(s.end);
            }
            if (j < trace.segmentCount(lane, d)) consider(trace.segment(lane, d, j).start);
        }
        const auto all = trace.instants(lane);
        const auto [i, j] = trace.instantRange(lane, t + 1, std::numeric_limits<Time>::max());
        if (i < j) consider(all[i].t);
    }
    if (best == kNone) return std::nullopt;
    return best;
}

std::optional<Time> previousEventBefore(const Trace& trace, const std::vector<std::uint32_t>& lanes, Time t) {
    constexpr Time kNone = std::numeric_limits<Time>::min();
    Time best = kNone;
    auto consider = [&](Time v) {
        if (v < t && v > best) best = v;
    };
    for (std::uint32_t lane : lanes) {
        for (int d = 0; d < trace.depthCount(lane); ++d) {
            const auto [i, j] = trace.segmentRange(lane, d, t - 1, t);
            for (std::size_t k = i; k < j; ++k) {
                const Segment s = trace.segment(lane, d, k);
                consider(s.start);
                consider(s.end);
            }
            if (i > 0) consider(trace.segment(lane, d, i - 1).end); // the last one over before t
        }
        const auto all = trace.instants(lane);
        const auto [i, j] = trace.instantRange(lane, std::numeric_limits<Time>::min() / 2, t);
        if (i < j) consider(all[j - 1].t);
    }
    if (best == kNone) return std::nullopt;
    return best;
}

} // namespace irqscope::app
