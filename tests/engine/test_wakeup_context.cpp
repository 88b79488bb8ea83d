// try_to_wake_up() costs what the context it runs in costs
// (cost.wakeup_hardirq_ns, cost.wakeup_softirq_ns, cost.wakeup_task_ns; each
// unset is cost.wakeup_ns): a timer's hrtimer_wakeup() runs in the timer's
// hardirq (kernel/time/hrtimer.c, 6.12), a task's wake_up_process() in the
// task. The wake-up's flow starts at sched_waking, before the cost is paid, so
// its length moves with the cost of the waker's context and no other.
#include "machine_harness.h"

#include "kernel/hrtimer_sleep.h"

#include <QtTest>

using namespace irqscope;
using namespace irqscope::kern;
using irqscope::test::Harness;

namespace {

using Settings = std::initializer_list<std::pair<const char*, const char*>>;

// How long the wake-up of "wakee" (CPU 0, busy with nothing else) took from
// sched_waking to its switch-in: woken at 1 ms by a task on CPU 0 that then
// sleeps (`byTimer` false), or by its own hrtimer expiring at 1 ms.
Time wakeFlow(Settings kv, bool byTimer) {
    Harness h(kv);
    Machine& m = *h.m;
    Task& w = m.sched().createTask("wakee", ContextKind::User, Policy::Fifo, 50, m.oneCpu(0),
                                   [byTimer](Kctx& c) -> Proc<void> {
                                       if (byTimer) co_await hrtimerSleepUntil(c, 0, 1 * kMs);
                                       else co_await c.block();
                                       for (;;) {
                                           co_await c.work(10 * kUs, kUser);
                                           co_await c.block();
                                       }
                                   });
    m.sched().wake(w, -1);
    if (!byTimer)
        h.at(900 * kUs, [&] {
            Task& k = m.sched().createTask("waker", ContextKind::User, Policy::Normal, 0, m.oneCpu(0),
                                           [&w](Kctx& c) -> Proc<void> {
                                               co_await c.work(100 * kUs, kUser);
                                               co_await c.wakeUpProcess(w);
                                               for (;;) co_await c.block();
                                           });
            m.sched().wake(k, -1);
        });
    h.run(3 * kMs);
    const Flow* last = nullptr;
    for (const Flow& f : h.trace.flows()) {
        const auto seg = h.trace.segmentAt(f.dstLane, 0, f.dstTime);
        if (f.kind == FlowKind::WakeTask && seg && h.trace.str(seg->entity) == "wakee") last = &f;
    }
    return last ? last->dstTime - last->srcTime : -1;
}

} // namespace

class TestWakeupContext : public QObject {
    Q_OBJECT
private slots:
    // A task waking a task pays cost.wakeup_task_ns; unset, cost.wakeup_ns. The
    // hardirq's and softirq's costs do not touch it.
    void aTaskWakesAtTheTaskCost() {
        const Time pooled = wakeFlow({{"cost.wakeup_ns", "5us"}}, false);
        QVERIFY(pooled > 0);
        const Time task = wakeFlow({{"cost.wakeup_ns", "5us"}, {"cost.wakeup_task_ns", "25us"}}, false);
        QCOMPARE(task - pooled, 20 * kUs);
        const Time others = wakeFlow(
            {{"cost.wakeup_ns", "5us"}, {"cost.wakeup_hardirq_ns", "40us"}, {"cost.wakeup_softirq_ns", "40us"}}, false);
        QCOMPARE(others, pooled);
    }

    // hrtimer_wakeup() runs in the timer interrupt: cost.wakeup_hardirq_ns.
    void aTimerWakesAtTheHardirqCost() {
        const Time pooled = wakeFlow({{"cost.wakeup_ns", "5us"}}, true);
        QVERIFY(pooled > 0);
        const Time hard = wakeFlow({{"cost.wakeup_ns", "5us"}, {"cost.wakeup_hardirq_ns", "25us"}}, true);
        QCOMPARE(hard - pooled, 20 * kUs);
        const Time others = wakeFlow(
            {{"cost.wakeup_ns", "5us"}, {"cost.wakeup_task_ns", "40us"}, {"cost.wakeup_softirq_ns", "40us"}}, true);
        QCOMPARE(others, pooled);
    }

    // Unset, each context's cost follows cost.wakeup_ns (the defaults' runs stay as they were).
    void unsetFollowsThePooledCost() {
        const Time a = wakeFlow({{"cost.wakeup_ns", "5us"}}, true);
        const Time b = wakeFlow({{"cost.wakeup_ns", "15us"}}, true);
        QCOMPARE(b - a, 10 * kUs);
    }
};

QTEST_MAIN(TestWakeupContext)
#include "test_wakeup_context.moc"
