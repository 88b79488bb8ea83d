#include "check/invariants.h"

#include <string>

namespace irqscope::check {

namespace {
const char* kindName(FrameKind k) {
    switch (k) {
    case FrameKind::Task: return "task";
    case FrameKind::Hardirq: return "hardirq";
    case FrameKind::Softirq: return "softirq";
    }
    return "?";
}
} // namespace

std::string Violation::toString() const {
    std::string s = "invariant '" + check + "' violated at t=" + formatDuration(time);
    if (cpu >= 0) s += " on CPU " + std::to_string(cpu);
    return s + ": " + detail;
}

bool Invariants::compiledIn() {
#if defined(IRQSCOPE_INVARIANTS)
    return true;
#else
    return false;
#endif
}

Invariants::CpuState& Invariants::cpuState(int cpu) {
    const auto i = static_cast<std::size_t>(cpu < 0 ? 0 : cpu);
    if (i >= cpus_.size()) cpus_.resize(i + 1);
    return cpus_[i];
}

void Invariants::fail(const char* check, Time t, int cpu, std::string detail) {
    if (!violation_) violation_ = Violation{check, t, cpu, std::move(detail)};
}

void Invariants::eventDispatched(Time t) {
    ++checks_;
    if (t < lastEventTime_)
        fail("time", t, -1, "an event ran at " + formatDuration(t) + " after one at " + formatDuration(lastEventTime_));
    lastEventTime_ = t;
}

void Invariants::framePushed(int cpu, Time t, FrameKind pushed, FrameKind below, bool irqsOnBelow, const void* frame) {
    ++checks_;
    CpuState& c = cpuState(cpu);
    // the message is made only when a check fails: this runs for every frame
    const auto what = [&] { return std::string(kindName(pushed)) + " pushed over " + kindName(below); };
    if (pushed == FrameKind::Task) fail("stack", t, cpu, "a task frame was pushed as an interrupt frame");
    else if (pushed == FrameKind::Hardirq && below == FrameKind::Hardirq)
        fail("stack", t, cpu, what() + ": hardirqs do not nest");
    else if (pushed == FrameKind::Hardirq && !irqsOnBelow)
        fail("stack", t, cpu, what() + " while interrupts were off there");
    else if (pushed == FrameKind::Softirq && below != FrameKind::Task)
        fail("stack", t, cpu, what() + ": softirqs run only over a task (irq_exit / local_bh_enable)");
    c.frames.push_back(frame);
}

void Invariants::framePopped(int cpu, Time t, const void* frame) {
    ++checks_;
    CpuState& c = cpuState(cpu);
    if (c.frames.empty()) fail("stack", t, cpu, "a frame was popped from an empty interrupt stack");
    else if (c.frames.back() != frame)
        fail("stack", t, cpu, "a frame was popped out of LIFO order (not the most recently pushed)");
    if (!c.frames.empty()) c.frames.pop_back();
}

void Invariants::irqsState(int cpu, Time t, FrameKind top, bool irqsEnabled) {
    ++checks_;
    if (top == FrameKind::Hardirq && irqsEnabled)
        fail("irqs-off", t, cpu, "interrupts are enabled while a hardirq handler runs");
}

void Invariants::segmentClosed(int cpu, int depth, Time start, Time end, Time parentOpenSince) {
    ++checks_;
    CpuState& c = cpuState(cpu);
    const auto d = static_cast<std::size_t>(depth < 0 ? 0 : depth);
    if (c.lastByDepth.size() <= d + 1) c.lastByDepth.resize(d + 2);
    // the message is made only when a check fails: formatting two times for
    // every segment cost more than the rest of an invariant build's run
    const auto seg = [&] { return "[" + formatDuration(start) + ", " + formatDuration(end) + ")"; };
    if (end <= start)
        fail("overlap", start, cpu,
             "segment " + seg() + " at depth " + std::to_string(depth) + " is empty or reversed");
    const Span prev = c.lastByDepth[d];
    if (prev.end >= 0 && start < prev.end)
        fail("overlap", start, cpu,
             "segment " + seg() + " at depth " + std::to_string(depth) + " overlaps the previous one ending at " +
                 formatDuration(prev.end));
    if (depth > 0) {
        const Span parent = c.lastByDepth[d - 1];
        const bool inOpenParent = parentOpenSince >= 0 && parentOpenSince <= start;
        const bool inClosedParent = parent.start >= 0 && parent.start <= start && end <= parent.end;
        if (!inOpenParent && !inClosedParent)
            fail("nesting", start, cpu,
                 "segment " + seg() + " at depth " + std::to_string(depth) +
                     " does not lie within a segment at depth " + std::to_string(depth - 1));
    }
    // Children of this segment must have ended by its end.
    const Span child = c.lastByDepth[d + 1];
    if (child.end > end)
        fail("nesting", end, cpu,
             "segment " + seg() + " at depth " + std::to_string(depth) + " ended before its child ending at " +
                 formatDuration(child.end));
    c.lastByDepth[d] = Span{start, end};
}

void Invariants::eventBalance(Time t, std::uint64_t scheduled, std::uint64_t dispatched, std::uint64_t cancelled,
                              std::uint64_t stillPending) {
    ++checks_;
    if (scheduled != dispatched + cancelled + stillPending)
        fail("events", t, -1,
             std::to_string(scheduled) + " events scheduled but " + std::to_string(dispatched) + " dispatched + " +
                 std::to_string(cancelled) + " cancelled + " + std::to_string(stillPending) + " still pending");
}

} // namespace irqscope::check
