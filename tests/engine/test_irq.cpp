// genirq on the GIC: ONESHOT masking, MSI, forced threading, EOImode, thread affinity.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
// A threaded IRQ: primary returns WAKE_THREAD, the thread works `threadNs`.
IrqDesc& threaded(Machine& m, hw::IrqLine& line, Time threadNs, std::uint32_t flags, int* threadRuns) {
    return m.irq().request(
        line, line.name, {},
        [threadNs, threadRuns](Kctx& c) -> Proc<void> {
            ++*threadRuns;
            co_await c.work(threadNs);
        },
        flags);
}
} // namespace

class TestIrq : public QObject {
    Q_OBJECT
private slots:
    void oneshotSpiStaysMaskedUntilItsThreadFinishes() {
        Harness h({{"machine.cpus", "2"}});
        auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "spi");
        int runs = 0;
        auto& d = threaded(*h.m, line, 100 * kUs, IRQF_ONESHOT, &runs);
        QVERIFY(d.thread);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.at(150 * kUs, [&] { h.m->irq().raise(line); }); // during the thread: the line is masked
        h.run(2 * kMs);
        auto hard = h.segments(0, ContextKind::Hardirq, "spi");
        auto thread = h.segments(0, ContextKind::IrqThread);
        auto masks = h.instants(0, InstantKind::Mask);
        auto unmasks = h.instants(0, InstantKind::Unmask);
        QCOMPARE(hard.size(), std::size_t(2));
        QCOMPARE(runs, 2);
        QCOMPARE(masks.size(), std::size_t(2));
        QCOMPARE(unmasks.size(), std::size_t(2));
        // the second hardirq is taken only after the first unmask, which is at the thread's end
        QVERIFY(hard[1].start >= unmasks[0].t);
        QVERIFY(unmasks[0].t >= thread.front().start + 100 * kUs);
    }

    void msiIsNotMaskedAndReWakesItsThread() {
        Harness h({{"machine.cpus", "2"}});
        auto& line = h.m->gic().addLine(hw::IntType::LPI, 8192, 0, "msi");
        int runs = 0;
        threaded(*h.m, line, 100 * kUs, IRQF_ONESHOT, &runs); // ONESHOT dropped: the chip is ONESHOT_SAFE
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.at(150 * kUs, [&] { h.m->irq().raise(line); });
        h.at(160 * kUs, [&] { h.m->irq().raise(line); });
        h.run(2 * kMs);
        QVERIFY(h.instants(0, InstantKind::Mask).empty());
        auto hard = h.segments(0, ContextKind::Hardirq, "msi");
        QCOMPARE(hard.size(), std::size_t(3)); // each MSI is taken while the thread runs
        QVERIFY(hard[1].start < 200 * kUs);
        // RUNTHREAD coalesces the two wake-ups that came while it ran: two thread runs
        QCOMPARE(runs, 2);
    }

    void forcedThreadRunsTheHandlerWithIrqsAndBhOff() {
        Harness h({{"machine.cpus", "1"}, {"kernel.threadirqs", "true"}});
        auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "spi");
        auto& other = h.m->gic().addLine(hw::IntType::SPI, 41, 0, "other");
        h.m->irq().request(
            line, "spi",
            [](Kctx& c) -> Proc<IrqReturn> {
                co_await c.work(100 * kUs);
                c.m().softirq().raise(c.cpu(), NET_RX);
                co_return IrqReturn::Handled;
            },
            {}, 0);
        h.m->irq().request(
            other, "other",
            [](Kctx& c) -> Proc<IrqReturn> {
                co_await c.work(1 * kUs);
                co_return IrqReturn::Handled;
            },
            {}, IRQF_NO_THREAD);
        h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(5 * kUs); });
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.at(150 * kUs, [&] { h.m->irq().raise(other); }); // while the forced thread runs
        h.run(1 * kMs);
        auto thread = h.segments(0, ContextKind::IrqThread);
        QVERIFY(!thread.empty());
        QCOMPARE(h.m->sched().tasks().back()->rtPrio, 50);
        auto otherHard = h.segments(0, ContextKind::Hardirq, "other");
        QCOMPARE(otherHard.size(), std::size_t(1));
        // local_irq_disable() in irq_forced_thread_fn: the other IRQ waits for the handler
        QVERIFY(otherHard[0].start >= thread.front().start + 100 * kUs);
        // the softirq it raised runs at its local_bh_enable, on top of the thread
        auto rx = h.segments(0, ContextKind::Softirq, "NET_RX");
        QCOMPARE(rx.size(), std::size_t(1));
        QCOMPARE(int(rx[0].depth), 1);
        QVERIFY(h.segments(0, ContextKind::Ksoftirqd, "NET_RX").empty());
        QVERIFY(!h.instants(0, InstantKind::Mask).empty()); // forced threading made it ONESHOT
    }

    void eoimodeOneDropsPriorityBeforeTheHandler() {
        for (int mode : {0, 1}) {
            Harness h({{"machine.cpus", "1"}, {"gic.eoimode", mode ? "1" : "0"}});
            auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "spi");
            h.m->irq().request(
                line, "spi",
                [](Kctx& c) -> Proc<IrqReturn> {
                    co_await c.work(10 * kUs);
                    co_return IrqReturn::Handled;
                },
                {}, 0);
            h.at(100 * kUs, [&] { h.m->irq().raise(line); });
            h.run(1 * kMs);
            auto ack = h.instants(0, InstantKind::IrqAck);
            auto drop = h.instants(0, InstantKind::PriorityDrop);
            auto deact = h.instants(0, InstantKind::Deactivate);
            QCOMPARE(ack.size(), std::size_t(1));
            QCOMPARE(deact.size(), std::size_t(1));
            if (mode == 1) {
                QCOMPARE(drop.size(), std::size_t(1));
                QVERIFY(drop[0].t < ack[0].t + 1 * kUs);    // EOIR right after IAR
                QVERIFY(deact[0].t > drop[0].t + 10 * kUs); // DIR after the handler
            } else {
                QVERIFY(drop.empty()); // EOIR does both at the end
                QVERIFY(deact[0].t > ack[0].t + 10 * kUs);
            }
        }
    }

    void activeBitMaskingSkipsTheDistributor() {
        Harness h({{"machine.cpus", "1"}, {"gic.eoimode", "1"}, {"gic.masking", "active-bit"}});
        auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "spi");
        int runs = 0;
        threaded(*h.m, line, 50 * kUs, IRQF_ONESHOT, &runs);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.at(120 * kUs, [&] { h.m->irq().raise(line); }); // active: not signalled again yet
        h.run(1 * kMs);
        QVERIFY(h.instants(0, InstantKind::Mask).empty());
        QVERIFY(h.instants(0, InstantKind::Unmask).empty());
        auto hard = h.segments(0, ContextKind::Hardirq, "spi");
        auto deact = h.instants(0, InstantKind::Deactivate);
        QCOMPARE(hard.size(), std::size_t(2));
        QCOMPARE(runs, 2);
        QVERIFY(hard[1].start >= deact[0].t); // the active bit held it back until DIR at the thread's end
    }

    void threadFollowsTheEffectiveCpu() {
        Harness h({{"machine.cpus", "4"}});
        auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 2, "spi");
        int runs = 0;
        threaded(*h.m, line, 20 * kUs, IRQF_ONESHOT, &runs);
        test::spinner(*h.m, "busy", 2, Policy::Normal, 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.run(1 * kMs);
        QCOMPARE(runs, 1);
        QCOMPARE(h.segments(2, ContextKind::IrqThread).size(), std::size_t(1)); // on CPU 2 though it is busy
        for (int cpu : {0, 1, 3}) QVERIFY(h.segments(cpu, ContextKind::IrqThread).empty());
    }
};

QTEST_GUILESS_MAIN(TestIrq)
#include "test_irq.moc"
