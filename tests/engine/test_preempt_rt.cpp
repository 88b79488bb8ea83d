// PREEMPT_RT (kernel/softirq.c CONFIG_PREEMPT_RT, kernel/irq/manage.c
// irq_forced_thread_fn(), include/linux/spinlock_rt.h) and forced threading of
// a handler with a thread function (irq_setup_forced_threading()).
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
// A line on CPU 0 whose handler spends `ns` and raises NET_RX (napi_schedule()).
hw::IrqLine& nicIrq(Machine& m, int intid, Time ns, std::uint32_t flags = 0) {
    auto& line = m.gic().addLine(hw::IntType::SPI, intid, 0, "dev" + std::to_string(intid));
    m.irq().request(
        line, line.name,
        [ns](Kctx& c) -> Proc<IrqReturn> {
            co_await c.work(ns);
            c.m().softirq().raise(c.cpu(), NET_RX);
            co_return IrqReturn::Handled;
        },
        {}, flags);
    return line;
}

// A SCHED_FIFO task on CPU 0 that sleeps, and when woken records when it ran.
// Started at once, so it is asleep before the test wakes it.
Task& rtWaiter(Machine& m, const char* name, int prio, Time work, std::vector<Time>& ran) {
    Task& t = m.sched().createTask(name, ContextKind::User, Policy::Fifo, prio, m.oneCpu(0),
                                   [&ran, work](Kctx& c) -> Proc<void> {
                                       for (;;) {
                                           co_await c.block();
                                           ran.push_back(c.now());
                                           co_await c.work(work, kUser);
                                       }
                                   });
    m.sched().wake(t, -1);
    return t;
}

// A FIFO 99 task woken 100 us into a 500 us NET_RX pass raised by a NIC
// handler: how long it waited.
Time fifo99WaitBehindNetRx(const char* preempt, bool threadirqs) {
    Harness h(
        {{"machine.cpus", "1"}, {"kernel.preempt", preempt}, {"kernel.threadirqs", threadirqs ? "true" : "false"}});
    auto& line = nicIrq(*h.m, 40, 2 * kUs);
    h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(500 * kUs); });
    std::vector<Time> ran;
    auto& rt = rtWaiter(*h.m, "rt", 99, 5 * kUs, ran);
    test::spinner(*h.m, "user", 0);
    h.at(100 * kUs, [&] { h.m->irq().raise(line); });
    h.at(250 * kUs, [&] { h.m->sched().wake(rt, -1); });
    h.run(2 * kMs);
    // the softirq really ran, and all of it
    Time soft = 0;
    for (auto kind : {ContextKind::Softirq, ContextKind::Ksoftirqd})
        for (auto& s : h.segments(0, kind, "NET_RX")) soft += s.end - s.start;
    if (ran.empty() || soft < 500 * kUs) {
        qWarning("%s: rt ran %zu times, NET_RX ran %lld ns", preempt, ran.size(), static_cast<long long>(soft));
        return -1;
    }
    return ran.front() - 250 * kUs;
}
} // namespace

class TestPreemptRt : public QObject {
    Q_OBJECT
private slots:
    // On RT the NIC handler is a forced thread; the NET_RX it raised runs in that
    // thread at local_bh_enable(), preemptibly: FIFO 99 gets the CPU at once.
    // On !RT the softirq (at irq_exit, or inside a threadirqs thread with BH off)
    // is not preemptible: FIFO 99 waits for the rest of the pass.
    void fifo99PreemptsSoftirqWorkOnlyOnRt() {
        const Time rt = fifo99WaitBehindNetRx("rt", false);
        QVERIFY2(rt >= 0 && rt < 10 * kUs, qPrintable(QStringLiteral("rt: waited %1 ns").arg(rt)));
        for (auto [model, threaded] : {std::pair{"voluntary", false}, {"full", false}, {"full", true}}) {
            const Time w = fifo99WaitBehindNetRx(model, threaded);
            QVERIFY2(w > 300 * kUs,
                     qPrintable(QStringLiteral("%1 threadirqs=%2: waited %3 ns").arg(model).arg(threaded).arg(w)));
        }
    }

