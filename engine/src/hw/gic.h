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
    explicit Gic(int cpus)
        : cpuBusyPrio_(static_cast<std::size_t>(cpus), 0), pendingOn_(static_cast<std::size_t>(cpus), 0),
          perCpu_(static_cast<std::size_t>(cpus)) {}

    IrqLine& addLine(IntType type, int intid, int cpu, std::string name);

    // Highest-priority (lowest INTID) deliverable line for this CPU, or null.
    // Inline: dispatch() asks at every step, and the answer is nearly always
    // "none" from the two counts alone; only then are the lines looked at.
    IrqLine* signalled(int cpu) const {
        const auto i = static_cast<std::size_t>(cpu);
        if (cpuBusyPrio_[i] > 0 || pendingOn_[i] == 0) return nullptr;
        return firstDeliverable(i);
    }
    // An edge makes the line pending (the caller checked it was not).
    void setPending(IrqLine& l) {
        l.pending = true;
        ++pendingOn_[static_cast<std::size_t>(l.cpu)];
    }
    // Acknowledge: pending -> active (LPIs: just consumed), running priority raised.
    void acknowledge(int cpu, IrqLine& l);
    void priorityDrop(int cpu) {
        if (cpuBusyPrio_[static_cast<std::size_t>(cpu)] > 0) --cpuBusyPrio_[static_cast<std::size_t>(cpu)];
    }
    void deactivate(IrqLine& l) { l.active = false; }
    // How many acknowledged interrupts have not had their priority dropped (0: idle priority).
    int activePriorities(int cpu) const { return cpuBusyPrio_[static_cast<std::size_t>(cpu)]; }

    const std::vector<std::unique_ptr<IrqLine>>& lines() const { return lines_; }

private:
    IrqLine* firstDeliverable(std::size_t cpu) const;

    std::vector<int> cpuBusyPrio_;
    // Lines of each CPU that are pending: signalled() looks at the lines only
    // when one is (the GIC's own pending state, kept as a count).
    std::vector<int> pendingOn_;
    std::vector<std::vector<IrqLine*>> perCpu_;
    std::vector<std::unique_ptr<IrqLine>> lines_;
};

} // namespace irqscope::hw
