#include "kernel/hrtimer_sleep.h"

#include "kernel/machine.h"

namespace irqscope::kern {

void hrtimerWakeup(Kctx& k, Task& t) {
    k.wakeUpProcessNow(t); // wake_up_process() -> try_to_wake_up()
}

Proc<void> hrtimerSleepUntil(Kctx& c, int cpu, Time when) {
    Task* self = c.task();
    // hrtimer_nanosleep(): the sleep may end up to current->timer_slack_ns late,
    // none for an RT or deadline task (rt_or_dl_task(), kernel/time/hrtimer.c, 6.12).
    const Time slack = self->isRt() || self->isDl() ? 0 : c.m().cfg().timerSlack;
    bool fired = false;
    c.m().timers().hrtimerStart(
        cpu, when,
        [self, &fired](Kctx& k, Time) {
            fired = true;
            hrtimerWakeup(k, *self);
        },
        slack);
    while (!fired) co_await c.block();
}

} // namespace irqscope::kern
