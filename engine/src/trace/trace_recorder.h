// The trace as an observer of the machine:
//   - one lane per CPU (lanes 0..n-1): a segment for every label a CPU showed
//     at each depth of its stack;
//   - one lane per task that ran (LaneType::Task): when it was current on a
//     CPU, labelled as on the CPU lane;
//   - one lane per interrupt line that changed state (LaneType::IrqLine): the
//     controller's pending / active / active+pending state at depth 0 and
//     the mask at depth 1;
//   - the instants and the cause->effect flows between CPUs.
// Task and line lanes are added when they first have something to show.
//
// What needs the machine (which lane, a line's state, the time of an instant)
// is decided here, on the simulation thread; the Trace is written by a
// recording thread (trace_ring.h), which takes a fixed-size record per call.
// The Trace is complete once wait() returns.
#pragma once

#include "kernel/observer.h"
#include "trace/trace_ring.h"

#include <optional>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope {

class TraceRecorder final : public kern::MachineObserver {
public:
    // Adds the CPU lanes to the trace (they come first, lane i = CPU i).
    // finalizeTrace: the recording thread also finalizes the trace after the
    // run's last record, so that the caller can do other work meanwhile.
    TraceRecorder(Trace& trace, const kern::Machine& m, bool finalizeTrace = false);

    void segment(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l) override;
    void instant(int cpu, InstantKind k, StringId entity, StringId detail) override;
    void flow(FlowKind k, int srcCpu, Time srcTime, int dstCpu, Time dstTime) override;
    void lineChanged(const hw::IrqLine& l) override;
    void finished() override;

    // Waits until the trace holds every record (and is finalized, if asked);
    // rethrows what the recording thread threw (out of memory).
    void wait() { ring_.wait(); }

private:
    struct OpenLine {
        bool known = false;
        std::uint32_t lane = 0;
        StringId name = kNoString;
        std::optional<ContextKind> state; // pending / active / both, since stateSince
        Time stateSince = 0;
        bool masked = false;
        Time maskedSince = 0;
    };
    static constexpr std::uint32_t kNoLane = TraceOp::kNoLane;
    std::uint32_t lane(int cpu) const { return lanes_[static_cast<std::size_t>(cpu)]; }
    std::uint32_t taskLane(const kern::Task& t);
    // segment() and instant() when a task lane is new, the chunk is full or
    // a segment is too long for one record. Never inlined: segment() then
    // reaches it by a tail jump and saves no registers on its common path.
    [[gnu::noinline]] void segmentSlow(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l);
    [[gnu::noinline]] void instantSlow(int cpu, InstantKind k, StringId entity, StringId detail);
    std::uint32_t addLane(LaneType type, std::string name, int cpu);
    void lineSegment(const OpenLine& o, std::uint8_t depth, Time start, Time end, ContextKind kind);
    OpenLine& line(const hw::IrqLine& l);

    Trace& trace_;
    const kern::Machine& m_;
    std::vector<std::uint32_t> lanes_;
    std::vector<std::uint32_t> taskLanes_; // index: pid
    std::vector<OpenLine> lines_;          // index: IrqLine::index
    std::uint32_t laneCount_ = 0;          // lanes the trace will have once the ring's records are applied
    TraceRing ring_;                       // last: its thread stops before the rest goes
};

} // namespace irqscope
