// The twin's cost.resched_exit_ns (docs/twin.md, "The wake path"): the
// distribution of the capture's intervals from a hardirq's exit to the switch
// to the task it woke, taken only where nothing else ran on that CPU in
// between (a softirq at irq_exit is its own cost, not the return path's), and
// written with its tail: the rare host stalls keep their values and counts.
#include "irqscope/twin.h"
#include "twin_capture_text.h"

#include <QTest>

#include <map>
#include <string>
#include <vector>

using namespace irqscope;

namespace {

using Ev = test::CaptureEvent;

// CPU 1, idle: a timer interrupt every millisecond wakes "prod" (pid 400),
// which runs 100 µs and sleeps. The exit to the switch takes 2 µs, one time in
// twenty 300 µs (a stall); every fifth wake-up a TIMER softirq runs after the
// hardirq and the switch comes 50 µs after the exit.
std::string timerWakes(int n) {
    std::vector<Ev> ev;
    const long long us = 1000;
    ev.push_back({0, 0, "swapper/0", 0,
                  "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=busy "
                  "next_pid=100 next_prio=120"});
    ev.push_back({0, 1, "init", 1,
                  "sched_switch: prev_comm=init prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=swapper/1 "
                  "next_pid=0 next_prio=120"});
    for (int i = 0; i < n; ++i) {
        const long long t = (i + 1) * 1000 * us;
        ev.push_back({t, 1, "swapper/1", 0, "local_timer_entry: vector=236"});
        ev.push_back({t + 2 * us, 1, "swapper/1", 0, "sched_waking: comm=prod pid=400 prio=120 target_cpu=001"});
        ev.push_back({t + 4 * us, 1, "swapper/1", 0, "sched_wakeup: comm=prod pid=400 prio=120 target_cpu=001"});
        ev.push_back({t + 6 * us, 1, "swapper/1", 0, "local_timer_exit: vector=236"});
        long long gap = i % 20 == 3 ? 300 * us : 2 * us;
        if (i % 5 == 1) {
            ev.push_back({t + 7 * us, 1, "swapper/1", 0, "softirq_entry: vec=1 [action=TIMER]"});
            ev.push_back({t + 9 * us, 1, "swapper/1", 0, "softirq_exit: vec=1 [action=TIMER]"});
            gap = 50 * us;
        }
        const long long sw = t + 6 * us + gap;
        ev.push_back({sw, 1, "swapper/1", 0,
                      "sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=prod "
                      "next_pid=400 next_prio=120"});
        ev.push_back({sw + 100 * us, 1, "prod", 400,
                      "sched_switch: prev_comm=prod prev_pid=400 prev_prio=120 prev_state=S ==> next_comm=swapper/1 "
                      "next_pid=0 next_prio=120"});
    }
    return test::tracefsText(std::move(ev), 2, "d....");
}

} // namespace

class TestTwinReschedExit : public QObject {
    Q_OBJECT
private slots:
    void theReturnPathIsTheQuietExitsDistributionWithItsTail() {
        const test::Fitted f = test::fitCapture("twin-resched-exit.txt", timerWakes(200));
        const nlohmann::json& c = f.fit.scenario["cost.resched_exit_ns"];
        QVERIFY2(c.contains("empirical"), c.dump().c_str());
        // 160 quiet exits (the 40 with a softirq left out): 150 of 2 µs, 10 stalls of 300 µs
        std::map<std::string, double> weight;
        double total = 0;
        for (const auto& b : c["empirical"]) {
            weight[b[0].get<std::string>()] += b[1].get<double>();
            total += b[1].get<double>();
        }
        QCOMPARE(total, 160.0);
        QCOMPARE(weight["2us"], 150.0);
        QCOMPARE(weight["300us"], 10.0);
        QVERIFY2(!weight.count("50us"), c.dump().c_str());
        // irq_exit() itself keeps the engine's default: the gap is not the hardirq's
        QVERIFY(!f.fit.scenario.contains("cost.irq_exit_ns"));
    }
};

QTEST_MAIN(TestTwinReschedExit)
#include "test_twin_resched_exit.moc"
