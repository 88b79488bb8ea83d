// The machine-state log as an observer: each report is compared with what
// was logged last and appended only on a change, so a long run stays small.
//
// CPU state (irqs off, need_resched, softirq pending, running priority, the
// current task) is sampled whenever a CPU settles — starts a piece of work or
// goes idle: every change made by kernel code happens inside dispatch()
// (coroutines resume there) or kicks the CPU (wake-ups set need_resched and
// kick), and simulated time only passes during work, so the sampled state is
// exact at every instant that has a duration.
//
// Sampling needs the machine and stays on the simulation thread; with a
// trace ring (trace/trace_ring.h) each record is one store into it and the
// recording thread appends it to the log, in the same order.
#pragma once

#include "irqscope/state_log.h"
#include "kernel/observer.h"
#include "trace/trace_ring.h"

#include <array>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope {

class StateLogRecorder final : public kern::MachineObserver {
public:
    // Records every CPU's state at the start (idle CPUs may never settle).
    // ring: where the records go on their way to the log (nullptr: written
    // directly); the ring's recording thread must outlive the recording.
    StateLogRecorder(StateLog& log, const kern::Machine& m, TraceRing* ring = nullptr);

    void cpuSettled(const kern::Cpu& c) override;
    void lineChanged(const hw::IrqLine& l) override;
    void runqueueChanged(const kern::Cpu& c, const kern::Task& t, bool added) override;
    void poolChanged(const kern::WorkerPool& p) override;

private:
    struct CpuLogged {
        bool irqsOff = false;
        std::uint8_t needResched = 0;
        std::uint32_t softirqPending = 0;
        int priorities = 0;
        StringId running = kNoString;
    };
    struct LineLogged {
        std::int32_t subject = -1; // -1: not registered with the log yet
        std::uint8_t bits = 0;
    };
    struct PoolLogged {
        std::int32_t subject = -1;
        std::array<int, 4> values{}; // pending, busy, idle, workers
    };

    void record(Time t, std::uint16_t subject, StateField field, std::uint32_t value) {
        if (!ring_) return log_.record(t, subject, field, value);
        const TraceOp op{t, 0, subject, 0, value, kNoString, TraceOp::Type::State, static_cast<std::uint8_t>(field), 0};
        if (ring_->full()) [[unlikely]]
            return ring_->push(op);
        ring_->put(op);
    }

    StateLog& log_;
    const kern::Machine& m_;
    TraceRing* ring_;
    std::vector<CpuLogged> cpus_;
    std::vector<LineLogged> lines_; // index: IrqLine::index
    std::vector<PoolLogged> pools_; // index: WorkerPool::index
};

} // namespace irqscope
