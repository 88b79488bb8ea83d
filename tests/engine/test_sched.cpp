// The scheduler: RT vs fair, EEVDF vs CFS wake-up preemption, the preemption
// models, fair sharing by weight, RT throttling.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;
using test::sleeper;

class TestSched : public QObject {
    Q_OBJECT
private slots:
    void fifoPreemptsAUserSpaceHogAtOnce() {
        Harness h({{"machine.cpus", "1"}});
        test::spinner(*h.m, "hog", 0);
        Time lat = -1;
        auto& rt = sleeper(*h.m, "rt", 0, Policy::Fifo, 1, &lat);
        h.at(1500 * kUs, [&] { h.m->sched().wake(rt, -1); });
        h.run(3 * kMs);
        QVERIFY(lat >= 0);
        QVERIFY2(lat < 5 * kUs, qPrintable(QString::number(lat))); // just the context switch
    }

    void aRemoteWakeupPaysForItsReschedIpi() {
        // A task on CPU 0 wakes a FIFO task onto CPU 1, which runs a hog: the
        // reschedule IPI goes out (a flow and a raise on CPU 1), and the waker
        // pays cost.ipi_send_ns before its next piece of work ends.
        Time done[2] = {-1, -1};
        int i = 0;
        for (const char* send : {"0", "20000"}) {
            Harness h({{"machine.cpus", "2"}, {"cost.ipi_send_ns", send}});
            test::spinner(*h.m, "hog", 1);
            Time lat = -1;
            auto& rt = sleeper(*h.m, "rt", 1, Policy::Fifo, 1, &lat);
            Time* end = &done[i];
            auto& waker = h.m->sched().createTask("waker", ContextKind::User, Policy::Normal, 0, h.m->oneCpu(0),
                                                  [&rt, end](Kctx& c) -> Proc<void> {
                                                      co_await c.block();
                                                      c.m().sched().wake(rt, c.cpu().id);
                                                      co_await c.work(10 * kUs, kUser);
                                                      *end = c.now();
                                                  });
            h.m->sched().wake(waker, -1);
            h.at(1 * kMs, [&] { h.m->sched().wake(waker, -1); });
            h.run(3 * kMs);
            QVERIFY(lat >= 0);
            QCOMPARE(int(h.instants(1, InstantKind::IrqRaise).size()) > 0, true);
            ++i;
        }
        QVERIFY(done[0] > 0);
        QCOMPARE(done[1] - done[0], 20 * kUs);
    }

    void preemptionModelDecidesForKernelCode() {
        // A kernel thread that calls cond_resched() every 500 us: with `full` the
        // woken FIFO task runs at once; with `voluntary` only at cond_resched().
        Time lat[2] = {-1, -1};
        int i = 0;
        for (const char* model : {"full", "voluntary"}) {
            Harness h({{"machine.cpus", "1"}, {"kernel.preempt", model}});
            auto& k = h.m->sched().createTask("kthread", ContextKind::Kthread, Policy::Normal, 0, h.m->oneCpu(0),
                                              [](Kctx& c) -> Proc<void> {
                                                  for (;;) {
                                                      co_await c.work(500 * kUs);
                                                      co_await c.condResched();
                                                  }
                                              });
            h.m->sched().wake(k, -1);
            auto& rt = sleeper(*h.m, "rt", 0, Policy::Fifo, 1, &lat[i]);
            h.at(1100 * kUs, [&] { h.m->sched().wake(rt, -1); });
            h.run(3 * kMs);
            ++i;
        }
        QVERIFY(lat[0] >= 0 && lat[0] < 5 * kUs);
        QVERIFY2(lat[1] > 300 * kUs && lat[1] < 450 * kUs, qPrintable(QString::number(lat[1]))); // until 1.5 ms
    }

    void preemptNoneIgnoresMightSleep() {
        // A kernel thread with might_sleep() points every 500 us and a
        // cond_resched() every third point; a FIFO task woken at 0.6 ms.
        // voluntary: might_resched() is a preemption point, it runs at 1.0 ms;
        // none: only cond_resched() is, it runs at 1.5 ms.
        Time lat[2] = {-1, -1};
        int i = 0;
        for (const char* model : {"voluntary", "none"}) {
            Harness h({{"machine.cpus", "1"}, {"kernel.preempt", model}});
            auto& k = h.m->sched().createTask("kthread", ContextKind::Kthread, Policy::Normal, 0, h.m->oneCpu(0),
                                              [](Kctx& c) -> Proc<void> {
                                                  for (;;) {
                                                      co_await c.work(500 * kUs);
                                                      co_await c.mightSleep();
                                                      co_await c.work(500 * kUs);
                                                      co_await c.mightSleep();
                                                      co_await c.work(500 * kUs);
                                                      co_await c.condResched();
                                                  }
                                              });
            h.m->sched().wake(k, -1);
            auto& rt = sleeper(*h.m, "rt", 0, Policy::Fifo, 1, &lat[i]);
            h.at(600 * kUs, [&] { h.m->sched().wake(rt, -1); });
            h.run(3 * kMs);
            ++i;
        }
        QVERIFY2(lat[0] > 350 * kUs && lat[0] < 450 * kUs, qPrintable(QString::number(lat[0])));
        QVERIFY2(lat[1] > 850 * kUs && lat[1] < 950 * kUs, qPrintable(QString::number(lat[1])));
    }

