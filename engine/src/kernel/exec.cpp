// How a CPU executes.
//
// Each CPU has a stack of frames: the current task at the bottom, then any
// softirq or hardirq that interrupted it. Only the top frame makes progress;
// its one outstanding piece of work completes at workStart + remaining/speed.
// Everything that may change what a CPU should do next (an interrupt becoming
// deliverable, need_resched) calls kick(), which re-evaluates the CPU in a
// zero-delay event: suspend the outstanding work (keeping what is left), then
// dispatch(). dispatch() is the one place that decides, in kernel order:
//   1. take a signalled interrupt if interrupts are enabled here;
//   2. pop a finished irq frame (irq_exit may start softirqs: softirq.cpp);
//   3. reschedule if the task blocked or is preemptible and need_resched is set
//      (a wake-up only sets need_resched; the preemption model decides, §1);
//   4. resume the coroutine if its work is done, else start the work.
// Time is accounted to whatever was on top during the interval, which is what
// makes "time by context", irqs-off time and `top`'s view come out right.
#include "kernel/machine.h"

#include <cassert>
#include <cmath>

namespace irqscope::kern {

namespace {
[[maybe_unused]] check::FrameKind checkKind(Frame::Type t) {
    switch (t) {
    case Frame::Type::Task: return check::FrameKind::Task;
    case Frame::Type::Hardirq: return check::FrameKind::Hardirq;
    case Frame::Type::Softirq: return check::FrameKind::Softirq;
    }
    return check::FrameKind::Task;
}
} // namespace

Cpu& Kctx::cpu() const {
    return f_.task ? *f_.task->cpu : *f_.cpu;
}
Time Kctx::now() const {
    return m_.now();
}

bool Kctx::BlockAwaiter::await_ready() const noexcept {
    Task* t = c.f_.task;
    assert(t && "only tasks can block");
    if (t->wakePending) {
        t->wakePending = false;
        return true;
    }
    return false;
}

void Kctx::BlockAwaiter::await_suspend(std::coroutine_handle<> h) noexcept {
    Frame& f = c.f_;
    f.resumePoint = h;
    f.remaining = 0;
    f.flags = 0;
    f.hasWork = true;
    c.m().peltFold(*f.task); // the runnable time ends
    f.task->state = Task::State::Blocked;
}

void Machine::kick(Cpu& c) {
    if (c.kickPending) return;
    c.kickPending = true;
    q_.schedule(now(), &Machine::onKick, &c, reinterpret_cast<std::uint64_t>(this));
}

void Machine::onKick(void* cpu, std::uint64_t machine) {
    auto* m = reinterpret_cast<Machine*>(machine);
    auto& c = *static_cast<Cpu*>(cpu);
    c.kickPending = false;
    m->suspendWork(c);
    m->dispatch(c);
}

void Machine::onWorkDone(void* cpu, std::uint64_t machine) {
    auto* m = reinterpret_cast<Machine*>(machine);
    auto& c = *static_cast<Cpu*>(cpu);
    c.workEvent = {};
    m->account(c);
    Frame* f = c.top();
    f->remaining = 0;
    m->dispatch(c);
}

void Machine::suspendWork(Cpu& c) {
    if (!q_.isPending(c.workEvent)) return;
    q_.cancel(c.workEvent);
    c.workEvent = {};
    account(c);
    Frame* f = c.top();
    const Time elapsed = now() - c.workStart;
    const auto done = static_cast<Time>(std::llround(double(elapsed) * c.speed));
    f->remaining = std::max<Time>(0, f->remaining - done);
}

bool Machine::irqsEnabled(const Cpu& c) const {
    const Frame* f = c.top();
    if (f->type == Frame::Type::Hardirq) return false;
    return !(f->hasWork && (f->flags & kIrqsOff));
}

bool Machine::inInterrupt(const Cpu& c) const {
    for (const Frame* f : c.stack) {
        if (f->type != Frame::Type::Task) return true;
        if ((f->baseFlags & kBhOff) || (f->hasWork && (f->flags & kBhOff))) return true;
    }
    return false;
}

bool Machine::taskPreemptible(const Cpu& c) const {
    const Frame* f = c.top();
    if (f->type != Frame::Type::Task) return false;
    const Task* t = f->task;
    if (t->isIdle || t->state == Task::State::Blocked) return true;
    const std::uint8_t fl = f->hasWork ? f->flags : 0;
    if (fl & (kIrqsOff | kBhOff | kNoPreempt)) return false;
    const bool userOrPoint = (fl & (kUser | kReschedPoint)) != 0;
    if (c.needResched) {
        switch (cfg_.preempt) {
        case PreemptModel::Full:
        case PreemptModel::Rt:
        case PreemptModel::Lazy: return true;
        case PreemptModel::None:
        case PreemptModel::Voluntary: return userOrPoint;
        }
    }
    // only a lazy request pending: honoured on return to user (and at the tick)
    return c.needReschedLazy && (fl & kUser);
}

void Machine::account(Cpu& c) {
    const Time delta = now() - c.lastAccount;
    if (delta <= 0) return;
    c.lastAccount = now();
    const Frame* f = c.top();
    ContextKind kind = f->label.kind;
    const bool idle = f->type == Frame::Type::Task && f->task->isIdle;
    if (idle) kind = ContextKind::Idle;
    c.nsByKind[static_cast<int>(kind)] += delta;
    if (f->type == Frame::Type::Hardirq || (f->hasWork && (f->flags & kIrqsOff))) c.irqsOffNs += delta;
    Task* t = c.curr;
    if (t->isIdle) return;
    if (f->type == Frame::Type::Task) {
        t->runNs += delta;
        t->chargedNs += delta;
        updateCurr(c, delta);
    } else if (!cfg_.irqTimeAccounting) {
        // Without IRQ time accounting the interrupted task pays for the
        // interrupt: its runtime, vruntime and RT budget all grow (§7).
        t->chargedNs += delta;
        updateCurr(c, delta);
    }
}

void Machine::traceLabel(Cpu& c, std::size_t depth, Frame& f) {
    Label want = f.label;
    if (f.type == Frame::Type::Task && f.task->isIdle) want = Label{ContextKind::Idle, f.task->nameId};
    if (f.openSince >= 0 && f.openLabel == want) return;
    closeSegment(c, depth, f);
    f.openLabel = want;
    f.openSince = now();
}

void Machine::closeSegment(Cpu& c, std::size_t depth, Frame& f) {
    IRQSCOPE_CHECK(if (f.openSince >= 0 && now() > f.openSince) inv_.segmentClosed(
        c.id, static_cast<int>(depth), f.openSince, now(), depth > 0 ? c.stack[depth - 1]->openSince : Time{-1}));
    if (f.openSince >= 0 && trace_ && now() > f.openSince)
        trace_->addSegment(c.lane, static_cast<std::uint8_t>(depth), f.openSince, now(), f.openLabel.kind,
                           f.openLabel.entity, f.openLabel.detail);
    f.openSince = -1;
}

void Machine::pushIrqFrame(Cpu& c, Frame::Type type, CodeFn root, Label label, std::function<void(Cpu&)> onExit) {
    // Whatever is interrupted shows underneath from now on, even if it had not
    // started its first piece of work yet (a nested segment needs its parent).
    traceLabel(c, c.stack.size() - 1, *c.top());
    auto frame = std::make_unique<Frame>();
    Frame& f = *frame;
    f.type = type;
    f.cpu = &c;
    f.label = label;
    f.onExit = std::move(onExit);
    f.ctx = std::make_unique<Kctx>(*this, f);
    f.body = std::move(root);
    f.root = f.body(*f.ctx);
    f.resumePoint = f.root.handle();
    f.hasWork = true;
    f.remaining = 0;
    IRQSCOPE_CHECK(inv_.framePushed(c.id, now(), checkKind(type), checkKind(c.top()->type), irqsEnabled(c), &f));
    c.irqFrames.push_back(std::move(frame));
    c.stack.push_back(&f);
}

void Machine::popFrame(Cpu& c) {
    Frame* f = c.top();
    assert(f->type != Frame::Type::Task && c.irqFrames.back().get() == f);
    closeSegment(c, c.stack.size() - 1, *f);
    IRQSCOPE_CHECK(inv_.framePopped(c.id, now(), f));
    const Frame::Type type = f->type;
    auto onExit = std::move(f->onExit);
    c.stack.pop_back();
    c.irqFrames.pop_back();
    if (onExit) onExit(c);
    if (type == Frame::Type::Hardirq) irqExitSoftirq(c);
}

void Machine::takeInterrupt(Cpu& c) {
    ++c.interrupts;
    const bool fromIdle = c.stack.size() == 1 && c.curr->isIdle;
    // Label the whole entry with the line the CPU is being signalled for (IAR
    // will normally return it), so one interrupt reads as one block.
    const hw::IrqLine* line = gic_.signalled(c.id);
    pushIrqFrame(
        c, Frame::Type::Hardirq, [this](Kctx& k) { return irqEntry(k); },
        Label{ContextKind::Hardirq, line ? line->nameId : intern("irq")});
    if (fromIdle) c.top()->remaining = cfg_.cost.idleExit; // wake from the idle state first
}

void Machine::dispatch(Cpu& c) {
    assert(!q_.isPending(c.workEvent));
    for (;;) {
        account(c);
        Frame* f = c.top();
        IRQSCOPE_CHECK(inv_.irqsState(c.id, now(), checkKind(f->type), irqsEnabled(c)));
        if (f->type == Frame::Type::Task) {
            // The return-to-task path checks need_resched with interrupts still
            // disabled (exit_to_user_mode / preempt_schedule_irq), so a
            // preemptible task is switched out before the next interrupt is taken.
            Task* t = f->task;
            if (t->state == Task::State::Blocked || t->state == Task::State::Dead || (!t->isIdle && f->root.done())) {
                if (!t->isIdle && f->root.done()) t->state = Task::State::Dead;
                schedule(c);
                continue;
            }
            if ((c.needResched || c.needReschedLazy) && taskPreemptible(c)) {
                Task* before = c.curr;
                schedule(c);
                if (c.curr != before) continue;
            }
        }
        if (irqsEnabled(c) && gic_.signalled(c.id)) {
            takeInterrupt(c);
            continue;
        }
        if (f->type != Frame::Type::Task) {
            if (f->root.done()) {
                popFrame(c);
                continue;
            }
        } else if (f->task->isIdle) {
            traceLabel(c, 0, *f);
            if (log_) logCpuState(c);
            return; // nothing to run until something kicks this CPU
        }
        assert(f->hasWork);
        if (f->remaining <= 0) {
            f->hasWork = false;
            auto h = f->resumePoint;
            f->resumePoint = {};
            h.resume();
            continue;
        }
        traceLabel(c, c.stack.size() - 1, *f);
        if (log_) logCpuState(c);
        c.workStart = now();
        const auto duration = static_cast<Time>(std::ceil(double(f->remaining) / c.speed));
        c.workEvent = q_.schedule(now() + duration, &Machine::onWorkDone, &c, reinterpret_cast<std::uint64_t>(this));
        return;
    }
}

void Machine::instant(const Cpu& c, InstantKind k, StringId entity, StringId detail) {
    if (trace_) trace_->addInstant(c.lane, now(), k, entity, detail);
}

void Machine::flow(FlowKind k, std::uint32_t srcLane, Time srcTime, std::uint32_t dstLane, Time dstTime) {
    if (trace_) trace_->addFlow(Flow{srcLane, dstLane, srcTime, dstTime, k});
}

void Machine::warn(const Cpu& c, std::string kind, std::string message) {
    instant(c, InstantKind::Warning, intern(kind), intern(message));
    warnings_.push_back(Warning{now(), c.id, std::move(kind), std::move(message)});
}

} // namespace irqscope::kern
