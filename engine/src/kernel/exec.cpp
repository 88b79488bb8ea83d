#include "kernel/exec.h"

#include "kernel/machine.h"

#include <cassert>
#include <cmath>
#include <cstdlib>

namespace irqscope::kern {

namespace {
FrameKind kindOf(Frame::Type t) {
    switch (t) {
    case Frame::Type::Task: return FrameKind::Task;
    case Frame::Type::Hardirq: return FrameKind::Hardirq;
    case Frame::Type::Softirq: return FrameKind::Softirq;
    }
    return FrameKind::Task;
}
// Whether the frame's root coroutine has returned, read from the frame's
// first line rather than from the coroutine's own frame (a line of its own,
// cold by the time a CPU is dispatched again). Every suspension of a code
// path is on its frame's work (Kctx::work(), block()), which sets hasWork, and
// dispatch() clears it only to resume: so after the resume hasWork is false
// exactly when nothing suspended, that is when the root returned.
bool rootDone(const Frame& f) {
    IRQSCOPE_CHECK(if (f.hasWork == f.root.done()) std::abort()); // a code path suspended off its frame's work
    return !f.hasWork;
}
} // namespace

Exec::Exec(Machine& m) : m_(m) {}

void Exec::kick(Cpu& c) {
    if (c.kickPending) return;
    c.kickPending = true;
    m_.q().schedule<&Exec::onKick>(m_.now(), *this, c);
}

void Exec::onKick(Cpu& c) {
    c.kickPending = false;
    suspendWork(c);
    dispatch(c);
}

void Exec::onWorkDone(Cpu& c) {
    c.workEvent = {};
    c.top()->remaining = 0;
    dispatch(c); // accounts the work's time to this frame first
}

void Exec::suspendWork(Cpu& c) {
    sim::EventQueue& q = m_.q();
    if (!q.isPending(c.workEvent)) return;
    q.cancel(c.workEvent);
    c.workEvent = {};
    m_.accounting().account(c);
    Frame* f = c.top();
    const Time elapsed = m_.now() - c.workStart;
    // At full speed the work done is the time elapsed, exactly as llround()
    // gives it (any Time below 2^53), without the library call.
    const Time done = c.speed == 1.0 ? elapsed : static_cast<Time>(std::llround(double(elapsed) * c.speed));
    f->remaining = std::max<Time>(0, f->remaining - done);
}

bool Exec::irqsEnabled(const Cpu& c) const {
    const Frame* f = c.top();
    if (f->type == Frame::Type::Hardirq) return false;
    return !(f->hasWork && (f->flags & kIrqsOff));
}

bool Exec::inInterrupt(const Cpu& c) const {
    for (const Frame* f : c.stack) {
        if (f->type != Frame::Type::Task) return true;
        if ((f->baseFlags & kBhOff) || (f->hasWork && (f->flags & kBhOff))) return true;
    }
    return false;
}

// The preemption model (CONFIG_PREEMPT_NONE/VOLUNTARY/PREEMPT/LAZY/RT):
// where a task with need_resched set may be switched out. On PREEMPT_RT a
// BH-disabled section is a per-CPU local lock and spinlock_t an rt_mutex, so
// neither disables preemption (kernel/softirq.c __local_bh_disable_ip(),
// include/linux/spinlock_rt.h); irqs-off and preempt_disable/raw spinlocks do.
bool Exec::taskPreemptible(const Cpu& c, bool irqReturn) const {
    const Frame* f = c.top();
    if (f->type != Frame::Type::Task) return false;
    const Task* t = f->task;
    if (t->isIdle || t->state == Task::State::Blocked) return true;
    const std::uint8_t fl = f->hasWork ? f->flags : 0;
    const bool rt = m_.cfg().preempt == PreemptModel::Rt;
    const std::uint8_t blocking = rt ? (kIrqsOff | kNoPreempt) : (kIrqsOff | kBhOff | kNoPreempt | kSpinLock);
    if (fl & blocking) return false;
    if (c.needResched) {
        switch (m_.cfg().preempt) {
        case PreemptModel::Full:
        case PreemptModel::Rt:
        case PreemptModel::Lazy: return true;
        case PreemptModel::None: return (fl & (kUser | kReschedPoint)) != 0;
        case PreemptModel::Voluntary: return (fl & (kUser | kReschedPoint | kMightResched)) != 0;
        }
    }
    // Only a lazy request pending: exit_to_user_mode_loop() honours
    // TIF_NEED_RESCHED_LAZY on the way back to user mode from an interrupt;
    // kernel code and the middle of user code do not look at it (the tick
    // promotes it to need_resched: Scheduler::tick()).
    return c.needReschedLazy && (fl & kUser) && irqReturn;
}

// Segments are only what observers record: a run without any (metrics
// only) keeps no open label at all, and the callers test that first (a call
// that returns at once still cost ~20 instructions per dispatch step).
void Exec::showLabel(const Cpu& c, std::size_t depth, Frame& f) {
    Label want = f.label;
    if (f.type == Frame::Type::Task && f.task->isIdle) want = Label{ContextKind::Idle, f.task->nameId};
    if (f.openSince >= 0 && f.openLabel == want) return;
    closeSegment(c, depth, f);
    f.openLabel = want;
    f.openSince = m_.now();
}

void Exec::closeSegment(const Cpu& c, std::size_t depth, Frame& f) {
    if (f.openSince < 0) return; // nothing shown (always so without observers)
    const Time now = m_.now();
    if (now > f.openSince) m_.observers().segment(c, static_cast<int>(depth), f.openSince, now, f.openLabel);
    f.openSince = -1;
}

// An irq frame at stack depth d lives in irqFrames[d - 1]; a popped one stays
// there, emptied, for the next interrupt at that depth, so taking an
// interrupt allocates neither a frame nor its context (the frame keeps its
// Kctx, which refers to nothing else).
void Exec::pushIrqFrame(Cpu& c, Frame::Type type, CodeFn root, Label label, std::function<void(Cpu&)> onExit) {
    // Whatever is interrupted shows underneath from now on, even if it had not
    // started its first piece of work yet (a nested segment needs its parent).
    if (m_.observers().any()) showLabel(c, c.stack.size() - 1, *c.top());
    const std::size_t slot = c.stack.size() - 1;
    if (c.irqFrames.size() <= slot) {
        auto frame = std::make_unique<Frame>();
        frame->ctx = std::make_unique<Kctx>(m_, *frame);
        c.irqFrames.push_back(std::move(frame));
    }
    Frame& f = *c.irqFrames[slot];
    f.type = type;
    f.cpu = &c;
    f.label = label;
    f.onExit = std::move(onExit);
    f.body = std::move(root);
    f.root = f.body(*f.ctx);
    f.resumePoint = f.root.handle();
    f.hasWork = true;
    f.remaining = 0;
    m_.observers().framePushed(c, kindOf(type), kindOf(c.top()->type), irqsEnabled(c), &f);
    c.stack.push_back(&f);
}

void Exec::popFrame(Cpu& c) {
    Frame* f = c.top();
    assert(f->type != Frame::Type::Task && c.irqFrames[c.stack.size() - 2].get() == f);
    closeSegment(c, c.stack.size() - 1, *f);
    m_.observers().framePopped(c, f);
    const Frame::Type type = f->type;
    auto onExit = std::move(f->onExit);
    c.stack.pop_back();
    // Emptied as its destruction did (the closure, then the coroutine), back
    // to a new frame's state for the next push at this depth.
    f->onExit = nullptr;
    f->body = nullptr;
    f->root = {};
    f->resumePoint = {};
    f->hasWork = false;
    f->flags = 0;
    f->baseFlags = 0;
    f->owed = 0;
    f->openLabel = {};
    f->openSince = -1;
    if (c.stack.size() == 1) c.irqReturn = true;
    if (onExit) onExit(c);
    if (type == Frame::Type::Hardirq) m_.softirq().irqExit(c);
}

void Exec::takeInterrupt(Cpu& c) {
    m_.irq().countEntry(c);
    const bool fromIdle = c.stack.size() == 1 && c.curr->isIdle;
    // Label the whole entry with the line the CPU is being signalled for (IAR
    // will normally return it), so one interrupt reads as one block.
    const hw::IrqLine* line = m_.gic().signalled(c.id);
    pushIrqFrame(
        c, Frame::Type::Hardirq, [this](Kctx& k) { return m_.irq().entry(k); },
        Label{ContextKind::Hardirq, line ? line->nameId : m_.intern("irq")});
    // Wake from the idle state first, unless an interrupt just did and the CPU
    // has not gone back into it (a second interrupt pending at the first's end
    // is taken in the idle loop, awake).
    if (fromIdle && !c.idleWoken) {
        c.top()->remaining = m_.cfg().cost.idleExit;
        c.idleWoken = true;
    }
}

// Out of line: the message's strings would otherwise give dispatch() a
// large stack frame for a path no run takes.
void Exec::stallAt(const Cpu& c, Time now) {
    m_.stall("simulated time stopped at " + std::to_string(now) + " ns on CPU " + std::to_string(c.id) +
             ": a cycle of work that costs 0 ns (raise a cost above 0)");
}

void Exec::dispatch(Cpu& c) {
    if (c.returnPath == kOnTheWay) return; // interrupts off until __schedule()
    sim::EventQueue& q = m_.q();
    assert(!q.isPending(c.workEvent));
    // Simulated time does not move inside one call (the coroutines it resumes
    // only schedule events), so the clock is read once, and the time since the
    // last call is charged once, to the frame on top now: every later step
    // would charge 0 ns.
    const Time now = m_.now();
    m_.accounting().account(c);
    // A cycle of zero-cost work (an interrupt whose whole handling costs 0 ns,
    // raised again by it) would never let time advance, within this call or
    // across the zero-delay kicks it makes. The CPU stops, and the run says
    // why. Steps are counted per instant: a new instant starts the count at 0
    // with this call's first step.
    if (now != stepsAt_) [[likely]] {
        stepsAt_ = now;
        steps_ = ~std::uint64_t(0);
    }
    for (;;) {
        if (++steps_ > kMaxStepsAtOneInstant) [[unlikely]] {
            stallAt(c, now);
            return;
        }
        Frame* f = c.top();
        IRQSCOPE_CHECK(m_.observers().irqsState(c, kindOf(f->type), irqsEnabled(c)));
        if (f->type == Frame::Type::Task) {
            // The return-to-task path checks need_resched with interrupts still
            // disabled (exit_to_user_mode / preempt_schedule_irq), so a
            // preemptible task is switched out before the next interrupt is taken.
            // Elsewhere a deliverable interrupt comes first: a CPU busy in a
            // task does not see a flag another CPU set until that CPU's IPI
            // (or any interrupt) makes it look, on the way out.
            Task* t = f->task;
            const bool irqReturn = c.irqReturn;
            c.irqReturn = false;
            const bool returned = !t->isIdle && rootDone(*f); // the task's body has returned: it exits
            if (returned || t->state == Task::State::Blocked || t->state == Task::State::Dead) {
                if (returned) t->state = Task::State::Dead;
                m_.sched().schedule(c);
                continue;
            }
            const bool irqFirst = !irqReturn && !t->isIdle && irqsEnabled(c) && m_.gic().signalled(c.id);
            if (!irqFirst && (c.needResched || c.needReschedLazy) && taskPreemptible(c, irqReturn)) {
                if (irqReturn && returnPath(c)) return;
                Task* before = c.curr;
                m_.sched().schedule(c);
                if (c.curr != before) continue;
            }
        }
        // A finished softirq or hardirq frame returns with interrupts still
        // disabled (__do_softirq's tail, irq_exit): a softirq raised by an
        // interrupt taken in between would be left pending with no one to run it.
        if (f->type != Frame::Type::Task && rootDone(*f)) {
            popFrame(c);
            continue;
        }
        if (irqsEnabled(c) && m_.gic().signalled(c.id)) {
            takeInterrupt(c);
            continue;
        }
        if (f->type == Frame::Type::Task && f->task->isIdle) {
            c.idleWoken = false; // back in the idle state (do_idle() -> cpuidle_idle_call())
            if (m_.observers().any()) showLabel(c, 0, *f);
            m_.observers().cpuSettled(c);
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
        if (m_.observers().any()) showLabel(c, c.stack.size() - 1, *f);
        m_.observers().cpuSettled(c);
        c.workStart = now;
        const Time duration =
            c.speed == 1.0 ? f->remaining : static_cast<Time>(std::ceil(double(f->remaining) / c.speed));
        c.workEvent = q.schedule<&Exec::onWorkDone>(now + duration, *this, c);
        return;
    }
}

bool Kctx::WakeAwaiter::await_ready() noexcept {
    if (!c.m_.sched().sleeping(t)) return true;
    waking = c.m_.now(); // trace_sched_waking() at try_to_wake_up()'s start (kernel/sched/core.c, 6.12)
    return false;
}

Time Kctx::wakeupCost() const {
    const ContextKind k = f_.label.kind;
    const WakeCtx ctx = f_.type == Frame::Type::Hardirq ? WakeCtx::Hardirq
                        : f_.type == Frame::Type::Softirq || k == ContextKind::Softirq || k == ContextKind::Tasklet ||
                                k == ContextKind::Ksoftirqd
                            ? WakeCtx::Softirq
                            : WakeCtx::Task;
    return kern::wakeupCost(m_.cfg().cost, ctx);
}

void Kctx::WakeAwaiter::await_suspend(std::coroutine_handle<> h) noexcept {
    c.work(c.wakeupCost()).await_suspend(h);
}

void Kctx::WakeAwaiter::await_resume() {
    if (waking >= 0) c.m_.sched().wake(t, c.cpu().id, FlowKind::WakeTask, waking);
}

void Kctx::wakeUpProcessNow(Task& t) {
    if (!m_.sched().sleeping(t)) return;
    f_.owed += wakeupCost();
    m_.sched().wake(t, cpu().id);
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
    c.m().sched().placement().peltFold(*f.task); // the runnable time ends
    f.task->state = Task::State::Blocked;
}

} // namespace irqscope::kern
