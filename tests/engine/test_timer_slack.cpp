// Timer slack (kernel/time/hrtimer.c hrtimer_nanosleep(), 6.12): a task's
// nanosleep arms its hrtimer for [t, t + timer_slack_ns]
// (hrtimer_set_expires_range_ns()); the clock event is programmed for the
// hard expiry, and __hrtimer_run_queues() runs every timer whose soft expiry
// has passed. Two fair tasks whose sleeps end 20 us apart share one timer
// interrupt; RT and deadline tasks sleep with no slack (rt_or_dl_task()).
#include "kernel/hrtimer_sleep.h"
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

// A task on CPU 1 that sleeps until `first`, `first + period`, ... and runs 5 us each time.
Task& periodicSleeper(Machine& m, const std::string& name, Policy pol, Time first, Time period) {
    auto& t = m.sched().createTask(name, ContextKind::User, pol, pol == Policy::Normal ? 0 : 50, m.oneCpu(1),
                                   [first, period](Kctx& c) -> Proc<void> {
                                       for (Time next = first;; next += period) {
                                           co_await hrtimerSleepUntil(c, 1, next);
                                           co_await c.work(5 * kUs, kUser);
                                       }
                                   });
    m.sched().wake(t, -1);
    return t;
}

struct Outcome {
    std::size_t interrupts = 0;
    Time lastWake = 0; // of "b"
};

Outcome run(Policy pol, const char* slack) {
    Harness h({{"machine.cpus", "2"}, {"kernel.timer.slack_ns", slack}});
    periodicSleeper(*h.m, "a", pol, 1 * kMs, 1 * kMs);            // 1, 2, ... 9 ms
    periodicSleeper(*h.m, "b", pol, 1 * kMs - 20 * kUs, 1 * kMs); // 20 us earlier
    h.run(10 * kMs - 100 * kUs);
    Outcome r;
    r.interrupts = h.segments(1, ContextKind::Hardirq, "arch_timer").size();
    for (const Instant& i : h.instants(1, InstantKind::Wakeup))
        if (h.trace.str(i.entity) == "b") r.lastWake = i.t;
    return r;
}

} // namespace

class TestTimerSlack : public QObject {
    Q_OBJECT
private slots:
    void fairSleepersShareAnInterrupt() {
        const Outcome none = run(Policy::Normal, "0");
        const Outcome slack = run(Policy::Normal, "50us");
        QCOMPARE(none.interrupts, std::size_t(18)); // 9 periods, two sleepers
        QCOMPARE(slack.interrupts, std::size_t(9)); // b's timer runs in a's interrupt
        QVERIFY(none.lastWake >= 9 * kMs - 20 * kUs && none.lastWake < 9 * kMs - 15 * kUs);
        // one interrupt at b's hard expiry (8.98 + 0.05 ms) runs both: a's soft expiry (9 ms) has passed
        QVERIFY(slack.lastWake >= 9 * kMs + 30 * kUs && slack.lastWake < 9 * kMs + 35 * kUs);
    }

    void aLoneSleeperWakesAtItsHardExpiry() {
        Harness h({{"machine.cpus", "2"}});
        periodicSleeper(*h.m, "b", Policy::Normal, 1 * kMs, 1 * kMs);
        h.run(1 * kMs + 100 * kUs);
        const auto wakes = h.instants(1, InstantKind::Wakeup);
        QCOMPARE(wakes.size(), std::size_t(1));
        QVERIFY(wakes[0].t >= 1 * kMs + 50 * kUs && wakes[0].t < 1 * kMs + 55 * kUs); // 50 us default slack
    }

    void rtSleepersHaveNoSlack() {
        const Outcome r = run(Policy::Fifo, "50us");
        QCOMPARE(r.interrupts, std::size_t(18));
        QVERIFY(r.lastWake >= 9 * kMs - 20 * kUs && r.lastWake < 9 * kMs - 15 * kUs);
    }
};

QTEST_GUILESS_MAIN(TestTimerSlack)
#include "test_timer_slack.moc"
