// genirq on an ARM GIC (kernel/irq/chip.c, manage.c; drivers/irqchip/irq-gic*.c).
//
// Entry: exception entry, then the CPU interface acknowledge (IAR) which makes
// the line active and raises the running priority. With EOImode=1 the priority
// drop (EOIR) follows at once; the line stays active until DIR.
// handle_fasteoi_irq(): a ONESHOT line on a chip that is not ONESHOT_SAFE is
// masked at the distributor (MMIO, plus the RWP wait on GICv3) before the
// handler; the handler returns HANDLED or WAKE_THREAD (waking the thread is
// coalesced through IRQTF_RUNTHREAD); cond_unmask_eoi_irq() then ends the
// interrupt: EOIR (mode 0) or DIR (mode 1) — unless the seed series' active-bit
// masking (IRQCHIP_EOI_THREADED) defers DIR to the thread's end, replacing the
// mask/unmask pair.
// The IRQ thread (irq_thread()) is SCHED_FIFO 50 (MAX_RT_PRIO/2) and follows
// the effective affinity of the line (or, per the RFC, the whole managed mask).
// Forced threading (irq_setup_forced_threading()) moves the primary handler
// into the thread, which runs it in irq_forced_thread_fn(): BH disabled, and
// on !RT interrupts disabled too; softirqs it raised run at its
// local_bh_enable(), inside the thread. A driver that also has a thread
// function gets a secondary thread, irq/N-s-name, woken when the primary
// returns IRQ_WAKE_THREAD; it runs the driver's thread function as an ordinary
// threaded handler (interrupts on, preemptible) at kernel.irq.forced_secondary_prio.
#pragma once

#include "hw/gic.h"
#include "kernel/cpu.h"
#include "kernel/kctx.h"
#include "kernel/task.h"

#include <memory>
#include <string>
#include <vector>

namespace irqscope::kern {

class Machine;

enum class IrqReturn : std::uint8_t { None, Handled, WakeThread };
using IrqHandlerFn = std::function<Proc<IrqReturn>(Kctx&)>;

// request_threaded_irq() flags that the model distinguishes.
enum IrqFlags : std::uint32_t { IRQF_ONESHOT = 1, IRQF_NO_THREAD = 2, IRQF_PERCPU = 4 };

// struct irq_desc + its one irqaction.
struct IrqDesc {
    std::string name;
    hw::IrqLine* line = nullptr;
    IrqHandlerFn handler; // primary; empty = irq_default_primary_handler (wake thread)
    CodeFn threadFn;      // threaded handler; empty = none
    std::uint32_t flags = 0;
    bool forcedThread = false;
    IrqHandlerFn forcedFn;        // forced threading: the driver's primary handler, run in the thread
    Task* secondary = nullptr;    // forced threading of handler + thread_fn: irq/N-s-name
    CodeFn secondaryFn;           // the driver's thread function, run by the secondary thread
    bool secondaryRun = false;    // the secondary action's IRQTF_RUNTHREAD
    bool oneshotSafeChip = false; // MSI / LPI: IRQCHIP_ONESHOT_SAFE
    Task* thread = nullptr;
    bool runThread = false;   // IRQTF_RUNTHREAD
    bool masked = false;      // ONESHOT mask in force
    bool eoiDeferred = false; // active-bit masking: DIR waits for the thread
    CpuMask threadAffinity;
    std::uint64_t count = 0; // /proc/interrupts
};

class GenIrq {
public:
    explicit GenIrq(Machine& m);

    // request_threaded_irq()
    IrqDesc& request(hw::IrqLine& line, std::string name, IrqHandlerFn handler, CodeFn threadFn, std::uint32_t flags);
    // irq_set_affinity() of the IRQ thread (managed interrupts: the whole group's mask).
    void setThreadAffinity(IrqDesc& d, CpuMask mask);
    // A device (or software) sets the line pending.
    void raise(hw::IrqLine& line);

    // The exception entry exec.cpp runs in a new hardirq frame.
    Proc<void> entry(Kctx& c);
    void countEntry(const Cpu& c) { ++entries_[static_cast<std::size_t>(c.id)]; }
    std::uint64_t entries(int cpu) const { return entries_[static_cast<std::size_t>(cpu)]; }

private:
    Proc<void> irqThread(Kctx& c, IrqDesc& d);
    Proc<void> secondaryThread(Kctx& c, IrqDesc& d);
    Proc<IrqReturn> forcedThreadFn(Kctx& c, IrqDesc& d);
    Proc<void> unmaskThreadedIrq(Kctx& c, IrqDesc& d);
    Time eoiCost() const;
    void deactivated(const Cpu& k, hw::IrqLine& line);
    void setMasked(const Cpu& k, IrqDesc& d, bool masked);
    void lineChanged(const hw::IrqLine& line);

    Machine& m_;
    std::vector<std::unique_ptr<IrqDesc>> descs_;
    std::vector<IrqDesc*> byLine_; // index: IrqLine::index
    std::vector<std::uint64_t> entries_;
};

} // namespace irqscope::kern
