// Who woke a task in the capture decides how its twin waits (docs/twin.md,
// "What is fitted"): only a task its timer interrupt woke sleeps on an hrtimer
// of its own (an interrupt per wake-up); a task the TIMER softirq woke or
// whose waker the twin does not have (a kworker) sleeps on a timer-wheel
// timeout, which the tick's TIMER softirq expires, and one the RCU softirq
// woke on the grace-period kthread's wait (rcu_gp), so the twin takes no
// timer interrupt the capture did not show. A task that exited does
// not wait after its last burst; a task that appears during the capture starts
// after an hrtimer delay only if its timer woke it.
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"
#include "twin_capture_text.h"

#include <QTest>

#include <string>
#include <vector>

using namespace irqscope;

namespace {

using Ev = test::CaptureEvent;
using test::fitCapture;
using test::fittedTask;
using test::row;
using test::runTwin;

std::string sw(const std::string& prev, int prevPid, const char* state, const std::string& next, int nextPid) {
    return "sched_switch: prev_comm=" + prev + " prev_pid=" + std::to_string(prevPid) +
           " prev_prio=120 prev_state=" + state + " ==> next_comm=" + next + " next_pid=" + std::to_string(nextPid) +
           " next_prio=120";
}

std::string waking(const std::string& comm, int pid, int cpu) {
    return "sched_waking: comm=" + comm + " pid=" + std::to_string(pid) + " prio=120 target_cpu=00" +
           std::to_string(cpu);
}

// Two busy CPUs (hogs "busy0", "busy1"), each with its 4 ms tick (HZ=250), over
// `ms`. On CPU 1 the kworker "kworker/1:1" (the engine's own) wakes "waiter"
// at irregular gaps (1.0, 2.6, 1.5, 2.2 ms); every third tick of CPU 0 raises
// RCU, whose softirq wakes "rcu_preempt"; "date" runs three 100 µs bursts on
// CPU 0, each woken by its own hrtimer, 3 ms apart, and exits.
std::string wakers(int ms) {
    std::vector<Ev> ev;
    const long long us = 1000, end = ms * 1'000'000LL;
    ev.push_back({0, 0, "swapper/0", 0, sw("swapper/0", 0, "R", "busy0", 100)});
    ev.push_back({0, 1, "swapper/1", 0, sw("swapper/1", 0, "R", "busy1", 101)});
    int n = 0;
    for (long long t = 1'000'000; t + 100 * us < end; t += 4'000'000, ++n) {
        ev.push_back({t, 0, "busy0", 100, "local_timer_entry: vector=236"});
        if (n % 3 == 0) ev.push_back({t + 5 * us, 0, "busy0", 100, "softirq_raise: vec=9 [action=RCU]"});
        ev.push_back({t + 7 * us, 0, "busy0", 100, "local_timer_exit: vector=236"});
        const long long t1 = t + 2'000'000;
        ev.push_back({t1, 1, "busy1", 101, "local_timer_entry: vector=236"});
        ev.push_back({t1 + 7 * us, 1, "busy1", 101, "local_timer_exit: vector=236"});
        if (n % 3) continue;
        ev.push_back({t + 8 * us, 0, "busy0", 100, "softirq_entry: vec=9 [action=RCU]"});
        ev.push_back({t + 10 * us, 0, "busy0", 100, waking("rcu_preempt", 15, 0)});
        ev.push_back({t + 12 * us, 0, "busy0", 100, "softirq_exit: vec=9 [action=RCU]"});
        ev.push_back({t + 15 * us, 0, "busy0", 100, sw("busy0", 100, "R", "rcu_preempt", 15)});
        ev.push_back({t + 20 * us, 0, "rcu_preempt", 15, sw("rcu_preempt", 15, "I", "busy0", 100)});
    }
    const long long gaps[] = {1'000'000, 2'600'000, 1'500'000, 2'200'000};
    n = 0;
    for (long long t = 500 * us; t + 100 * us < end; t += gaps[n++ % 4]) {
        if (t % 4'000'000 > 1'900'000 && t % 4'000'000 < 3'100'000) t += 1'200'000; // clear of CPU 1's tick
        ev.push_back({t, 1, "busy1", 101, sw("busy1", 101, "R", "kworker/1:1", 300)});
        ev.push_back({t + 5 * us, 1, "kworker/1:1", 300, waking("waiter", 400, 1)});
        ev.push_back({t + 10 * us, 1, "kworker/1:1", 300, sw("kworker/1:1", 300, "I", "waiter", 400)});
        ev.push_back({t + 60 * us, 1, "waiter", 400, sw("waiter", 400, "S", "busy1", 101)});
    }
    // date: 100 µs bursts at 10.5, 13.5 and 16.5 ms (between ticks), each woken by its hrtimer
    for (int k = 0; k < 3; ++k) {
        const long long t = 10'500'000 + k * 3'000'000LL;
        {
            ev.push_back({t - 6 * us, 0, "busy0", 100, "local_timer_entry: vector=236"});
            ev.push_back({t - 4 * us, 0, "busy0", 100, waking("date", 500, 0)});
            ev.push_back({t - 2 * us, 0, "busy0", 100, "local_timer_exit: vector=236"});
        }
        ev.push_back({t, 0, "busy0", 100, sw("busy0", 100, "R", "date", 500)});
        ev.push_back({t + 100 * us, 0, "date", 500, sw("date", 500, k == 2 ? "X" : "S", "busy0", 100)});
    }
    return test::tracefsText(std::move(ev), 2, "d....");
}

// Switch-outs the capture lost, and exec(). CPU 0: the hog "busy0" and its
// 4 ms tick; every 20 ms busy0 wakes "agent" (pid 69, nice -10), which runs
// and whose switch-out is missing: the next event on CPU 0, 200 µs later, is
// busy0's again. CPU 1: the hog "busy1"; at 1 ms "sh" (pid 400) runs, is
// preempted, runs again and execs (its next switch-out names it "app"), sleeps, and as "app" is woken by busy1 and
// runs 100 µs every 10 ms.
std::string lostAndExec(int ms) {
    std::vector<Ev> ev;
    const long long us = 1000, end = ms * 1'000'000LL;
    ev.push_back({0, 0, "swapper/0", 0, sw("swapper/0", 0, "R", "busy0", 100)});
    ev.push_back({0, 1, "swapper/1", 0, sw("swapper/1", 0, "R", "busy1", 101)});
    for (long long t = 1'000'000; t + 100 * us < end; t += 4'000'000) {
        ev.push_back({t, 0, "busy0", 100, "local_timer_entry: vector=236"});
        ev.push_back({t + 7 * us, 0, "busy0", 100, "local_timer_exit: vector=236"});
    }
    for (long long t = 2'000'000; t + 300 * us < end; t += 20'000'000) {
        ev.push_back({t, 0, "busy0", 100, waking("agent", 69, 0)});
        ev.push_back({t + 5 * us, 0, "busy0", 100,
                      "sched_switch: prev_comm=busy0 prev_pid=100 prev_prio=120 prev_state=R ==> next_comm=agent "
                      "next_pid=69 next_prio=110"});
        ev.push_back({t + 200 * us, 0, "busy0", 100, "call_function_single_entry: vector=251"});
        ev.push_back({t + 202 * us, 0, "busy0", 100, "call_function_single_exit: vector=251"});
    }
    ev.push_back({1'000'000, 1, "busy1", 101, sw("busy1", 101, "R", "sh", 400)});
    ev.push_back({1'100'000, 1, "sh", 400, sw("sh", 400, "R", "busy1", 101)});
    ev.push_back({1'200'000, 1, "busy1", 101, sw("busy1", 101, "R", "sh", 400)});
    ev.push_back({2'000'000, 1, "app", 400, sw("app", 400, "S", "busy1", 101)});
    for (long long t = 5'000'000; t + 200 * us < end; t += 10'000'000) {
        ev.push_back({t, 1, "busy1", 101, waking("app", 400, 1)});
        ev.push_back({t + 5 * us, 1, "busy1", 101, sw("busy1", 101, "R", "app", 400)});
        ev.push_back({t + 105 * us, 1, "app", 400, sw("app", 400, "S", "busy1", 101)});
    }
    return test::tracefsText(std::move(ev), 2, "d....");
}

// CPU 0: the hog "busy0" and its 4 ms tick. CPU 1 idles but for "rt" (pid
// 600, SCHED_FIFO 90), woken by its timer interrupt every 1 ms for 100 µs; four
// times in the 60 wake-ups it overran and its next wake-up came 2.4 ms later
// (a relative timer restarted from the overrun's end).
std::string periodicWithOverruns() {
    std::vector<Ev> ev;
    const long long us = 1000;
    ev.push_back({0, 0, "swapper/0", 0, sw("swapper/0", 0, "R", "busy0", 100)});
    long long t = 500 * us;
    for (int i = 0; i < 60; ++i, t += (i % 15 == 14 ? 2400 : 1000) * us) {
        ev.push_back({t, 1, "swapper/1", 0, "local_timer_entry: vector=236"});
        ev.push_back({t + 2 * us, 1, "swapper/1", 0, "sched_waking: comm=rt pid=600 prio=9 target_cpu=001"});
        ev.push_back({t + 6 * us, 1, "swapper/1", 0, "local_timer_exit: vector=236"});
        ev.push_back({t + 8 * us, 1, "swapper/1", 0,
                      "sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=rt "
                      "next_pid=600 next_prio=9"});
        ev.push_back({t + 108 * us, 1, "rt", 600,
                      "sched_switch: prev_comm=rt prev_pid=600 prev_prio=9 prev_state=S ==> next_comm=swapper/1 "
                      "next_pid=0 next_prio=120"});
    }
    for (long long k = 1'000'000; k < t; k += 4'000'000) {
        ev.push_back({k, 0, "busy0", 100, "local_timer_entry: vector=236"});
        ev.push_back({k + 7 * us, 0, "busy0", 100, "local_timer_exit: vector=236"});
    }
    return test::tracefsText(std::move(ev), 2, "d....");
}

// Every event of a task, over its phases.
std::vector<nlohmann::json> eventsOf(const nlohmann::json& t) {
    std::vector<nlohmann::json> out;
    if (t.contains("events"))
        for (const auto& e : t["events"]) out.push_back(e);
    if (t.contains("phases"))
        for (const auto& p : t["phases"])
            for (const auto& e : p["events"]) out.push_back(e);
    return out;
}

bool has(const nlohmann::json& t, const char* kind) {
    for (const auto& e : eventsOf(t))
        if (e.contains(kind)) return true;
    return false;
}

} // namespace

