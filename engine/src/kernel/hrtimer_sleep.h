// A task sleeping on an hrtimer: the one path every timed sleep takes.
// do_nanosleep() (kernel/time/hrtimer.c, 6.12) arms an hrtimer_sleeper whose
// callback hrtimer_wakeup() calls wake_up_process() — try_to_wake_up() runs
// in the local timer's hardirq, which pays cost.wakeup_hardirq_ns for it. The open
// language's timers and sleeps and the built-in devices' periodic threads
// (latency probes, bursty hogs, panthor's frame thread) all sleep here.
#pragma once

#include "kernel/kctx.h"

namespace irqscope::kern {

struct Task;

// hrtimer_wakeup(): wake `t` from the timer interrupt `k` runs in.
void hrtimerWakeup(Kctx& k, Task& t);

// clock_nanosleep(TIMER_ABSTIME): the calling task sleeps until `when` on
// CPU `cpu`'s hrtimer base; it returns once hrtimer_wakeup() woke it.
Proc<void> hrtimerSleepUntil(Kctx& c, int cpu, Time when);

} // namespace irqscope::kern
