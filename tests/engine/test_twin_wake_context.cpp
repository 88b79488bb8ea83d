// The twin's try_to_wake_up() per waker context (docs/twin.md, "The wake
// path"): sched_waking to sched_wakeup on the waker's CPU, grouped by the
// context the flags column gives (h/H hardirq, s softirq, . task), each
// context with 10 samples or more written as its own
// cost.wakeup_<context>_ns, the pooled median as cost.wakeup_ns. The twin
// then wakes a timer's task as slowly as the capture, and a task's wakee as
// fast.
#include "irqscope/engine.h"
#include "irqscope/twin.h"
#include "twin_capture_text.h"

#include <QTest>

#include <cmath>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

using namespace irqscope;

namespace {

using Ev = test::CaptureEvent;
constexpr long long kUs = 1000;

// CPU 0: a CPU hog "busy" (pid 100) and the 4 ms tick. CPU 1: "prod" (pid
// 400), woken every 1 ms by its hrtimer from idle: try_to_wake_up() in the
// timer's hardirq takes `hardUs`; it runs 100 µs and 60 µs into it wakes
// "cons" (pid 401, CPU 2) and "sink" (pid 402, CPU 3), taking `taskUs` each;
// their idle CPUs switch to them 12 µs after the waking, and they run 30 µs.
std::string timerAndTaskWakes(int ms, int hardUs, int taskUs) {
    std::vector<Ev> ev;
    const long long end = ms * 1'000'000LL;
    ev.push_back({0, 0, "swapper/0", 0,
                  "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=busy "
                  "next_pid=100 next_prio=120"});
    for (int cpu : {1, 2, 3})
        ev.push_back({0, cpu, "init", 1,
                      "sched_switch: prev_comm=init prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=swapper/" +
                          std::to_string(cpu) + " next_pid=0 next_prio=120"});
    for (long long t = 1'000'000; t < end; t += 4'000'000) {
        ev.push_back({t, 0, "busy", 100, "local_timer_entry: vector=236", "d.h.."});
        ev.push_back({t + 20 * kUs, 0, "busy", 100, "local_timer_exit: vector=236", "d.h.."});
    }
    const long long hard = hardUs * kUs, task = taskUs * kUs;
    for (long long t = 1'300'000; t + 200 * kUs < end; t += 1'000'000) {
        ev.push_back({t, 1, "swapper/1", 0, "local_timer_entry: vector=236", "d.h.."});
        ev.push_back(
            {t + 2 * kUs, 1, "swapper/1", 0, "sched_waking: comm=prod pid=400 prio=120 target_cpu=001", "d.h.."});
        ev.push_back({t + 2 * kUs + hard, 1, "swapper/1", 0, "sched_wakeup: comm=prod pid=400 prio=120 target_cpu=001",
                      "dNh.."});
        ev.push_back({t + 4 * kUs + hard, 1, "swapper/1", 0, "local_timer_exit: vector=236", "dNh.."});
        const long long s = t + 6 * kUs + hard; // prod's switch-in
        ev.push_back({s, 1, "swapper/1", 0,
                      "sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=prod "
                      "next_pid=400 next_prio=120"});
        long long w = s + 60 * kUs;
        for (const auto& [name, pid, cpu] : {std::tuple{"cons", 401, 2}, std::tuple{"sink", 402, 3}}) {
            const std::string who = std::string("comm=") + name + " pid=" + std::to_string(pid) +
                                    " prio=120 target_cpu=00" + std::to_string(cpu);
            const std::string n(name);
            ev.push_back({w, 1, "prod", 400, "sched_waking: " + who, "d...."});
            ev.push_back({w + task, 1, "prod", 400, "sched_wakeup: " + who, "d...."});
            ev.push_back({w + 12 * kUs, cpu, "swapper/" + std::to_string(cpu), 0,
                          "sched_switch: prev_comm=swapper/" + std::to_string(cpu) +
                              " prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=" + n +
                              " next_pid=" + std::to_string(pid) + " next_prio=120",
                          "d...."});
            ev.push_back({w + 42 * kUs, cpu, n, pid,
                          "sched_switch: prev_comm=" + n + " prev_pid=" + std::to_string(pid) +
                              " prev_prio=120 prev_state=S ==> next_comm=swapper/" + std::to_string(cpu) +
                              " next_pid=0 next_prio=120",
                          "d...."});
            w += task;
        }
        ev.push_back({s + 100 * kUs, 1, "prod", 400,
                      "sched_switch: prev_comm=prod prev_pid=400 prev_prio=120 prev_state=S ==> next_comm=swapper/1 "
                      "next_pid=0 next_prio=120",
                      "d...."});
    }
    return test::tracefsText(std::move(ev), 4, "d....");
}

std::optional<Time> param(const TwinFit& fit, const char* name) {
    if (!fit.scenario.contains(name)) return std::nullopt;
    return parseDuration(fit.scenario[name].get<std::string>());
}

} // namespace

class TestTwinWakeContext : public QObject {
    Q_OBJECT
private slots:
    void eachWakerContextHasItsOwnCost() {
        const test::Fitted f = test::fitCapture("twin-wake-context.txt", timerAndTaskWakes(200, 16, 3));
        QCOMPARE(param(f.fit, "cost.wakeup_hardirq_ns"), std::optional<Time>(16'000));
        QCOMPARE(param(f.fit, "cost.wakeup_task_ns"), std::optional<Time>(3'000));
        // the pooled median (two task wake-ups to each timer's), for any other context
        QCOMPARE(param(f.fit, "cost.wakeup_ns"), std::optional<Time>(3'000));
        // no softirq woke anyone: that context keeps the pooled cost
        QVERIFY(!f.fit.scenario.contains("cost.wakeup_softirq_ns"));
        // the twin wakes prod from its timer as slowly as the capture, within the report's 30 % (16 µs of
        // try_to_wake_up(); the pooled 3 µs would make it 7 µs against 20), and cons as fast
        const RunResult twin = test::runTwin(f.fit);
        const TwinReport rep = compareTwin(f.cap, f.fit, twin);
        for (const char* name : {"wakeup/prod.p50", "wakeup/cons.p50"}) {
            const TwinRow* r = test::row(rep, name);
            QVERIFY(r && r->hasTwin && r->hasCapture);
            QVERIFY2(
                std::abs(r->twin - r->capture) <= 0.3 * r->capture,
                (std::string(name) + ": " + std::to_string(r->capture) + " vs " + std::to_string(r->twin)).c_str());
        }
    }
};

QTEST_MAIN(TestTwinWakeContext)
#include "test_twin_wake_context.moc"
