// Perfetto's native trace format: a `Trace` message that is nothing but
// `repeated TracePacket packet = 1`, so it is written one packet at a time
// and never held in memory. Layout of the tracks:
//   "IRQ Scope" (root, children in lane order)
//     one track per lane ("CPU 0", "IRQ 45 nvme0q1", ...): its nested slices
//     (a lane's depths merged into one begin/end stream, the way the timeline
//     stacks them), its instants, and flow ids on the slices a flow leaves and
//     enters (the deepest slice at the flow's time, as Trace defines endpoints)
//       per CPU, from the state log: counters "softirqs pending" (vectors
//       raised, not yet run) and "run queue" (tasks waiting)
// Field numbers are those of perfetto/protos/perfetto/trace/; the subset used
// is tests/data/perfetto/perfetto_subset.proto, which the test decodes with.
#include "irqscope/export.h"

#include "proto_writer.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace irqscope {

namespace {
enum : std::uint32_t {
    kTracePacket = 1, // Trace.packet
    // TracePacket
    kPacketTimestamp = 8,
    kPacketSequenceId = 10,
    kPacketTrackEvent = 11,
    kPacketSequenceFlags = 13,
    kPacketTrackDescriptor = 60,
    // TrackDescriptor
    kDescUuid = 1,
    kDescName = 2,
    kDescParent = 5,
    kDescCounter = 8,
    kDescChildOrdering = 11,
    kDescRank = 12,
    // TrackEvent
    kEventAnnotation = 4,
    kEventType = 9,
    kEventTrack = 11,
    kEventCategory = 22,
    kEventName = 23,
    kEventCounterValue = 30,
    kEventFlowIds = 47,
    kEventTerminatingFlowIds = 48,
    // DebugAnnotation
    kAnnotationString = 6,
    kAnnotationName = 10,
};
enum : std::uint64_t { kSliceBegin = 1, kSliceEnd = 2, kInstant = 3, kCounter = 4 };
constexpr std::uint64_t kSequenceId = 1;
constexpr std::uint64_t kSeqIncrementalStateCleared = 1;
constexpr std::uint64_t kChildOrderingExplicit = 3;
constexpr std::uint64_t kRootUuid = 1;
std::uint64_t laneUuid(std::uint32_t lane) {
    return 0x1000 + lane;
}
std::uint64_t counterUuid(int cpu, int which) {
    return (std::uint64_t(1) << 32) + std::uint64_t(cpu) * 2 + which;
}

class PacketWriter {
public:
    explicit PacketWriter(std::ostream& out) : out_(out) {}

