// RT push/pull (kernel/sched/rt.c push_rt_task(), pull_rt_task(), v6.12): a
// queued RT task that cannot run where it is moves to a CPU running something
// less important, by a push from its CPU or a pull by the other one.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
// A FIFO task allowed on every CPU, starting on `cpu`: it sleeps until woken
// (unless `now`), then spins for `spin` (forever when 0) and sleeps again.
Task& rtTask(Harness& h, const std::string& name, int prio, int cpu, bool now, Time spin = 0) {
    Machine& m = *h.m;
    Task& t = m.sched().createTask(name, ContextKind::User, Policy::Fifo, prio, m.allCpus(),
                                   [now, spin](Kctx& c) -> Proc<void> {
                                       if (!now) co_await c.block();
                                       for (;;) {
                                           if (spin == 0) {
                                               for (;;) co_await c.work(kMs, kUser);
                                           }
                                           co_await c.work(spin, kUser);
                                           co_await c.block();
                                       }
                                   });
    m.sched().setTaskCpu(t, cpu);
    m.sched().wake(t, -1);
    return t;
}

Time firstRunOn(const Harness& h, int cpu, std::string_view name, Time after) {
    for (auto& s : h.segments(cpu, ContextKind::User, name))
        if (s.start >= after) return s.start;
    return -1;
}
} // namespace

class TestRtPushPull : public QObject {
    Q_OBJECT
private slots:
    void aPreemptedRtTaskIsPushedToACpuRunningFairWork() {
        // A (FIFO 50) runs on CPU 0, a fair hog on CPU 1. B (FIFO 60) wakes on
        // CPU 0 and preempts A; after the switch CPU 0 pushes A to CPU 1.
        Harness h({{"machine.cpus", "2"}});
        test::spinner(*h.m, "hog", 1);
        rtTask(h, "A", 50, 0, true);
        Task& b = rtTask(h, "B", 60, 0, false);
        h.at(5 * kMs, [&] { h.m->sched().wake(b, -1); });
        h.run(10 * kMs);
        QVERIFY(!h.segments(0, ContextKind::User, "B").empty());
        const Time t = firstRunOn(h, 1, "A", 5 * kMs);
        qInfo("A runs on CPU 1 at %lld ns", static_cast<long long>(t));
        QVERIFY2(t >= 5 * kMs && t < 5 * kMs + 50 * kUs, qPrintable(QString::number(t)));
        QVERIFY(h.segments(1, ContextKind::User, "hog").back().end <= t + 10 * kUs); // the hog waits now
    }

    void aCpuWhoseRtTaskBlocksPullsAWaitingOne() {
        // CPU 0 runs B (FIFO 60) with A (FIFO 50) queued behind it; CPU 1 runs C
        // (FIFO 80), so nothing can take A. When C blocks at ~5 ms, CPU 1 pulls A
        // instead of going back to its fair hog.
        Harness h({{"machine.cpus", "2"}});
        test::spinner(*h.m, "hog", 1);
        rtTask(h, "B", 60, 0, true);
        Task& c = rtTask(h, "C", 80, 1, false, 4 * kMs);
        Task& a = rtTask(h, "A", 50, 0, false);
        h.at(1 * kMs, [&] { h.m->sched().wake(c, -1); });
        h.at(2 * kMs, [&] { h.m->sched().wake(a, -1); });
        h.run(10 * kMs);
        QVERIFY(!h.segments(1, ContextKind::User, "C").empty());
        QCOMPARE(firstRunOn(h, 0, "A", 2 * kMs), Time(-1)); // B never lets it run on CPU 0
        const Time t = firstRunOn(h, 1, "A", 2 * kMs);
        qInfo("A runs on CPU 1 at %lld ns", static_cast<long long>(t));
        QVERIFY2(t >= 5 * kMs && t < 5 * kMs + 50 * kUs, qPrintable(QString::number(t)));
    }
};

QTEST_GUILESS_MAIN(TestRtPushPull)
#include "test_rt_push_pull.moc"
