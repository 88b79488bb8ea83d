// The TIMER softirq (kernel/time/timer.c run_local_timers()): from v5.9 the
// tick raises it only when a timer-wheel timer is due on this CPU
// (base->next_expiry); 4.8-5.8 compared jiffies with base->clk, which the
// softirq itself advances, so a busy CPU raised it on every tick, and 4.4
// raised it unconditionally (kernel.timer.softirq_every_tick).
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
struct Counts {
    std::size_t ticks = 0, timer = 0;
};

Counts run(std::initializer_list<std::pair<const char*, const char*>> kv) {
    Harness h(kv);
    test::spinner(*h.m, "hog", 0); // a busy CPU: the tick never stops
    h.run(40 * kMs);
    return {h.segments(0, ContextKind::Hardirq, "arch_timer").size(),
            h.segments(0, ContextKind::Softirq, "TIMER").size()};
}
} // namespace

class TestTimerSoftirq : public QObject {
    Q_OBJECT
private slots:
    void noTimerDueNoTimerSoftirq() {
        const Counts c = run({{"machine.cpus", "1"}});
        QCOMPARE(c.ticks, std::size_t(9)); // HZ=250: 4, 8, ... 36 ms
        QCOMPARE(c.timer, std::size_t(0));
    }

    void aPeriodicTimerRaisesItWhenDue() {
        const Counts c = run({{"machine.cpus", "1"}, {"kernel.timer.periodic_ns", "8ms"}});
        QCOMPARE(c.timer, std::size_t(4)); // every second tick: 8, 16, 24, 32 ms
    }

    void olderKernelsRaiseItOnEveryTick() {
        for (const char* v : {"4.4", "4.19"}) {
            const Counts c = run({{"machine.cpus", "1"}, {"kernel.version", v}});
            QCOMPARE(c.timer, c.ticks);
        }
        const Counts now = run({{"machine.cpus", "1"}, {"kernel.version", "5.10"}});
        QCOMPARE(now.timer, std::size_t(0));
    }

    // A non-deferrable timer wakes an idle CPU whose tick is stopped (NO_HZ_IDLE).
    void aTimerWakesAnIdleCpu() {
        Harness h({{"machine.cpus", "2"}, {"kernel.timer.periodic_ns", "10ms"}}); // 3 jiffies: 12, 24, 36 ms
        test::spinner(*h.m, "hog", 0);
        h.run(40 * kMs);
        auto timer = h.segments(1, ContextKind::Softirq, "TIMER");
        QCOMPARE(timer.size(), std::size_t(3));
        QCOMPARE(h.segments(1, ContextKind::Hardirq, "arch_timer").size(), std::size_t(3)); // one interrupt each
        QVERIFY(timer[0].start >= 12 * kMs && timer[0].start < 12 * kMs + 20 * kUs);
    }
};

QTEST_GUILESS_MAIN(TestTimerSoftirq)
#include "test_timer_softirq.moc"
