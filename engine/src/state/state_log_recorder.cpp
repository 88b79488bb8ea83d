#include "state/state_log_recorder.h"

#include "kernel/machine.h"

namespace irqscope {

StateLogRecorder::StateLogRecorder(StateLog& log, const kern::Machine& m)
    : log_(log), m_(m), cpus_(static_cast<std::size_t>(m.cpuCount())) {
    log_.setCpuCount(m.cpuCount());
    for (int i = 0; i < m.cpuCount(); ++i) cpuSettled(m.cpu(i));
}

void StateLogRecorder::cpuSettled(const kern::Cpu& c) {
    const auto subject = static_cast<std::uint16_t>(c.id);
    const Time t = m_.now();
    CpuLogged& l = cpus_[static_cast<std::size_t>(c.id)];
    const bool off = c.stack.size() == 1 && c.curr->isIdle ? false : !m_.exec().irqsEnabled(c);
    if (off != l.irqsOff) {
        l.irqsOff = off;
        log_.record(t, subject, StateField::IrqsOff, off ? 1 : 0);
    }
    const auto resched = static_cast<std::uint8_t>((c.needResched ? 1 : 0) | (c.needReschedLazy ? 2 : 0));
    if (resched != l.needResched) {
        l.needResched = resched;
        log_.record(t, subject, StateField::NeedResched, resched);
    }
    const std::uint32_t pending = m_.softirq().pending(c.id);
    if (pending != l.softirqPending) {
        l.softirqPending = pending;
        log_.record(t, subject, StateField::SoftirqPending, pending);
    }
    const int prio = m_.gic().activePriorities(c.id);
    if (prio != l.priorities) {
        l.priorities = prio;
        log_.record(t, subject, StateField::RunningPriority, static_cast<std::uint32_t>(prio));
    }
    if (c.curr->nameId != l.running) {
        l.running = c.curr->nameId;
        log_.record(t, subject, StateField::Running, c.curr->nameId);
    }
}

void StateLogRecorder::lineChanged(const hw::IrqLine& l) {
    if (lines_.size() <= l.index) lines_.resize(l.index + 1);
    LineLogged& logged = lines_[l.index];
    if (logged.subject < 0) logged.subject = log_.addLine(StateLineInfo{l.name, l.intid, l.cpu});
    const auto bits = static_cast<std::uint8_t>((l.pending ? kLinePending : 0) | (l.active ? kLineActive : 0) |
                                                (l.enabled ? 0 : kLineMasked));
    if (bits == logged.bits) return;
    logged.bits = bits;
    log_.record(m_.now(), static_cast<std::uint16_t>(logged.subject), StateField::LineState, bits);
}

void StateLogRecorder::runqueueChanged(const kern::Cpu& c, const kern::Task& t, bool added) {
    log_.record(m_.now(), static_cast<std::uint16_t>(c.id),
                added ? StateField::RunqueueAdd : StateField::RunqueueRemove, t.nameId);
}

void StateLogRecorder::poolChanged(const kern::WorkerPool& p) {
    if (pools_.size() <= p.index) pools_.resize(p.index + 1);
    PoolLogged& logged = pools_[p.index];
    if (logged.subject < 0) logged.subject = log_.addPool(StatePoolInfo{p.name, p.cpu});
    int busy = 0;
    for (const kern::Task* w : p.workers) busy += w->worker && w->worker->current ? 1 : 0;
    const std::array<int, 4> now4{static_cast<int>(p.worklist.size()), busy, static_cast<int>(p.idle.size()),
                                  static_cast<int>(p.workers.size())};
    constexpr StateField fields[4] = {StateField::PoolPending, StateField::PoolBusy, StateField::PoolIdle,
                                      StateField::PoolWorkers};
    for (std::size_t i = 0; i < 4; ++i)
        if (now4[i] != logged.values[i]) {
            logged.values[i] = now4[i];
            log_.record(m_.now(), static_cast<std::uint16_t>(logged.subject), fields[i],
                        static_cast<std::uint32_t>(now4[i]));
        }
}

} // namespace irqscope
