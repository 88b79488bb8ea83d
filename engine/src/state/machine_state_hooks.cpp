// Machine -> StateLog: the few hooks the mechanisms call where state changes.
// Each compares with what it logged last and appends a record only on a
// change, so the hot path costs a pointer test when no log is attached and a
// few compares when one is.
//
// CPU state (irqs off, need_resched, softirq pending, running priority, the
// current task) is sampled by exec.cpp's dispatch() whenever a CPU starts a
// piece of work or goes idle: every change made by kernel code happens inside
// dispatch() (coroutines resume there) or kicks the CPU (wake-ups set
// need_resched and kick), and simulated time only passes during work, so the
// sampled state is exact at every instant that has a duration.
#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

void Machine::setStateLog(StateLog* log) {
    log_ = trace_ ? log : nullptr; // names are the trace's strings
    if (!log_) return;
    log_->setCpuCount(cpuCount());
    for (auto& c : cpus_) logCpuState(*c); // what each CPU runs from the start (idle CPUs may never dispatch)
}

void Machine::logCpuState(Cpu& c) {
    const auto subject = static_cast<std::uint16_t>(c.id);
    const Time t = now();
    Cpu::Logged& l = c.logged;
    const bool off = c.stack.size() == 1 && c.curr->isIdle ? false : !irqsEnabled(c);
    if (off != l.irqsOff) {
        l.irqsOff = off;
        log_->record(t, subject, StateField::IrqsOff, off ? 1 : 0);
    }
    const auto resched = static_cast<std::uint8_t>((c.needResched ? 1 : 0) | (c.needReschedLazy ? 2 : 0));
    if (resched != l.needResched) {
        l.needResched = resched;
        log_->record(t, subject, StateField::NeedResched, resched);
    }
    if (c.softirqPending != l.softirqPending) {
        l.softirqPending = c.softirqPending;
        log_->record(t, subject, StateField::SoftirqPending, c.softirqPending);
    }
    const int prio = gic_.activePriorities(c.id);
    if (prio != l.priorities) {
        l.priorities = prio;
        log_->record(t, subject, StateField::RunningPriority, static_cast<std::uint32_t>(prio));
    }
    if (c.curr->nameId != l.running) {
        l.running = c.curr->nameId;
        log_->record(t, subject, StateField::Running, c.curr->nameId);
    }
}

void Machine::logLine(hw::IrqLine& l) {
    if (!log_) return;
    if (l.logIndex < 0) l.logIndex = log_->addLine(StateLineInfo{l.name, l.intid, l.cpu});
    const auto bits = static_cast<std::uint8_t>((l.pending ? kLinePending : 0) | (l.active ? kLineActive : 0) |
                                                (l.enabled ? 0 : kLineMasked));
    if (bits == l.loggedBits) return;
    l.loggedBits = bits;
    log_->record(now(), static_cast<std::uint16_t>(l.logIndex), StateField::LineState, bits);
}

void Machine::logRunqueue(Cpu& c, const Task& t, bool added) {
    if (!log_) return;
    log_->record(now(), static_cast<std::uint16_t>(c.id), added ? StateField::RunqueueAdd : StateField::RunqueueRemove,
                 t.nameId);
}

void Machine::logPool(WorkerPool& p) {
    if (!log_) return;
    if (p.logIndex < 0) p.logIndex = log_->addPool(StatePoolInfo{p.name, p.cpu});
    int busy = 0;
    for (const Task* w : p.workers) busy += w->worker && w->worker->current ? 1 : 0;
    const std::array<int, 4> now4{static_cast<int>(p.worklist.size()), busy, static_cast<int>(p.idle.size()),
                                  static_cast<int>(p.workers.size())};
    constexpr StateField fields[4] = {StateField::PoolPending, StateField::PoolBusy, StateField::PoolIdle,
                                      StateField::PoolWorkers};
    for (std::size_t i = 0; i < 4; ++i)
        if (now4[i] != p.logged[i]) {
            p.logged[i] = now4[i];
            log_->record(now(), static_cast<std::uint16_t>(p.logIndex), fields[i], static_cast<std::uint32_t>(now4[i]));
        }
}

} // namespace irqscope::kern
