// hrtimer_interrupt() (kernel/time/hrtimer.c, 6.12) runs the expired timers,
// then programs the next expiry; when that expiry has passed meanwhile,
// tick_program_event() fails with -ETIME and the interrupt runs the queues
// again (three passes at most). A task's timer that comes due while the tick
// runs in the same interrupt is served there: no second interrupt.
#include "kernel/hrtimer_sleep.h"
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

constexpr Time kTick = 4 * kMs; // HZ=250

// An RT task on CPU 1 that sleeps until `offset` after each tick and runs 5 us.
void sleeperAfterTicks(Machine& m, Time offset) {
    auto& t =
        m.sched().createTask("rt", ContextKind::User, Policy::Fifo, 50, m.oneCpu(1), [offset](Kctx& c) -> Proc<void> {
            for (Time next = kTick + offset;; next += kTick) {
                co_await hrtimerSleepUntil(c, 1, next);
                co_await c.work(5 * kUs, kUser);
            }
        });
    m.sched().wake(t, -1);
}

// A fair task that keeps CPU 1 busy, so its tick runs (NO_HZ stops an idle CPU's).
void hog(Machine& m) {
    auto& t = m.sched().createTask("hog", ContextKind::User, Policy::Normal, 0, m.oneCpu(1), [](Kctx& c) -> Proc<void> {
        for (;;) co_await c.work(kMs, kUser);
    });
    m.sched().wake(t, -1);
}

struct Outcome {
    std::size_t interrupts = 0;
    std::vector<Time> wakes; // of "rt"
};

// tick 10 us, a task timer `offset` after each tick; 5 ticks (4 .. 20 ms)
Outcome run(Time offset) {
    Harness h({{"machine.cpus", "2"}, {"machine.hz", "250"}, {"cost.tick_ns", "10us"}, {"cost.hrtimer_ns", "1us"}});
    hog(*h.m);
    if (offset >= 0) sleeperAfterTicks(*h.m, offset);
    h.run(5 * kTick + kMs);
    Outcome r;
    r.interrupts = h.segments(1, ContextKind::Hardirq, "arch_timer").size();
    for (const Instant& i : h.instants(1, InstantKind::Wakeup))
        if (h.trace.str(i.entity) == "rt" && i.t >= kTick) r.wakes.push_back(i.t); // not the first wake-up at 0
    return r;
}

} // namespace

class TestHrtimerRetry : public QObject {
    Q_OBJECT
private slots:
    void aTimerDueDuringTheTickIsServedInItsInterrupt() {
        const Outcome ticksOnly = run(-1);
        const Outcome near = run(3 * kUs); // due while the 10 us tick runs
        QVERIFY(ticksOnly.interrupts >= 5);
        QCOMPARE(near.interrupts, ticksOnly.interrupts);
        QCOMPARE(near.wakes.size(), std::size_t(5));
        for (std::size_t i = 0; i < near.wakes.size(); ++i) {
            const Time tick = static_cast<Time>(i + 1) * kTick;
            // served after the tick's 10 us, not at its own expiry
            QVERIFY2(near.wakes[i] >= tick + 10 * kUs && near.wakes[i] < tick + 15 * kUs,
                     qPrintable(QString::number(near.wakes[i])));
        }
    }

    void aTimerDueAfterTheInterruptTakesItsOwn() {
        const Outcome ticksOnly = run(-1);
        const Outcome far = run(100 * kUs);
        QCOMPARE(far.interrupts, ticksOnly.interrupts + 5);
        QCOMPARE(far.wakes.size(), std::size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestHrtimerRetry)
#include "test_hrtimer_retry.moc"
