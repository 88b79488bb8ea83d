// The RCU CPU stall report rule (kernel/rcu/tree_stall.h check_cpu_stall(),
// v6.12): one report per deadline for the whole machine, however many CPUs
// stall; the first deadline is the timeout after the grace period started,
// each report moves it 3 x timeout + 3 jiffies on, and the next grace period
// sets its own. A stalled CPU that takes its tick reports itself; when the
// stalled CPUs cannot take one (interrupts off), another CPU names them all
// RCU_STALL_RAT_DELAY (2) jiffies after the deadline.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
constexpr Time kTick = 4 * kMs;        // HZ=250
constexpr std::uint64_t kTimeoutJ = 3; // 10 ms rounded up to jiffies

std::vector<Warning> stalls(const Harness& h) {
    std::vector<Warning> out;
    for (const auto& w : h.m->warnings())
        if (w.kind == "rcu_stall") out.push_back(w);
    return out;
}

std::uint64_t jiffy(Time t) {
    return static_cast<std::uint64_t>(t / kTick);
}

// A kernel loop that never schedules, with the given flags, on `cpu`.
void kloop(Harness& h, const char* name, int cpu, std::uint8_t flags) {
    test::spinner(*h.m, name, cpu, Policy::Normal, 0, flags);
}
} // namespace

class TestRcuStall : public QObject {
    Q_OBJECT
private slots:
    void oneReportPerDeadlineForTheMachine() {
        // CPUs 1 and 2 loop with preemption off: their ticks get in, so the
        // first of them to tick at the deadline reports itself, and the other
        // is not reported separately.
        Harness h({{"machine.cpus", "4"}, {"kernel.preempt", "voluntary"}, {"kernel.rcu.stall_timeout_ns", "10ms"}});
        kloop(h, "loop1", 1, kNoPreempt);
        kloop(h, "loop2", 2, kNoPreempt);
        h.run(300 * kMs);
        const auto w = stalls(h);
        QVERIFY(w.size() >= 3);
        for (const auto& s : w) {
            QVERIFY2(s.message.find("self-detected stall on CPU" + std::to_string(s.cpu)) != std::string::npos,
                     s.message.c_str());
            QVERIFY(s.cpu == 1 || s.cpu == 2);
        }
        // jiffies_stall = jiffies + 3 * rcu_jiffies_till_stall_check() + 3 after each report
        for (std::size_t i = 1; i < w.size(); ++i) QCOMPARE(jiffy(w[i].t) - jiffy(w[i - 1].t), 3 * kTimeoutJ + 3);
        // the first deadline: the timeout after the grace period started (t= is its age)
        QVERIFY2(w[0].message.find("(t=3 jiffies)") != std::string::npos, w[0].message.c_str());
        QVERIFY2(w[1].message.find("(t=15 jiffies)") != std::string::npos, w[1].message.c_str());
        // 300 ms = 75 jiffies: first report at the grace period's start + 3, then every 12
        QCOMPARE(w.size(), std::size_t((75 - jiffy(w[0].t)) / 12 + 1));
    }

    void otherCpusNameEveryHoldoutTwoJiffiesLate() {
        // Interrupts off: the stalled CPUs take no tick, so CPU 0 or 3 (in
        // user mode: a quiescent state at each tick) reports them both, in one report, RCU_STALL_RAT_DELAY jiffies
        // after the deadline.
        Harness h({{"machine.cpus", "4"}, {"kernel.preempt", "voluntary"}, {"kernel.rcu.stall_timeout_ns", "10ms"}});
        kloop(h, "loop1", 1, kIrqsOff | kNoPreempt);
        kloop(h, "loop2", 2, kIrqsOff | kNoPreempt);
        // busy in user mode, so their ticks run (an idle CPU stops its tick)
        test::spinner(*h.m, "user0", 0);
        test::spinner(*h.m, "user3", 3);
        h.run(100 * kMs);
        const auto w = stalls(h);
        QVERIFY(w.size() >= 2);
        for (const auto& s : w) {
            QVERIFY2(s.message.find("detected stalls on CPUs/tasks: { 1-.... 2-.... } (detected by " +
                                    std::to_string(s.cpu)) != std::string::npos,
                     s.message.c_str());
            QVERIFY(s.cpu == 0 || s.cpu == 3);
        }
        // the grace period started at jiffy 1: deadline at 4, reported at 6
        QVERIFY2(w[0].message.find("t=5 jiffies") != std::string::npos, w[0].message.c_str());
        // the next deadline 3 x timeout + 3 after the report, and again 2 jiffies late
        QCOMPARE(jiffy(w[1].t) - jiffy(w[0].t), 3 * kTimeoutJ + 3 + 2);
    }

