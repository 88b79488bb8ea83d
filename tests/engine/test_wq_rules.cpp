// Workqueue rules by kernel version (kernel/workqueue.c): max_active counts
// per pool_workqueue — per CPU on a bound workqueue — and CPU-intensive
// auto-detection (wq_cpu_intensive_thresh_us, wq_worker_tick()) exists only
// from 6.5; before, a hogging item keeps its bound pool to itself. kick_pool()
// wakes the first idle worker, which stays on the idle list until it runs, and
// process_one_work() kicks again, so an unbound pool's workers are woken one
// after another, each by the one before.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
std::vector<Segment> itemSegments(const Harness& h, int cpu, std::string_view fn) {
    std::vector<Segment> out;
    for (auto& s : h.segments(cpu, ContextKind::Kworker))
        if (h.trace.str(s.detail) == fn) out.push_back(s);
    return out;
}

WorkItem& busy(Machine& m, const std::string& fn, Time ns) {
    return m.wq().item(fn, [ns](Kctx& c) -> Proc<void> { co_await c.work(ns); });
}

// Workers of the machine that are woken (runnable or running), and all workers.
std::pair<int, int> workersAwake(Machine& m) {
    int awake = 0, all = 0;
    for (auto& t : m.sched().tasks())
        if (t->worker) {
            ++all;
            if (!Scheduler::sleeping(*t)) ++awake;
        }
    return {awake, all};
}

// 40 ms of CPU with a cond_resched() every millisecond, then a small item
// queued behind it on the same bound pool: when does the small one start?
Time smallStartBehindAHog(const char* version) {
    Harness h({{"machine.cpus", "1"}, {"kernel.version", version}});
    auto& wq = h.m->wq().alloc("events", false, false, false, 0);
    auto& hog = h.m->wq().item("hog_fn", [](Kctx& c) -> Proc<void> {
        for (int i = 0; i < 40; ++i) {
            co_await c.work(1 * kMs);
            co_await c.condResched();
        }
    });
    auto& small = busy(*h.m, "small_fn", 10 * kUs);
    h.at(100 * kUs, [&] {
        h.m->wq().queue(h.m->cpu(0), wq, hog);
        h.m->wq().queue(h.m->cpu(0), wq, small);
    });
    h.run(60 * kMs);
    auto s = itemSegments(h, 0, "small_fn");
    if (s.empty()) qFatal("small_fn never ran");
    return s.front().start;
}
} // namespace

class TestWqRules : public QObject {
    Q_OBJECT
private slots:
    void boundMaxActiveCountsPerCpu() {
        Harness h({{"machine.cpus", "2"}});
        auto& wq = h.m->wq().alloc("events", false, false, false, 1);
        auto& a = busy(*h.m, "a_fn", 10 * kMs);
        auto& b = busy(*h.m, "b_fn", 10 * kUs);
        auto& c = busy(*h.m, "c_fn", 10 * kUs);
        h.at(100 * kUs, [&] {
            h.m->wq().queue(h.m->cpu(0), wq, a);
            h.m->wq().queue(h.m->cpu(1), wq, b); // another CPU's pool_workqueue: not limited by a
            h.m->wq().queue(h.m->cpu(0), wq, c); // same CPU: waits for a (max_active 1)
        });
        h.run(30 * kMs);
        auto sa = itemSegments(h, 0, "a_fn");
        auto sb = itemSegments(h, 1, "b_fn");
        auto sc = itemSegments(h, 0, "c_fn");
        QVERIFY(!sa.empty() && !sb.empty() && !sc.empty());
        QVERIFY(sb.front().start < 1 * kMs);
        QVERIFY(sc.front().start >= sa.back().end);
    }

    void aWokenWorkerStaysIdleUntilItRuns() {
        // One idle worker on CPU 0's pool (it ran `a`); `b` and `c` are queued
        // in one instant. The first kick wakes it; it is still on the idle list
        // (it has not run), so the second kick finds the same worker and wakes
        // nobody: one worker runs both, and the pool makes no second one.
        Harness h({{"machine.cpus", "2"}});
        auto& wq = h.m->wq().alloc("events", false, false, false, 0);
        auto& a = busy(*h.m, "a_fn", 10 * kUs);
        auto& b = busy(*h.m, "b_fn", 10 * kUs);
        auto& c = busy(*h.m, "c_fn", 10 * kUs);
        std::pair<int, int> woken{-1, -1};
        h.at(100 * kUs, [&] { h.m->wq().queue(h.m->cpu(0), wq, a); });
        h.at(1 * kMs, [&] {
            h.m->wq().queue(h.m->cpu(0), wq, b);
            h.m->wq().queue(h.m->cpu(0), wq, c);
            woken = workersAwake(*h.m);
        });
        h.run(3 * kMs);
        QCOMPARE(woken, std::make_pair(1, 1));
        auto sb = itemSegments(h, 0, "b_fn"), sc = itemSegments(h, 0, "c_fn");
        QVERIFY(!sb.empty() && !sc.empty());
        QCOMPARE(sb.front().entity, sc.front().entity);
        QCOMPARE(workersAwake(*h.m).second, 1);
    }

    void unboundWorkersAreWokenOneByAnother() {
        // Three items queued at once on an unbound workqueue of a 4-CPU machine:
        // queue_work() wakes one worker; each worker that takes an item kicks
        // the pool (process_one_work()), waking the next, so the items still
        // run in parallel, each worker woken from the CPU of the one before.
        Harness h({{"machine.cpus", "4"}});
        auto& wq = h.m->wq().alloc("u", true, false, false, 0);
        std::vector<WorkItem*> items;
        for (int i = 0; i < 3; ++i) items.push_back(&busy(*h.m, "fn" + std::to_string(i), 200 * kUs));
        std::pair<int, int> woken{-1, -1};
        h.at(100 * kUs, [&] {
            for (auto* w : items) h.m->wq().queue(h.m->cpu(0), wq, *w);
            woken = workersAwake(*h.m);
        });
        h.run(2 * kMs);
        QCOMPARE(woken, std::make_pair(1, 1));
        Time firstEnd = 1 << 30, lastStart = 0;
        for (int i = 0; i < 3; ++i)
            for (int cpu = 0; cpu < 4; ++cpu)
                for (auto& s : itemSegments(h, cpu, "fn" + std::to_string(i))) {
                    firstEnd = std::min(firstEnd, s.end);
                    lastStart = std::max(lastStart, s.start);
                }
        QVERIFY2(lastStart < firstEnd, "the items did not overlap"); // parallel, not serialised
        QCOMPARE(workersAwake(*h.m).second, 3);
    }

    void cpuIntensiveDetectionFrom6_5() {
        const Time v66 = smallStartBehindAHog("6.6");
        const Time v61 = smallStartBehindAHog("6.1");
        // 6.6: flagged at a tick past 10 ms, a second worker runs `small`
        QVERIFY2(v66 > 10 * kMs && v66 < 25 * kMs, qPrintable(QString::number(v66)));
        // 6.1: no auto-detection: `small` waits for the hog to finish
        QVERIFY2(v61 > 40 * kMs, qPrintable(QString::number(v61)));
    }
};

QTEST_GUILESS_MAIN(TestWqRules)
#include "test_wq_rules.moc"
