// What the mechanisms report as they run. Recording is not a mechanism: the
// trace recorder, the machine-state log and the invariant checker are
// observers attached to the machine (trace/trace_recorder.h,
// state/state_log_recorder.h, check/invariant_observer.h), and a mechanism says
// what changed, in its own terms (CPU ids, tasks, lines, pools). Reports go
// through Observers, inline: with nobody listening a report is one test, with
// N observers N virtual calls.
#pragma once

#include "irqscope/latency_histogram.h"
#include "irqscope/trace.h"

#include <map>
#include <string>
#include <vector>

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

// The latency series an import of a real trace computes from the same causes
// and effects (trace/ftrace_metrics.cpp): softirq raise to entry, wake-up to
// running (tasks and IRQ threads), queue_work to the work's start. A
// simulated run measures them the same way, so the two line up.
class FlowLatency {
public:
    explicit FlowLatency(std::map<std::string, LatencyHistogram>& series)
        : raise_(&series["softirq_raise_to_entry"]), wake_(&series["wakeup"]),
          queue_(&series["workqueue_queue_to_start"]) {}
    void add(FlowKind k, Time ns) {
        switch (k) {
        case FlowKind::RaiseSoftirq: raise_->add(ns); break;
        case FlowKind::WakeTask:
        case FlowKind::WakeThread: wake_->add(ns); break;
        case FlowKind::QueueWork: queue_->add(ns); break;
        default: break;
        }
    }

private:
    LatencyHistogram *raise_, *wake_, *queue_;
};

// The attached observers, each told every report in the order they were attached.
class Observers {
public:
    void attach(MachineObserver& o) { list_.push_back(&o); }
    bool any() const { return !list_.empty(); }

    void segment(const Cpu& c, int depth, Time start, Time end, const Label& l) const {
        for (auto* o : list_) o->segment(c, depth, start, end, l);
    }
    void framePushed(const Cpu& c, FrameKind pushed, FrameKind below, bool irqsOnBelow, const void* frame) const {
        for (auto* o : list_) o->framePushed(c, pushed, below, irqsOnBelow, frame);
    }
    void framePopped(const Cpu& c, const void* frame) const {
        for (auto* o : list_) o->framePopped(c, frame);
    }
    void cpuSettled(const Cpu& c) const {
        for (auto* o : list_) o->cpuSettled(c);
    }
    void irqsState(const Cpu& c, FrameKind top, bool irqsEnabled) const {
        for (auto* o : list_) o->irqsState(c, top, irqsEnabled);
    }
    void instant(int cpu, InstantKind k, StringId entity, StringId detail) const {
        for (auto* o : list_) o->instant(cpu, k, entity, detail);
    }
    void flow(FlowKind k, int srcCpu, Time srcTime, int dstCpu, Time dstTime) const {
        if (flowLatency_) flowLatency_->add(k, dstTime - srcTime);
        for (auto* o : list_) o->flow(k, srcCpu, srcTime, dstCpu, dstTime);
    }
    // Where every flow's cause-to-effect time goes as a latency sample (the
    // metrics' generic series), recorded with or without observers.
    void setFlowLatency(FlowLatency* f) { flowLatency_ = f; }
    void lineChanged(const hw::IrqLine& l) const {
        for (auto* o : list_) o->lineChanged(l);
    }
    void runqueueChanged(const Cpu& c, const Task& t, bool added) const {
        for (auto* o : list_) o->runqueueChanged(c, t, added);
    }
    void poolChanged(const WorkerPool& p) const {
        for (auto* o : list_) o->poolChanged(p);
    }
    void finished() const {
        for (auto* o : list_) o->finished();
    }

private:
    std::vector<MachineObserver*> list_;
    FlowLatency* flowLatency_ = nullptr;
};

} // namespace irqscope::kern