    void descriptor(const proto::Message& desc) {
        packet_.clear();
        packet_.varint(kPacketSequenceId, kSequenceId);
        packet_.message(kPacketTrackDescriptor, desc);
        flush();
    }
    void event(Time t, const proto::Message& ev) {
        packet_.clear();
        packet_.varint(kPacketTimestamp, static_cast<std::uint64_t>(std::max<Time>(t, 0)));
        packet_.varint(kPacketSequenceId, kSequenceId);
        if (first_) packet_.varint(kPacketSequenceFlags, kSeqIncrementalStateCleared);
        first_ = false;
        packet_.message(kPacketTrackEvent, ev);
        flush();
    }

private:
    void flush() {
        wrapper_.clear();
        wrapper_.message(kTracePacket, packet_);
        out_.write(wrapper_.data().data(), static_cast<std::streamsize>(wrapper_.data().size()));
    }
    std::ostream& out_;
    proto::Message packet_, wrapper_;
    bool first_ = true;
};

// A flow's end attached to the slice (lane, depth, index) it leaves or enters.
struct FlowEnd {
    std::uint32_t lane;
    std::uint8_t depth;
    std::uint32_t index;
    std::uint64_t id;
    bool terminating;
    auto key() const { return std::tuple(lane, depth, index); }
};

void trackDescriptor(PacketWriter& w, std::uint64_t uuid, std::string_view name, std::uint64_t parent, int rank,
                     bool counter, bool orderChildren) {
    proto::Message d;
    d.varint(kDescUuid, uuid);
    d.bytes(kDescName, name);
    if (parent) d.varint(kDescParent, parent);
    if (counter) d.message(kDescCounter, proto::Message{});
    if (orderChildren) d.varint(kDescChildOrdering, kChildOrderingExplicit);
    d.varint(kDescRank, static_cast<std::uint64_t>(rank));
    w.descriptor(d);
}

void annotate(proto::Message& ev, std::string_view name, std::string_view value) {
    proto::Message a;
    a.bytes(kAnnotationName, name);
    a.bytes(kAnnotationString, value);
    ev.message(kEventAnnotation, a);
}

void writeLane(PacketWriter& w, const Trace& t, std::uint32_t lane, const std::vector<FlowEnd>& ends) {
    const std::uint64_t track = laneUuid(lane);
    const int depths = t.depthCount(lane);
    std::vector<std::size_t> next(static_cast<std::size_t>(depths), 0);
    std::vector<Time> open; // ends of the open slices, innermost last
    proto::Message ev;
    auto closeUntil = [&](Time until) {
        while (!open.empty() && open.back() <= until) {
            ev.clear();
            ev.varint(kEventType, kSliceEnd);
            ev.varint(kEventTrack, track);
            w.event(open.back(), ev);
            open.pop_back();
        }
    };
    const auto instants = t.instants(lane);
    std::size_t ii = 0;
    auto instantsBefore = [&](Time limit) {
        for (; ii < instants.size() && instants[ii].t < limit; ++ii) {
            const Instant& in = instants[ii];
            closeUntil(in.t);
            ev.clear();
            ev.varint(kEventType, kInstant);
            ev.varint(kEventTrack, track);
            ev.bytes(kEventCategory, instantKindId(in.kind));
            std::string name = instantKindId(in.kind);
            if (in.entity != kNoString) name.append(" ").append(t.str(in.entity));
            ev.bytes(kEventName, name);
            if (in.detail != kNoString) annotate(ev, "detail", t.str(in.detail));
            w.event(in.t, ev);
        }
    };
    for (;;) {
        int d = -1; // the depth whose next segment starts first (the outer one on a tie)
        for (int k = 0; k < depths; ++k) {
            const auto i = next[static_cast<std::size_t>(k)];
            if (i >= t.segmentCount(lane, k)) continue;
            if (d < 0 || t.segment(lane, k, i).start < t.segment(lane, d, next[static_cast<std::size_t>(d)]).start)
                d = k;
        }
        if (d < 0) break;
        const Segment s = t.segment(lane, d, next[static_cast<std::size_t>(d)]++);
        instantsBefore(s.start);
        closeUntil(s.start);
        // Slices on one track must nest; a child never outlasts its parent.
        const Time end = open.empty() ? s.end : std::min(s.end, open.back());
        if (end <= s.start) continue;
        ev.clear();
        ev.varint(kEventType, kSliceBegin);
        ev.varint(kEventTrack, track);
        ev.bytes(kEventCategory, contextKindId(s.kind));
        ev.bytes(kEventName, s.entity != kNoString ? t.str(s.entity) : std::string_view(contextKindId(s.kind)));
        if (s.detail != kNoString) annotate(ev, "detail", t.str(s.detail));
        const auto key = std::tuple(lane, static_cast<std::uint8_t>(d), s.index);
        auto [lo, hi] = std::equal_range(ends.begin(), ends.end(), key, [](const auto& a, const auto& b) {
            if constexpr (std::is_same_v<std::decay_t<decltype(a)>, FlowEnd>) return a.key() < b;
            else return a < b.key();
        });
        for (auto it = lo; it != hi; ++it)
            if (!it->terminating) ev.fixed64(kEventFlowIds, it->id);
        for (auto it = lo; it != hi; ++it)
            if (it->terminating) ev.fixed64(kEventTerminatingFlowIds, it->id);
        w.event(s.start, ev);
        open.push_back(end);
    }
    instantsBefore(std::numeric_limits<Time>::max());
    closeUntil(std::numeric_limits<Time>::max());
}

void writeCounters(PacketWriter& w, const StateLog& log, const std::map<int, std::uint32_t>& cpuLane) {
    std::map<int, std::pair<std::int64_t, std::int64_t>> value; // cpu -> (pending vectors, run queue)
    proto::Message ev;
    auto emit = [&](Time t, int cpu, int which, std::int64_t v) {
        ev.clear();
        ev.varint(kEventType, kCounter);
        ev.varint(kEventTrack, counterUuid(cpu, which));
        ev.varint(kEventCounterValue, static_cast<std::uint64_t>(v));
        w.event(t, ev);
    };
    for (const auto& [cpu, lane] : cpuLane) {
        emit(0, cpu, 0, 0);
        emit(0, cpu, 1, 0);
        value[cpu] = {0, 0};
    }
    for (const StateRecord& r : log.records()) {
        const int cpu = r.subject;
        auto it = value.find(cpu);
        if (it == value.end()) continue;
        auto& [pending, queue] = it->second;
        if (r.field == StateField::SoftirqPending) {
            const std::int64_t v = std::popcount(r.value);
            if (v != pending) emit(r.t, cpu, 0, pending = v);
        } else if (r.field == StateField::RunqueueAdd) {
            emit(r.t, cpu, 1, ++queue);
        } else if (r.field == StateField::RunqueueRemove && queue > 0) {
            emit(r.t, cpu, 1, --queue);
        }
    }
}
} // namespace

void writePerfettoProto(const Trace& t, const StateLog* log, std::ostream& out) {
    PacketWriter w(out);
    trackDescriptor(w, kRootUuid, "IRQ Scope", 0, 0, false, true);
    std::map<int, std::uint32_t> cpuLane;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        const LaneInfo& info = t.lane(lane);
        const bool counters = log && log->active() && info.type == LaneType::Cpu && info.cpu >= 0;
        trackDescriptor(w, laneUuid(lane), info.name, kRootUuid, static_cast<int>(lane), false, counters);
        if (!counters) continue;
        cpuLane[info.cpu] = lane;
        trackDescriptor(w, counterUuid(info.cpu, 0), "softirqs pending", laneUuid(lane), 0, true, false);
        trackDescriptor(w, counterUuid(info.cpu, 1), "run queue", laneUuid(lane), 1, true, false);
    }

    std::vector<FlowEnd> ends;
    std::uint64_t id = 1;
    for (const Flow& f : t.flows()) {
        if (auto s = t.topSegmentAt(f.srcLane, f.srcTime)) ends.push_back({f.srcLane, s->depth, s->index, id, false});
        if (auto s = t.topSegmentAt(f.dstLane, f.dstTime)) ends.push_back({f.dstLane, s->depth, s->index, id, true});
        ++id;
    }
    std::sort(ends.begin(), ends.end(),
              [](const FlowEnd& a, const FlowEnd& b) { return std::tuple(a.key(), a.id) < std::tuple(b.key(), b.id); });
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) writeLane(w, t, lane, ends);
    if (!cpuLane.empty()) writeCounters(w, *log, cpuLane);
}

} // namespace irqscope