class TestTwinWakers : public QObject {
    Q_OBJECT
private slots:
    // A task a kworker woke (no waker in the twin) waits on timer-wheel
    // timeouts, and a kthread the RCU softirq woke on the grace-period wait
    // (the RCU softirq or a wheel timeout ends it): no hrtimer, and the twin's
    // timer line keeps the captured rate (an hrtimer sleep each would add ~500/s).
    void tasksNoTimerWokeTakeNoTimerInterrupt() {
        const test::Fitted f = fitCapture("twin-wakers.txt", wakers(800));
        const nlohmann::json* waiter = fittedTask(f.fit, "waiter");
        const nlohmann::json* rcu = fittedTask(f.fit, "rcu_preempt");
        QVERIFY(waiter && rcu);
        QVERIFY2(has(*waiter, "schedule_timeout"), waiter->dump().c_str());
        QVERIFY2(has(*rcu, "rcu_gp"), rcu->dump().c_str());
        for (const auto* t : {waiter, rcu}) QVERIFY2(!has(*t, "sleep") && !has(*t, "timer"), t->dump().c_str());
        // the waiter first ran 0.5 ms in, woken by the kworker: it starts after a
        // timer-wheel timeout, not an hrtimer delay
        QVERIFY2(!waiter->contains("delay") && waiter->contains("phases"), waiter->dump().c_str());
        QVERIFY2((*waiter)["phases"][0]["events"][0].contains("schedule_timeout"), waiter->dump().c_str());
        const RunResult twin = runTwin(f.fit);
        const TwinReport rep = compareTwin(f.cap, f.fit, twin);
        const TwinRow* timer = row(rep, "irq_rate/arch_timer");
        QVERIFY(timer && timer->hasTwin);
        QVERIFY2(timer->met, (std::to_string(timer->capture) + " vs " + std::to_string(timer->twin)).c_str());
        // the waiter still runs: woken at ticks rather than by its kworker
        const TwinRow* n = row(rep, "wakeup/waiter.n");
        QVERIFY(n && n->hasTwin && n->twin >= 0.1 * n->capture);
    }

