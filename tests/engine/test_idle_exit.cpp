// Leaving the idle state costs machine.idle_exit_ns once per wake-up of an
// idle CPU. An interrupt pays it on entry; the task it wakes there then runs
// without paying it again: after the interrupt, do_idle() sees need_resched
// and calls schedule_idle() without entering a C-state (kernel/sched/idle.c).
// A second interrupt pending when the first returns is taken in the idle
// loop, awake: no second exit either. A wake-up from another CPU that reaches
// the idle CPU without an interrupt (the engine's simplification of the IPI,
// docs/engine.md) pays it at the switch.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

// A FIFO task on `cpu` that, each time it is woken, notes when it runs again.
Task& noter(Machine& m, int cpu, Time* ranAt) {
    Task& t = m.sched().createTask("noter", ContextKind::User, Policy::Fifo, 50, m.oneCpu(cpu),
                                   [ranAt](Kctx& c) -> Proc<void> {
                                       for (;;) {
                                           co_await c.block();
                                           *ranAt = c.now();
                                           co_await c.work(10 * kUs, kUser);
                                       }
                                   });
    m.sched().wake(t, -1); // run up to its first sleep
    return t;
}

// From the hrtimer's expiry on idle CPU 1 to the woken task running there.
Time timerToTask(const char* idleExit) {
    Harness h({{"machine.cpus", "2"}, {"machine.idle_exit_ns", idleExit}});
    Time ranAt = -1;
    Task& t = noter(*h.m, 1, &ranAt);
    constexpr Time expiry = 2 * kMs;
    h.at(1 * kMs,
         [&] { h.m->timers().hrtimerStart(1, expiry, [&t](Kctx& k, Time) { k.m().sched().wake(t, k.cpu().id); }); });
    h.run(3 * kMs);
    return ranAt - expiry;
}

// From a task on CPU 0 waking the task on idle CPU 1 to that task running.
Time remoteWakeToTask(const char* idleExit) {
    Harness h({{"machine.cpus", "2"}, {"machine.idle_exit_ns", idleExit}});
    Time ranAt = -1, wokeAt = -1;
    Task& t = noter(*h.m, 1, &ranAt);
    Task& w = h.m->sched().createTask("waker", ContextKind::User, Policy::Normal, 0, h.m->oneCpu(0),
                                      [&t, &wokeAt](Kctx& c) -> Proc<void> {
                                          for (;;) {
                                              co_await c.block();
                                              wokeAt = c.now();
                                              c.m().sched().wake(t, c.cpu().id);
                                              co_await c.work(10 * kUs, kUser);
                                          }
                                      });
    h.m->sched().wake(w, -1);
    h.at(1 * kMs, [&] { h.m->sched().wake(w, -1); });
    h.run(3 * kMs);
    return ranAt - wokeAt;
}

// Two interrupts raised together at idle CPU 0: from the raise to the end of
// the second handler. The second is taken in the idle loop, awake, right
// after the first returns.
Time twoInterruptsAtOnce(const char* idleExit) {
    Harness h({{"machine.cpus", "1"}, {"machine.idle_exit_ns", idleExit}});
    for (int i = 0; i < 2; ++i) {
        auto& line = h.m->gic().addLine(hw::IntType::SPI, 40 + i, 0, "spi" + std::to_string(i));
        h.m->irq().request(
            line, line.name,
            [](Kctx& c) -> Proc<IrqReturn> {
                co_await c.work(5 * kUs);
                co_return IrqReturn::Handled;
            },
            {}, 0);
        h.at(1 * kMs, [&h, &line] { h.m->irq().raise(line); });
    }
    h.run(2 * kMs);
    const auto hard = h.segments(0, ContextKind::Hardirq);
    if (hard.size() != 2) return -1;
    return hard.back().end - 1 * kMs;
}

} // namespace

class TestIdleExit : public QObject {
    Q_OBJECT
private slots:
    void anInterruptWakingAnIdleCpuPaysTheExitOnce() {
        const Time base = timerToTask("0");
        const Time slow = timerToTask("50000");
        QVERIFY(base > 0);
        QCOMPARE(slow - base, 50 * kUs);
    }

    void aRemoteWakeOfAnIdleCpuPaysTheExitAtTheSwitch() {
        const Time base = remoteWakeToTask("0");
        const Time slow = remoteWakeToTask("50000");
        QVERIFY(base > 0);
        QCOMPARE(slow - base, 50 * kUs);
    }

    void aSecondInterruptTakenBeforeTheCpuIdlesAgainPaysNoExit() {
        const Time base = twoInterruptsAtOnce("0");
        const Time slow = twoInterruptsAtOnce("50000");
        QVERIFY(base > 0);
        QCOMPARE(slow - base, 50 * kUs);
    }
};

QTEST_GUILESS_MAIN(TestIdleExit)
#include "test_idle_exit.moc"
