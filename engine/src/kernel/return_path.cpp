// The way back from an interrupt that reschedules, up to __schedule()
// (cost.resched_exit_ns). With need_resched set at the exit, the kernel does
// not return to the interrupted code: kernel/entry/common.c (6.12)
// irqentry_exit() -> irqentry_exit_to_user_mode() -> exit_to_user_mode_loop()
// -> schedule() for user mode, irqentry_exit_cond_resched() ->
// preempt_schedule_irq() -> __schedule(SM_PREEMPT) for preemptible kernel
// code; an idle CPU's interrupt returns into do_idle(), which leaves its loop
// on need_resched and calls schedule_idle() (kernel/sched/idle.c). That path
// runs with interrupts off in the interrupted context: a trace shows its time
// under the interrupted task (or idle) up to sched_switch, not under the
// hardirq, and so does the accounting here. An exit that does not reschedule
// goes back at once and draws nothing.
#include "kernel/exec.h"

#include "kernel/machine.h"

#include <cmath>

namespace irqscope::kern {

// Called where dispatch() is about to switch on an interrupt's return: true
// when the way there takes time first (the CPU is busy until
// onReturnPathDone()), false to switch now.
bool Exec::returnPath(Cpu& c) {
    if (c.returnPath == kArrived) { // this return has paid its way
        c.returnPath = kReturnNone;
        return false;
    }
    const Time d = m_.draws().reschedExit.next();
    if (d <= 0) return false;
    c.returnPath = kOnTheWay;
    if (m_.observers().any()) showLabel(c, 0, *c.top());
    const Time duration = c.speed == 1.0 ? d : static_cast<Time>(std::ceil(double(d) / c.speed));
    m_.q().schedule<&Exec::onReturnPathDone>(m_.now() + duration, *this, c);
    return true;
}

void Exec::onReturnPathDone(Cpu& c) {
    c.returnPath = kArrived;
    c.irqReturn = true; // still the interrupt's return: the flags are tested again
    dispatch(c);
    c.returnPath = kReturnNone; // need_resched may have gone meanwhile: nothing switched
}

} // namespace irqscope::kern
