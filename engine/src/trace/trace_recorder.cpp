#include "trace/trace_recorder.h"

#include "kernel/machine.h"

namespace irqscope {

TraceRecorder::TraceRecorder(Trace& trace, const kern::Machine& m) : trace_(trace), m_(m) {
    for (int i = 0; i < m.cpuCount(); ++i)
        lanes_.push_back(trace_.addLane(LaneType::Cpu, "CPU " + std::to_string(i), i));
}

std::uint32_t TraceRecorder::taskLane(const kern::Task& t) {
    const auto pid = static_cast<std::size_t>(t.pid);
    if (taskLanes_.size() <= pid) taskLanes_.resize(pid + 1, kNoLane);
    if (taskLanes_[pid] == kNoLane) taskLanes_[pid] = trace_.addLane(LaneType::Task, t.name);
    return taskLanes_[pid];
}

void TraceRecorder::segment(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l) {
    trace_.addSegment(lane(c.id), static_cast<std::uint8_t>(depth), start, end, l.kind, l.entity, l.detail);
    // depth 0 is the current task (closed before a switch replaces it)
    if (depth == 0 && !c.curr->isIdle) trace_.addSegment(taskLane(*c.curr), 0, start, end, l.kind, l.entity, l.detail);
}

void TraceRecorder::instant(int cpu, InstantKind k, StringId entity, StringId detail) {
    trace_.addInstant(lane(cpu), m_.now(), k, entity, detail);
}

void TraceRecorder::flow(FlowKind k, int srcCpu, Time srcTime, int dstCpu, Time dstTime) {
    trace_.addFlow(Flow{lane(srcCpu), lane(dstCpu), srcTime, dstTime, k});
}

TraceRecorder::OpenLine& TraceRecorder::line(const hw::IrqLine& l) {
    if (lines_.size() <= l.index) lines_.resize(l.index + 1);
    OpenLine& o = lines_[l.index];
    if (!o.known) {
        o.known = true;
        // per-CPU lines (SGI, PPI) exist once per CPU under one INTID
        const bool perCpu = l.type == hw::IntType::SGI || l.type == hw::IntType::PPI;
        std::string name = "IRQ " + std::to_string(l.intid) + " " + l.name;
        if (perCpu) name += " (CPU " + std::to_string(l.cpu) + ")";
        o.lane = trace_.addLane(LaneType::IrqLine, std::move(name), l.cpu);
        o.name = trace_.intern(l.name);
    }
    return o;
}

void TraceRecorder::lineChanged(const hw::IrqLine& l) {
    OpenLine& o = line(l);
    const Time now = m_.now();
    std::optional<ContextKind> state;
    if (l.pending && l.active) state = ContextKind::LineActivePending;
    else if (l.active) state = ContextKind::LineActive;
    else if (l.pending) state = ContextKind::LinePending;
    if (state != o.state) {
        if (o.state && now > o.stateSince) trace_.addSegment(o.lane, 0, o.stateSince, now, *o.state, o.name);
        o.state = state;
        o.stateSince = now;
    }
    const bool masked = !l.enabled;
    if (masked != o.masked) {
        if (o.masked && now > o.maskedSince)
            trace_.addSegment(o.lane, 1, o.maskedSince, now, ContextKind::LineMasked, o.name);
        o.masked = masked;
        o.maskedSince = now;
    }
}

void TraceRecorder::finished() {
    const Time now = m_.now();
    for (OpenLine& o : lines_) {
        if (!o.known) continue;
        if (o.state && now > o.stateSince) trace_.addSegment(o.lane, 0, o.stateSince, now, *o.state, o.name);
        if (o.masked && now > o.maskedSince)
            trace_.addSegment(o.lane, 1, o.maskedSince, now, ContextKind::LineMasked, o.name);
        o.state.reset();
        o.masked = false;
    }
}

} // namespace irqscope
