// CPU-time accounting (kernel/sched/cputime.c): every nanosecond of every CPU
// is charged once, to the context on top of its stack — idle, a task, a
// softirq, a hardirq — and irqs-off time is counted apart. With
// CONFIG_IRQ_TIME_ACCOUNTING the interrupted task is not charged for
// interrupts; without it, it pays for them: its runtime, vruntime and RT
// budget all grow.
#pragma once

#include "kernel/cpu.h"

#include <array>
#include <vector>

namespace irqscope::kern {

class Machine;

class Accounting {
public:
    explicit Accounting(Machine& m);

    // Charges the time since the last call to what was on top of the CPU.
    void account(Cpu& c);
    const std::array<Time, kContextKindCount>& nsByKind(int cpu) const { return at(cpu).nsByKind; }
    Time irqsOffNs(int cpu) const { return at(cpu).irqsOffNs; }

private:
    struct PerCpu {
        Time last = 0;
        std::array<Time, kContextKindCount> nsByKind{};
        Time irqsOffNs = 0;
    };
    const PerCpu& at(int cpu) const { return cpus_[static_cast<std::size_t>(cpu)]; }

    Machine& m_;
    std::vector<PerCpu> cpus_;
};

} // namespace irqscope::kern
