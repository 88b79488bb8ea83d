#include "kernel/irq.h"

#include "kernel/machine.h"

namespace irqscope::kern {

namespace {
constexpr int kIrqThreadPriority = 50; // MAX_RT_PRIO / 2 (kernel/irq/manage.c setup_irq_thread())
}

GenIrq::GenIrq(Machine& m) : m_(m), entries_(static_cast<std::size_t>(m.cpuCount()), 0) {}

IrqDesc& GenIrq::request(hw::IrqLine& line, std::string name, IrqHandlerFn handler, CodeFn threadFn,
                         std::uint32_t flags) {
    auto d = std::make_unique<IrqDesc>();
    d->name = std::move(name);
    d->line = &line;
    d->handler = std::move(handler);
    d->threadFn = std::move(threadFn);
    d->flags = flags;
    d->oneshotSafeChip = line.type == hw::IntType::LPI;
    if (byLine_.size() <= line.index) byLine_.resize(line.index + 1, nullptr);
    byLine_[line.index] = d.get();
    line.nameId = m_.intern(line.name);
    // irq_setup_forced_threading(): not for NO_THREAD, PERCPU or ONESHOT actions.
    // The primary handler becomes the thread's function (run by
    // irq_forced_thread_fn()); a driver thread function moves to a secondary action.
    CodeFn secondaryFn;
    if (m_.cfg().threadirqs && !(flags & (IRQF_NO_THREAD | IRQF_PERCPU | IRQF_ONESHOT)) && d->handler) {
        d->flags |= IRQF_ONESHOT;
        d->forcedThread = true;
        secondaryFn = std::move(d->threadFn);
        d->forcedFn = std::move(d->handler);
        d->handler = nullptr; // irq_default_primary_handler
        IrqDesc* dp = d.get();
        d->threadFn = [this, dp](Kctx& c) -> Proc<void> { co_await forcedThreadFn(c, *dp); };
    }
    // __setup_irq(): a ONESHOT_SAFE chip (MSI) never needs the ONESHOT mask.
    if (d->oneshotSafeChip) d->flags &= ~static_cast<std::uint32_t>(IRQF_ONESHOT);
    if (d->threadFn) {
        d->threadAffinity = m_.oneCpu(line.cpu);
        IrqDesc* dp = d.get();
        std::string tname = "irq/" + std::to_string(line.intid) + "-" + d->name;
        d->thread = &m_.sched().createTask(tname, ContextKind::IrqThread, Policy::Fifo, kIrqThreadPriority,
                                           d->threadAffinity, [this, dp](Kctx& c) { return irqThread(c, *dp); });
        if (secondaryFn) {
            // setup_irq_thread(new->secondary, irq, true): "irq/%d-s-%s"
            d->secondaryFn = std::move(secondaryFn);
            d->secondary =
                &m_.sched().createTask("irq/" + std::to_string(line.intid) + "-s-" + d->name, ContextKind::IrqThread,
                                       Policy::Fifo, m_.cfg().irqForcedSecondaryPrio, d->threadAffinity,
                                       [this, dp](Kctx& c) { return secondaryThread(c, *dp); });
        }
    }
    descs_.push_back(std::move(d));
    return *descs_.back();
}

void GenIrq::setThreadAffinity(IrqDesc& d, CpuMask mask) {
    d.threadAffinity = mask;
    if (d.thread) d.thread->affinity = mask;
    if (d.secondary) d.secondary->affinity = mask;
}

void GenIrq::lineChanged(const hw::IrqLine& line) {
    m_.observers().lineChanged(line);
}

void GenIrq::raise(hw::IrqLine& line) {
    ++line.raised;
    m_.observers().instant(line.cpu, InstantKind::IrqRaise, line.nameId, kNoString);
    if (line.pending) { // already pending: the edges merge into one interrupt
        ++line.merged;
        return;
    }
    m_.gic().setPending(line);
    lineChanged(line);
    if (line.type == hw::IntType::LPI && line.active) return;
    m_.exec().kick(m_.cpu(line.cpu));
}

// EOI at the end of the flow: EOImode 0 drops priority and deactivates with
// one EOIR; EOImode 1 already dropped priority and now deactivates (DIR).
Time GenIrq::eoiCost() const {
    return m_.cfg().eoimode == 1 ? m_.cfg().cost.dir : m_.cfg().cost.eoir;
}

// The line is no longer active (EOIR in mode 0, DIR in mode 1).
void GenIrq::deactivated(const Cpu& k, hw::IrqLine& line) {
    m_.gic().deactivate(line);
    lineChanged(line);
    m_.observers().instant(k.id, InstantKind::Deactivate, line.nameId, kNoString);
}

// mask_irq() / unmask_irq() at the distributor (the MMIO cost is the caller's).
void GenIrq::setMasked(const Cpu& k, IrqDesc& d, bool masked) {
    d.line->enabled = !masked;
    d.masked = masked;
    lineChanged(*d.line);
    m_.observers().instant(k.id, masked ? InstantKind::Mask : InstantKind::Unmask, d.line->nameId, kNoString);
}

// The flow handlers (handle_percpu_devid_irq(), handle_fasteoi_irq()) run in
// entry()'s own coroutine, not in one of their own: one frame per interrupt.
Proc<void> GenIrq::entry(Kctx& c) {
    Cpu& k = c.cpu();
    const Config& cfg = m_.cfg();
    const Costs& cost = cfg.cost;
    hw::Gic& gic = m_.gic();
    co_await c.work(cost.irqEntry);
    co_await c.work(cost.iar);
    hw::IrqLine* line = gic.signalled(k.id);
    if (!line) {
        // spurious (1023): nothing left to acknowledge
        co_await c.work(m_.draws().irqExit.next());
        co_return;
    }
    gic.acknowledge(k.id, *line);
    lineChanged(*line);
    m_.observers().instant(k.id, InstantKind::IrqAck, line->nameId, kNoString);
    c.label(ContextKind::Hardirq, line->nameId);
    if (cfg.eoimode == 1) {
        co_await c.work(cost.eoir);
        gic.priorityDrop(k.id);
        m_.observers().instant(k.id, InstantKind::PriorityDrop, line->nameId, kNoString);
    }
    IrqDesc* d = line->index < byLine_.size() ? byLine_[line->index] : nullptr;
    if (!d) {
        co_await c.work(eoiCost());
        if (cfg.eoimode == 0) gic.priorityDrop(k.id);
        gic.deactivate(*line);
        lineChanged(*line);
    } else if (d->flags & IRQF_PERCPU) {
        // handle_percpu_devid_irq()
        ++d->count;
        co_await c.work(cost.flowHandler / 2);
        if (d->handler) (void)co_await d->handler(c);
        co_await c.work(eoiCost());
        if (cfg.eoimode == 0) gic.priorityDrop(k.id);
        deactivated(k, *d->line);
    } else {
        // handle_fasteoi_irq()
        ++d->count;
        co_await c.work(cost.flowHandler);
        const bool oneshot = (d->flags & IRQF_ONESHOT) != 0;
        const bool maskWithActiveBit = oneshot && cfg.activeBitMasking && cfg.eoimode == 1;
        if (oneshot && !maskWithActiveBit) {
            // mask_irq(): GICD_ICENABLER write, and on GICv3 wait for RWP.
            co_await c.work(cfg.distWriteCost(DistWrite::ClearEnable));
            setMasked(k, *d, true);
        }
        IrqReturn ret = IrqReturn::WakeThread; // irq_default_primary_handler
        if (d->handler) ret = co_await d->handler(c);
        bool threadWoken = false;
        if (ret == IrqReturn::WakeThread && d->thread) {
            threadWoken = true;
            if (!d->runThread) { // __irq_wake_thread(): RUNTHREAD already set means nothing to do
                d->runThread = true;
                const Time waking = m_.now(); // sched_waking: try_to_wake_up()'s start
                co_await c.work(c.wakeupCost());
                if (d->thread->state == Task::State::Blocked)
                    m_.sched().wake(*d->thread, k.id, FlowKind::WakeThread, waking);
            }
        }
        // cond_unmask_eoi_irq()
        if (maskWithActiveBit && threadWoken) {
            d->eoiDeferred = true; // the active bit is the mask; DIR when the thread is done
        } else {
            co_await c.work(eoiCost());
            if (cfg.eoimode == 0) gic.priorityDrop(k.id);
            deactivated(k, *d->line);
            if (oneshot && d->masked && !threadWoken) {
                co_await c.work(cfg.distWriteCost(DistWrite::Other));
                setMasked(k, *d, false);
            }
        }
    }
    co_await c.work(m_.draws().irqExit.next());
}

Proc<void> GenIrq::unmaskThreadedIrq(Kctx& c, IrqDesc& d) {
    hw::IrqLine& line = *d.line;
    Cpu& k = c.cpu();
    if (d.eoiDeferred) {
        // IRQCHIP_EOI_THREADED: deactivate from the thread; no distributor access.
        co_await c.work(m_.cfg().cost.dir, kNoPreempt);
        d.eoiDeferred = false;
        deactivated(k, line);
    }
    if (d.masked) {
        // GICD_ISENABLER: RWP polled only before v5.19
        co_await c.work(m_.cfg().distWriteCost(DistWrite::Other), kNoPreempt);
        setMasked(k, d, false);
    }
    if (line.pending) m_.exec().kick(m_.cpu(line.cpu));
}

// irq_forced_thread_fn(): the driver's primary handler in thread context.
Proc<IrqReturn> GenIrq::forcedThreadFn(Kctx& c, IrqDesc& d) {
    const bool rt = m_.cfg().preempt == PreemptModel::Rt;
    co_await m_.softirq().localBhDisable(c);  // on RT: the per-CPU BH lock, preemptible
    if (!rt) c.frame().baseFlags |= kIrqsOff; // local_irq_disable() on !RT only
    const IrqReturn ret = co_await d.forcedFn(c);
    // irq_finalize_oneshot(): unmask only if no new wake-up is pending.
    if ((d.masked || d.eoiDeferred) && !d.runThread) co_await unmaskThreadedIrq(c, d);
    c.frame().baseFlags &= static_cast<std::uint8_t>(~kIrqsOff);
    co_await m_.softirq().localBhEnable(c); // softirqs the handler raised run here, in the thread
    co_return ret;
}

Proc<void> GenIrq::irqThread(Kctx& c, IrqDesc& d) {
    for (;;) {
        while (!d.runThread) co_await c.block();
        d.runThread = false; // test_and_clear_bit(IRQTF_RUNTHREAD)
        if (d.forcedThread) {
            const IrqReturn ret = co_await forcedThreadFn(c, d);
            // irq_thread(): IRQ_WAKE_THREAD from the primary wakes the secondary action.
            if (ret == IrqReturn::WakeThread && d.secondary && !d.secondaryRun) {
                d.secondaryRun = true;
                const Time waking = m_.now(); // sched_waking: try_to_wake_up()'s start
                co_await c.work(c.wakeupCost());
                if (d.secondary->state == Task::State::Blocked)
                    m_.sched().wake(*d.secondary, c.cpu().id, FlowKind::WakeThread, waking);
            }
        } else {
            co_await d.threadFn(c);
            if ((d.masked || d.eoiDeferred) && !d.runThread) co_await unmaskThreadedIrq(c, d);
        }
    }
}

// The secondary action's thread: irq_thread_fn(), interrupts on, preemptible.
// Its irq_finalize_oneshot() does nothing (handler == irq_forced_secondary_handler):
// the primary already unmasked the line.
Proc<void> GenIrq::secondaryThread(Kctx& c, IrqDesc& d) {
    for (;;) {
        while (!d.secondaryRun) co_await c.block();
        d.secondaryRun = false;
        co_await d.secondaryFn(c);
    }
}

} // namespace irqscope::kern
