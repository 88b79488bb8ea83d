// What the mechanisms report as they run. Recording is not a mechanism: the
// trace recorder, the machine-state log and the invariant checker are
// observers attached to the machine (trace/trace_recorder.h,
// state/state_log_recorder.h, check/invariant_observer.h), and a mechanism says
// what changed, in its own terms (CPU ids, tasks, lines, pools). With no
// observer attached every report is one pointer test.
#pragma once

#include "irqscope/trace.h"

namespace irqscope::hw {
struct IrqLine;
}

namespace irqscope::kern {

struct Cpu;
struct Task;
struct Label;
struct WorkerPool;

enum class FrameKind : std::uint8_t { Task, Hardirq, Softirq };

class MachineObserver {
public:
    virtual ~MachineObserver() = default;

    // ---- what each CPU ran (exec.cpp) ----
    // `label` was shown at `depth` of the CPU's stack over [start, end).
    virtual void segment(const Cpu&, int /*depth*/, Time /*start*/, Time /*end*/, const Label&) {}
    // An irq frame was pushed onto / popped off the CPU's stack.
    virtual void framePushed(const Cpu&, FrameKind /*pushed*/, FrameKind /*below*/, bool /*irqsOnBelow*/,
                             const void* /*frame*/) {}
    virtual void framePopped(const Cpu&, const void* /*frame*/) {}
    // The CPU starts a piece of work or goes idle: its state is settled.
    virtual void cpuSettled(const Cpu&) {}
    // Checked at every step of dispatch() in invariant builds only (hot).
    virtual void irqsState(const Cpu&, FrameKind /*top*/, bool /*irqsEnabled*/) {}

    // ---- points and causes ----
    virtual void instant(int /*cpu*/, InstantKind, StringId /*entity*/, StringId /*detail*/) {}
    // Cause on srcCpu at srcTime, effect on dstCpu at dstTime.
    virtual void flow(FlowKind, int /*srcCpu*/, Time /*srcTime*/, int /*dstCpu*/, Time /*dstTime*/) {}

    // ---- state that the slow-motion player shows ----
    virtual void lineChanged(const hw::IrqLine&) {}
    virtual void runqueueChanged(const Cpu&, const Task&, bool /*added*/) {}
    virtual void poolChanged(const WorkerPool&) {}

    // The run is over (every CPU's segments are closed).
    virtual void finished() {}
};

} // namespace irqscope::kern
