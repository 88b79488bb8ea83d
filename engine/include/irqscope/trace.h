// The recorded execution of a run (simulated or imported from ftrace).
//
// A trace is a set of lanes. A CPU lane holds what that CPU executed as nested
// tracks: depth 0 is the task (or idle), depth 1 whatever interrupted it
// (softirq or hardirq), depth 2 a hardirq on top of a softirq, and so on. A
// parent segment continues underneath its children, so the timeline can draw a
// hardirq on top of the softirq it interrupted on top of the task. Within one
// (lane, depth) track segments never overlap and are appended in time order,
// which keeps every track sorted by start *and* by end: range queries are a
// lower_bound, never a scan from the beginning.
//
// Storage is columnar (start, duration, kind, entity, detail in separate
// arrays) with names interned in a string table, about 21 bytes a segment.
// A memory budget caps what is kept; what was dropped is counted, never hidden.
#pragma once

#include "irqscope/time.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace irqscope {

// What a CPU was executing. The order is the drawing/legend order; names are
// stable identifiers used in metrics JSON and exports (contextKindId()).
enum class ContextKind : std::uint8_t {
    Idle,
    User,      // a user task (also a user task's time in the kernel)
    Kthread,   // any other kernel thread
    Ksoftirqd, // softirqs run by ksoftirqd/N
    Kworker,   // a workqueue worker running a work item (detail = work function)
    IrqThread, // a threaded IRQ handler irq/N-name
    Softirq,   // a softirq vector run at irq exit or local_bh_enable (entity = vector)
    Tasklet,   // a tasklet inside TASKLET/HI softirq (entity = tasklet)
    Hardirq,   // a hard interrupt handler, irqs off (entity = IRQ line / vector)
    Nmi,
    // Interrupt-line lanes: controller state of one INTID.
    LinePending,
    LineActive,
    LineActivePending,
    LineMasked,
    Count
};
inline constexpr int kContextKindCount = static_cast<int>(ContextKind::Count);
const char* contextKindId(ContextKind k); // "hardirq", "softirq", "irq_thread", ...
std::optional<ContextKind> contextKindFromId(std::string_view id);

// Moments worth a marker on the timeline.
enum class InstantKind : std::uint8_t {
    IrqRaise,     // device/software sets the line pending (entity = line)
    IrqAck,       // CPU interface acknowledge (IAR)
    PriorityDrop, // EOIR (EOImode=1: before the handler)
    Deactivate,   // DIR, or EOIR in EOImode=0 (drop + deactivate)
    Mask,         // distributor / MSI mask
    Unmask,
    SoftirqRaise, // entity = vector
    TaskletSchedule,
    QueueWork, // entity = workqueue, detail = work function
    Wakeup,    // entity = woken task
    Ipi,       // entity = IPI kind
    Warning,   // entity = warning kind, detail = message
    Count
};
const char* instantKindId(InstantKind k);

enum class LaneType : std::uint8_t { Cpu, IrqLine, Task };

using StringId = std::uint32_t;
inline constexpr StringId kNoString = 0; // interned "" is always id 0

struct LaneInfo {
    LaneType type = LaneType::Cpu;
    std::string name; // "CPU 0", "IRQ 45 nvme0q1", "fio/1234"
    int cpu = -1;     // CPU number for CPU lanes
};

struct Segment {
    Time start = 0;
    Time end = 0;
    ContextKind kind = ContextKind::Idle;
    std::uint8_t depth = 0;
    StringId entity = kNoString; // task, IRQ line, softirq vector, tasklet
    StringId detail = kNoString; // work function, handler, extra
    std::uint32_t index = 0;     // position within its (lane, depth) track
};

struct Instant {
    Time t = 0;
    InstantKind kind = InstantKind::IrqRaise;
    StringId entity = kNoString;
    StringId detail = kNoString;
};

// Cause -> effect: e.g. hardirq raised a softirq; softirq woke a thread; a
// work item was queued then started. Endpoints are (lane, time); the segment
// containing that time at the deepest depth is the endpoint.
enum class FlowKind : std::uint8_t { RaiseSoftirq, ScheduleTasklet, WakeThread, QueueWork, WakeTask, Ipi, Count };
const char* flowKindId(FlowKind k);

struct Flow {
    std::uint32_t srcLane = 0;
    std::uint32_t dstLane = 0;
    Time srcTime = 0;
    Time dstTime = 0;
    FlowKind kind = FlowKind::WakeTask;
};

// One pixel column of a level-of-detail query.
struct TraceBin {
    ContextKind kind = ContextKind::Idle; // the kind covering most of the bin
    float coverage = 0.f;                 // fraction of the bin covered by any segment, 0..1
    std::uint32_t count = 0;              // segments touching the bin
    StringId entity = kNoString;          // entity of the dominant segment
    // Fraction of the bin's time spent in each kind (sums to `coverage`): what a
    // zoomed-out view must draw so that 0.2 % hardirq does not look like 100 %.
    std::array<float, kContextKindCount> fraction{};
};

class StringTable {
public:
    StringTable();
    StringId intern(std::string_view s);
    std::string_view view(StringId id) const { return strings_[id]; }
    std::size_t size() const { return strings_.size(); }
    std::size_t memoryBytes() const;

private:
    std::vector<std::string> strings_;
    std::unordered_map<std::string, StringId> ids_;
};

class Arena;

