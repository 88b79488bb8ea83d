// The twin's wake-ups (docs/twin.md, "The wake path"): a task another task
// wakes suspends and is resumed by its waker at the captured point of the
// waker's burst, with no timer invented; the wake path's costs
// (cost.wakeup_ns, machine.idle_exit_ns) are the capture's medians, and the
// twin's wake-up latency is measured at the kernel's tracepoints.
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"
#include "twin_capture_text.h"

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace irqscope;

namespace {

using Ev = test::CaptureEvent;
using test::fitCapture;
using test::fittedTask;
using test::row;
using test::runTwin;

// CPU 0: a CPU hog "busy" (pid 100) and the 4 ms tick. CPU 1: "prod" (pid
// 400), woken every 1 ms by an hrtimer (local_timer) from idle, runs 100 µs and
// 60 µs into it wakes "cons" (pid 401) on CPU 2: try_to_wake_up() takes
// `ttwuUs` (sched_waking to sched_wakeup), idle CPU 2 switches to cons `idleUs`
// after the waking; cons runs 30 µs and sleeps. CPUs 1 and 2 are NOHZ idle.
std::string producerConsumer(int ms, int ttwuUs, int idleUs) { // ttwuUs <= 3
    std::vector<Ev> ev;
    const long long end = ms * 1'000'000LL;
    ev.push_back({0, 0, "swapper/0", 0,
                  "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=busy "
                  "next_pid=100 next_prio=120"});
    for (int cpu : {1, 2})
        ev.push_back({0, cpu, "init", 1,
                      "sched_switch: prev_comm=init prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=swapper/" +
                          std::to_string(cpu) + " next_pid=0 next_prio=120"});
    for (long long t = 1'000'000; t < end; t += 4'000'000) {
        ev.push_back({t, 0, "busy", 100, "local_timer_entry: vector=236"});
        ev.push_back({t + 20'000, 0, "busy", 100, "local_timer_exit: vector=236"});
    }
    const long long us = 1000;
    for (long long t = 1'300'000; t + 200 * us < end; t += 1'000'000) {
        ev.push_back({t, 1, "swapper/1", 0, "local_timer_entry: vector=236"});
        ev.push_back({t + 2 * us, 1, "swapper/1", 0, "sched_waking: comm=prod pid=400 prio=120 target_cpu=001"});
        ev.push_back(
            {t + (2 + ttwuUs) * us, 1, "swapper/1", 0, "sched_wakeup: comm=prod pid=400 prio=120 target_cpu=001"});
        ev.push_back({t + 6 * us, 1, "swapper/1", 0, "local_timer_exit: vector=236"});
        ev.push_back({t + 8 * us, 1, "swapper/1", 0,
                      "sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=prod "
                      "next_pid=400 next_prio=120"});
        const long long w = t + 68 * us; // 60 µs into prod's 100 µs burst
        ev.push_back({w, 1, "prod", 400, "sched_waking: comm=cons pid=401 prio=120 target_cpu=002"});
        ev.push_back({w + ttwuUs * us, 1, "prod", 400, "sched_wakeup: comm=cons pid=401 prio=120 target_cpu=002"});
        ev.push_back({w + idleUs * us, 2, "swapper/2", 0,
                      "sched_switch: prev_comm=swapper/2 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=cons "
                      "next_pid=401 next_prio=120"});
        ev.push_back({w + (idleUs + 30) * us, 2, "cons", 401,
                      "sched_switch: prev_comm=cons prev_pid=401 prev_prio=120 prev_state=S ==> next_comm=swapper/2 "
                      "next_pid=0 next_prio=120"});
        ev.push_back({t + 108 * us, 1, "prod", 400,
                      "sched_switch: prev_comm=prod prev_pid=400 prev_prio=120 prev_state=S ==> next_comm=swapper/1 "
                      "next_pid=0 next_prio=120"});
    }
    return test::tracefsText(std::move(ev), 3, "d....");
}

// Two tasks that wake each other (a pipe ping-pong): "ping" (pid 500, CPU 1)
// runs 50 µs and 40 µs into it wakes "pong" (pid 501, CPU 2), which runs 50 µs
// from 10 µs later and 45 µs into it wakes ping again; `rounds` times.
std::string pingPong(int rounds) {
    std::vector<Ev> ev;
    const long long us = 1000;
    for (int cpu : {1, 2})
        ev.push_back({0, cpu, "init", 1,
                      "sched_switch: prev_comm=init prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=swapper/" +
                          std::to_string(cpu) + " next_pid=0 next_prio=120"});
    long long t = 100 * us; // ping's switch-in
    ev.push_back({t - 10 * us, 1, "swapper/1", 0, "sched_waking: comm=ping pid=500 prio=120 target_cpu=001"});
    for (int i = 0; i < rounds; ++i) {
        ev.push_back({t, 1, "swapper/1", 0,
                      "sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=ping "
                      "next_pid=500 next_prio=120"});
        ev.push_back({t + 40 * us, 1, "ping", 500, "sched_waking: comm=pong pid=501 prio=120 target_cpu=002"});
        ev.push_back({t + 50 * us, 1, "ping", 500,
                      "sched_switch: prev_comm=ping prev_pid=500 prev_prio=120 prev_state=S ==> next_comm=swapper/1 "
                      "next_pid=0 next_prio=120"});
        const long long p = t + 50 * us;
        ev.push_back({p, 2, "swapper/2", 0,
                      "sched_switch: prev_comm=swapper/2 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=pong "
                      "next_pid=501 next_prio=120"});
        ev.push_back({p + 45 * us, 2, "pong", 501, "sched_waking: comm=ping pid=500 prio=120 target_cpu=001"});
        ev.push_back({p + 50 * us, 2, "pong", 501,
                      "sched_switch: prev_comm=pong prev_pid=501 prev_prio=120 prev_state=S ==> next_comm=swapper/2 "
                      "next_pid=0 next_prio=120"});
        t = p + 55 * us;
    }
    return test::tracefsText(std::move(ev), 3, "d....");
}

} // namespace

class TestTwinWakes : public QObject {
    Q_OBJECT
private slots:
    // A task another task wakes (a pipe, a futex) suspends, and its waker resumes
    // it 60 % into its burst, as captured: no sleep, no timer of its own.
    void taskWokenByATaskIsResumedByIt() {
        const test::Fitted f = fitCapture("twin-wakes-pc.txt", producerConsumer(200, 3, 12));
        const nlohmann::json* cons = fittedTask(f.fit, "cons");
        const nlohmann::json* prod = fittedTask(f.fit, "prod");
        QVERIFY(cons && prod);
        const auto& ce = test::loopEvents(*cons);
        QCOMPARE(ce.size(), std::size_t(2));
        QVERIFY(ce[0].contains("run"));
        QCOMPARE(ce[1]["suspend"].get<std::string>(), std::string("cons"));
        for (const auto& e : ce) QVERIFY2(!e.contains("sleep") && !e.contains("timer"), ce.dump().c_str());
        // prod: run 60 µs, resume cons, run 40 µs, then its own 1 ms timer
        const auto& pe = test::loopEvents(*prod);
        QCOMPARE(pe.size(), std::size_t(4));
        QCOMPARE(parseDuration(pe[0]["run"].get<std::string>()), std::optional<Time>(60'000));
        QCOMPARE(pe[1]["resume"].get<std::string>(), std::string("cons"));
        QCOMPARE(parseDuration(pe[2]["run"].get<std::string>()), std::optional<Time>(40'000));
        QVERIFY(pe[3].contains("timer"));
        // the twin: cons is woken by prod as often as captured, and no timer interrupt is added for it
        const RunResult twin = runTwin(f.fit);
        const TwinReport rep = compareTwin(f.cap, f.fit, twin);
        const TwinRow* n = row(rep, "wakeup/cons.n");
        QVERIFY(n && n->hasTwin);
        QVERIFY2(std::abs(n->twin - n->capture) <= 0.05 * n->capture,
                 (std::to_string(n->capture) + " vs " + std::to_string(n->twin)).c_str());
        const TwinRow* timer = row(rep, "irq_rate/arch_timer");
        QVERIFY(timer);
        QVERIFY2(timer->met, (std::to_string(timer->capture) + " vs " + std::to_string(timer->twin)).c_str());
    }

    // Tasks that wake each other: a resume finding nobody suspended is lost in the
    // twin (rt-app's semantics), so both suspending could stop both for good. One
    // of the cycle keeps its sleeps; the other is resumed by it, and runs.
    void wakeCycleKeepsOneSleeper() {
        const test::Fitted f = fitCapture("twin-wakes-pingpong.txt", pingPong(200));
        const nlohmann::json* ping = fittedTask(f.fit, "ping");
        const nlohmann::json* pong = fittedTask(f.fit, "pong");
        QVERIFY(ping && pong);
        auto suspends = [](const nlohmann::json& t) {
            for (const auto& e : test::loopEvents(t))
                if (e.contains("suspend")) return true;
            return false;
        };
        QVERIFY2(suspends(*ping) != suspends(*pong), (ping->dump() + "\n" + pong->dump()).c_str());
        const RunResult twin = runTwin(f.fit);
        const TwinReport rep = compareTwin(f.cap, f.fit, twin);
        for (const char* name : {"wakeup/ping.n", "wakeup/pong.n"}) {
            const TwinRow* n = row(rep, name);
            QVERIFY(n && n->hasTwin);
            QVERIFY2(
                n->twin >= 0.5 * n->capture,
                (std::string(name) + ": " + std::to_string(n->capture) + " vs " + std::to_string(n->twin)).c_str());
        }
    }

    // try_to_wake_up() is sched_waking to sched_wakeup on the waker's CPU; the idle
    // exit is the remote idle wake-up (waking to switch) minus that: the medians.
    void wakePathCostsAreTheCapturedMedians() {
        for (const auto& [ttwu, idle] : {std::pair{3, 12}, std::pair{1, 40}}) {
            const test::Fitted f = fitCapture("twin-wakes-cost.txt", producerConsumer(100, ttwu, idle));
            QCOMPARE(f.fit.wakeupNs, Time(ttwu) * 1000);
            QCOMPARE(parseDuration(f.fit.scenario["cost.wakeup_ns"].get<std::string>()),
                     std::optional<Time>(ttwu * 1000));
            const Time exitNs = Time(idle - ttwu) * 1000;
            QCOMPARE(f.fit.idleExitNs, exitNs);
            QCOMPARE(parseDuration(f.fit.scenario["machine.idle_exit_ns"].get<std::string>()),
                     std::optional<Time>(exitNs));
            // prod's hrtimer interrupt: 2 µs to its wake-up, and after it (from sched_wakeup to the
            // exit at 6 µs) the next expiry programmed
            QCOMPARE(parseDuration(f.fit.scenario["cost.hrtimer_ns"].get<std::string>()), std::optional<Time>(2000));
            QCOMPARE(parseDuration(f.fit.scenario["cost.hrtimer_reprogram_ns"].get<std::string>()),
                     std::optional<Time>((4 - ttwu) * 1000));
            // the twin, measured at the same tracepoints, wakes cons as slowly as the capture (±10 %)
            const RunResult twin = runTwin(f.fit);
            const TwinReport rep = compareTwin(f.cap, f.fit, twin);
            const TwinRow* p50 = row(rep, "wakeup/cons.p50");
            QVERIFY(p50 && p50->hasTwin && p50->hasCapture);
            QVERIFY2(std::abs(p50->twin - p50->capture) <= 0.1 * p50->capture,
                     (std::to_string(p50->capture) + " vs " + std::to_string(p50->twin)).c_str());
        }
    }
};

QTEST_MAIN(TestTwinWakes)
#include "test_twin_wakes.moc"
