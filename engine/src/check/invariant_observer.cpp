#include "check/invariant_observer.h"

#include "kernel/machine.h"

namespace irqscope::check {

namespace {
FrameKind kind(kern::FrameKind k) {
    switch (k) {
    case kern::FrameKind::Task: return FrameKind::Task;
    case kern::FrameKind::Hardirq: return FrameKind::Hardirq;
    case kern::FrameKind::Softirq: return FrameKind::Softirq;
    }
    return FrameKind::Task;
}
} // namespace

void InvariantObserver::segment(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label&) {
    const Time parentOpenSince = depth > 0 ? c.stack[static_cast<std::size_t>(depth - 1)]->openSince : Time{-1};
    inv_.segmentClosed(c.id, depth, start, end, parentOpenSince);
}

void InvariantObserver::framePushed(const kern::Cpu& c, kern::FrameKind pushed, kern::FrameKind below, bool irqsOnBelow,
                                    const void* frame) {
    inv_.framePushed(c.id, m_.now(), kind(pushed), kind(below), irqsOnBelow, frame);
}

void InvariantObserver::framePopped(const kern::Cpu& c, const void* frame) {
    inv_.framePopped(c.id, m_.now(), frame);
}

void InvariantObserver::irqsState(const kern::Cpu& c, kern::FrameKind top, bool irqsEnabled) {
    inv_.irqsState(c.id, m_.now(), kind(top), irqsEnabled);
}

} // namespace irqscope::check
