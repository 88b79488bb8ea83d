// The invariant checker as an observer: the machine's reports of frames,
// segments and interrupt state, passed to the rules of check/invariants.h.
#pragma once

#include "check/invariants.h"
#include "kernel/observer.h"

namespace irqscope::kern {
class Machine;
}

namespace irqscope::check {

class InvariantObserver final : public kern::MachineObserver {
public:
    InvariantObserver(Invariants& inv, const kern::Machine& m) : inv_(inv), m_(m) {}

    void segment(const kern::Cpu& c, int depth, Time start, Time end, const kern::Label& l) override;
    void framePushed(const kern::Cpu& c, kern::FrameKind pushed, kern::FrameKind below, bool irqsOnBelow,
                     const void* frame) override;
    void framePopped(const kern::Cpu& c, const void* frame) override;
    void irqsState(const kern::Cpu& c, kern::FrameKind top, bool irqsEnabled) override;

private:
    Invariants& inv_;
    const kern::Machine& m_;
};

} // namespace irqscope::check
