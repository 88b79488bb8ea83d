// The machine-state log as an observer: each report is compared with what
// was logged last and appended only on a change, so a long run stays small.
//
// CPU state (irqs off, need_resched, softirq pending, running priority, the
// current task) is sampled whenever a CPU settles — starts a piece of work or
// goes idle: every change made by kernel code happens inside dispatch()
// (coroutines resume there) or kicks the CPU (wake-ups set need_resched and
// kick), and simulated time only passes during work, so the sampled state is
// exact at every instant that has a duration.
#pragma once

#include "irqscope/state_log.h"
#include "kernel/observer.h"

#include <array>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope {

class StateLogRecorder final : public kern::MachineObserver {
public:
    // Records every CPU's state at the start (idle CPUs may never settle).
    StateLogRecorder(StateLog& log, const kern::Machine& m);

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

    StateLog& log_;
    const kern::Machine& m_;
    std::vector<CpuLogged> cpus_;
    std::vector<LineLogged> lines_; // index: IrqLine::index
    std::vector<PoolLogged> pools_; // index: WorkerPool::index
};

} // namespace irqscope
