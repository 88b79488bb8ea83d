// What a CPU executes: frames of code paths, each doing one piece of work at a
// time with the flags that say what may interrupt or preempt it.
#pragma once

#include "irqscope/trace.h"
#include "kernel/cpu_mask.h"
#include "kernel/proc.h"

#include <coroutine>
#include <functional>
#include <memory>

namespace irqscope::kern {

struct Cpu;
struct Task;
class Kctx;

// Flags of a piece of work: what the CPU's state is while it runs.
enum WorkFlags : std::uint8_t {
    kIrqsOff = 1,       // local_irq_disable / raw_spin_lock_irqsave: no interrupt is taken
    kBhOff = 2,         // local_bh_disable: softirqs wait; not preemptible, except on PREEMPT_RT
    kNoPreempt = 4,     // preempt_disable / raw_spinlock_t: not preemptible, on PREEMPT_RT too
    kUser = 8,          // user-mode code: an interrupt returning here always may reschedule
    kReschedPoint = 16, // cond_resched(): a preemption point under every model
    kSpinLock = 32,     // spin_lock (spinlock_t): not preemptible, except on PREEMPT_RT (a sleeping lock)
    kMightResched = 64, // might_sleep() -> might_resched(): a point only with PREEMPT_VOLUNTARY
};

// What the timeline shows for a frame.
struct Label {
    ContextKind kind = ContextKind::Idle;
    StringId entity = kNoString;
    StringId detail = kNoString;
    bool operator==(const Label&) const = default;
};

using CodeFn = std::function<Proc<void>(Kctx&)>;

// A root code path running in one context on one CPU: a task's body, a
// hardirq flow, a softirq loop. Exactly one piece of work is outstanding: the
// coroutine suspended in `co_await c.work(ns)` waits for `remaining` ns of CPU.
//
// What every dispatch step and the accounting read (type, flags, label, the
// coroutines, the work left, task and CPU) comes first, 64 bytes: one cache
// line for a task's frame (Task is aligned to one and its frame starts at
// byte 64). Not aligned itself: an interrupt's frame is allocated at each
// interrupt, and an over-aligned new goes through glibc's memalign path,
// several times the cost of malloc and its misses.
struct Frame {
    enum class Type : std::uint8_t { Task, Hardirq, Softirq };
    Type type = Type::Task;
    bool hasWork = false;
    std::uint8_t flags = 0;     // WorkFlags of the outstanding work
    std::uint8_t baseFlags = 0; // held across a section (e.g. forced IRQ thread: BH+IRQs off)
    Label label;
    Proc<void> root;
    std::coroutine_handle<> resumePoint; // what to resume when the work is done
    Time remaining = 0;                  // work left, in big-CPU nanoseconds
    // Work this code path caused and still has to do (the IPI it sent from
    // inside a wake-up): added to its next piece of work.
    Time owed = 0;
    Task* task = nullptr; // task frames
    Cpu* cpu = nullptr;   // irq frames (tasks: task->cpu)
    // The label shown at this frame's depth since openSince (-1: nothing shown
    // yet; always so without observers).
    Label openLabel;
    Time openSince = -1;
    std::function<void(Cpu&)> onExit; // irq frames: run when the frame pops
    std::unique_ptr<Kctx> ctx;        // the context the root coroutine was given
    // The callable the root coroutine came from. A lambda coroutine refers to
    // its closure, so the closure must live as long as the coroutine does.
    CodeFn body;
};

} // namespace irqscope::kern
