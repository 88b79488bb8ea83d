// The interrupt controller: an ARM GIC (v2 or v3) as the kernel sees it.
//
// Per INTID: enabled (distributor enable bit), pending, active. The CPU
// interface of each CPU has a running priority: after an acknowledge nothing of
// equal or lower priority is signalled to that CPU until the priority drop
// (EOIR). Linux uses one priority for every ordinary interrupt, so a CPU whose
// priority has not been dropped takes no further interrupt. While an INTID is
// active it cannot be signalled again (it is "masked by its active bit" — the
// property the EOImode=1 series exploits). LPIs (MSI through the ITS) have no
// active state. Among deliverable interrupts the lowest INTID wins (equal
// priority), so per-CPU timers (PPIs 16-31) beat SPIs.
//
// This class holds state only; the costs of touching it (sysreg vs MMIO, RWP
// wait) are paid by the kernel code paths in irq.cpp.
#pragma once

#include "irqscope/trace.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace irqscope::hw {

enum class IntType : std::uint8_t { SGI, PPI, SPI, LPI };

struct IrqLine {
    int intid = 0;
    IntType type = IntType::SPI;
    int cpu = 0;         // target CPU (SPI/LPI: effective affinity; SGI/PPI: owner)
    bool enabled = true; // distributor enable (mask clears it)
    bool pending = false;
    bool active = false;
    std::string name;
    StringId nameId = kNoString;
    std::uint32_t index = 0; // position in Gic::lines(), in the order the lines were added
    std::uint64_t raised = 0;
    std::uint64_t handled = 0; // acknowledged
    std::uint64_t merged = 0;  // raised while already pending (edges merge)
};

class Gic {
public:
    explicit Gic(int cpus) : cpuIf_(static_cast<std::size_t>(cpus)), perCpu_(static_cast<std::size_t>(cpus)) {}

    IrqLine& addLine(IntType type, int intid, int cpu, std::string name);

    // Highest-priority (lowest INTID) deliverable line for this CPU, or null.
    // Inline: dispatch() asks at every step, and the answer is nearly always
    // "none" from the CPU interface's line alone; only then are lines looked at.
    IrqLine* signalled(int cpu) const {
        const CpuIf& ci = cpuIf_[static_cast<std::size_t>(cpu)];
        if (ci.busyPrio > 0 || ci.pendingCount == 0) return nullptr;
        return firstDeliverable(ci, static_cast<std::size_t>(cpu));
    }
    // An edge makes the line pending (the caller checked it was not).
    void setPending(IrqLine& l) {
        l.pending = true;
        CpuIf& ci = cpuIf_[static_cast<std::size_t>(l.cpu)];
        if (++ci.pendingCount <= kListed) ci.pending[ci.pendingCount - 1] = &l;
    }
    // Acknowledge: pending -> active (LPIs: just consumed), running priority raised.
    void acknowledge(int cpu, IrqLine& l);
    void priorityDrop(int cpu) {
        CpuIf& ci = cpuIf_[static_cast<std::size_t>(cpu)];
        if (ci.busyPrio > 0) --ci.busyPrio;
    }
    void deactivate(IrqLine& l) { l.active = false; }
    // How many acknowledged interrupts have not had their priority dropped (0: idle priority).
    int activePriorities(int cpu) const { return cpuIf_[static_cast<std::size_t>(cpu)].busyPrio; }

    const std::vector<std::unique_ptr<IrqLine>>& lines() const { return lines_; }

private:
    // Pending lines listed per CPU interface; more pending at once (rare: a
    // CPU with interrupts disabled for long) and the CPU's lines are scanned.
    static constexpr std::uint32_t kListed = 6;
    // What signalled() reads of one CPU, in one cache line: its running
    // priority (acknowledged, not dropped), how many of its lines are pending
    // and, while they fit, which. A CPU's lines are scattered over the heap,
    // so looking only at the pending ones (just touched by setPending) keeps
    // an interrupt's delivery to the lines it concerns.
    struct alignas(64) CpuIf {
        int busyPrio = 0;
        std::uint32_t pendingCount = 0;
        std::array<IrqLine*, kListed> pending{}; // [0, pendingCount) while pendingCount <= kListed
    };
    IrqLine* firstDeliverable(const CpuIf& ci, std::size_t cpu) const;

    std::vector<CpuIf> cpuIf_;
    std::vector<std::vector<IrqLine*>> perCpu_; // each CPU's lines by INTID, then by index
    std::vector<std::unique_ptr<IrqLine>> lines_;
};

} // namespace irqscope::hw
