// The deadline class and RT bandwidth: EDF, CBS throttling and replenishment,
// the CBS wake-up rule, admission control, deadline over FIFO 99, RT
// throttling and runtime sharing by kernel version, and the 6.12 fair server.
#include "machine_harness.h"

#include <QtTest>

using namespace irqscope;
using namespace irqscope::kern;
using irqscope::test::Harness;

namespace {

// A deadline job: `work` of CPU time per wake-up, then sleep.
Task& dlJob(Machine& m, const std::string& name, Time work, Time runtime, Time deadline, Time period) {
    Task& t =
        m.sched().createTask(name, ContextKind::User, Policy::Normal, 0, m.allCpus(), [work](Kctx& c) -> Proc<void> {
            for (;;) {
                co_await c.work(work, kUser);
                co_await c.block();
            }
        });
    if (m.sched().setDeadline(t, runtime, deadline, period) != DlSched::SetAttr::Ok) qFatal("not admitted");
    return t;
}

// A deadline task that never sleeps.
Task& dlHog(Machine& m, const std::string& name, Time runtime, Time period) {
    Task& t = m.sched().createTask(name, ContextKind::User, Policy::Normal, 0, m.allCpus(), [](Kctx& c) -> Proc<void> {
        for (;;) co_await c.work(kMs, kUser);
    });
    if (m.sched().setDeadline(t, runtime, period, period) != DlSched::SetAttr::Ok) qFatal("not admitted");
    m.sched().wake(t, -1);
    return t;
}

Time firstStart(const Harness& h, int cpu, const char* name) {
    const auto s = h.segments(cpu, ContextKind::User, name);
    return s.empty() ? -1 : s.front().start;
}

std::uint64_t counter(const Harness& h, const std::string& name) {
    const auto it = h.metrics.throughput.find(name);
    return it == h.metrics.throughput.end() ? 0 : it->second.count;
}

} // namespace

class TestDeadline : public QObject {
    Q_OBJECT
private slots:
    void earliestDeadlineRunsFirst() {
        Harness h({{"machine.cpus", "1"}});
        Task& late = dlJob(*h.m, "late", 2 * kMs, 3 * kMs, 10 * kMs, 20 * kMs);
        Task& early = dlJob(*h.m, "early", 2 * kMs, 3 * kMs, 5 * kMs, 20 * kMs);
        h.at(1 * kMs, [&] {
            h.m->sched().wake(late, -1); // woken first, but its deadline is later
            h.m->sched().wake(early, -1);
        });
        h.run(10 * kMs);
        const Time e = firstStart(h, 0, "early"), l = firstStart(h, 0, "late");
        QVERIFY2(e >= 0 && l > e, qPrintable(QStringLiteral("early %1 late %2").arg(e).arg(l)));
        QVERIFY(l >= e + 2 * kMs);
    }

    void cbsThrottlesAtTheTickAndReplenishesNextPeriod() {
        // 10 ms every 100 ms: a spinning deadline task is throttled once the
        // tick (4 ms at HZ=250) sees its runtime used up, and runs again at
        // the next period; the fair task gets the rest.
        Harness h({{"machine.cpus", "1"}});
        dlHog(*h.m, "dl", 10 * kMs, 100 * kMs);
        test::spinner(*h.m, "fair", 0);
        h.run(1000 * kMs);
        const double dl = double(h.task("dl")->runNs) / double(kMs);
        QVERIFY2(dl >= 100 && dl <= 140, qPrintable(QString::number(dl)));
        QCOMPARE(counter(h, "dl/dl/throttled"), std::uint64_t(10));
        // Each period's first segment of "dl" starts on the period (replenishment timer).
        int onPeriod = 0;
        for (const auto& s : h.segments(0, ContextKind::User, "dl"))
            if (s.start % (100 * kMs) < 50 * kUs) ++onPeriod;
        QVERIFY2(onPeriod >= 9, qPrintable(QString::number(onPeriod)));
    }

