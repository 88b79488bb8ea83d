// How a Trace stores its lanes: per depth a columnar track of segments with
// per-group prefix sums of covered time (for the level-of-detail query), and
// the lane's instants. Shared by trace.cpp (writing, reading) and
// trace_bins.cpp (one bin per pixel).
#pragma once

#include "irqscope/trace.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace irqscope {

// Segments are summarised in groups of kGroup for the level-of-detail query: per
// group boundary we keep a prefix sum of covered time per kind, so a bin's
// coverage is two subtractions plus at most 2*kGroup edge segments.
inline constexpr std::size_t kGroup = 64;

struct Trace::Track {
    std::vector<Time> start;
    std::vector<std::uint32_t> dur;
    std::vector<ContextKind> kind;
    std::vector<StringId> entity;
    std::vector<StringId> detail;
    // prefix[g][k]: covered ns of kind k in segments [0, g*kGroup)
    std::vector<std::array<Time, kContextKindCount>> prefix;
    // groupStart[g] = start[g*kGroup]: a search over 1/64 of the starts, which
    // stays in cache where a binary search over ten million would not.
    std::vector<Time> groupStart;

    std::size_t size() const { return start.size(); }
    Time end(std::size_t i) const { return start[i] + dur[i]; }

    // First index in [from, to) whose start is >= x (or `to`). Gallops over the
    // group starts from `from`, so a scan that moves forward pays for the
    // distance it moves, not for the size of the track.
    std::size_t lowerBoundStart(std::size_t from, std::size_t to, Time x) const {
        auto within = [&](std::size_t a, std::size_t b) {
            return static_cast<std::size_t>(std::lower_bound(start.begin() + static_cast<std::ptrdiff_t>(a),
                                                             start.begin() + static_cast<std::ptrdiff_t>(b), x) -
                                            start.begin());
        };
        if (to - from <= 2 * kGroup || groupStart.empty()) return within(from, to);
        const std::size_t gEnd = std::min(groupStart.size(), (to - 1) / kGroup + 1);
        std::size_t lo = from / kGroup + 1, step = 1;
        if (lo >= gEnd) return within(from, to);
        while (lo + step < gEnd && groupStart[lo + step] < x) {
            lo += step;
            step *= 2;
        }
        const std::size_t hi = std::min(lo + step, gEnd);
        const std::size_t g =
            static_cast<std::size_t>(std::lower_bound(groupStart.begin() + static_cast<std::ptrdiff_t>(lo),
                                                      groupStart.begin() + static_cast<std::ptrdiff_t>(hi), x) -
                                     groupStart.begin());
        // every group before g starts below x, group g (if any) at or after it
        const std::size_t a = std::max(from, (g - 1) * kGroup);
        const std::size_t b = std::min(to, g * kGroup);
        return within(a, std::max(a, b));
    }

    // First group g >= from whose first segment starts at or after x, or the
    // group count. Gallops, so a forward scan costs what it moves.
    std::size_t groupAtOrAfter(std::size_t from, Time x) const {
        const std::size_t n = groupStart.size();
        if (from >= n || groupStart[from] >= x) return from;
        std::size_t lo = from, step = 1; // groupStart[lo] < x
        while (lo + step < n && groupStart[lo + step] < x) {
            lo += step;
            step *= 2;
        }
        const std::size_t hi = std::min(lo + step, n);
        return static_cast<std::size_t>(std::upper_bound(groupStart.begin() + static_cast<std::ptrdiff_t>(lo),
                                                         groupStart.begin() + static_cast<std::ptrdiff_t>(hi), x - 1) -
                                        groupStart.begin());
    }
};

struct Trace::LaneData {
    LaneInfo info;
    std::vector<Track> tracks;
    std::vector<Instant> instants;
};

} // namespace irqscope
