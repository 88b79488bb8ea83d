// Capacity-aware wake-up placement on an asymmetric machine (kernel/sched/fair.c
// select_idle_sibling() -> select_idle_capacity(), v5.7+): a waking fair task
// goes to an idle CPU whose capacity its utilization fits (util < 80 % of it);
// a task that fits nowhere idle takes the idle CPU of largest capacity. On a
// symmetric machine, or with kernel.sched.asym_capacity_wakeup off (4.4, 4.19
// profiles), the scan takes the first idle CPU after the target.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

// 4 LITTLE (0-3, 0.45x) + 4 big (4-7). CPUs 0, 2-5 and 7 spin; 1 (LITTLE) and 6 (big) are idle.
// A task last on CPU 0 with utilization `util` (of its CPU's time) is woken from CPU 0.
int wakeWith(double util, const char* asym, const char* little = "4") {
    Harness h({{"machine.cpus", "8"},
               {"machine.little_cpus", little},
               {"machine.little_speed", "0.45"},
               {"kernel.sched.asym_capacity_wakeup", asym}});
    for (int cpu : {0, 2, 3, 4, 5, 7}) test::spinner(*h.m, "spin" + std::to_string(cpu), cpu);
    int ranOn = -1;
    Task& t = h.m->sched().createTask("waker", ContextKind::User, Policy::Normal, 0, h.m->allCpus(),
                                      [&ranOn](Kctx& c) -> Proc<void> {
                                          for (;;) {
                                              co_await c.block();
                                              ranOn = c.cpu().id;
                                              co_await c.work(10 * kUs);
                                          }
                                      });
    h.m->sched().wake(t, -1);
    h.at(100 * kUs, [&] {
        h.m->sched().setTaskCpu(t, 0); // it last ran on CPU 0
        t.peltUtil = util;
        t.peltUtilAt = h.m->now();
        h.m->sched().wake(t, 0);
    });
    h.run(1 * kMs);
    return ranOn;
}

} // namespace

class TestPlacementCapacity : public QObject {
    Q_OBJECT
private slots:
    void aSmallTaskTakesTheFirstIdleCpuItFits() {
        QCOMPARE(wakeWith(0.05, "true"), 1); // fits the idle LITTLE CPU 1
    }

    void aBigTaskGoesToAnIdleBigCpu() {
        QCOMPARE(wakeWith(0.9, "true"), 6);  // 0.9 of a LITTLE's time does not fit it: the idle big CPU
        QCOMPARE(wakeWith(0.9, "false"), 1); // capacity-blind: the first idle CPU after the target
    }

    void aSymmetricMachineIgnoresCapacity() { QCOMPARE(wakeWith(0.9, "true", "0"), 1); }

    void versionProfiles() {
        for (const char* v : {"4.4", "4.19"}) QVERIFY(!Harness({{"kernel.version", v}}).m->cfg().asymCapacityWakeup);
        for (const char* v : {"5.10", "6.1", "6.6", "6.12"})
            QVERIFY(Harness({{"kernel.version", v}}).m->cfg().asymCapacityWakeup);
    }
};

QTEST_GUILESS_MAIN(TestPlacementCapacity)
#include "test_placement_capacity.moc"