    void aNewGracePeriodSetsANewDeadline() {
        // A 30 ms loop, a short sleep, another 30 ms loop: the grace period the
        // first loop held ends with the sleep, so the second loop is reported
        // the timeout after the next grace period starts, well before the
        // 3 x timeout + 3 jiffies the first report set.
        Harness h({{"machine.cpus", "2"}, {"kernel.preempt", "voluntary"}, {"kernel.rcu.stall_timeout_ns", "10ms"}});
        auto& t = h.m->sched().createTask("loops", ContextKind::User, Policy::Normal, 0, h.m->oneCpu(1),
                                          [](Kctx& c) -> Proc<void> {
                                              for (int i = 0; i < 30; ++i) co_await c.work(kMs, kNoPreempt);
                                              co_await c.block();
                                              for (;;) co_await c.work(kMs, kNoPreempt);
                                          });
        h.m->sched().wake(t, -1);
        h.at(31 * kMs, [&] { h.m->sched().wake(t, -1); });
        h.run(80 * kMs);
        const auto w = stalls(h);
        QCOMPARE(w.size(), std::size_t(2));
        QVERIFY(jiffy(w[1].t) - jiffy(w[0].t) < 3 * kTimeoutJ + 3);
        QVERIFY(w[1].t > 31 * kMs);
        QVERIFY2(w[1].message.find("(t=3 jiffies)") != std::string::npos, w[1].message.c_str());
        QVERIFY(h.m->watchdogs().gracePeriods() >= 2);
    }

    void theSelfDetectedReportForcesAContextSwitch() {
        // print_cpu_stall() sets need_resched on the current task: with full
        // preemption and no PREEMPT_RCU, a preemptible kernel loop is switched
        // out at the tick's return (__schedule() is a quiescent state even if
        // it picks the loop again), so the grace period ends and the next
        // report is about a new one (t=3), not the same one 12 jiffies on.
        Harness h({{"machine.cpus", "2"},
                   {"kernel.preempt", "full"},
                   {"kernel.rcu.preempt_rcu", "off"},
                   {"kernel.rcu.stall_timeout_ns", "10ms"}});
        kloop(h, "loop", 1, 0);
        h.run(100 * kMs);
        const auto w = stalls(h);
        QVERIFY(w.size() >= 2);
        QVERIFY2(w[1].message.find("(t=3 jiffies)") != std::string::npos, w[1].message.c_str());
        QVERIFY(jiffy(w[1].t) - jiffy(w[0].t) < 3 * kTimeoutJ + 3);
        // under voluntary preemption the flag waits for a cond_resched() that never comes
        Harness v({{"machine.cpus", "2"}, {"kernel.preempt", "voluntary"}, {"kernel.rcu.stall_timeout_ns", "10ms"}});
        kloop(v, "loop", 1, 0);
        v.run(100 * kMs);
        const auto wv = stalls(v);
        QVERIFY(wv.size() >= 2);
        QVERIFY2(wv[1].message.find("(t=15 jiffies)") != std::string::npos, wv[1].message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRcuStall)
#include "test_rcu_stall.moc"