    // A task its own hrtimer woke keeps an hrtimer sleep; it exited after its
    // third burst, so it sleeps twice and runs three times (its first wake-up is
    // the end of its start-up delay), and takes no timer interrupt after its exit.
    void hrtimerSleeperExitsAfterItsLastBurst() {
        const test::Fitted f = fitCapture("twin-wakers.txt", wakers(800));
        const nlohmann::json* date = fittedTask(f.fit, "date");
        QVERIFY(date);
        // its first wake-up was its timer's too: it starts after an hrtimer delay
        QVERIFY2(date->contains("delay") && date->contains("phases") && (*date)["loop"] == 1, date->dump().c_str());
        const auto& ph = (*date)["phases"];
        QCOMPARE(ph.size(), std::size_t(2));
        QCOMPARE(ph[0]["loop"].get<int>(), 2);
        QVERIFY2(ph[0]["events"].back().contains("sleep"), ph.dump().c_str());
        QCOMPARE(ph[1]["events"].size(), std::size_t(1));
        // its sleeps are the two between its bursts: none after its exit
        QVERIFY2(ph[0]["events"].back()["sleep"].is_string(), ph.dump().c_str());
        QVERIFY(ph[1]["events"][0].contains("run"));
        const RunResult twin = runTwin(f.fit);
        const TwinReport rep = compareTwin(f.cap, f.fit, twin);
        const TwinRow* n = row(rep, "wakeup/date.n");
        QVERIFY(n && n->hasTwin);
        // the capture's three wake-ups, and the twin's wake-up of the new thread at the run's start
        QVERIFY2(n->twin <= n->capture + 1, (std::to_string(n->capture) + " vs " + std::to_string(n->twin)).c_str());
    }

