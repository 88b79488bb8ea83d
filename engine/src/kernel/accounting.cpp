#include "kernel/accounting.h"

#include "kernel/machine.h"

namespace irqscope::kern {

Accounting::Accounting(Machine& m) : m_(m), cpus_(static_cast<std::size_t>(m.cpuCount())) {}

void Accounting::account(Cpu& c) {
    PerCpu& a = cpus_[static_cast<std::size_t>(c.id)];
    const Time now = m_.now();
    const Time delta = now - a.last;
    if (delta <= 0) return;
    a.last = now;
    const Frame* f = c.top();
    ContextKind kind = f->label.kind;
    const bool idle = f->type == Frame::Type::Task && f->task->isIdle;
    if (idle) kind = ContextKind::Idle;
    a.nsByKind[static_cast<int>(kind)] += delta;
    if (f->type == Frame::Type::Hardirq || (f->hasWork && (f->flags & kIrqsOff))) a.irqsOffNs += delta;
    Task* t = c.curr;
    if (t->isIdle) return;
    if (f->type == Frame::Type::Task) {
        t->runNs += delta;
        t->chargedNs += delta;
        m_.sched().updateCurr(c, delta);
    } else if (!m_.cfg().irqTimeAccounting) {
        t->chargedNs += delta;
        m_.sched().updateCurr(c, delta);
    }
}

} // namespace irqscope::kern
