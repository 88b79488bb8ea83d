// RCU quiescent states at the tick (kernel/rcu/tree_plugin.h
// rcu_flavor_sched_clock_irq()): with PREEMPT_RCU a tick that interrupts
// preemptible kernel code reports one; without it only user mode, idle and
// context switches do, so a kernel loop that never schedules stalls RCU.
// And the soft-lockup stopper, which runs in the stop class above FIFO 99.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
struct Stalls {
    int count = 0;
    std::string first;
};

// One CPU spinning in kernel code with the given flags for 40 ms, the stall
// timeout at 10 ms.
Stalls run(const char* preempt, const char* preemptRcu, std::uint8_t flags) {
    Harness h({{"machine.cpus", "1"},
               {"kernel.preempt", preempt},
               {"kernel.rcu.preempt_rcu", preemptRcu},
               {"kernel.rcu.stall_timeout_ns", "10ms"}});
    test::spinner(*h.m, "kloop", 0, Policy::Normal, 0, flags);
    h.run(40 * kMs);
    Stalls s;
    for (const auto& w : h.m->warnings())
        if (w.kind == "rcu_stall") {
            if (!s.count) s.first = w.message;
            ++s.count;
        }
    return s;
}
} // namespace

class TestRcu : public QObject {
    Q_OBJECT
private slots:
    void preemptibleRcuSeesTicksInKernelCode() {
        // auto follows the preemption model, as Kconfig's PREEMPT_RCU default does
        const Stalls vol = run("voluntary", "auto", 0);
        QVERIFY(vol.count >= 1);
        QVERIFY2(vol.first.find("rcu_sched self-detected stall on CPU0") != std::string::npos, vol.first.c_str());
        QCOMPARE(run("full", "auto", 0).count, 0);
        QCOMPARE(run("lazy", "auto", 0).count, 0);
        QCOMPARE(run("rt", "auto", 0).count, 0);
        QCOMPARE(run("none", "auto", 0).count > 0, true);
        // the switch on its own
        QCOMPARE(run("voluntary", "on", 0).count, 0);
        const Stalls fullOff = run("full", "off", 0);
        QVERIFY(fullOff.count >= 1);
    }

    void preemptionOrBhDisabledIsNoQuiescentState() {
        const Stalls noPreempt = run("full", "auto", kNoPreempt);
        QVERIFY(noPreempt.count >= 1);
        QVERIFY2(noPreempt.first.find("rcu_preempt self-detected stall") != std::string::npos, noPreempt.first.c_str());
        QVERIFY(run("full", "auto", kBhOff).count >= 1);
        QCOMPARE(run("voluntary", "auto", kUser).count, 0); // user mode always is one
    }

    void theStopperPreemptsFifo99() {
        // kernel/sched/stop_task.c: migration/N is above every RT priority, so
        // a FIFO 99 task in user mode (or preemptible kernel code) cannot keep
        // it out: no soft lockup. Non-preemptible code still can.
        const auto lockups = [](std::uint8_t flags, Time* stopperRan) {
            Harness h({{"machine.cpus", "1"},
                       {"kernel.preempt", "full"},
                       {"kernel.sched.rt_limit", "off"},
                       {"kernel.watchdog.soft_thresh_ns", "10ms"}});
            test::spinner(*h.m, "rt99", 0, Policy::Fifo, 99, flags);
            h.run(100 * kMs);
            if (stopperRan) *stopperRan = h.task("migration/0")->runNs;
            int n = 0;
            for (const auto& w : h.m->warnings()) n += w.kind == "soft_lockup";
            return n;
        };
        Time ran = 0;
        QCOMPARE(lockups(kUser, &ran), 0);
        QVERIFY(ran > 0);
        QCOMPARE(lockups(0, nullptr), 0);
        QVERIFY(lockups(kNoPreempt, nullptr) >= 1);
    }
};

QTEST_GUILESS_MAIN(TestRcu)
#include "test_rcu.moc"
