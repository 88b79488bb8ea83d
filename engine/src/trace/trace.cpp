#include "irqscope/trace.h"

#include "trace_storage.h"

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

Trace::Trace() = default;
Trace::Trace(Trace&&) noexcept = default;
Trace& Trace::operator=(Trace&&) noexcept = default;
Trace::~Trace() = default;

std::uint32_t Trace::addLane(LaneType type, std::string name, int cpu) {
    staging();
    lanes_.push_back(LaneData{LaneInfo{type, std::move(name), cpu}, {}, {}, 0, {}});
    return static_cast<std::uint32_t>(lanes_.size() - 1);
}

Trace::Staging& Trace::staging() {
    if (!staging_) [[unlikely]]
        staging_ = std::make_unique<Staging>();
    return *staging_;
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
    // a comparison of sizes, not of pointers: an empty vector's data() may be
    // null, and null + depth is undefined (UBSan, fuzz_ftrace)
    if (depth >= tracks.size()) [[unlikely]]
        tracks.resize(depth + 1u);
    Track& t = tracks[depth];
    assert((t.size() == 0 && t.staged.chunks.empty()) ||
           (t.staged.chunks.empty() ? t.end(t.size() - 1) : t.stagedLastEnd) <= start);
    while (start < end) {
        const Time piece = std::min(end - start, kMaxSegment);
        if (!admit(kSegmentBytes, droppedSegments_)) return;
        t.staged.put(Track::Staged{start, static_cast<std::uint32_t>(piece), entity, detail, kind}, staging_->arena);
        start += piece;
    }
    t.stagedLastEnd = end;
}

void Trace::addInstant(std::uint32_t lane, Time t, InstantKind kind, StringId entity, StringId detail) {
    assert(lane < lanes_.size());
    LaneData& l = lanes_[lane];
    assert((l.instants.empty() && l.stagedInstants.chunks.empty()) || l.lastInstant <= t);
    if (!admit(kInstantBytes, droppedInstants_)) return;
    l.stagedInstants.put(Instant{t, kind, entity, detail}, staging_->arena);
    l.lastInstant = t;
}

void Trace::addFlow(const Flow& f) {
    if (!admit(sizeof(Flow), droppedFlows_)) return;
    Staging& s = staging();
    s.flows.put(f, s.arena);
}

void Trace::setTimeRange(Time start, Time end) {
    start_ = start;
    end_ = end;
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

std::span<const Instant> Trace::instants(std::uint32_t lane) const {
    const auto& v = lanes_[lane].instants;
    return {v.begin(), v.size()};
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
    const auto all = flows();
    auto it = std::lower_bound(all.begin(), all.end(), s.start, [](const Flow& f, Time t) { return f.dstTime < t; });
    for (; it != all.end() && it->dstTime < s.end; ++it)
        if (it->dstLane == lane) out.push_back(*it);
    return out;
}

std::vector<Flow> Trace::flowsFrom(std::uint32_t lane, const Segment& s) const {
    std::vector<Flow> out;
    for (const auto& f : flows())
        if (f.srcLane == lane && f.srcTime >= s.start && f.srcTime < s.end) out.push_back(f);
    return out;
}

Trace::MemoryUse Trace::memoryUse() const {
    MemoryUse m;
    m.strings = strings_.memoryBytes();
    m.flows = flows_.n * sizeof(Flow);
    for (const auto& l : lanes_) {
        m.instants += l.instants.size() * sizeof(Instant);
        for (const auto& t : l.tracks) {
            m.segments += t.size() * kSegmentBytes;
            m.index += t.prefix.size() * sizeof(t.prefix[0]) + t.groupStart.size() * sizeof(Time);
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
    template <typename T> void vec(const Column<T>& v) {
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
    for (const auto& fl : flows()) {
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
