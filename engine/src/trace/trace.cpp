#include "irqscope/trace.h"

#include "trace_storage.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <limits>
#include <thread>

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
constexpr std::size_t kFlowsOnThread = 16384; // fewer: a thread costs more than the sort
constexpr std::size_t kSegmentBytes = 8 + 4 + 1 + 4 + 4;
constexpr std::size_t kInstantBytes = sizeof(Instant);
// A thread joined when it goes out of scope (also when an exception leaves it).
struct JoinedThread {
    std::thread t;
    ~JoinedThread() {
        if (t.joinable()) t.join();
    }
};
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
    if (!staging_) staging_ = std::make_unique<Arena>();
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
    // a comparison of sizes, not of pointers: an empty vector's data() may be
    // null, and null + depth is undefined (UBSan, fuzz_ftrace)
    if (depth >= tracks.size()) [[unlikely]]
        tracks.resize(depth + 1u);
    Track& t = tracks[depth];
    assert((t.size() == 0 && t.staged.empty()) || (t.staged.empty() ? t.end(t.size() - 1) : t.stagedLastEnd) <= start);
    while (start < end) {
        const Time piece = std::min(end - start, kMaxSegment);
        if (!admit(kSegmentBytes, droppedSegments_)) return;
        t.stage(Track::Staged{start, static_cast<std::uint32_t>(piece), entity, detail, kind}, *staging_);
        start += piece;
    }
    t.stagedLastEnd = end;
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
    // The flows' order and the lanes' columns share nothing: a long run sorts
    // its flows on a second thread while this one builds the columns.
    auto sortFlows = [this] {
        flows_.shrink_to_fit();
        std::sort(flows_.begin(), flows_.end(), [](const Flow& a, const Flow& b) {
            return std::tie(a.dstTime, a.dstLane, a.srcTime) < std::tie(b.dstTime, b.dstLane, b.srcTime);
        });
    };
    JoinedThread flows;
    if (flows_.size() >= kFlowsOnThread) flows.t = std::thread(sortFlows);
    else sortFlows();
    for (auto& lane : lanes_) {
        for (auto& t : lane.tracks) {
            t.moveStaged();
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
            // A finished trace is read-only: no slack (columns filled in
            // more than one finalize() may have some).
            t.start.shrink_to_fit();
            t.dur.shrink_to_fit();
            t.kind.shrink_to_fit();
            t.entity.shrink_to_fit();
            t.detail.shrink_to_fit();
            t.groupStart.shrink_to_fit();
        }
        lane.instants.shrink_to_fit();
    }
    // every staged segment is in the columns now
    if (staging_) staging_->release();
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
