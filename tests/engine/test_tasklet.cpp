// Tasklets (kernel/softirq.c): per-CPU, coalesced, serialised, never migrating.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

class TestTasklet : public QObject {
    Q_OBJECT
private slots:
    void schedulingTwiceBeforeItRunsRunsItOnce() {
        Harness h({{"machine.cpus", "1"}});
        int runs = 0;
        auto& t = h.m->tasklets().create("t", [&runs](Kctx& c) -> Proc<void> {
            ++runs;
            co_await c.work(5 * kUs);
        });
        auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "dev");
        h.m->irq().request(
            line, "dev",
            [&t](Kctx& c) -> Proc<IrqReturn> {
                co_await c.work(1 * kUs);
                c.m().tasklets().schedule(c.cpu(), t, false);
                c.m().tasklets().schedule(c.cpu(), t, false); // TASKLET_STATE_SCHED: coalesced
                co_return IrqReturn::Handled;
            },
            {}, 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.run(1 * kMs);
        QCOMPARE(runs, 1);
        auto segs = h.segments(0, ContextKind::Tasklet, "t");
        QCOMPARE(segs.size(), std::size_t(1));
        QCOMPARE(int(h.instants(0, InstantKind::TaskletSchedule).size()), 2);
    }

    void neverRunsOnTwoCpusAtOnceAndNeverMigrates() {
        Harness h({{"machine.cpus", "2"}});
        auto& t = h.m->tasklets().create("t", [](Kctx& c) -> Proc<void> { co_await c.work(200 * kUs); });
        hw::IrqLine* lines[2];
        for (int cpu = 0; cpu < 2; ++cpu) {
            lines[cpu] = &h.m->gic().addLine(hw::IntType::SPI, 40 + cpu, cpu, "dev" + std::to_string(cpu));
            h.m->irq().request(
                *lines[cpu], lines[cpu]->name,
                [&t](Kctx& c) -> Proc<IrqReturn> {
                    co_await c.work(1 * kUs);
                    c.m().tasklets().schedule(c.cpu(), t, false);
                    co_return IrqReturn::Handled;
                },
                {}, 0);
        }
        h.at(100 * kUs, [&] { h.m->irq().raise(*lines[0]); });
        h.at(150 * kUs, [&] { h.m->irq().raise(*lines[1]); }); // while it runs on CPU 0
        h.run(2 * kMs);
        auto on0 = h.segments(0, ContextKind::Tasklet, "t");
        // CPU 1's TASKLET softirq keeps re-raising while the tasklet runs elsewhere,
        // so after MAX_SOFTIRQ_RESTART it may finally run from ksoftirqd/1.
        auto on1 = h.segments(1, ContextKind::Tasklet, "t");
        for (auto& s : h.segments(1, ContextKind::Ksoftirqd, "t")) on1.push_back(s);
        QCOMPARE(on0.size(), std::size_t(1));
        QCOMPARE(on1.size(), std::size_t(1)); // scheduled on CPU 1, so it runs on CPU 1
        // TASKLET_STATE_RUN: CPU 1 had to wait until CPU 0 was done
        QVERIFY(on1[0].start >= on0[0].end);
    }

    void hiTaskletsRunBeforeNormalOnes() {
        Harness h({{"machine.cpus", "1"}});
        auto& lo = h.m->tasklets().create("lo", [](Kctx& c) -> Proc<void> { co_await c.work(5 * kUs); });
        auto& hi = h.m->tasklets().create("hi", [](Kctx& c) -> Proc<void> { co_await c.work(5 * kUs); });
        auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "dev");
        h.m->irq().request(
            line, "dev",
            [&](Kctx& c) -> Proc<IrqReturn> {
                co_await c.work(1 * kUs);
                c.m().tasklets().schedule(c.cpu(), lo, false);
                c.m().tasklets().schedule(c.cpu(), hi, true);
                co_return IrqReturn::Handled;
            },
            {}, 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.run(1 * kMs);
        auto l = h.segments(0, ContextKind::Tasklet, "lo");
        auto hh = h.segments(0, ContextKind::Tasklet, "hi");
        QCOMPARE(l.size(), std::size_t(1));
        QCOMPARE(hh.size(), std::size_t(1));
        QVERIFY(hh[0].end <= l[0].start); // HI_SOFTIRQ (0) before TASKLET_SOFTIRQ (6)
    }
};

QTEST_GUILESS_MAIN(TestTasklet)
#include "test_tasklet.moc"
