// CPU-time accounting (IRQ_TIME_ACCOUNTING on/off) and the lockup/stall detectors.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
// An interrupt source on `cpu`: a handler of `handlerNs`, raised `gap` after each handler ends.
void storm(Harness& h, int cpu, Time start, Time handlerNs, Time gap, Time stop) {
    auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, cpu, "storm");
    Machine* m = h.m.get();
    hw::IrqLine* l = &line;
    m->irq().request(
        line, "storm",
        [m, l, handlerNs, gap, stop](Kctx& c) -> Proc<IrqReturn> {
            co_await c.work(handlerNs);
            if (c.now() + gap < stop) {
                if (gap == 0) m->irq().raise(*l); // the device fires again at once
                else m->timers().hrtimerStart(0, c.now() + gap, [m, l](Kctx&, Time) { m->irq().raise(*l); });
            }
            co_return IrqReturn::Handled;
        },
        {}, 0);
    h.at(start, [m, l] { m->irq().raise(*l); });
}
} // namespace

class TestAccountingWatchdog : public QObject {
    Q_OBJECT
private slots:
    void irqTimeIsChargedToTheInterruptedTaskOnlyWithoutIrqTimeAccounting() {
        Time charged[2], run[2];
        int i = 0;
        for (const char* acct : {"true", "false"}) {
            Harness h({{"machine.cpus", "1"}, {"kernel.irq_time_accounting", acct}});
            test::spinner(*h.m, "victim", 0);
            storm(h, 0, 1 * kMs, 50 * kUs, 50 * kUs, 100 * kMs); // ~50% of the CPU in hardirq
            h.run(100 * kMs);
            charged[i] = h.task("victim")->chargedNs;
            run[i] = h.task("victim")->runNs;
            ++i;
        }
        // on: `top` shows what the task really ran; off: the interrupts too
        QVERIFY2(std::abs(double(charged[0] - run[0])) < 0.01 * double(run[0]), "charged != run with accounting on");
        QVERIFY(double(charged[1]) > 1.6 * double(run[1]));
        QVERIFY(double(charged[1]) > 0.95 * double(100 * kMs));
    }

    void softLockupOnlyWhenTheCpuCannotSchedule() {
        // Thresholds shortened so the rule shows in a short run.
        const std::initializer_list<std::pair<const char*, const char*>> kv = {
            {"machine.cpus", "2"},
            {"kernel.watchdog.soft_thresh_ns", "100ms"},
            {"kernel.rcu.stall_timeout_ns", "150ms"}};
        {
            // Back-to-back interrupts: the CPU never returns to a task, the stopper never runs.
            Harness h(kv);
            test::spinner(*h.m, "victim", 0);
            test::spinner(*h.m, "other", 1);
            storm(h, 0, 10 * kMs, 30 * kUs, 0, 400 * kMs);
            h.run(400 * kMs);
            int soft = 0, rcu = 0;
            for (auto& w : h.metrics.warnings) {
                QCOMPARE(w.cpu, 0); // CPU 1 schedules normally
                soft += w.kind == "soft_lockup";
                rcu += w.kind == "rcu_stall";
                if (w.kind == "soft_lockup") {
                    QVERIFY(w.t > 110 * kMs); // not before the threshold
                    QVERIFY(w.message.find("soft lockup - CPU#0 stuck for") != std::string::npos);
                }
            }
            QVERIFY(soft >= 1);
            QVERIFY(rcu >= 1);
        }
        {
            // The same load with a short gap between interrupts: the stopper gets to
            // run and the CPU passes quiescent states, so nothing is reported.
            Harness h(kv);
            test::spinner(*h.m, "victim", 0);
            test::spinner(*h.m, "other", 1);
            storm(h, 0, 10 * kMs, 30 * kUs, 8 * kUs, 400 * kMs);
            h.run(400 * kMs);
            QVERIFY2(h.metrics.warnings.empty(),
                     h.metrics.warnings.empty() ? "" : h.metrics.warnings[0].message.c_str());
            QVERIFY(h.metrics.cpus[0].ns[static_cast<int>(TimeBucket::Hardirq)] > 200 * kMs); // still a storm
        }
    }

    void stopperRunsTheWatchdogWorkQueuedBeforeItFirstRan() {
        // kernel/stop_machine.c cpu_stop_should_run(): the stopper runs whatever
        // is queued, also the watchdog's work queued before it ever ran. Threshold
        // 100 ms, kicks every 20 ms. A storm from the start keeps CPU 0 from
        // scheduling past the first kick; in the 1 ms gap at 30 ms the stopper runs
        // that work and touches the timestamp; a second storm then lasts to 130 ms.
        // At the kick of 120 ms the CPU has been stuck for 90 ms only: no report.
        // (A stopper that dropped the first kick would leave the timestamp at 0
        // and report a 120 ms soft lockup.)
        Harness h({{"machine.cpus", "1"}, {"kernel.watchdog.soft_thresh_ns", "100ms"}});
        test::spinner(*h.m, "victim", 0);
        storm(h, 0, 0, 30 * kUs, 0, 30 * kMs);
        storm(h, 0, 31 * kMs, 30 * kUs, 0, 130 * kMs);
        h.run(135 * kMs);
        QVERIFY(h.metrics.cpus[0].ns[static_cast<int>(TimeBucket::Hardirq)] > 120 * kMs); // the storms held
        for (auto& w : h.metrics.warnings) QVERIFY2(w.kind != "soft_lockup", w.message.c_str());
    }

    void softLockupRepeatsEveryThresholdPerCpu() {
        // kernel/watchdog.c watchdog_timer_fn() (v6.12): each CPU checks at its
        // sample period (threshold / 5) and reports when the threshold passed
        // since the later of its last touch and its last report
        // (update_report_ts() on report); "stuck for" is the whole time since
        // the touch. Unlike the RCU stall, every stuck CPU reports for itself.
        Harness h({{"machine.cpus", "2"}, {"kernel.preempt", "voluntary"}, {"kernel.watchdog.soft_thresh_ns", "20ms"}});
        test::spinner(*h.m, "loop0", 0, Policy::Normal, 0, kNoPreempt);
        test::spinner(*h.m, "loop1", 1, Policy::Normal, 0, kNoPreempt);
        h.run(100 * kMs);
        std::vector<Time> at[2];
        std::vector<std::string> msg[2];
        for (auto& w : h.metrics.warnings)
            if (w.kind == "soft_lockup") {
                at[w.cpu].push_back(w.t);
                msg[w.cpu].push_back(w.message);
            }
        for (int c = 0; c < 2; ++c) {
            QCOMPARE(at[c].size(), std::size_t(4)); // at the 24, 48, 72 and 96 ms kicks
            for (std::size_t i = 1; i < at[c].size(); ++i) QVERIFY(at[c][i] - at[c][i - 1] > 20 * kMs);
            QVERIFY2(msg[c].back().find("stuck for 0.09") != std::string::npos, msg[c].back().c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestAccountingWatchdog)
#include "test_accounting_watchdog.moc"