class Trace {
public:
    Trace();
    Trace(Trace&&) noexcept;
    Trace& operator=(Trace&&) noexcept;
    Trace(const Trace&) = delete;
    Trace& operator=(const Trace&) = delete;
    ~Trace();

    // ---- building ----
    std::uint32_t addLane(LaneType type, std::string name, int cpu = -1);
    StringId intern(std::string_view s) { return strings_.intern(s); }
    // Per (lane, depth), segments must come in time order and not overlap.
    // Segments longer than ~4.29 s are split transparently.
    void addSegment(std::uint32_t lane, std::uint8_t depth, Time start, Time end, ContextKind kind, StringId entity,
                    StringId detail = kNoString);
    // Per lane, instants must come in time order.
    void addInstant(std::uint32_t lane, Time t, InstantKind kind, StringId entity, StringId detail = kNoString);
    void addFlow(const Flow& f);
    void setTimeRange(Time start, Time end);
    // Budget for segment+instant storage; past it new records are dropped and counted.
    void setMemoryBudget(std::size_t bytes) { budgetBytes_ = bytes; }
    // Build the columns and the level-of-detail index. Call once after
    // building; queries (of segments, instants and flows) need it.
    void finalize();

    // ---- reading ----
    Time startTime() const { return start_; }
    Time endTime() const { return end_; }
    std::size_t laneCount() const;
    const LaneInfo& lane(std::uint32_t lane) const;
    int depthCount(std::uint32_t lane) const;
    std::size_t segmentCount(std::uint32_t lane, int depth) const;
    std::size_t segmentCount() const;
    Segment segment(std::uint32_t lane, int depth, std::size_t index) const;
    std::string_view str(StringId id) const { return strings_.view(id); }
    const StringTable& strings() const { return strings_; }
    StringTable& strings() { return strings_; }

    // Index range [first, last) of segments of (lane, depth) overlapping [t0, t1).
    std::pair<std::size_t, std::size_t> segmentRange(std::uint32_t lane, int depth, Time t0, Time t1) const;
    // The segment of (lane, depth) containing t, if any.
    std::optional<Segment> segmentAt(std::uint32_t lane, int depth, Time t) const;
    // The deepest segment on the lane containing t (what the CPU was running).
    std::optional<Segment> topSegmentAt(std::uint32_t lane, Time t) const;

    // Level of detail: [t0, t1) cut into `bins` equal columns. Cost grows with the
    // number of bins, not with the number of segments in the range.
    void queryBins(std::uint32_t lane, int depth, Time t0, Time t1, int bins, std::vector<TraceBin>& out) const;

    std::span<const Instant> instants(std::uint32_t lane) const;
    std::pair<std::size_t, std::size_t> instantRange(std::uint32_t lane, Time t0, Time t1) const;
    // Sorted by destination time, lane, then source time.
    std::span<const Flow> flows() const { return {flows_.p, flows_.n}; }
    // Flows whose destination lies inside segment s of lane (start <= dstTime < end).
    std::vector<Flow> flowsInto(std::uint32_t lane, const Segment& s) const;
    std::vector<Flow> flowsFrom(std::uint32_t lane, const Segment& s) const;

    // What the budget dropped (0 when everything was kept).
    std::uint64_t droppedSegments() const { return droppedSegments_; }
    std::uint64_t droppedInstants() const { return droppedInstants_; }
    std::uint64_t droppedFlows() const { return droppedFlows_; }
    // Bytes held, by what holds them (after finalize(), without vector slack).
    struct MemoryUse {
        std::size_t segments = 0; // the segment columns
        std::size_t index = 0;    // level-of-detail prefix sums and group starts
        std::size_t instants = 0;
        std::size_t flows = 0;
        std::size_t strings = 0;
        std::size_t total() const { return segments + index + instants + flows + strings; }
    };
    MemoryUse memoryUse() const;
    std::size_t memoryBytes() const { return memoryUse().total(); }
    // FNV-1a over every record: equal traces have equal hashes (determinism tests).
    std::uint64_t hash() const;

private:
    struct Track;
    struct LaneData;
    struct Staging;
    // The finished flows, in store_ (emptied when moved from).
    struct FlowColumn {
        Flow* p = nullptr;
        std::size_t n = 0;
        FlowColumn() = default;
        FlowColumn(FlowColumn&& o) noexcept : p(o.p), n(o.n) { o.p = nullptr, o.n = 0; }
        FlowColumn& operator=(FlowColumn&& o) noexcept {
            p = o.p, n = o.n;
            if (this != &o) o.p = nullptr, o.n = 0;
            return *this;
        }
    };
    std::vector<LaneData> lanes_;
    // Where segments, instants and flows are staged until finalize()
    // (trace/arena.h), and the one block finalize() writes the columns to.
    std::unique_ptr<Staging> staging_;
    std::unique_ptr<Arena> store_;
    FlowColumn flows_;
    StringTable strings_;
    Time start_ = 0;
    Time end_ = 0;
    std::size_t budgetBytes_ = 0; // 0 = unlimited
    std::size_t usedBytes_ = 0;
    std::uint64_t droppedSegments_ = 0;
    std::uint64_t droppedInstants_ = 0;
    std::uint64_t droppedFlows_ = 0;

    bool admit(std::size_t bytes, std::uint64_t& dropped);
    Staging& staging();
    const Track* track(std::uint32_t lane, int depth) const;
};

} // namespace irqscope
