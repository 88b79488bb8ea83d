// The level-of-detail query: one bin per pixel column, with the fraction of
// the column each context kind covers, from the per-group prefix sums, so
// drawing cost follows pixels rather than segments.
#include "trace_storage.h"

#include <algorithm>

namespace irqscope {

namespace {
// A column spanning at least this many whole groups is summarised per group.
constexpr std::size_t kDenseGroups = 4;
} // namespace

void Trace::queryBins(std::uint32_t lane, int depth, Time t0, Time t1, int bins, std::vector<TraceBin>& out) const {
    out.assign(static_cast<std::size_t>(std::max(bins, 0)), TraceBin{});
    const Track* t = track(lane, depth);
    if (!t || t->size() == 0 || bins <= 0 || t1 <= t0) return;
    const double width = double(t1 - t0) / bins;
    // Covered ns per kind in the current bin, as integers (exact, as the
    // doubles they become), with the kinds touched as bits: a bin usually
    // holds one or two kinds, and emit() and the reset visit only those.
    std::array<Time, kContextKindCount> cover{};
    std::uint32_t touched = 0;
    static_assert(kContextKindCount <= 32);
    constexpr std::uint32_t kAllKinds = kContextKindCount == 32 ? ~0u : (1u << kContextKindCount) - 1;
    // Segments clipped to [b0, b1). Neighbours of one depth are mostly of one
    // kind: the sum of a run of one kind stays in a register, so the loop does
    // not wait for its own stores to the cover array.
    auto addClipped = [&](std::size_t from, std::size_t to, Time b0, Time b1) {
        if (from >= to) return;
        int runKind = static_cast<int>(t->kind[from]);
        Time run = 0;
        for (std::size_t k = from; k < to; ++k) {
            const int kind = static_cast<int>(t->kind[k]);
            const Time s = std::max(t->start[k], b0), e = std::min(t->end(k), b1);
            if (kind != runKind) {
                cover[static_cast<std::size_t>(runKind)] += run;
                touched |= run > 0 ? 1u << runKind : 0u;
                runKind = kind, run = 0;
            }
            if (e > s) run += e - s;
        }
        cover[static_cast<std::size_t>(runKind)] += run;
        touched |= run > 0 ? 1u << runKind : 0u;
    };
    auto emit = [&](int b, Time b0, Time b1, std::size_t n, StringId entity) {
        TraceBin& bin = out[static_cast<std::size_t>(b)];
        // The sum and the first largest kind in kind order, as over every kind:
        // the untouched ones are 0 and change neither.
        double total = 0, best = double(cover[0]);
        int bestKind = 0;
        for (std::uint32_t m = touched; m; m &= m - 1) {
            const int c = __builtin_ctz(m);
            total += double(cover[static_cast<std::size_t>(c)]);
            if (c > 0 && double(cover[static_cast<std::size_t>(c)]) > best)
                best = double(cover[static_cast<std::size_t>(c)]), bestKind = c;
        }
        bin.kind = static_cast<ContextKind>(bestKind);
        bin.coverage = static_cast<float>(std::min(1.0, total / double(b1 - b0)));
        // The dense path may count a few segments of the next column here; scale
        // so that the fractions never add up to more than the column.
        const double denom = std::max(total, double(b1 - b0));
        for (std::uint32_t m = touched; m; m &= m - 1) {
            const int c = __builtin_ctz(m);
            bin.fraction[static_cast<std::size_t>(c)] =
                static_cast<float>(double(cover[static_cast<std::size_t>(c)]) / denom);
        }
        bin.count = static_cast<std::uint32_t>(n);
        bin.entity = entity;
    };
    auto reset = [&] {
        for (std::uint32_t m = touched; m; m &= m - 1) cover[static_cast<std::size_t>(__builtin_ctz(m))] = 0;
        touched = 0;
    };
    auto [i, iEnd] = segmentRange(lane, depth, t0, t1);
    for (int b = 0; b < bins && i < iEnd; ++b) {
        const Time b0 = t0 + static_cast<Time>(b * width);
        const Time b1 = (b == bins - 1) ? t1 : t0 + static_cast<Time>((b + 1) * width);
        if (b1 <= b0) continue;
        // Skip segments that ended before this bin.
        while (i < iEnd && t->end(i) <= b0) ++i;
        if (i >= iEnd) break;
        reset();
        // Dense column (many whole groups): work at group granularity. The
        // column's right edge moves to the next group start, so up to kGroup
        // segments count in the neighbouring column instead; what is covered
        // is conserved. Touching only two prefix rows, instead of the segment
        // columns at both ragged ends, is what keeps a whole-trace view of ten
        // million segments out of main-memory latency.
        const std::size_t gi = (i + kGroup - 1) / kGroup;
        const std::size_t gB = t->groupAtOrAfter(gi, b1);
        if (gB < t->groupStart.size() && gB >= gi + kDenseGroups && gB * kGroup <= iEnd) {
            addClipped(i, gi * kGroup, b0, b1);
            for (int c = 0; c < kContextKindCount; ++c)
                cover[static_cast<std::size_t>(c)] +=
                    t->prefix[gB][static_cast<std::size_t>(c)] - t->prefix[gi][static_cast<std::size_t>(c)];
            touched = kAllKinds;
            emit(b, b0, b1, gB * kGroup - i, kNoString);
            i = gB * kGroup;
            continue;
        }
        // j: first segment starting at or after b1.
        const std::size_t j = t->lowerBoundStart(i, iEnd, b1);
        if (j == i) continue; // a gap
        const std::size_t n = j - i;
        if (n <= 2 * kGroup) {
            addClipped(i, j, b0, b1);
        } else {
            // Whole groups inside come from the prefix sums; the ragged ends one by one.
            const std::size_t g0 = (i + kGroup) / kGroup; // first whole group
            const std::size_t g1 = (j - 1) / kGroup;      // group containing j-1 (partial)
            addClipped(i, g0 * kGroup, b0, b1);
            for (int c = 0; c < kContextKindCount; ++c)
                cover[static_cast<std::size_t>(c)] +=
                    t->prefix[g1][static_cast<std::size_t>(c)] - t->prefix[g0][static_cast<std::size_t>(c)];
            touched = kAllKinds;
            addClipped(g1 * kGroup, j, b0, b1);
        }
        // entity of a segment of the dominant kind near the bin's middle
        std::size_t mid = n == 1 ? i : i + n / 2;
        emit(b, b0, b1, n, kNoString);
        TraceBin& bin = out[static_cast<std::size_t>(b)];
        bin.entity = n == 1 || t->kind[mid] == bin.kind ? t->entity[mid] : kNoString;
        // The last segment may continue into the next bin; keep i there.
        i = j - 1;
    }
}

} // namespace irqscope