    void wakeupRuleKeepsOrRenewsTheDeadline() {
        Harness h({{"machine.cpus", "1"}});
        Task& t = dlJob(*h.m, "job", 2 * kMs, 10 * kMs, 100 * kMs, 100 * kMs);
        h.at(0, [&] { h.m->sched().wake(t, -1); });
        // 8 ms left over 90 ms to the deadline: 8/90 < 10/100, the deadline is kept.
        h.at(10 * kMs, [&] { h.m->sched().wake(t, -1); });
        h.at(10 * kMs + 1, [&] { QCOMPARE(t.dl.deadline, 100 * kMs); });
        // 6 ms left over 5 ms: it would overrun its bandwidth; new deadline now + 100 ms, full runtime.
        h.at(95 * kMs, [&] { h.m->sched().wake(t, -1); });
        h.at(95 * kMs + 1, [&] {
            QCOMPARE(t.dl.deadline, 195 * kMs);
            QVERIFY(t.dl.runtime > 9 * kMs);
        });
        h.run(120 * kMs);
    }

    void admissionControlRejectsOverload() {
        // 6.12, 4 CPUs: 95 % each, minus each fair server's 5 %, leaves 4 x 90 %.
        Harness h({{"machine.cpus", "4"}});
        auto make = [&](const char* n) {
            return &h.m->sched().createTask(n, ContextKind::User, Policy::Normal, 0, h.m->allCpus(), {});
        };
        for (const char* n : {"a", "b", "c", "d"})
            QVERIFY(h.m->sched().setDeadline(*make(n), 900 * kMs, 1000 * kMs, 1000 * kMs) == DlSched::SetAttr::Ok);
        Task* e = make("e");
        QVERIFY(h.m->sched().setDeadline(*e, 1 * kMs, 1000 * kMs, 1000 * kMs) == DlSched::SetAttr::Busy);
        QVERIFY(e->policy == Policy::Normal); // unchanged, like a failed sched_setattr()
        QVERIFY(h.m->sched().setDeadline(*e, 20 * kMs, 10 * kMs, 100 * kMs) == DlSched::SetAttr::Invalid);
        // 6.6 (RT throttling, no fair servers): the same four leave 20 % for more.
        Harness old({{"machine.cpus", "4"}, {"kernel.version", "6.6"}});
        for (const char* n : {"a", "b", "c", "d"})
            QVERIFY(old.m->sched().setDeadline(
                        old.m->sched().createTask(n, ContextKind::User, Policy::Normal, 0, old.m->allCpus(), {}),
                        900 * kMs, 1000 * kMs, 1000 * kMs) == DlSched::SetAttr::Ok);
        QVERIFY(old.m->sched().setDeadline(
                    old.m->sched().createTask("e", ContextKind::User, Policy::Normal, 0, old.m->allCpus(), {}),
                    150 * kMs, 1000 * kMs, 1000 * kMs) == DlSched::SetAttr::Ok);
    }