    // The softirq runs inside the IRQ thread (its label says so), not on top
    // of it in an interrupt frame, and not in ksoftirqd.
    void softirqRunsInTheIrqThreadThatRaisedIt() {
        Harness h({{"machine.cpus", "1"}, {"kernel.preempt", "rt"}});
        auto& line = nicIrq(*h.m, 40, 2 * kUs);
        h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(50 * kUs); });
        test::spinner(*h.m, "user", 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.run(1 * kMs);
        auto soft = h.segments(0, ContextKind::Softirq, "NET_RX");
        QCOMPARE(soft.size(), std::size_t(1));
        QCOMPARE(int(soft[0].depth), 0); // task context
        QCOMPARE(h.trace.str(soft[0].detail), std::string("irq/40-dev40"));
        QVERIFY(h.segments(0, ContextKind::Ksoftirqd, "NET_RX").empty());
    }

    // Softirqs raised from a real hardirq (IRQF_NO_THREAD) go to ksoftirqd on
    // RT (invoke_softirq()), never run at irq_exit; a FIFO task preempts it.
    void hardirqRaisedSoftirqsGoToKsoftirqd() {
        Harness h({{"machine.cpus", "1"}, {"kernel.preempt", "rt"}});
        auto& line = nicIrq(*h.m, 40, 2 * kUs, IRQF_NO_THREAD);
        h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(50 * kUs); });
        test::spinner(*h.m, "user", 0);
        h.at(100 * kUs, [&] { h.m->irq().raise(line); });
        h.run(10 * kMs);
        QVERIFY(h.segments(0, ContextKind::Softirq, "NET_RX").empty());
        QCOMPARE(h.segments(0, ContextKind::Ksoftirqd, "NET_RX").size() >= 1, true);
    }

    // The BH lock is an rt_mutex: a FIFO 50 IRQ thread that needs it while
    // ksoftirqd (SCHED_OTHER) holds it, preempted by a FIFO 10 task, boosts
    // ksoftirqd to 50, so ksoftirqd finishes its pass before the FIFO 10 task
    // and the IRQ thread follows — no priority inversion.
    void bhLockInheritsPriority() {
        Harness h({{"machine.cpus", "1"}, {"kernel.preempt", "rt"}});
        auto& hard = nicIrq(*h.m, 40, 1 * kUs, IRQF_NO_THREAD); // raises NET_RX: ksoftirqd
        auto& threaded = h.m->gic().addLine(hw::IntType::SPI, 41, 0, "dev41");
        std::vector<Time> handled;
        h.m->irq().request(
            threaded, "dev41",
            [&handled](Kctx& c) -> Proc<IrqReturn> {
                handled.push_back(c.now());
                co_await c.work(2 * kUs);
                co_return IrqReturn::Handled;
            },
            {}, 0);
        h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(300 * kUs); });
        std::vector<Time> ran;
        auto& low = rtWaiter(*h.m, "fifo10", 10, 1 * kMs, ran);
        h.at(100 * kUs, [&] { h.m->irq().raise(hard); });
        h.at(200 * kUs, [&] { h.m->sched().wake(low, -1); }); // preempts ksoftirqd mid-pass
        h.at(250 * kUs, [&] { h.m->irq().raise(threaded); }); // irq/41 wants the BH lock
        h.run(3 * kMs);
        QCOMPARE(handled.size(), std::size_t(1));
        auto ksd = h.segments(0, ContextKind::Ksoftirqd, "NET_RX");
        QVERIFY(!ksd.empty());
        // ksoftirqd, boosted, finished before fifo10's 1 ms of work ended (at ~1.25 ms)
        QVERIFY2(ksd.back().end < 700 * kUs, qPrintable(QStringLiteral("ksoftirqd ended %1").arg(ksd.back().end)));
        QVERIFY2(handled[0] < 700 * kUs && handled[0] >= ksd.back().end,
                 qPrintable(QStringLiteral("irq/41 ran its handler at %1").arg(handled[0])));
        const Task* k = nullptr;
        for (auto& t : h.m->sched().tasks())
            if (t->name == "ksoftirqd/0") k = t.get();
        QVERIFY(k && !k->piBoosted && k->policy == Policy::Normal); // the boost ended with the lock
    }

    // irq_forced_thread_fn(): interrupts stay on around the handler on RT only.
    void forcedHandlerRunsWithIrqsOnOnlyOnRt() {
        for (const char* model : {"rt", "full"}) {
            Harness h({{"machine.cpus", "1"}, {"kernel.preempt", model}, {"kernel.threadirqs", "true"}});
            auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "dev40");
            h.m->irq().request(
                line, "dev40",
                [](Kctx& c) -> Proc<IrqReturn> {
                    co_await c.work(200 * kUs);
                    co_return IrqReturn::Handled;
                },
                {}, 0);
            test::spinner(*h.m, "user", 0);
            h.at(100 * kUs, [&] { h.m->irq().raise(line); });
            h.run(1 * kMs);
            const Time off = h.metrics.cpus[0].irqsOffNs;
            if (std::string(model) == "rt") QVERIFY2(off < 50 * kUs, qPrintable(QString::number(off)));
            else QVERIFY2(off >= 200 * kUs, qPrintable(QString::number(off)));
        }
    }

    // spinlock_t sleeps on RT (preemptible); raw_spinlock_t / preempt_disable do not.
    void spinlockPreemptibleRawSpinlockNot() {
        for (auto flag : {kSpinLock, kNoPreempt}) {
            Harness h({{"machine.cpus", "1"}, {"kernel.preempt", "rt"}});
            h.m->sched().wake(h.m->sched().createTask("locker", ContextKind::User, Policy::Normal, 0, h.m->oneCpu(0),
                                                      [flag](Kctx& c) -> Proc<void> {
                                                          co_await c.work(100 * kUs, kUser);
                                                          co_await c.work(400 * kUs, flag);
                                                          for (;;) co_await c.work(kMs, kUser);
                                                      }),
                              -1);
            std::vector<Time> ran;
            auto& rt = rtWaiter(*h.m, "rt", 99, 5 * kUs, ran);
            h.at(200 * kUs, [&] { h.m->sched().wake(rt, -1); });
            h.run(2 * kMs);
            QVERIFY(!ran.empty());
            const Time wait = ran.front() - 200 * kUs;
            if (flag == kSpinLock) QVERIFY2(wait < 10 * kUs, qPrintable(QString::number(wait)));
            else QVERIFY2(wait > 250 * kUs, qPrintable(QString::number(wait)));
        }
    }

    // irq_setup_forced_threading() of handler + thread_fn: the primary runs in
    // irq/N-name, the driver's thread function in irq/N-s-name, with
    // interrupts on, at sched_set_fifo() (50) since 5.9 and 49 before.
    void forcedHandlerWithThreadFnGetsASecondaryThread() {
        for (const char* version : {"6.12", "4.19"}) {
            Harness h({{"machine.cpus", "1"}, {"kernel.threadirqs", "true"}, {"kernel.version", version}});
            auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "dev40");
            std::vector<std::pair<std::string, Time>> order;
            h.m->irq().request(
                line, "dev40",
                [&order](Kctx& c) -> Proc<IrqReturn> {
                    order.emplace_back(c.task() ? c.task()->name : "hardirq", c.now());
                    co_await c.work(1 * kUs);
                    co_return IrqReturn::WakeThread;
                },
                [&order](Kctx& c) -> Proc<void> {
                    order.emplace_back(c.task() ? c.task()->name : "hardirq", c.now());
                    co_await c.work(300 * kUs);
                },
                0);
            test::spinner(*h.m, "user", 0);
            h.at(100 * kUs, [&] { h.m->irq().raise(line); });
            h.run(1 * kMs);
            QCOMPARE(order.size(), std::size_t(2));
            QCOMPARE(order[0].first, std::string("irq/40-dev40"));
            QCOMPARE(order[1].first, std::string("irq/40-s-dev40"));
            int prio = 0;
            for (auto& t : h.m->sched().tasks())
                if (t->name == "irq/40-s-dev40") prio = t->rtPrio;
            QCOMPARE(prio, std::string(version) == "6.12" ? 50 : 49);
            // the thread function runs with interrupts on: only entry/flow work is irqs-off
            QVERIFY2(h.metrics.cpus[0].irqsOffNs < 100 * kUs, qPrintable(QString::number(h.metrics.cpus[0].irqsOffNs)));
        }
    }
};

QTEST_GUILESS_MAIN(TestPreemptRt)
#include "test_preempt_rt.moc"
