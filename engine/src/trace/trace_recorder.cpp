#include "trace/trace_recorder.h"

#include "kernel/machine.h"

namespace irqscope {

TraceRecorder::TraceRecorder(Trace& trace, const kern::Machine& m, bool finalizeTrace)
    : trace_(trace), m_(m), ring_(trace, finalizeTrace) {
    // before any record: the recording thread has not touched the trace yet
    for (int i = 0; i < m.cpuCount(); ++i)
        lanes_.push_back(trace_.addLane(LaneType::Cpu, "CPU " + std::to_string(i), i));
    laneCount_ = static_cast<std::uint32_t>(trace_.laneCount());
}

std::uint32_t TraceRecorder::addLane(LaneType type, std::string name, int cpu) {
    TraceOp op;
    op.type = TraceOp::Type::Lane;
    op.kind = static_cast<std::uint8_t>(type);
    op.a = cpu;
    op.lane = ring_.addName(std::move(name));
    ring_.push(op);
    return laneCount_++;
}

std::uint32_t TraceRecorder::taskLane(const kern::Task& t) {
    const auto pid = static_cast<std::size_t>(t.pid);
    if (taskLanes_.size() <= pid) [[unlikely]]
        taskLanes_.resize(pid + 1, kNoLane);
    if (taskLanes_[pid] == kNoLane) [[unlikely]]
        taskLanes_[pid] = addLane(LaneType::Task, t.name, -1);
    return taskLanes_[pid];
}

// The common path makes no call (a new task lane and a full chunk go to the
// slow path, as a tail call): ~1.2 M segments per 200 ms of nvme-smmu.
void TraceRecorder::segment(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l) {
    // depth 0 is the current task (closed before a switch replaces it): its
    // lane shows the segment too
    std::uint32_t task = kNoLane;
    if (depth == 0 && !c.curr->isIdle) {
        const auto pid = static_cast<std::size_t>(c.curr->pid);
        if (pid >= taskLanes_.size() || taskLanes_[pid] == kNoLane) [[unlikely]]
            return segmentSlow(c, depth, start, end, l);
        task = taskLanes_[pid];
    }
    if (ring_.full() || !TraceOp::fits(start, end)) [[unlikely]]
        return segmentSlow(c, depth, start, end, l);
    ring_.put(
        TraceOp::segment(start, end, lane(c.id), task, l.entity, l.detail, l.kind, static_cast<std::uint8_t>(depth)));
}

void TraceRecorder::segmentSlow(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l) {
    const std::uint32_t task = depth == 0 && !c.curr->isIdle ? taskLane(*c.curr) : kNoLane;
    ring_.pushSegment(start, end, lane(c.id), task, l.entity, l.detail, l.kind, static_cast<std::uint8_t>(depth));
}

void TraceRecorder::instant(int cpu, InstantKind k, StringId entity, StringId detail) {
    if (ring_.full()) [[unlikely]]
        return instantSlow(cpu, k, entity, detail);
    ring_.put(TraceOp::instant(m_.now(), lane(cpu), k, entity, detail));
}

void TraceRecorder::instantSlow(int cpu, InstantKind k, StringId entity, StringId detail) {
    ring_.push(TraceOp::instant(m_.now(), lane(cpu), k, entity, detail));
}

void TraceRecorder::flow(FlowKind k, int srcCpu, Time srcTime, int dstCpu, Time dstTime) {
    ring_.push(TraceOp::flow(srcTime, dstTime, lane(srcCpu), lane(dstCpu), k));
}

void TraceRecorder::lineSegment(const OpenLine& o, std::uint8_t depth, Time start, Time end, ContextKind kind) {
    ring_.pushSegment(start, end, o.lane, kNoLane, o.name, kNoString, kind, depth);
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
        o.lane = addLane(LaneType::IrqLine, std::move(name), l.cpu);
        // the string table is the simulation thread's (the machine interns too)
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
        if (o.state && now > o.stateSince) lineSegment(o, 0, o.stateSince, now, *o.state);
        o.state = state;
        o.stateSince = now;
    }
    const bool masked = !l.enabled;
    if (masked != o.masked) {
        if (o.masked && now > o.maskedSince) lineSegment(o, 1, o.maskedSince, now, ContextKind::LineMasked);
        o.masked = masked;
        o.maskedSince = now;
    }
}

void TraceRecorder::finished() {
    const Time now = m_.now();
    for (OpenLine& o : lines_) {
        if (!o.known) continue;
        if (o.state && now > o.stateSince) lineSegment(o, 0, o.stateSince, now, *o.state);
        if (o.masked && now > o.maskedSince) lineSegment(o, 1, o.maskedSince, now, ContextKind::LineMasked);
        o.state.reset();
        o.masked = false;
    }
    ring_.close();
}

} // namespace irqscope