    void aRejectedProbeStopsTheRun() {
        auto s = test::scenarioWith({{"machine.cpus", "2"},
                                     {"probe.enabled", "true"},
                                     {"probe.policy", "deadline"},
                                     {"probe.period_ns", "1ms"},
                                     {"probe.dl_runtime_ns", "950us"}});
        const auto r = irqscope::run(s, {});
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(r.error().where), QStringLiteral("probe.dl_runtime_ns"));
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("EBUSY")));
    }

    void deadlinePreemptsFifo99() {
        Harness h({{"machine.cpus", "1"}});
        test::spinner(*h.m, "rt99", 0, Policy::Fifo, 99);
        Task& t = dlJob(*h.m, "job", 1 * kMs, 2 * kMs, 10 * kMs, 10 * kMs);
        h.at(5 * kMs, [&] { h.m->sched().wake(t, -1); });
        h.run(10 * kMs);
        const Time s = firstStart(h, 0, "job");
        QVERIFY2(s >= 5 * kMs && s < 5 * kMs + 50 * kUs, qPrintable(QString::number(s)));
    }

    void rtThrottlingIdlesTheCpuWithoutFairWorkBefore612() {
        // 5.10: 80 ms of 100 ms, and then the CPU idles though nothing else waits.
        Harness h({{"machine.cpus", "1"},
                   {"kernel.version", "5.10"},
                   {"kernel.sched.rt_runtime_ns", "80ms"},
                   {"kernel.sched.rt_period_ns", "100ms"}});
        test::spinner(*h.m, "rt", 0, Policy::Fifo, 10);
        h.run(500 * kMs);
        const double rt = double(h.task("rt")->runNs) / double(500 * kMs);
        QVERIFY2(rt > 0.76 && rt < 0.84, qPrintable(QString::number(rt)));
        const double idle = double(h.metrics.cpus[0].ns[static_cast<int>(TimeBucket::Idle)]) / double(500 * kMs);
        QVERIFY2(idle > 0.15, qPrintable(QString::number(idle)));
        // 6.12: no RT throttling; the fair server only acts for fair tasks.
        Harness now({{"machine.cpus", "1"}});
        test::spinner(*now.m, "rt", 0, Policy::Fifo, 10);
        now.run(500 * kMs);
        QVERIFY(now.task("rt")->runNs > 495 * kMs);
    }

    void rtRuntimeIsBorrowedBefore510() {
        // 4.19 (RT_RUNTIME_SHARE): CPU 0 borrows the idle CPU 1's runtime and is never throttled.
        Harness s419({{"machine.cpus", "2"},
                      {"kernel.version", "4.19"},
                      {"kernel.sched.rt_runtime_ns", "80ms"},
                      {"kernel.sched.rt_period_ns", "100ms"}});
        test::spinner(*s419.m, "rt", 0, Policy::Fifo, 10);
        s419.run(500 * kMs);
        QVERIFY2(s419.task("rt")->runNs > 490 * kMs, qPrintable(QString::number(s419.task("rt")->runNs)));
        Harness s510({{"machine.cpus", "2"},
                      {"kernel.version", "5.10"},
                      {"kernel.sched.rt_runtime_ns", "80ms"},
                      {"kernel.sched.rt_period_ns", "100ms"}});
        test::spinner(*s510.m, "rt", 0, Policy::Fifo, 10);
        s510.run(500 * kMs);
        QVERIFY2(s510.task("rt")->runNs < 420 * kMs, qPrintable(QString::number(s510.task("rt")->runNs)));
    }

    void fairServerGivesFairTasks50msPerSecondUnderAnRtHog() {
        // 6.12: the deferred server waits 950 ms, then runs the fair task for
        // 50 ms per 1 s period above the FIFO hog.
        Harness h({{"machine.cpus", "1"}});
        test::spinner(*h.m, "rt", 0, Policy::Fifo, 50);
        test::spinner(*h.m, "fair", 0);
        h.run(3100 * kMs);
        const double fair = double(h.task("fair")->runNs) / double(kMs);
        QVERIFY2(fair >= 145 && fair <= 170, qPrintable(QString::number(fair)));
        const Time first = firstStart(h, 0, "fair");
        QVERIFY2(first >= 945 * kMs && first <= 960 * kMs, qPrintable(QString::number(first)));
        // Without an RT hog the server never runs: the fair task has the CPU.
        Harness alone({{"machine.cpus", "1"}});
        test::spinner(*alone.m, "fair", 0);
        alone.run(1100 * kMs);
        QVERIFY(alone.task("fair")->runNs > 1095 * kMs);
    }

    void idleTimeEndsTheFairServersStarvationMode() {
        // A first starvation (hog A, fair F) leaves the server running at once
        // for new fair work; 300 ms of idle time (dl_server_update_idle_time())
        // use its runtime up and defer it again: G, starved by hog B from
        // 1.5 s, waits for the deferred activation instead of running at once.
        Harness h({{"machine.cpus", "1"}});
        Machine& m = *h.m;
        auto job = [&](const char* name, Policy pol, int prio, Time work) -> Task& {
            return m.sched().createTask(name, ContextKind::User, pol, prio, m.allCpus(), [work](Kctx& c) -> Proc<void> {
                for (Time left = work; left > 0; left -= kMs) co_await c.work(kMs, kUser);
                co_await c.block();
            });
        };
        Task& a = job("hogA", Policy::Fifo, 10, 1200 * kMs);
        Task& f = job("F", Policy::Normal, 0, 40 * kMs);
        Task& b = job("hogB", Policy::Fifo, 10, 10000 * kMs);
        Task& g = job("G", Policy::Normal, 0, 10000 * kMs);
        h.at(0, [&] {
            m.sched().wake(a, -1);
            m.sched().wake(f, -1);
        });
        h.at(1500 * kMs, [&] {
            m.sched().wake(b, -1);
            m.sched().wake(g, -1);
        });
        h.run(2100 * kMs);
        const Time fStart = firstStart(h, 0, "F"), gStart = firstStart(h, 0, "G");
        QVERIFY2(fStart >= 945 * kMs && fStart < 960 * kMs, qPrintable(QString::number(fStart)));
        QVERIFY2(gStart > 1900 * kMs, qPrintable(QString::number(gStart)));
    }
};

QTEST_GUILESS_MAIN(TestDeadline)
#include "test_deadline.moc"
