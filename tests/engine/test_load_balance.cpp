// Periodic load balancing (kernel/sched/fair.c sched_balance_trigger(),
// sched_balance_softirq(), sched_balance_rq(), nohz_balancer_kick(), v6.12):
// tasks that pile up on one CPU spread out within a few balance intervals,
// through the SCHED softirq, which costs CPU time where it runs.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
// `n` fair hogs started pinned on `cpu`, allowed everywhere from `at` on
// (sched_setaffinity() does not move a queued task; only balancing does).
std::vector<Task*> hogsOn(Harness& h, int cpu, int n, const std::string& prefix, Time at) {
    std::vector<Task*> out;
    for (int i = 0; i < n; ++i) out.push_back(&test::spinner(*h.m, prefix + std::to_string(i), cpu));
    h.at(at, [&h, out] {
        for (Task* t : out) t->affinity = h.m->allCpus();
    });
    return out;
}

int onCpu(const std::vector<Task*>& ts, int cpu) {
    int n = 0;
    for (const Task* t : ts)
        if (t->cpu && t->cpu->id == cpu) ++n;
    return n;
}

Time firstUserOn(const Harness& h, int cpu) {
    auto s = h.segments(cpu, ContextKind::User);
    return s.empty() ? -1 : s.front().start;
}
} // namespace

class TestLoadBalance : public QObject {
    Q_OBJECT
private slots:
    void twoHogsOnOneCpuEndUpOnePerCpu() {
        // CPU 1 is idle with its tick stopped: CPU 0's tick sees two runnable
        // tasks and kicks it (nohz_balancer_kick()); its SCHED softirq pulls one.
        for (const char* nohz : {"true", "false"}) {
            Harness h({{"machine.cpus", "2"}, {"machine.nohz_idle", nohz}});
            auto hogs = hogsOn(h, 0, 2, "hog", 10 * kMs);
            h.run(100 * kMs);
            QCOMPARE(onCpu(hogs, 0), 1);
            QCOMPARE(onCpu(hogs, 1), 1);
            const Time t = firstUserOn(h, 1);
            QVERIFY2(t > 10 * kMs && t < 20 * kMs, qPrintable(QString::number(t))); // within a few ticks
            QVERIFY(!h.segments(1, ContextKind::Softirq, "SCHED").empty());
        }
    }

    void withoutPeriodicBalancingTheyStay() {
        Harness h({{"machine.cpus", "2"}, {"kernel.sched.periodic_balance", "false"}});
        auto hogs = hogsOn(h, 0, 2, "hog", 10 * kMs);
        h.run(100 * kMs);
        QCOMPARE(onCpu(hogs, 0), 2);
        QCOMPARE(firstUserOn(h, 1), Time(-1));
        QVERIFY(h.segments(0, ContextKind::Softirq, "SCHED").empty());
    }

    void aBusyCpuPullsLoadAtTheBusyInterval() {
        // 3 hogs on CPU 0, 1 on CPU 1: both CPUs are busy, so only the busy
        // interval applies (2 ms x busy_factor 16 - 1 jiffy = 28 ms on 2 CPUs at
        // HZ 250); CPU 1 pulls one hog (migrate_load) and the load is 2:2.
        Harness h({{"machine.cpus", "2"}});
        auto a = hogsOn(h, 0, 3, "a", 1 * kMs);
        auto b = hogsOn(h, 1, 1, "b", 1 * kMs);
        h.run(200 * kMs);
        a.insert(a.end(), b.begin(), b.end());
        QCOMPARE(onCpu(a, 0), 2);
        QCOMPARE(onCpu(a, 1), 2);
        // the SCHED softirq ran on the busy CPUs, about once per busy interval
        const auto s1 = h.segments(1, ContextKind::Softirq, "SCHED");
        QVERIFY2(s1.size() >= 4 && s1.size() <= 12, qPrintable(QString::number(s1.size())));
    }

    void aBusyIntervalIsOneJiffyShortSince510() {
        // get_sd_balance_interval() takes one jiffy off a busy CPU's interval
        // (v5.10+), so the SCHED softirqs of a busy CPU come one tick sooner.
        // With nothing to move, sd->balance_interval doubles to max_interval
        // (4 ms on 2 CPUs): 4 ms x busy_factor 16 = 64 ms = 16 jiffies at
        // HZ 250, 15 with the skew.
        auto gaps = [](const char* skew) {
            Harness h({{"machine.cpus", "2"}, {"kernel.sched.balance_busy_skew", skew}});
            test::spinner(*h.m, "a", 0);
            test::spinner(*h.m, "b", 1);
            h.run(400 * kMs);
            const auto s = h.segments(1, ContextKind::Softirq, "SCHED");
            std::vector<Time> g;
            for (std::size_t i = 1; i < s.size(); ++i) g.push_back(s[i].start - s[i - 1].start);
            return g;
        };
        const auto on = gaps("true"), off = gaps("false");
        QVERIFY(on.size() >= 4 && off.size() >= 4);
        const Time tick = 4 * kMs;
        for (std::size_t i = 1; i < on.size(); ++i) QCOMPARE(on[i], 15 * tick);
        for (std::size_t i = 1; i < off.size(); ++i) QCOMPARE(off[i], 16 * tick);
    }
};

QTEST_GUILESS_MAIN(TestLoadBalance)
#include "test_load_balance.moc"
