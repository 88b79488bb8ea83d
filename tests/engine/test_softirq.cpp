// Softirq rules (kernel/softirq.c): where and when pending softirqs run.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
// An SPI on `cpu` whose handler spends `ns` and raises `vec`.
hw::IrqLine& raisingIrq(Machine& m, int intid, int cpu, Time ns, int vec) {
    auto& line = m.gic().addLine(hw::IntType::SPI, intid, cpu, "dev" + std::to_string(intid));
    m.irq().request(
        line, line.name,
        [ns, vec](Kctx& c) -> Proc<IrqReturn> {
            co_await c.work(ns);
            c.m().softirq().raise(c.cpu(), vec);
            co_return IrqReturn::Handled;
        },
        {}, 0);
    return line;
}
} // namespace

class TestSoftirq : public QObject {
    Q_OBJECT
private slots:
    void runsAtIrqExitOnTheRaisingCpu() {
        Harness h({{"machine.cpus", "2"}});
        auto& line = raisingIrq(*h.m, 40, 1, 5 * kUs, NET_RX);
        h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(20 * kUs); });
        test::spinner(*h.m, "user", 1);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.run(1 * kMs);
        auto hard = h.segments(1, ContextKind::Hardirq, "dev40");
        auto soft = h.segments(1, ContextKind::Softirq, "NET_RX");
        QCOMPARE(hard.size(), std::size_t(1));
        QCOMPARE(soft.size(), std::size_t(1));
        QVERIFY(h.segments(0, ContextKind::Softirq, "NET_RX").empty()); // per-CPU: never on CPU 0
        // irq_exit -> invoke_softirq: the softirq follows the handler at once, at the same depth
        QVERIFY(soft[0].start >= hard[0].end);
        QVERIFY(soft[0].start - hard[0].end < 2 * kUs);
        QCOMPARE(int(soft[0].depth), int(hard[0].depth));
    }

    void hardirqInsideSoftirqLeavesItToTheRunningLoop() {
        Harness h({{"machine.cpus", "1"}});
        auto& first = raisingIrq(*h.m, 40, 0, 2 * kUs, NET_RX);
        auto& second = raisingIrq(*h.m, 41, 0, 2 * kUs, BLOCK);
        h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(100 * kUs); });
        h.m->softirq().setHandler(BLOCK, [](Kctx& c) -> Proc<void> { co_await c.work(10 * kUs); });
        test::spinner(*h.m, "user", 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(first); });
        h.at(150 * kUs, [&] { h.m->irq().raise(second); }); // lands inside NET_RX
        h.run(1 * kMs);
        auto netrx = h.segments(0, ContextKind::Softirq, "NET_RX");
        auto block = h.segments(0, ContextKind::Softirq, "BLOCK");
        auto hard2 = h.segments(0, ContextKind::Hardirq, "dev41");
        QCOMPARE(hard2.size(), std::size_t(1));
        QCOMPARE(block.size(), std::size_t(1));
        QCOMPARE(int(hard2[0].depth), 2); // on top of the softirq on top of the task
        // Not at the nested hardirq's exit: BLOCK waits for NET_RX to finish, then the
        // restart pass of the same __do_softirq runs it, at the softirq's depth.
        QVERIFY(block[0].start >= netrx.back().end);
        QCOMPARE(int(block[0].depth), 1);
    }

    void restartLimitHandsLeftoversToKsoftirqd() {
        Harness h({{"machine.cpus", "1"}, {"kernel.softirq.max_time_ns", "1s"}});
        auto& line = raisingIrq(*h.m, 40, 0, 1 * kUs, NET_RX);
        std::vector<std::pair<ContextKind, Time>> passes; // where and when each pass ran
        // NAPI-like handler that always has more work: re-raises itself.
        h.m->softirq().setHandler(NET_RX, [&passes](Kctx& c) -> Proc<void> {
            passes.emplace_back(c.frame().label.kind, c.now());
            co_await c.work(5 * kUs);
            c.m().softirq().raise(c.cpu(), NET_RX);
        });
        test::spinner(*h.m, "user", 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        // ksoftirqd is nice 0 like the spinner: EEVDF lets it in at the tick (4 ms)
        h.run(4500 * kUs);
        auto inIrqExit = h.segments(0, ContextKind::Softirq, "NET_RX");
        auto inKsoftirqd = h.segments(0, ContextKind::Ksoftirqd, "NET_RX");
        // MAX_SOFTIRQ_RESTART = 10: the first pass plus nine restarts, then ksoftirqd
        QVERIFY(passes.size() > 10);
        // the first loop runs at 100 us, 5 us a pass; the next chance is the 4 ms tick
        const auto inFirstLoop = std::count_if(passes.begin(), passes.end(), [](auto& p) { return p.second < kMs; });
        QCOMPARE(int(inFirstLoop), 10);
        QVERIFY(std::any_of(passes.begin(), passes.end(), [](auto& p) { return p.first == ContextKind::Ksoftirqd; }));
        QVERIFY(!inIrqExit.empty());
        QVERIFY(!inKsoftirqd.empty());
        QVERIFY(inKsoftirqd.front().start > inIrqExit.back().end);
    }

    void timeLimitCountsJiffies() {
        // 2 ms in jiffies at HZ=250 is one jiffy: the loop restarts until the next tick.
        Harness h({{"machine.cpus", "1"}, {"kernel.softirq.max_restart", "1000"}, {"machine.hz", "250"}});
        auto& line = raisingIrq(*h.m, 40, 0, 1 * kUs, NET_RX);
        h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> {
            co_await c.work(50 * kUs);
            c.m().softirq().raise(c.cpu(), NET_RX);
        });
        test::spinner(*h.m, "user", 0);
        h.at(1 * kMs, [&] { h.m->irq().raise(line); }); // jiffy 0; the next tick is at 4 ms
        // ksoftirqd (nice 0) then waits for the spinner's slice: the tick at 8 ms
        h.run(10 * kMs);
        auto soft = h.segments(0, ContextKind::Softirq, "NET_RX");
        QVERIFY(!soft.empty());
        const Time lastInLoop = soft.front().end; // later ticks' irq_exit may run leftovers too
        QVERIFY2(lastInLoop >= 4 * kMs - 60 * kUs && lastInLoop <= 4 * kMs + 60 * kUs,
                 qPrintable(QStringLiteral("loop ended at %1 ns").arg(lastInLoop)));
        QVERIFY(!h.segments(0, ContextKind::Ksoftirqd, "NET_RX").empty());
    }

    void fifoTaskCannotPreemptSoftirqButPreemptsKsoftirqd() {
        Harness h({{"machine.cpus", "1"}, {"kernel.preempt", "full"}});
        auto& line = raisingIrq(*h.m, 40, 0, 1 * kUs, NET_RX);
        int passes = 0;
        h.m->softirq().setHandler(NET_RX, [&passes](Kctx& c) -> Proc<void> {
            co_await c.work(300 * kUs);
            if (++passes < 6) c.m().softirq().raise(c.cpu(), NET_RX);
        });
        auto& rt = h.m->sched().createTask("rt", ContextKind::User, Policy::Fifo, 99, h.m->oneCpu(0),
                                           [](Kctx& c) -> Proc<void> {
                                               for (;;) {
                                                   co_await c.block();
                                                   co_await c.work(10 * kUs, kUser);
                                               }
                                           });
        test::spinner(*h.m, "user", 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        // woken in the middle of the first softirq pass (100..400 us)
        h.at(200 * kUs, [&] { h.m->sched().wake(rt, -1); });
        h.run(10 * kMs);
        auto rtRuns = h.segments(0, ContextKind::User, "rt");
        QVERIFY(!rtRuns.empty());
        auto soft = h.segments(0, ContextKind::Softirq, "NET_RX");
        QVERIFY(!soft.empty());
        // need_resched ends the loop after the pass in progress (one 300 us pass);
        // FIFO 99 runs right then, not during the softirq.
        QVERIFY(rtRuns.front().start >= soft.front().end);
        QVERIFY(rtRuns.front().start - soft.front().end < 20 * kUs);
        QVERIFY(soft.front().end - soft.front().start < 400 * kUs);
        QCOMPARE(passes >= 2, true); // the leftovers did run later (ksoftirqd or a later irq_exit)

        // A FIFO task woken while ksoftirqd works preempts it at its next
        // preemption point (cond_resched between passes), long before it is done.
        Harness k({{"machine.cpus", "1"}, {"kernel.preempt", "full"}});
        auto& l2 = raisingIrq(*k.m, 40, 0, 1 * kUs, NET_RX);
        int p2 = 0;
        k.m->softirq().setHandler(NET_RX, [&p2](Kctx& c) -> Proc<void> {
            co_await c.work(100 * kUs);
            if (++p2 < 40) c.m().softirq().raise(c.cpu(), NET_RX);
        });
        auto& rt2 = k.m->sched().createTask("rt", ContextKind::User, Policy::Fifo, 1, k.m->oneCpu(0),
                                            [](Kctx& c) -> Proc<void> {
                                                for (;;) {
                                                    co_await c.block();
                                                    co_await c.work(10 * kUs, kUser);
                                                }
                                            });
        k.at(100 * kUs, [&] { k.m->irq().raise(l2); });
        k.at(2500 * kUs, [&] { k.m->sched().wake(rt2, -1); }); // by now the work is in ksoftirqd
        k.run(6 * kMs);
        auto r2 = k.segments(0, ContextKind::User, "rt");
        QVERIFY(!r2.empty());
        QVERIFY2(r2.front().start - 2500 * kUs < 120 * kUs,
                 qPrintable(QStringLiteral("rt waited %1 ns").arg(r2.front().start - 2500 * kUs)));
        auto ksd2 = k.segments(0, ContextKind::Ksoftirqd, "NET_RX");
        QVERIFY(!ksd2.empty() && ksd2.back().end > r2.front().end); // ksoftirqd resumed after it
    }

    void ksoftirqdGateIsAVersionSwitch() {
        // 4.9-6.4: while ksoftirqd is runnable, irq_exit leaves NET_RX to it.
        for (bool gate : {false, true}) {
            Harness h({{"machine.cpus", "1"}, {"kernel.ksoftirqd_gate", gate ? "true" : "false"}});
            auto& line = raisingIrq(*h.m, 40, 0, 1 * kUs, NET_RX);
            h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(5 * kUs); });
            // keep ksoftirqd runnable: a task that raises a softirq from task context
            h.m->softirq().setHandler(BLOCK, [](Kctx& c) -> Proc<void> { co_await c.work(1 * kUs); });
            test::spinner(*h.m, "hog", 0);
            h.at(50 * kUs, [&] { h.m->softirq().raise(h.m->cpu(0), BLOCK); }); // from "task": wakes ksoftirqd
            h.at(60 * kUs, [&] { h.m->irq().raise(line); });
            h.run(10 * kMs);
            const bool inIrqExit = !h.segments(0, ContextKind::Softirq, "NET_RX").empty();
            QCOMPARE(inIrqExit, !gate);
        }
    }

    void localBhEnableRunsPendingSoftirqsInTheTask() {
        Harness h({{"machine.cpus", "1"}});
        h.m->softirq().setHandler(NET_TX, [](Kctx& c) -> Proc<void> { co_await c.work(7 * kUs); });
        auto& t = h.m->sched().createTask(
            "sender", ContextKind::User, Policy::Normal, 0, h.m->oneCpu(0), [](Kctx& c) -> Proc<void> {
                c.frame().baseFlags = kBhOff; // local_bh_disable()
                co_await c.work(10 * kUs);
                c.m().softirq().raise(c.cpu(), NET_TX); // in_interrupt(): no ksoftirqd wake
                co_await c.work(10 * kUs);
                c.frame().baseFlags = 0;
                co_await c.m().softirq().localBhEnable(c); // runs NET_TX here
                co_await c.work(10 * kUs);
            });
        h.m->sched().wake(t, -1);
        h.run(1 * kMs);
        auto tx = h.segments(0, ContextKind::Softirq, "NET_TX");
        QCOMPARE(tx.size(), std::size_t(1));
        QCOMPARE(int(tx[0].depth), 1); // on top of the sender, not in ksoftirqd
        QVERIFY(h.segments(0, ContextKind::Ksoftirqd, "NET_TX").empty());
    }
};

QTEST_GUILESS_MAIN(TestSoftirq)
#include "test_softirq.moc"
