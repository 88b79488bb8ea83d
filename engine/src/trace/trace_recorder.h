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
#pragma once

#include "kernel/observer.h"

#include <optional>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope {

class TraceRecorder final : public kern::MachineObserver {
public:
    // Adds the CPU lanes to the trace (they come first, lane i = CPU i).
    TraceRecorder(Trace& trace, const kern::Machine& m);

    void segment(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l) override;
    void instant(int cpu, InstantKind k, StringId entity, StringId detail) override;
    void flow(FlowKind k, int srcCpu, Time srcTime, int dstCpu, Time dstTime) override;
    void lineChanged(const hw::IrqLine& l) override;
    void finished() override;

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
    static constexpr std::uint32_t kNoLane = ~0u;
    std::uint32_t lane(int cpu) const { return lanes_[static_cast<std::size_t>(cpu)]; }
    std::uint32_t taskLane(const kern::Task& t);
    OpenLine& line(const hw::IrqLine& l);

    Trace& trace_;
    const kern::Machine& m_;
    std::vector<std::uint32_t> lanes_;
    std::vector<std::uint32_t> taskLanes_; // index: pid
    std::vector<OpenLine> lines_;          // index: IrqLine::index
};

} // namespace irqscope
