// Rescheduling another CPU (kernel/sched/core.c __resched_curr()): a
// TIF_NEED_RESCHED request reaches a busy CPU through the reschedule IPI,
// which costs the sender cost.ipi_send_ns and the target the IPI's interrupt
// path; a lazy request (PREEMPT_LAZY) sends nothing and is noticed at the
// target's next tick or its next return to user mode from an interrupt.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;
using test::sleeper;

namespace {

// A task on `cpu` that, each time it is woken, wakes `target` from there.
Task& waker(Machine& m, int cpu, Task& target) {
    Task& w = m.sched().createTask("waker", ContextKind::User, Policy::Normal, 0, m.oneCpu(cpu),
                                   [&target](Kctx& c) -> Proc<void> {
                                       for (;;) {
                                           co_await c.block();
                                           c.m().sched().wake(target, c.cpu().id);
                                           co_await c.work(10 * kUs, kUser);
                                       }
                                   });
    m.sched().wake(w, -1);
    return w;
}

int ipiRaises(const Harness& h, int cpu) {
    int n = 0;
    for (const auto& i : h.instants(cpu, InstantKind::IrqRaise))
        if (h.trace.str(i.entity) == "IPI0 reschedule") ++n;
    return n;
}
} // namespace

class TestResched : public QObject {
    Q_OBJECT
private slots:
    void aRemoteRescheduleWaitsForTheIpi() {
        // CPU 0 wakes a FIFO task onto CPU 1, which runs preemptible kernel
        // code: CPU 1 switches only after taking the reschedule IPI, so the
        // IPI handler's cost is in the wake-up latency, once.
        Time lat[2] = {-1, -1};
        int i = 0;
        for (const char* handler : {"0", "50000"}) {
            Harness h({{"machine.cpus", "2"}, {"kernel.preempt", "full"}, {"cost.ipi_handler_ns", handler}});
            test::spinner(*h.m, "kloop", 1, Policy::Normal, 0, 0);
            Task& rt = sleeper(*h.m, "rt", 1, Policy::Fifo, 1, &lat[i]);
            Task& w = waker(*h.m, 0, rt);
            h.at(1 * kMs, [&] { h.m->sched().wake(w, -1); });
            h.run(3 * kMs);
            QCOMPARE(ipiRaises(h, 1), 1);
            // kloop keeps CPU 1 until the IPI's hardirq ends; then rt runs
            const auto ipi = h.segments(1, ContextKind::Hardirq, "IPI0 reschedule");
            QCOMPARE(int(ipi.size()), 1);
            const auto rts = h.segments(1, ContextKind::User, "rt");
            QVERIFY(!rts.empty());
            QVERIFY2(rts.back().start >= ipi[0].end,
                     qPrintable(QStringLiteral("%1 %2").arg(rts.back().start).arg(ipi[0].end)));
            ++i;
        }
        QVERIFY(lat[0] > 0);
        QCOMPARE(lat[1] - lat[0], 50 * kUs);
    }

    void aLazyFairWakeupSendsNoIpiAndWaitsForTheTick() {
        // A nice -20 task woken from CPU 0 onto CPU 1, where a nice-0 hog
        // spins in user mode; without RUN_TO_PARITY EEVDF prefers the woken
        // task at once. voluntary: a reschedule IPI, switched within
        // microseconds. lazy: no IPI; the request waits for CPU 1's tick at
        // 4 ms (woken at 2.1 ms), or for an earlier interrupt's return to user
        // (an hrtimer at 3 ms).
        struct Run {
            const char* model;
            Time interruptAt;
            Time lat = -1;
            int ipis = -1;
        };
        Run runs[] = {{"voluntary", 0}, {"lazy", 0}, {"lazy", 3 * kMs}};
        for (Run& r : runs) {
            Harness h({{"machine.cpus", "2"}, {"kernel.preempt", r.model}, {"kernel.sched.run_to_parity", "false"}});
            test::spinner(*h.m, "hog", 1);
            Task& hi = sleeper(*h.m, "hi", 1, Policy::Normal, -20, &r.lat);
            Task& w = waker(*h.m, 0, hi);
            h.at(2100 * kUs, [&] { h.m->sched().wake(w, -1); });
            if (r.interruptAt > 0) h.m->timers().hrtimerStart(1, r.interruptAt, [](Kctx&, Time) {});
            h.run(6 * kMs);
            r.ipis = ipiRaises(h, 1);
        }
        QCOMPARE(runs[0].ipis, 1);
        QVERIFY2(runs[0].lat >= 0 && runs[0].lat < 20 * kUs, qPrintable(QString::number(runs[0].lat)));
        QCOMPARE(runs[1].ipis, 0);
        QVERIFY2(runs[1].lat > 1850 * kUs && runs[1].lat < 1950 * kUs, qPrintable(QString::number(runs[1].lat)));
        QCOMPARE(runs[2].ipis, 0);
        QVERIFY2(runs[2].lat > 850 * kUs && runs[2].lat < 950 * kUs, qPrintable(QString::number(runs[2].lat)));
    }

    void aLazyRequestDoesNotPreemptKernelCode() {
        // lazy: kernel code ignores TIF_NEED_RESCHED_LAZY until the tick
        // promotes it; an RT wake-up is a full request and sends the IPI.
        Time fair = -1, rt = -1;
        int ipis = -1;
        {
            Harness h({{"machine.cpus", "2"}, {"kernel.preempt", "lazy"}, {"kernel.sched.run_to_parity", "false"}});
            test::spinner(*h.m, "kloop", 1, Policy::Normal, 0, 0);
            Task& hi = sleeper(*h.m, "hi", 1, Policy::Normal, -20, &fair);
            Task& w = waker(*h.m, 0, hi);
            h.at(2100 * kUs, [&] { h.m->sched().wake(w, -1); });
            h.m->timers().hrtimerStart(1, 3 * kMs, [](Kctx&, Time) {}); // returns to kernel code: no preemption
            h.run(6 * kMs);
        }
        {
            Harness h({{"machine.cpus", "2"}, {"kernel.preempt", "lazy"}});
            test::spinner(*h.m, "kloop", 1, Policy::Normal, 0, 0);
            Task& t = sleeper(*h.m, "rt", 1, Policy::Fifo, 1, &rt);
            Task& w = waker(*h.m, 0, t);
            h.at(2100 * kUs, [&] { h.m->sched().wake(w, -1); });
            h.run(6 * kMs);
            ipis = ipiRaises(h, 1);
        }
        QVERIFY2(fair > 1850 * kUs && fair < 1950 * kUs, qPrintable(QString::number(fair)));
        QCOMPARE(ipis, 1);
        QVERIFY2(rt >= 0 && rt < 20 * kUs, qPrintable(QString::number(rt)));
    }
};

QTEST_GUILESS_MAIN(TestResched)
#include "test_resched.moc"
