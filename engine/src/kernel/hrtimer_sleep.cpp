#include "kernel/hrtimer_sleep.h"

#include "kernel/machine.h"

namespace irqscope::kern {

void hrtimerWakeup(Kctx& k, Task& t) {
    k.wakeUpProcessNow(t); // wake_up_process() -> try_to_wake_up()
}

Proc<void> hrtimerSleepUntil(Kctx& c, int cpu, Time when) {
    Task* self = c.task();
    bool fired = false;
    c.m().timers().hrtimerStart(cpu, when, [self, &fired](Kctx& k, Time) {
        fired = true;
        hrtimerWakeup(k, *self);
    });
    while (!fired) co_await c.block();
}

} // namespace irqscope::kern
