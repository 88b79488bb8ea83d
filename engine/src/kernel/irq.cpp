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
// The IRQ thread (irq_thread()) is SCHED_FIFO 50 and follows the effective
// affinity of the line (or, per the RFC, the whole managed mask). Forced
// threading on !RT runs the handler with BH and IRQs disabled; softirqs it
// raised run at its local_bh_enable(), inside the thread.
#include "kernel/machine.h"

#include <cassert>

namespace irqscope::kern {

IrqDesc& Machine::requestIrq(hw::IrqLine& line, std::string name, IrqHandlerFn handler, CodeFn threadFn,
                             std::uint32_t flags) {
    auto d = std::make_unique<IrqDesc>();
    d->name = std::move(name);
    d->line = &line;
    d->handler = std::move(handler);
    d->threadFn = std::move(threadFn);
    d->flags = flags;
    d->oneshotSafeChip = line.type == hw::IntType::LPI;
    line.desc = d.get();
    line.nameId = intern(line.name);
    // irq_setup_forced_threading(): not for NO_THREAD, PERCPU or ONESHOT actions.
    if (cfg_.threadirqs && !(flags & (IRQF_NO_THREAD | IRQF_PERCPU | IRQF_ONESHOT)) && d->handler) {
        d->flags |= IRQF_ONESHOT;
        d->forcedThread = true;
        if (!d->threadFn) {
            d->threadFn = [h = d->handler](Kctx& c) -> Proc<void> { co_await h(c); };
            d->handler = nullptr; // irq_default_primary_handler
        }
    }
    // __setup_irq(): a ONESHOT_SAFE chip (MSI) never needs the ONESHOT mask.
    if (d->oneshotSafeChip) d->flags &= ~static_cast<std::uint32_t>(IRQF_ONESHOT);
    if (d->threadFn) {
        d->threadAffinity = oneCpu(line.cpu);
        IrqDesc* dp = d.get();
        std::string tname = "irq/" + std::to_string(line.intid) + "-" + d->name;
        d->thread = &createTask(tname, ContextKind::IrqThread, Policy::Fifo, d->forcedThread ? 50 : 50,
                                d->threadAffinity, [this, dp](Kctx& c) { return irqThread(c, *dp); });
    }
    irqDescs_.push_back(std::move(d));
    return *irqDescs_.back();
}

void Machine::raiseLine(hw::IrqLine& line) {
    ++line.raised;
    if (trace_) trace_->addInstant(cpu(line.cpu).lane, now(), InstantKind::IrqRaise, line.nameId);
    if (line.pending) { // already pending: the edges merge into one interrupt
        ++line.merged;
        return;
    }
    line.pending = true;
    logLine(line);
    if (line.type == hw::IntType::LPI && line.active) return;
    kick(cpu(line.cpu));
}

void Machine::sendReschedIpi(int fromCpu, Cpu& target) {
    (void)fromCpu;
    hw::IrqLine& l = ipiLine(target.id);
    if (trace_) flow(FlowKind::Ipi, cpu(fromCpu).lane, now(), target.lane, now());
    raiseLine(l);
}

Proc<void> Machine::irqEntry(Kctx& c) {
    Cpu& k = c.cpu();
    const Costs& cost = cfg_.cost;
    co_await c.work(cost.irqEntry);
    co_await c.work(cost.iar);
    hw::IrqLine* line = gic_.signalled(k.id);
    if (!line) {
        // spurious (1023): nothing left to acknowledge
        co_await c.work(cost.irqExit);
        co_return;
    }
    gic_.acknowledge(k.id, *line);
    logLine(*line);
    instant(k, InstantKind::IrqAck, line->nameId);
    c.label(ContextKind::Hardirq, line->nameId);
    if (cfg_.eoimode == 1) {
        co_await c.work(cost.eoir);
        gic_.priorityDrop(k.id);
        instant(k, InstantKind::PriorityDrop, line->nameId);
    }
    auto* d = static_cast<IrqDesc*>(line->desc);
    ++line->handled;
    if (d) {
        ++d->count;
        if (d->flags & IRQF_PERCPU) co_await handlePercpu(c, *d);
        else co_await handleFasteoi(c, *d);
    } else {
        co_await c.work(cfg_.eoimode == 1 ? cost.dir : cost.eoir);
        if (cfg_.eoimode == 0) gic_.priorityDrop(k.id);
        gic_.deactivate(*line);
        logLine(*line);
    }
    co_await c.work(cost.irqExit);
}

// EOI at the end of the flow: EOImode 0 drops priority and deactivates with
// one EOIR; EOImode 1 already dropped priority and now deactivates (DIR).
static Time eoiCost(const Config& cfg) {
    return cfg.eoimode == 1 ? cfg.cost.dir : cfg.cost.eoir;
}

Proc<void> Machine::handlePercpu(Kctx& c, IrqDesc& d) {
    Cpu& k = c.cpu();
    co_await c.work(cfg_.cost.flowHandler / 2);
    if (d.handler) (void)co_await d.handler(c);
    co_await c.work(eoiCost(cfg_));
    if (cfg_.eoimode == 0) gic_.priorityDrop(k.id);
    gic_.deactivate(*d.line);
    logLine(*d.line);
    instant(k, InstantKind::Deactivate, d.line->nameId);
}

Proc<void> Machine::handleFasteoi(Kctx& c, IrqDesc& d) {
    Cpu& k = c.cpu();
    const Costs& cost = cfg_.cost;
    hw::IrqLine& line = *d.line;
    co_await c.work(cost.flowHandler);
    const bool oneshot = (d.flags & IRQF_ONESHOT) != 0;
    const bool maskWithActiveBit = oneshot && cfg_.activeBitMasking && cfg_.eoimode == 1;
    if (oneshot && !maskWithActiveBit) {
        // mask_irq(): GICD_ICENABLER write, and on GICv3 wait for RWP.
        co_await c.work(cost.distWrite + cost.rwpWait);
        line.enabled = false;
        d.masked = true;
        logLine(line);
        instant(k, InstantKind::Mask, line.nameId);
    }
    IrqReturn ret = IrqReturn::WakeThread; // irq_default_primary_handler
    if (d.handler) ret = co_await d.handler(c);
    bool threadWoken = false;
    if (ret == IrqReturn::WakeThread && d.thread) {
        threadWoken = true;
        if (!d.runThread) { // __irq_wake_thread(): RUNTHREAD already set means nothing to do
            d.runThread = true;
            co_await c.work(cost.wakeup);
            if (d.thread->state == Task::State::Blocked) wake(*d.thread, k.id, FlowKind::WakeThread);
        }
    }
    // cond_unmask_eoi_irq()
    if (maskWithActiveBit && threadWoken) {
        d.eoiDeferred = true; // the active bit is the mask; DIR when the thread is done
        co_return;
    }
    co_await c.work(eoiCost(cfg_));
    if (cfg_.eoimode == 0) gic_.priorityDrop(k.id);
    gic_.deactivate(line);
    logLine(line);
    instant(k, InstantKind::Deactivate, line.nameId);
    if (oneshot && d.masked && !threadWoken) {
        co_await c.work(cost.distWrite);
        line.enabled = true;
        d.masked = false;
        logLine(line);
        instant(k, InstantKind::Unmask, line.nameId);
    }
}

Proc<void> Machine::unmaskThreadedIrq(Kctx& c, IrqDesc& d) {
    hw::IrqLine& line = *d.line;
    Cpu& k = c.cpu();
    if (d.eoiDeferred) {
        // IRQCHIP_EOI_THREADED: deactivate from the thread; no distributor access.
        co_await c.work(cfg_.cost.dir, kNoPreempt);
        d.eoiDeferred = false;
        gic_.deactivate(line);
        logLine(line);
        instant(k, InstantKind::Deactivate, line.nameId);
    }
    if (d.masked) {
        co_await c.work(cfg_.cost.distWrite, kNoPreempt); // GICD_ISENABLER: no RWP wait
        d.masked = false;
        line.enabled = true;
        logLine(line);
        instant(k, InstantKind::Unmask, line.nameId);
    }
    if (line.pending) kick(cpu(line.cpu));
}

Proc<void> Machine::irqThread(Kctx& c, IrqDesc& d) {
    for (;;) {
        while (!d.runThread) co_await c.block();
        d.runThread = false; // test_and_clear_bit(IRQTF_RUNTHREAD)
        if (d.forcedThread) {
            // irq_forced_thread_fn(): local_bh_disable(); local_irq_disable() on !RT
            c.frame().baseFlags = cfg_.preempt == PreemptModel::Rt ? kBhOff : (kBhOff | kIrqsOff);
            co_await d.threadFn(c);
            // irq_finalize_oneshot(): unmask only if no new wake-up is pending.
            if ((d.masked || d.eoiDeferred) && !d.runThread) co_await unmaskThreadedIrq(c, d);
            c.frame().baseFlags = 0;
            co_await localBhEnable(c); // softirqs the handler raised run here, in the thread
        } else {
            co_await d.threadFn(c);
            if ((d.masked || d.eoiDeferred) && !d.runThread) co_await unmaskThreadedIrq(c, d);
        }
    }
}

} // namespace irqscope::kern
