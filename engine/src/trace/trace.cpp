#include "irqscope/trace.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <limits>

namespace irqscope {

namespace {
constexpr const char* kKindIds[] = {
    "idle",    "user",    "kthread", "ksoftirqd",    "kworker",     "irq_thread",          "softirq",
    "tasklet", "hardirq", "nmi",     "line_pending", "line_active", "line_active_pending", "line_masked"};
static_assert(std::size(kKindIds) == kContextKindCount);

constexpr const char* kInstantIds[] = {"irq_raise",  "irq_ack", "priority_drop", "deactivate",
                                       "mask",       "unmask",  "softirq_raise", "tasklet_schedule",
                                       "queue_work", "wakeup",  "ipi",           "warning"};
static_assert(std::size(kInstantIds) == static_cast<int>(InstantKind::Count));

constexpr const char* kFlowIds[] = {"raise_softirq", "schedule_tasklet", "wake_thread",
                                    "queue_work",    "wake_task",        "ipi"};
static_assert(std::size(kFlowIds) == static_cast<int>(FlowKind::Count));

// Segments are summarised in groups of kGroup for the level-of-detail query: per
// group boundary we keep a prefix sum of covered time per kind, so a bin's
// coverage is two subtractions plus at most 2*kGroup edge segments.
constexpr std::size_t kGroup = 64;
// A column spanning at least this many whole groups is summarised per group.
constexpr std::size_t kDenseGroups = 4;
constexpr Time kMaxSegment = std::numeric_limits<std::uint32_t>::max();
constexpr std::size_t kSegmentBytes = 8 + 4 + 1 + 4 + 4;
constexpr std::size_t kInstantBytes = sizeof(Instant);
} // namespace

const char* contextKindId(ContextKind k) {
    return kKindIds[static_cast<int>(k)];
}
std::optional<ContextKind> contextKindFromId(std::string_view id) {
    for (int i = 0; i < kContextKindCount; ++i)
        if (id == kKindIds[i]) return static_cast<ContextKind>(i);
    return std::nullopt;
}
const char* instantKindId(InstantKind k) {
    return kInstantIds[static_cast<int>(k)];
}
const char* flowKindId(FlowKind k) {
    return kFlowIds[static_cast<int>(k)];
}

// ---------------------------------------------------------------- strings
StringTable::StringTable() {
    intern("");
}

StringId StringTable::intern(std::string_view s) {
    auto it = ids_.find(std::string(s));
    if (it != ids_.end()) return it->second;
    auto id = static_cast<StringId>(strings_.size());
    strings_.emplace_back(s);
    ids_.emplace(strings_.back(), id);
    return id;
}

std::size_t StringTable::memoryBytes() const {
    std::size_t n = 0;
    for (const auto& s : strings_) n += s.capacity() * 2 + 64;
    return n;
}

// ---------------------------------------------------------------- storage
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

Trace::Trace() = default;
Trace::Trace(Trace&&) noexcept = default;
Trace& Trace::operator=(Trace&&) noexcept = default;
Trace::~Trace() = default;

std::uint32_t Trace::addLane(LaneType type, std::string name, int cpu) {
    lanes_.push_back(LaneData{LaneInfo{type, std::move(name), cpu}, {}, {}});
    return static_cast<std::uint32_t>(lanes_.size() - 1);
}

bool Trace::admit(std::size_t bytes, std::uint64_t& dropped) {
    if (budgetBytes_ != 0 && usedBytes_ + bytes > budgetBytes_) {
        ++dropped;
        return false;
    }
    usedBytes_ += bytes;
    return true;
}

void Trace::addSegment(std::uint32_t lane, std::uint8_t depth, Time start, Time end, ContextKind kind, StringId entity,
                       StringId detail) {
    assert(lane < lanes_.size());
    if (end <= start) return;
    auto& tracks = lanes_[lane].tracks;
    if (tracks.size() <= depth) tracks.resize(depth + 1u);
    Track& t = tracks[depth];
    assert(t.size() == 0 || t.end(t.size() - 1) <= start);
    while (start < end) {
        Time piece = std::min(end - start, kMaxSegment);
        if (!admit(kSegmentBytes, droppedSegments_)) return;
        t.start.push_back(start);
        t.dur.push_back(static_cast<std::uint32_t>(piece));
        t.kind.push_back(kind);
        t.entity.push_back(entity);
        t.detail.push_back(detail);
        start += piece;
    }
}

void Trace::addInstant(std::uint32_t lane, Time t, InstantKind kind, StringId entity, StringId detail) {
    assert(lane < lanes_.size());
    auto& v = lanes_[lane].instants;
    assert(v.empty() || v.back().t <= t);
    if (!admit(kInstantBytes, droppedInstants_)) return;
    v.push_back(Instant{t, kind, entity, detail});
}

void Trace::addFlow(const Flow& f) {
    if (admit(sizeof(Flow), droppedFlows_)) flows_.push_back(f);
}

void Trace::setTimeRange(Time start, Time end) {
    start_ = start;
    end_ = end;
}

void Trace::finalize() {
    for (auto& lane : lanes_) {
        for (auto& t : lane.tracks) {
            const std::size_t groups = t.size() / kGroup + 1;
            t.prefix.assign(groups, {});
            std::array<Time, kContextKindCount> acc{};
            for (std::size_t i = 0; i < t.size(); ++i) {
                if (i % kGroup == 0) t.prefix[i / kGroup] = acc;
                acc[static_cast<int>(t.kind[i])] += t.dur[i];
            }
            if (t.size() % kGroup == 0) t.prefix[groups - 1] = acc;
            t.groupStart.clear();
            for (std::size_t i = 0; i < t.size(); i += kGroup) t.groupStart.push_back(t.start[i]);
            // Growth by doubling leaves up to half of each column unused; a
            // finished trace is read-only, so give the slack back.
            t.start.shrink_to_fit();
            t.dur.shrink_to_fit();
            t.kind.shrink_to_fit();
            t.entity.shrink_to_fit();
            t.detail.shrink_to_fit();
            t.groupStart.shrink_to_fit();
        }
        lane.instants.shrink_to_fit();
    }
    flows_.shrink_to_fit();
    std::sort(flows_.begin(), flows_.end(), [](const Flow& a, const Flow& b) {
        return std::tie(a.dstTime, a.dstLane, a.srcTime) < std::tie(b.dstTime, b.dstLane, b.srcTime);
    });
}

// ---------------------------------------------------------------- reading
std::size_t Trace::laneCount() const {
    return lanes_.size();
}
const LaneInfo& Trace::lane(std::uint32_t lane) const {
    return lanes_[lane].info;
}
int Trace::depthCount(std::uint32_t lane) const {
    return static_cast<int>(lanes_[lane].tracks.size());
}

const Trace::Track* Trace::track(std::uint32_t lane, int depth) const {
    if (lane >= lanes_.size() || depth < 0) return nullptr;
    const auto& tracks = lanes_[lane].tracks;
    return static_cast<std::size_t>(depth) < tracks.size() ? &tracks[depth] : nullptr;
}

std::size_t Trace::segmentCount(std::uint32_t lane, int depth) const {
    const Track* t = track(lane, depth);
    return t ? t->size() : 0;
}

std::size_t Trace::segmentCount() const {
    std::size_t n = 0;
    for (const auto& l : lanes_)
        for (const auto& t : l.tracks) n += t.size();
    return n;
}

Segment Trace::segment(std::uint32_t lane, int depth, std::size_t i) const {
    const Track* t = track(lane, depth);
    assert(t && i < t->size());
    return Segment{t->start[i],
                   t->end(i),
                   t->kind[i],
                   static_cast<std::uint8_t>(depth),
                   t->entity[i],
                   t->detail[i],
                   static_cast<std::uint32_t>(i)};
}

std::pair<std::size_t, std::size_t> Trace::segmentRange(std::uint32_t lane, int depth, Time t0, Time t1) const {
    const Track* t = track(lane, depth);
    if (!t || t->size() == 0 || t1 <= t0) return {0, 0};
    // Sorted and non-overlapping: the first candidate is the last segment starting
    // at or before t0 (it may reach into the range), the end is the first start >= t1.
    auto first = std::upper_bound(t->start.begin(), t->start.end(), t0);
    std::size_t i0 = static_cast<std::size_t>(first - t->start.begin());
    if (i0 > 0 && t->end(i0 - 1) > t0) --i0;
    auto last = std::lower_bound(t->start.begin() + static_cast<std::ptrdiff_t>(i0), t->start.end(), t1);
    return {i0, static_cast<std::size_t>(last - t->start.begin())};
}

std::optional<Segment> Trace::segmentAt(std::uint32_t lane, int depth, Time t) const {
    auto [a, b] = segmentRange(lane, depth, t, t + 1);
    if (a < b) return segment(lane, depth, a);
    return std::nullopt;
}

std::optional<Segment> Trace::topSegmentAt(std::uint32_t lane, Time t) const {
    for (int d = depthCount(lane) - 1; d >= 0; --d)
        if (auto s = segmentAt(lane, d, t)) return s;
    return std::nullopt;
}

void Trace::queryBins(std::uint32_t lane, int depth, Time t0, Time t1, int bins, std::vector<TraceBin>& out) const {
    out.assign(static_cast<std::size_t>(std::max(bins, 0)), TraceBin{});
    const Track* t = track(lane, depth);
    if (!t || t->size() == 0 || bins <= 0 || t1 <= t0) return;
    const double width = double(t1 - t0) / bins;
    std::array<double, kContextKindCount> cover{};
    auto addClipped = [&](std::size_t i, Time b0, Time b1) {
        Time s = std::max(t->start[i], b0), e = std::min(t->end(i), b1);
        if (e > s) cover[static_cast<int>(t->kind[i])] += double(e - s);
    };
    auto emit = [&](int b, Time b0, Time b1, std::size_t n, StringId entity) {
        TraceBin& bin = out[static_cast<std::size_t>(b)];
        double total = 0, best = -1;
        int bestKind = 0;
        for (int c = 0; c < kContextKindCount; ++c) {
            total += cover[c];
            if (cover[c] > best) best = cover[c], bestKind = c;
        }
        bin.kind = static_cast<ContextKind>(bestKind);
        bin.coverage = static_cast<float>(std::min(1.0, total / double(b1 - b0)));
        // The dense path may count a few segments of the next column here; scale
        // so that the fractions never add up to more than the column.
        const double denom = std::max(total, double(b1 - b0));
        for (int c = 0; c < kContextKindCount; ++c) bin.fraction[c] = static_cast<float>(cover[c] / denom);
        bin.count = static_cast<std::uint32_t>(n);
        bin.entity = entity;
    };
    auto [i, iEnd] = segmentRange(lane, depth, t0, t1);
    for (int b = 0; b < bins && i < iEnd; ++b) {
        const Time b0 = t0 + static_cast<Time>(b * width);
        const Time b1 = (b == bins - 1) ? t1 : t0 + static_cast<Time>((b + 1) * width);
        if (b1 <= b0) continue;
        // Skip segments that ended before this bin.
        while (i < iEnd && t->end(i) <= b0) ++i;
        if (i >= iEnd) break;
        cover.fill(0);
        // Dense column (many whole groups): work at group granularity. The
        // column's right edge moves to the next group start, so up to kGroup
        // segments count in the neighbouring column instead; what is covered
        // is conserved. Touching only two prefix rows, instead of the segment
        // columns at both ragged ends, is what keeps a whole-trace view of ten
        // million segments out of main-memory latency.
        const std::size_t gi = (i + kGroup - 1) / kGroup;
        const std::size_t gB = t->groupAtOrAfter(gi, b1);
        if (gB < t->groupStart.size() && gB >= gi + kDenseGroups && gB * kGroup <= iEnd) {
            for (std::size_t k = i; k < gi * kGroup; ++k) addClipped(k, b0, b1);
            for (int c = 0; c < kContextKindCount; ++c) cover[c] += double(t->prefix[gB][c] - t->prefix[gi][c]);
            emit(b, b0, b1, gB * kGroup - i, kNoString);
            i = gB * kGroup;
            continue;
        }
        // j: first segment starting at or after b1.
        const std::size_t j = t->lowerBoundStart(i, iEnd, b1);
        if (j == i) continue; // a gap
        const std::size_t n = j - i;
        if (n <= 2 * kGroup) {
            for (std::size_t k = i; k < j; ++k) addClipped(k, b0, b1);
        } else {
            // Whole groups inside come from the prefix sums; the ragged ends one by one.
            const std::size_t g0 = (i + kGroup) / kGroup; // first whole group
            const std::size_t g1 = (j - 1) / kGroup;      // group containing j-1 (partial)
            for (std::size_t k = i; k < g0 * kGroup; ++k) addClipped(k, b0, b1);
            for (int c = 0; c < kContextKindCount; ++c) cover[c] += double(t->prefix[g1][c] - t->prefix[g0][c]);
            for (std::size_t k = g1 * kGroup; k < j; ++k) addClipped(k, b0, b1);
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

std::span<const Instant> Trace::instants(std::uint32_t lane) const {
    return lanes_[lane].instants;
}

std::pair<std::size_t, std::size_t> Trace::instantRange(std::uint32_t lane, Time t0, Time t1) const {
    const auto& v = lanes_[lane].instants;
    auto cmp = [](const Instant& a, Time t) { return a.t < t; };
    auto a = std::lower_bound(v.begin(), v.end(), t0, cmp);
    auto b = std::lower_bound(a, v.end(), t1, cmp);
    return {static_cast<std::size_t>(a - v.begin()), static_cast<std::size_t>(b - v.begin())};
}

std::vector<Flow> Trace::flowsInto(std::uint32_t lane, const Segment& s) const {
    std::vector<Flow> out;
    auto it =
        std::lower_bound(flows_.begin(), flows_.end(), s.start, [](const Flow& f, Time t) { return f.dstTime < t; });
    for (; it != flows_.end() && it->dstTime < s.end; ++it)
        if (it->dstLane == lane) out.push_back(*it);
    return out;
}

std::vector<Flow> Trace::flowsFrom(std::uint32_t lane, const Segment& s) const {
    std::vector<Flow> out;
    for (const auto& f : flows_)
        if (f.srcLane == lane && f.srcTime >= s.start && f.srcTime < s.end) out.push_back(f);
    return out;
}

Trace::MemoryUse Trace::memoryUse() const {
    MemoryUse m;
    m.strings = strings_.memoryBytes();
    m.flows = flows_.capacity() * sizeof(Flow);
    for (const auto& l : lanes_) {
        m.instants += l.instants.capacity() * sizeof(Instant);
        for (const auto& t : l.tracks) {
            m.segments += t.start.capacity() * sizeof(Time) + t.dur.capacity() * sizeof(std::uint32_t) +
                          t.kind.capacity() * sizeof(ContextKind) + t.entity.capacity() * sizeof(StringId) +
                          t.detail.capacity() * sizeof(StringId);
            m.index += t.prefix.capacity() * sizeof(t.prefix[0]) + t.groupStart.capacity() * sizeof(Time);
        }
    }
    return m;
}

namespace {
struct Fnv {
    std::uint64_t h = 1469598103934665603ull;
    void bytes(const void* p, std::size_t n) {
        auto* c = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 1099511628211ull;
    }
    template <typename T> void value(const T& v) { bytes(&v, sizeof v); }
    template <typename T> void vec(const std::vector<T>& v) {
        value(v.size());
        if (!v.empty()) bytes(v.data(), v.size() * sizeof(T));
    }
};
} // namespace

std::uint64_t Trace::hash() const {
    Fnv f;
    f.value(start_);
    f.value(end_);
    for (const auto& l : lanes_) {
        f.bytes(l.info.name.data(), l.info.name.size());
        for (const auto& t : l.tracks) {
            f.vec(t.start);
            f.vec(t.dur);
            f.vec(t.kind);
            f.vec(t.entity);
            f.vec(t.detail);
        }
        for (const auto& in : l.instants) {
            f.value(in.t);
            f.value(in.kind);
            f.value(in.entity);
            f.value(in.detail);
        }
    }
    for (const auto& fl : flows_) {
        f.value(fl.srcLane);
        f.value(fl.dstLane);
        f.value(fl.srcTime);
        f.value(fl.dstTime);
        f.value(fl.kind);
    }
    for (std::size_t i = 0; i < strings_.size(); ++i) {
        auto s = strings_.view(static_cast<StringId>(i));
        f.bytes(s.data(), s.size());
        f.value('\0');
    }
    return f.h;
}

} // namespace irqscope
