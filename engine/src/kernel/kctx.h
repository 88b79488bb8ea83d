// The handle every kernel code path gets: which machine, which frame. A code
// path spends CPU time with `co_await c.work(ns, flags)`, sleeps with
// `co_await c.block()` and offers a voluntary preemption point with
// `co_await c.condResched()` (or `c.mightSleep()`); exec.cpp decides what
// happens in between.
#pragma once

#include "kernel/frame.h"
#include "kernel/task.h"

namespace irqscope::kern {

class Machine;

class Kctx {
public:
    Kctx(Machine& m, Frame& f) : m_(m), f_(f) {}
    Machine& m() const { return m_; }
    Frame& frame() const { return f_; }
    // Inline: every step of every handler asks for both. A task's frame
    // runs where the task is; an irq frame on its own CPU.
    Cpu& cpu() const { return f_.task ? *f_.task->cpu : *f_.cpu; }
    Task* task() const { return f_.task; }
    // Defined in machine.h (Machine is incomplete here): a file that calls it
    // without including machine.h does not compile.
    inline Time now() const;

    // Spend `ns` of CPU time (scaled by the CPU's speed) with the given flags.
    struct WorkAwaiter {
        Kctx& c;
        Time ns;
        std::uint8_t flags;
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) noexcept {
            c.f_.resumePoint = h;
            c.f_.remaining = ns + c.f_.owed;
            c.f_.owed = 0;
            c.f_.flags = flags | c.f_.baseFlags;
            c.f_.hasWork = true;
        }
        void await_resume() const noexcept {}
    };
    WorkAwaiter work(Time ns, std::uint8_t flags = 0) { return WorkAwaiter{*this, ns, flags}; }

    // What the trace shows for this frame from now on.
    void label(ContextKind kind, StringId entity, StringId detail = kNoString) {
        f_.label = Label{kind, entity, detail};
    }

    // Task frames: sleep until woken (TASK_INTERRUPTIBLE + schedule()).
    struct BlockAwaiter {
        Kctx& c;
        bool await_ready() const noexcept;
        void await_suspend(std::coroutine_handle<> h) noexcept;
        void await_resume() const noexcept {}
    };
    BlockAwaiter block() { return BlockAwaiter{*this}; }

    // Task frames: cond_resched(): reschedule here if need_resched is set.
    WorkAwaiter condResched() { return WorkAwaiter{*this, 0, kReschedPoint}; }
    // Task frames: might_sleep() (mutex_lock(), GFP_KERNEL allocations): with
    // PREEMPT_VOLUNTARY it is might_resched() = cond_resched(); with
    // PREEMPT_NONE nothing (include/linux/kernel.h).
    WorkAwaiter mightSleep() { return WorkAwaiter{*this, 0, kMightResched}; }

    // wake_up_process(t): try_to_wake_up() does the work of a wake-up
    // (cost.wakeup) only when `t` sleeps; a running or runnable task is left
    // alone at the cost of a state check. An awaiter, not a coroutine: every
    // wake-up of every handler would otherwise make and free a frame.
    struct [[nodiscard]] WakeAwaiter {
        Kctx& c;
        Task& t;
        Time waking = -1; // trace_sched_waking(): when try_to_wake_up() started (-1: t was not asleep)
        bool await_ready() noexcept;
        void await_suspend(std::coroutine_handle<> h) noexcept;
        void await_resume();
    };
    WakeAwaiter wakeUpProcess(Task& t) { return WakeAwaiter{*this, t}; }
    // What a try_to_wake_up() costs here: cost.wakeup of this context (a
    // hardirq, a softirq or tasklet run here or by ksoftirqd, or a task).
    Time wakeupCost() const;
    // wake_up_process(t) from code that cannot suspend here (an hrtimer's
    // function, hrtimer_wakeup()): the task is enqueued at try_to_wake_up()'s
    // start and the frame owes cost.wakeup, paid with its next work.
    void wakeUpProcessNow(Task& t);

private:
    friend struct WorkAwaiter;
    Machine& m_;
    Frame& f_;
};

} // namespace irqscope::kern
