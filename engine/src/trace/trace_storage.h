// How a Trace stores its lanes: per depth a columnar track of segments with
// per-group prefix sums of covered time (for the level-of-detail query), and
// the lane's instants; while a run records, the records staged for them.
// Shared by trace.cpp (writing, reading), trace_finalize.cpp (the columns)
// and trace_bins.cpp (one bin per pixel).
#pragma once

#include "irqscope/trace.h"
#include "trace/arena.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace irqscope {

// Segments are summarised in groups of kGroup for the level-of-detail query: per
// group boundary we keep a prefix sum of covered time per kind, so a bin's
// coverage is two subtractions plus at most 2*kGroup edge segments.
inline constexpr std::size_t kGroup = 64;

// Records of one kind staged while a run records: chunks from the trace's
// staging arena that never move, doubling from kFirst to kLast records, so a
// record is one store and finalize() sizes each column once, exactly.
template <typename T> struct StagedChunks {
    static constexpr std::size_t kFirst = 64, kLast = 8192;
    std::vector<T*> chunks;
    T* at = nullptr;  // next free record of chunks.back()
    T* end = nullptr; // end of chunks.back()

    void put(const T& v, Arena& arena) {
        if (at == end) [[unlikely]]
            grow(arena);
        *at++ = v;
    }
    void grow(Arena& arena) {
        const std::size_t n = chunkSize(chunks.size());
        chunks.push_back(arena.allocate<T>(n));
        at = chunks.back();
        end = at + n;
    }
    static std::size_t chunkSize(std::size_t i) { return std::min(kFirst << std::min<std::size_t>(i, 20), kLast); }
    std::size_t count() const {
        if (chunks.empty()) return 0;
        std::size_t n = static_cast<std::size_t>(at - chunks.back());
        for (std::size_t i = 0; i + 1 < chunks.size(); ++i) n += chunkSize(i);
        return n;
    }
    // f(first, last) per chunk, in the order the records came.
    template <typename F> void forEachRun(F&& f) const {
        for (std::size_t i = 0; i < chunks.size(); ++i) {
            const T* b = chunks[i];
            f(b, i + 1 < chunks.size() ? b + chunkSize(i) : at);
        }
    }
    // The chunks stay in the arena, which frees them all at once.
    void clear() {
        chunks.clear();
        at = end = nullptr;
    }
};

// A finished column: n values in the trace's column store (one pre-faulted
// block for the whole trace, trace.cpp), read-only once written.
template <typename T> struct Column {
    T* p = nullptr;
    std::size_t n = 0;
    std::size_t size() const { return n; }
    bool empty() const { return n == 0; }
    const T* begin() const { return p; }
    const T* end() const { return p + n; }
    const T* data() const { return p; }
    const T& operator[](std::size_t i) const { return p[i]; }
    T& operator[](std::size_t i) { return p[i]; }
    const T& back() const { return p[n - 1]; }
};

struct Trace::Track {
    // A segment as addSegment() was given it (cut to at most ~4.29 s), held
    // until finalize() moves the staged segments into the columns.
    struct Staged {
        Time start;
        std::uint32_t dur;
        StringId entity;
        StringId detail;
        ContextKind kind;
    };
    StagedChunks<Staged> staged;
    Time stagedLastEnd = 0; // end of the last staged segment (order check)

    Column<Time> start;
    Column<std::uint32_t> dur;
    Column<ContextKind> kind;
    Column<StringId> entity;
    Column<StringId> detail;
    // prefix[g][k]: covered ns of kind k in segments [0, g*kGroup)
    Column<std::array<Time, kContextKindCount>> prefix;
    // groupStart[g] = start[g*kGroup]: a search over 1/64 of the starts, which
    // stays in cache where a binary search over ten million would not.
    Column<Time> groupStart;

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
    StagedChunks<Instant> stagedInstants;
    Time lastInstant = 0; // time of the last instant added (order check)
    Column<Instant> instants;
};

struct Trace::Staging {
    Arena arena;
    StagedChunks<Flow> flows;
};

} // namespace irqscope
