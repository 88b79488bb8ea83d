// How a CPU executes.
//
// Each CPU has a stack of frames: the current task at the bottom, then any
// softirq or hardirq that interrupted it. Only the top frame makes progress;
// its one outstanding piece of work completes at workStart + remaining/speed.
// Everything that may change what a CPU should do next (an interrupt becoming
// deliverable, need_resched set by the CPU itself) calls kick(), which
// re-evaluates the CPU in a zero-delay event (another CPU's need_resched
// arrives by IPI: sched/core.cpp): suspend the outstanding work (keeping what is left), then
// dispatch(). dispatch() is the one place that decides, in kernel order:
//   1. take a signalled interrupt if interrupts are enabled here;
//   2. pop a finished irq frame (irq_exit may start softirqs: softirq.cpp);
//   3. reschedule if the task blocked or is preemptible and need_resched is set
//      (a wake-up only sets need_resched; the preemption model decides);
//   4. resume the coroutine if its work is done, else start the work.
// Time is accounted to whatever was on top during the interval
// (accounting.h), which is what makes "time by context", irqs-off time and
// `top`'s view come out right.
#pragma once

#include "kernel/cpu.h"

#include <functional>

namespace irqscope::kern {

class Machine;

class Exec {
public:
    explicit Exec(Machine& m);

    // Re-evaluate this CPU soon (a zero-delay event).
    void kick(Cpu& c);
    // Run `root` on top of whatever the CPU runs (a hardirq or softirq frame).
    void pushIrqFrame(Cpu& c, Frame::Type type, CodeFn root, Label label, std::function<void(Cpu&)> onExit = {});
    bool irqsEnabled(const Cpu& c) const;
    // in_interrupt(): a hardirq or softirq frame, or BH disabled, anywhere on the stack.
    bool inInterrupt(const Cpu& c) const;
    // What was shown at this depth ends now (a task switched out, the run ends).
    void closeSegment(const Cpu& c, std::size_t depth, Frame& f);

    void onKick(Cpu& c);
    void onWorkDone(Cpu& c);
    void onReturnPathDone(Cpu& c);

private:
    void dispatch(Cpu& c);
    [[gnu::cold, gnu::noinline]] void stallAt(const Cpu& c, Time now);
    void suspendWork(Cpu& c);
    void takeInterrupt(Cpu& c);
    void popFrame(Cpu& c);
    void showLabel(const Cpu& c, std::size_t depth, Frame& f);
    bool taskPreemptible(const Cpu& c, bool irqReturn) const;
    bool returnPath(Cpu& c);

    Machine& m_;
    // dispatch() steps taken at the current instant, on all CPUs (bounded: a
    // zero-cost cycle must not run forever). The presets take a few hundred.
    static constexpr std::uint64_t kMaxStepsAtOneInstant = 2'000'000;
    Time stepsAt_ = -1;
    std::uint64_t steps_ = 0;
};

} // namespace irqscope::kern
