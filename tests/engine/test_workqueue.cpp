// Workqueues: concurrency management on bound pools, highpri pools, unbound
// and ordered queues, WQ_RT, the CPU-intensive threshold.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
// A work item that computes `before`, sleeps `sleep` (if > 0), computes `after`.
WorkItem& item(Machine& m, const std::string& fn, Time before, Time sleep = 0, Time after = 0) {
    return m.wq().item(fn, [&m, before, sleep, after](Kctx& c) -> Proc<void> {
        co_await c.work(before);
        if (sleep > 0) {
            Task* self = c.task();
            bool done = false;
            m.timers().hrtimerStart(c.cpu().id, c.now() + sleep, [self, &done](Kctx& k, Time) {
                done = true;
                k.m().sched().wake(*self, k.cpu().id);
            });
            while (!done) co_await c.block();
        }
        co_await c.work(after);
    });
}

std::vector<Segment> itemSegments(const Harness& h, int cpu, std::string_view fn) {
    std::vector<Segment> out;
    for (auto& s : h.segments(cpu, ContextKind::Kworker))
        if (h.trace.str(s.detail) == fn) out.push_back(s);
    return out;
}
} // namespace

class TestWorkqueue : public QObject {
    Q_OBJECT
private slots:
    void anItemQueuedWhileItRunsRunsNextOnTheSameWorker() {
        // The item sleeps in the middle; queued again meanwhile, it would be
        // taken by a second worker of the pool (the first one sleeps, so the pool
        // wakes another). Linux runs it after the first execution, on the worker
        // that runs it (find_worker_executing_work()): never twice at once.
        Harness h({{"machine.cpus", "1"}});
        auto& wq = h.m->wq().alloc("events", false, false, false, 0);
        auto& w = item(*h.m, "fold", 100 * kUs, 1 * kMs, 100 * kUs);
        h.at(0, [&] { h.m->wq().queue(h.m->cpu(0), wq, w); });
        h.at(500 * kUs, [&] { h.m->wq().queue(h.m->cpu(0), wq, w); });
        h.run(5 * kMs);
        const auto segs = itemSegments(h, 0, "fold");
        QVERIFY(segs.size() >= 3); // two executions around two sleeps (the middle two parts touch)
        for (const auto& seg : segs) QCOMPARE(h.trace.str(seg.entity), h.trace.str(segs.front().entity));
        Time busy = 0;
        for (const auto& seg : segs) busy += seg.end - seg.start;
        QVERIFY(busy >= 400 * kUs); // both executions ran in full
    }

    void boundPoolWakesASecondWorkerOnlyWhenTheFirstBlocks() {
        Harness h({{"machine.cpus", "2"}});
        auto& wq = h.m->wq().alloc("events", false, false, false, 0);
        auto& a = item(*h.m, "a_fn", 100 * kUs, 300 * kUs, 10 * kUs);
        auto& b = item(*h.m, "b_fn", 50 * kUs);
        auto& c = item(*h.m, "c_fn", 50 * kUs);
        h.at(100 * kUs, [&] {
            h.m->wq().queue(h.m->cpu(0), wq, a);
            h.m->wq().queue(h.m->cpu(0), wq, b);
        });
        h.at(2 * kMs, [&] { h.m->wq().queue(h.m->cpu(0), wq, c); });
        h.run(4 * kMs);
        auto sa = itemSegments(h, 0, "a_fn"), sb = itemSegments(h, 0, "b_fn");
        QVERIFY(!sa.empty() && !sb.empty());
        QVERIFY(itemSegments(h, 1, "b_fn").empty()); // bound: stays on the queueing CPU
        // b waits while a's worker runs; it starts when a blocks, in another worker
        QVERIFY2(sb.front().start >= sa.front().start + 100 * kUs, "b started while a was running");
        QVERIFY(sb.front().start < sa.front().start + 150 * kUs);
        QVERIFY(sb.front().entity != sa.front().entity);
        // without blocking there is no second worker: c reuses an idle one, alone
        QVERIFY(!itemSegments(h, 0, "c_fn").empty());
    }

    void itemsOfOneWorkerRunBackToBackWithoutBlocking() {
        Harness h({{"machine.cpus", "1"}});
        auto& wq = h.m->wq().alloc("events", false, false, false, 0);
        auto& a = item(*h.m, "a_fn", 100 * kUs);
        auto& b = item(*h.m, "b_fn", 100 * kUs);
        h.at(100 * kUs, [&] {
            h.m->wq().queue(h.m->cpu(0), wq, a);
            h.m->wq().queue(h.m->cpu(0), wq, b);
        });
        h.run(2 * kMs);
        auto sa = itemSegments(h, 0, "a_fn"), sb = itemSegments(h, 0, "b_fn");
        QVERIFY(sb.front().start >= sa.back().end);
        QCOMPARE(sa.front().entity, sb.front().entity); // the same kworker
        QCOMPARE(h.m->wq().alloc("x", false, false, false, 0).pools.size(), std::size_t(1));
    }

