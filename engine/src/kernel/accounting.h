// CPU-time accounting (kernel/sched/cputime.c): every nanosecond of every CPU
// is charged once, to the context on top of its stack — idle, a task, a
// softirq, a hardirq — and irqs-off time is counted apart. With
// CONFIG_IRQ_TIME_ACCOUNTING the interrupted task is not charged for
// interrupts; without it, it pays for them: its runtime, vruntime and RT
// budget all grow.
#pragma once

#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/task.h"

#include <array>

namespace irqscope::kern {

class Machine;

class Accounting {
public:
    explicit Accounting(Machine& m);

    // Charges the time since the last call to what was on top of the CPU.
    // Forced inline: dispatch() calls it once per call (GCC kept it out of
    // line, a call that saved and restored four registers each time).
    [[gnu::always_inline]] void account(Cpu& c) {
        CpuTime& a = c.time; // on the line dispatch() writes (cpu.h)
        const Time now = q_.now();
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
            sched_.updateCurr(c, delta);
        } else if (!cfg_.irqTimeAccounting) {
            t->chargedNs += delta;
            sched_.updateCurr(c, delta);
        }
    }
    static const std::array<Time, kContextKindCount>& nsByKind(const Cpu& c) { return c.time.nsByKind; }
    static Time irqsOffNs(const Cpu& c) { return c.time.irqsOffNs; }

private:
    const sim::EventQueue& q_;
    const Config& cfg_;
    Scheduler& sched_;
};

} // namespace irqscope::kern
