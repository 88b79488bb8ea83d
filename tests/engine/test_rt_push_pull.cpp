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

    void theBitmapOfNonEmptyListsFollowsTheLists() {
        // highest() and below() read the run queue's bitmap (rt_prio_array.bitmap);
        // after every enqueue, putPrev, dequeue and pick it must name exactly
        // the non-empty lists, across the 64-bit word boundary too.
        Harness h({{"machine.cpus", "2"}});
        Machine& m = *h.m;
        RtSched& rt = m.sched().rt();
        const Cpu& c = m.cpu(1);
        std::vector<Task*> tasks;
        for (const int prio : {1, 2, 40, 62, 63, 64, 65, 98, 99, 63, 64, 1})
            tasks.push_back(&m.sched().createTask("rt" + std::to_string(tasks.size()), ContextKind::User, Policy::Fifo,
                                                  prio, m.oneCpu(1), {}));
        auto check = [&] {
            int expect = 0;
            for (int p = 99; p >= 1 && !expect; --p)
                if (!rt.list(1, p).empty()) expect = p;
            QCOMPARE(rt.highest(1), expect);
            for (int below = 100; below >= 1; --below) {
                int e = 0;
                for (int p = below - 1; p >= 1 && !e; --p)
                    if (!rt.list(1, p).empty()) e = p;
                QCOMPARE(rt.below(1, below), e);
            }
        };
        std::uint64_t x = 7;
        std::vector<Task*> queued;
        for (int step = 0; step < 400; ++step) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            Task* t = tasks[(x >> 33) % tasks.size()];
            const bool isQueued = std::find(queued.begin(), queued.end(), t) != queued.end();
            if ((x >> 60) % 4 == 0 && !queued.empty()) {
                Task* picked = rt.pick(c);
                QVERIFY(picked);
                queued.erase(std::find(queued.begin(), queued.end(), picked));
            } else if (isQueued) {
                QVERIFY(rt.dequeue(c, *t));
                queued.erase(std::find(queued.begin(), queued.end(), t));
            } else {
                if ((x >> 61) % 2) rt.enqueue(c, *t);
                else rt.putPrev(c, *t);
                queued.push_back(t);
            }
            QCOMPARE(rt.queued(1), static_cast<int>(queued.size()));
            check();
            if (QTest::currentTestFailed()) return;
        }
    }
};

QTEST_GUILESS_MAIN(TestRtPushPull)
#include "test_rt_push_pull.moc"
