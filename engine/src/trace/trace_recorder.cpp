#include "trace/trace_recorder.h"

#include "kernel/machine.h"

namespace irqscope {

TraceRecorder::TraceRecorder(Trace& trace, const kern::Machine& m) : trace_(trace), m_(m) {
    for (int i = 0; i < m.cpuCount(); ++i)
        lanes_.push_back(trace_.addLane(LaneType::Cpu, "CPU " + std::to_string(i), i));
}

void TraceRecorder::segment(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l) {
    trace_.addSegment(lane(c.id), static_cast<std::uint8_t>(depth), start, end, l.kind, l.entity, l.detail);
}

void TraceRecorder::instant(int cpu, InstantKind k, StringId entity, StringId detail) {
    trace_.addInstant(lane(cpu), m_.now(), k, entity, detail);
}

void TraceRecorder::flow(FlowKind k, int srcCpu, Time srcTime, int dstCpu, Time dstTime) {
    trace_.addFlow(Flow{lane(srcCpu), lane(dstCpu), srcTime, dstTime, k});
}

} // namespace irqscope