    void niceMinus20IsNotRealTime() {
        // EEVDF with RUN_TO_PARITY: a woken nice -20 task waits while the running
        // nice-0 hog is inside the slice it was picked with; the slice end is only
        // noticed at the tick. A FIFO task does not wait. 8 CPUs scale the base
        // slice to 3 ms (1 + ilog2(8)); the hog was picked at 0, woken at 2.1 ms.
        Time fair = -1, fifo = -1;
        {
            Harness h({{"machine.cpus", "8"}});
            test::spinner(*h.m, "hog", 0);
            auto& t = sleeper(*h.m, "hi", 0, Policy::Normal, -20, &fair);
            h.at(2100 * kUs, [&] { h.m->sched().wake(t, -1); });
            h.run(8 * kMs);
        }
        {
            Harness h({{"machine.cpus", "8"}});
            test::spinner(*h.m, "hog", 0);
            auto& t = sleeper(*h.m, "rt", 0, Policy::Fifo, 1, &fifo);
            h.at(2100 * kUs, [&] { h.m->sched().wake(t, -1); });
            h.run(8 * kMs);
        }
        QVERIFY(fifo >= 0 && fair >= 0);
        QVERIFY2(fair > 1 * kMs && fair < 2 * kMs, qPrintable(QString::number(fair))); // until the 4 ms tick
        QVERIFY(fifo < 5 * kUs);
    }

    void withoutRunToParityTheEarlierDeadlineWins() {
        Time lat = -1;
        Harness h({{"machine.cpus", "8"}, {"kernel.sched.run_to_parity", "false"}});
        test::spinner(*h.m, "hog", 0);
        auto& t = sleeper(*h.m, "hi", 0, Policy::Normal, -20, &lat);
        h.at(2100 * kUs, [&] { h.m->sched().wake(t, -1); });
        h.run(8 * kMs);
        QVERIFY(lat >= 0);
        QVERIFY2(lat < 10 * kUs, qPrintable(QString::number(lat)));
    }

    void cfsPreemptsWhenAheadByMoreThanTheWakeupGranularity() {
        // CFS places a sleeper up to half a latency period behind: a woken task
        // that slept long preempts; with a huge wake-up granularity it does not.
        Time lat[2] = {-1, -1};
        int i = 0;
        for (const char* gran : {"1ms", "50ms"}) {
            Harness h({{"machine.cpus", "1"},
                       {"kernel.sched.fair", "cfs"},
                       {"kernel.sched.cfs_wakeup_granularity_ns", gran}});
            test::spinner(*h.m, "hog", 0);
            auto& t = sleeper(*h.m, "w", 0, Policy::Normal, 0, &lat[i]);
            h.at(10 * kMs, [&] { h.m->sched().wake(t, -1); });
            h.run(30 * kMs);
            ++i;
        }
        QVERIFY(lat[0] >= 0 && lat[0] < 10 * kUs);
        QVERIFY2(lat[1] > 500 * kUs, qPrintable(QString::number(lat[1])));
    }

    void cfsGivesAWakingSleeperHalfALatencyOfCredit() {
        // v6.1 place_entity(): a task that slept 10 ms behind a nice-0 hog
        // wakes at min_vruntime (the hog's vruntime, kept current by
        // update_curr()) minus sched_latency/2 = 3 ms on one CPU
        // (GENTLE_FAIR_SLEEPERS): more than the 1 ms wake-up granularity
        // ahead, so it preempts the hog at wake-up.
        Harness h({{"machine.cpus", "1"}, {"kernel.sched.fair", "cfs"}});
        Task& hog = test::spinner(*h.m, "hog", 0);
        Time lat = -1;
        Task& t = sleeper(*h.m, "w", 0, Policy::Normal, 0, &lat);
        double credit = -1;
        h.at(10 * kMs, [&] {
            h.m->sched().wake(t, -1);
            credit = hog.vruntime - t.vruntime;
        });
        h.run(20 * kMs);
        QVERIFY2(std::abs(credit - 3e6) < 1, qPrintable(QString::number(credit)));
        QVERIFY2(lat >= 0 && lat < 10 * kUs, qPrintable(QString::number(lat)));
    }

    void fairTasksShareByWeight() {
        Harness h({{"machine.cpus", "1"}});
        test::spinner(*h.m, "a", 0, Policy::Normal, 0);
        test::spinner(*h.m, "b", 0, Policy::Normal, 0);
        test::spinner(*h.m, "c", 0, Policy::Normal, 5); // weight 335 vs 1024
        h.run(400 * kMs);
        const double a = double(h.task("a")->runNs), b = double(h.task("b")->runNs), c = double(h.task("c")->runNs);
        QVERIFY2(std::abs(a - b) / (a + b) < 0.05, qPrintable(QStringLiteral("%1 %2").arg(a).arg(b)));
        const double ratio = a / c;
        QVERIFY2(ratio > 2.4 && ratio < 3.8, qPrintable(QString::number(ratio))); // 1024/335 = 3.06
    }

    void rtThrottlingLeavesFairTasksTheirShare() {
        Harness h({{"machine.cpus", "1"},
                   {"kernel.sched.rt_limit", "throttling"},
                   {"kernel.sched.rt_runtime_ns", "80ms"},
                   {"kernel.sched.rt_period_ns", "100ms"}});
        test::spinner(*h.m, "rt", 0, Policy::Fifo, 10);
        test::spinner(*h.m, "fair", 0, Policy::Normal, 0);
        h.run(500 * kMs);
        const double fair = double(h.task("fair")->runNs) / double(500 * kMs);
        QVERIFY2(fair > 0.12 && fair < 0.30, qPrintable(QString::number(fair)));
        Harness off({{"machine.cpus", "1"}, {"kernel.sched.rt_limit", "off"}});
        test::spinner(*off.m, "rt", 0, Policy::Fifo, 10);
        test::spinner(*off.m, "fair", 0, Policy::Normal, 0);
        off.run(200 * kMs);
        QVERIFY(off.task("fair")->runNs < 1 * kMs);
    }
};

QTEST_GUILESS_MAIN(TestSched)
#include "test_sched.moc"
