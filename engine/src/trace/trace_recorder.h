// The trace as an observer of the machine: one lane per CPU, a segment for
// every label a CPU showed at each depth, the instants and the cause->effect
// flows between CPUs.
#pragma once

#include "kernel/observer.h"

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

private:
    std::uint32_t lane(int cpu) const { return lanes_[static_cast<std::size_t>(cpu)]; }
    Trace& trace_;
    const kern::Machine& m_;
    std::vector<std::uint32_t> lanes_;
};

} // namespace irqscope