    // A task whose switch-outs the capture lost (the agent that ships the trace)
    // slept where it was woken before it ran again, or never ran again: it is
    // not a task that never slept (a hog at nice -10 that would take a CPU).
    void lostSwitchOutBeforeAWakingIsASleep() {
        const test::Fitted f = fitCapture("twin-lost.txt", lostAndExec(200));
        const nlohmann::json* agent = fittedTask(f.fit, "agent");
        QVERIFY(agent);
        QVERIFY2(has(*agent, "schedule_timeout") || has(*agent, "sleep"), agent->dump().c_str());
        const auto& ev = test::loopEvents(*agent);
        QVERIFY2(ev.size() >= 2, agent->dump().c_str());
    }

    // exec() renames a task: what ran under the old name ran once and ended there
    // (it is not a task that never slept, running to the end of the capture).
    void execEndsTheOldName() {
        const test::Fitted f = fitCapture("twin-lost.txt", lostAndExec(200));
        const nlohmann::json* sh = fittedTask(f.fit, "sh");
        const nlohmann::json* app = fittedTask(f.fit, "app");
        QVERIFY(sh && app);
        QVERIFY2(sh->value("loop", 0) == 1 && sh->contains("phases"), sh->dump().c_str());
        for (const auto& p : (*sh)["phases"]) QVERIFY2(p.value("loop", 1) == 1, sh->dump().c_str());
    }

    // A task its timer wakes every 1 ms, with a few overruns that delayed the
    // next wake-up, is periodic: a timer of that period (the overruns stretch
    // the spread of its gaps, not its period), not a sleep of the observed gaps.
    void periodicTimerSurvivesOverruns() {
        const test::Fitted f = fitCapture("twin-periodic.txt", periodicWithOverruns());
        const nlohmann::json* rt = fittedTask(f.fit, "rt");
        QVERIFY(rt);
        QVERIFY2(has(*rt, "timer") && !has(*rt, "sleep"), rt->dump().c_str());
        for (const auto& e : eventsOf(*rt))
            if (e.contains("timer")) QCOMPARE(e["timer"]["period"].get<std::string>(), std::string("1000.0us"));
    }
};

QTEST_MAIN(TestTwinWakers)
#include "test_twin_wakers.moc"