    void highpriWorkersAreNiceMinus20NotRealTime() {
        Harness h({{"machine.cpus", "1"}});
        auto& wq = h.m->wq().alloc("hi", false, true, false, 0);
        auto& a = item(*h.m, "a_fn", 10 * kUs);
        h.at(100 * kUs, [&] { h.m->wq().queue(h.m->cpu(0), wq, a); });
        h.run(1 * kMs);
        Task* worker = nullptr;
        for (auto& t : h.m->sched().tasks())
            if (t->worker) worker = t.get();
        QVERIFY(worker);
        QCOMPARE(worker->policy, Policy::Normal);
        QCOMPARE(worker->nice, -20);
        QVERIFY(worker->name.ends_with("H"));
    }

    void rtWorkqueueWorkersAreFifo() {
        Harness h({{"machine.cpus", "2"}, {"kernel.wq.rt_priority", "3"}});
        auto& wq = h.m->wq().alloc("rt", true, false, true, 1);
        auto& a = item(*h.m, "a_fn", 10 * kUs);
        test::spinner(*h.m, "hog0", 0);
        test::spinner(*h.m, "hog1", 1);
        h.at(1100 * kUs, [&] { h.m->wq().queue(h.m->cpu(0), wq, a); });
        h.run(3 * kMs);
        Task* worker = nullptr;
        for (auto& t : h.m->sched().tasks())
            if (t->worker) worker = t.get();
        QVERIFY(worker);
        QCOMPARE(worker->policy, Policy::Fifo);
        QCOMPARE(worker->rtPrio, 3);
        auto s0 = itemSegments(h, 0, "a_fn"), s1 = itemSegments(h, 1, "a_fn");
        const Time start = !s0.empty() ? s0.front().start : s1.front().start;
        QVERIFY2(start - 1100 * kUs < 10 * kUs, qPrintable(QString::number(start))); // preempts a hog at once
    }

    void unboundItemsRunInParallelOrderedOnesOneAtATime() {
        for (int maxActive : {0, 1}) {
            Harness h({{"machine.cpus", "4"}});
            auto& wq = h.m->wq().alloc("u", true, false, false, maxActive);
            std::vector<WorkItem*> items;
            for (int i = 0; i < 3; ++i) items.push_back(&item(*h.m, "fn" + std::to_string(i), 200 * kUs));
            h.at(100 * kUs, [&] {
                for (auto* w : items) h.m->wq().queue(h.m->cpu(0), wq, *w);
            });
            h.run(2 * kMs);
            Time firstEnd = 1 << 30, lastStart = 0;
            for (int i = 0; i < 3; ++i)
                for (int cpu = 0; cpu < 4; ++cpu)
                    for (auto& s : itemSegments(h, cpu, "fn" + std::to_string(i))) {
                        firstEnd = std::min(firstEnd, s.end);
                        lastStart = std::max(lastStart, s.start);
                    }
            if (maxActive == 0) QVERIFY(lastStart < firstEnd); // overlapped on several CPUs
            else QVERIFY(lastStart >= firstEnd);               // ordered: strictly one after another
        }
    }

    void cpuIntensiveItemLeavesConcurrencyManagement() {
        Harness h({{"machine.cpus", "1"}, {"kernel.wq.cpu_intensive_thresh_ns", "10ms"}});
        auto& wq = h.m->wq().alloc("events", false, false, false, 0);
        // 40 ms of CPU with a cond_resched() every millisecond
        auto& hog = h.m->wq().item("hog_fn", [](Kctx& c) -> Proc<void> {
            for (int i = 0; i < 40; ++i) {
                co_await c.work(1 * kMs);
                co_await c.condResched();
            }
        });
        auto& small = item(*h.m, "small_fn", 10 * kUs);
        h.at(100 * kUs, [&] {
            h.m->wq().queue(h.m->cpu(0), wq, hog);
            h.m->wq().queue(h.m->cpu(0), wq, small);
        });
        h.run(60 * kMs);
        auto s = itemSegments(h, 0, "small_fn");
        QVERIFY(!s.empty());
        // flagged CPU-intensive at a tick after 10 ms: a second worker starts `small`
        QVERIFY2(s.front().start > 10 * kMs && s.front().start < 25 * kMs,
                 qPrintable(QString::number(s.front().start)));
    }
};

QTEST_GUILESS_MAIN(TestWorkqueue)
#include "test_workqueue.moc"
