// How a Trace stores its lanes: per depth a columnar track of segments with
// per-group prefix sums of covered time (for the level-of-detail query), and
// the lane's instants. Shared by trace.cpp (writing, reading) and
// trace_bins.cpp (one bin per pixel).
#pragma once

#include "irqscope/trace.h"
#include "trace/arena.h"

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

namespace irqscope {

// Segments are summarised in groups of kGroup for the level-of-detail query: per
// group boundary we keep a prefix sum of covered time per kind, so a bin's
// coverage is two subtractions plus at most 2*kGroup edge segments.
inline constexpr std::size_t kGroup = 64;

struct Trace::Track {
    // A segment as addSegment() was given it (cut to at most ~4.29 s), held
    // until finalize() moves the staged segments into the columns: while a
    // run records, a segment is one store into a chunk that never moves, and
    // each column is allocated once, at its final size.
    struct Staged {
        Time start;
        std::uint32_t dur;
        StringId entity;
        StringId detail;
        ContextKind kind;
    };
    static constexpr std::size_t kFirstChunk = 64, kLastChunk = 8192; // chunks double up to 192 KiB
    // chunks from the trace's staging arena, freed with it after finalize()
    std::vector<Staged*> staged;
    Staged* stagedAt = nullptr;  // next free record of staged.back()
    Staged* stagedEnd = nullptr; // end of staged.back()
    Time stagedLastEnd = 0;      // end of the last staged segment (order check)

    void stage(const Staged& s, Arena& arena) {
        if (stagedAt == stagedEnd) [[unlikely]]
            newChunk(arena);
        *stagedAt++ = s;
    }
    void newChunk(Arena& arena) {
        const std::size_t n = chunkSize(staged.size());
        staged.push_back(arena.allocate<Staged>(n));
        stagedAt = staged.back();
        stagedEnd = stagedAt + n;
    }
    std::size_t chunkSize(std::size_t i) const {
        return std::min(kFirstChunk << std::min<std::size_t>(i, 20), kLastChunk);
    }
    std::size_t stagedCount() const {
        if (staged.empty()) return 0;
        std::size_t n = static_cast<std::size_t>(stagedAt - staged.back());
        for (std::size_t i = 0; i + 1 < staged.size(); ++i) n += chunkSize(i);
        return n;
    }
    // One field of consecutive staged records, as a random-access range: a
    // column takes a chunk's values in one insert (no per-value capacity test,
    // no zero fill before the values are written).
    template <typename T, T Staged::*Field> struct FieldIt {
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;
        const Staged* p = nullptr;
        reference operator*() const { return p->*Field; }
        reference operator[](difference_type n) const { return p[n].*Field; }
        FieldIt& operator++() { return ++p, *this; }
        FieldIt operator++(int) { return FieldIt{p++}; }
        FieldIt& operator--() { return --p, *this; }
        FieldIt operator--(int) { return FieldIt{p--}; }
        FieldIt& operator+=(difference_type n) { return p += n, *this; }
        FieldIt& operator-=(difference_type n) { return p -= n, *this; }
        friend FieldIt operator+(FieldIt a, difference_type n) { return FieldIt{a.p + n}; }
        friend FieldIt operator+(difference_type n, FieldIt a) { return FieldIt{a.p + n}; }
        friend FieldIt operator-(FieldIt a, difference_type n) { return FieldIt{a.p - n}; }
        friend difference_type operator-(FieldIt a, FieldIt b) { return a.p - b.p; }
        friend auto operator<=>(FieldIt a, FieldIt b) = default;
    };
    template <typename T, T Staged::*Field>
    static void append(std::vector<T>& column, const Staged* b, const Staged* e) {
        column.insert(column.end(), FieldIt<T, Field>{b}, FieldIt<T, Field>{e});
    }

    // Appends the staged segments to the columns, in the order they came.
    void moveStaged() {
        if (staged.empty()) return;
        const std::size_t n = start.size() + stagedCount();
        // exact sizes: the columns hold no slack (memoryUse() counts capacity)
        start.reserve(n);
        dur.reserve(n);
        kind.reserve(n);
        entity.reserve(n);
        detail.reserve(n);
        for (std::size_t i = 0; i < staged.size(); ++i) {
            const Staged* b = staged[i];
            const Staged* e = i + 1 < staged.size() ? b + chunkSize(i) : stagedAt;
            append<Time, &Staged::start>(start, b, e);
            append<std::uint32_t, &Staged::dur>(dur, b, e);
            append<ContextKind, &Staged::kind>(kind, b, e);
            append<StringId, &Staged::entity>(entity, b, e);
            append<StringId, &Staged::detail>(detail, b, e);
        }
        staged.clear();
        stagedAt = stagedEnd = nullptr;
    }

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
