// schedule_timeout() on the timer wheel (kernel/time/timer.c, 6.12): the
// bucket calc_wheel_index() puts a timer in (granularity 8^level jiffies,
// rounded up), a task's {"schedule_timeout": d} woken by a tick's TIMER
// softirq with no timer interrupt of its own, and the twin's fit of a task the
// TIMER softirq wakes (rcu_preempt) as such a sleep.
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"
#include "kernel/timers.h"
#include "twin_capture_text.h"

#include <QTest>

#include <QDir>

#include <fstream>

using namespace irqscope;

namespace {

RunResult runTasks(const std::string& hz, const std::string& events) {
    const std::string text = R"({"name": "t", "machine": {"cpus": 1, "hz": )" + hz +
                             R"(}, "run": {"duration_ns": "1s"}, "tasks": [{"name": "k", "events": )" + events + "}]}";
    auto s = Scenario::fromJsonText(text, "t.json");
    if (!s) qFatal("%s", s.error().toString().c_str());
    RunOptions o;
    auto r = run(*s, o);
    if (!r) qFatal("%s", r.error().toString().c_str());
    return std::move(*r);
}

// Interrupts handled on the local timer's line.
std::uint64_t timerIrqs(const RunResult& r) {
    std::uint64_t n = 0;
    for (const auto& l : r.metrics.irqLines)
        if (l.name.find("timer") != std::string::npos) n += l.handled;
    return n;
}

} // namespace

class TestWheelTimeout : public QObject {
    Q_OBJECT
private slots:
    // calc_index(): (expires >> 3*level) + 1, shifted back; the level by the
    // distance from the base clock (LVL_START(n) = 63 << 3*(n-1)).
    void bucketExpiryFollowsCalcWheelIndex() {
        using kern::Timers;
        QCOMPARE(Timers::wheelBucketExpiry(1001, 1000), std::uint64_t(1002)); // level 0: the next jiffy
        QCOMPARE(Timers::wheelBucketExpiry(1062, 1000), std::uint64_t(1063)); // delta 62: still level 0
        QCOMPARE(Timers::wheelBucketExpiry(1063, 1000), std::uint64_t(1064)); // delta 63: level 1, 8 jiffies
        QCOMPARE(Timers::wheelBucketExpiry(1065, 1000), std::uint64_t(1072)); // rounded up to the 8
        QCOMPARE(Timers::wheelBucketExpiry(1504, 1000), std::uint64_t(1536)); // delta 504: level 2, 64
        QCOMPARE(Timers::wheelBucketExpiry(5032, 1000), std::uint64_t(5120)); // delta 4032: level 3, 512
    }

    // A kthread's 40 ms schedule_timeout() at HZ=250 (10 jiffies) rides the tick:
    // the CPU takes exactly the ticks' interrupts, and the task wakes every 11
    // jiffies (the sleep and the bucket's +1) from the TIMER softirq.
    void taskSleepsOnTheWheelWithoutInterrupts() {
        const RunResult wheel = runTasks("250", R"([{"run": "100us"}, {"schedule_timeout": "40ms"}])");
        const RunResult hr = runTasks("250", R"([{"run": "100us"}, {"sleep": "40ms"}])");
        const std::uint64_t ticks = timerIrqs(wheel);
        QVERIFY2(ticks > 0, "no timer interrupt counted");
        // 1 s of HZ=250 with the task's CPU busy only 0.1 ms of 44: NOHZ idle stops the tick, so
        // the wheel's sleeps need no more interrupts than their wake-ups; the hrtimer ones add their own
        QVERIFY2(timerIrqs(hr) > ticks, (std::to_string(timerIrqs(hr)) + " vs " + std::to_string(ticks)).c_str());
        const auto& runs = wheel.metrics.tasks;
        const TaskMetrics* k = nullptr;
        for (const auto& t : runs)
            if (t.name == "k") k = &t;
        QVERIFY(k);
        // 1 s / 44 ms per loop (11 jiffies): 22 or 23 bursts; the hrtimer sleep gives 24
        QVERIFY2(k->runNs >= 22 * 100'000 && k->runNs <= 23 * 100'000 + 100'000, std::to_string(k->runNs).c_str());
    }

    // The twin: a kthread the TIMER softirq wakes every 4 jiffies sleeps on
    // schedule_timeout() (of 3 jiffies), not on an hrtimer.
    void fitTurnsTimerSoftirqWakeupsIntoWheelSleeps() {
        std::vector<test::CaptureEvent> ev;
        const long long tick = 4'000'000;
        ev.push_back({0, 0, "init", 1,
                      "sched_switch: prev_comm=init prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=swapper/0 "
                      "next_pid=0 next_prio=120"});
        for (long long t = tick; t < 400'000'000; t += tick) {
            ev.push_back({t, 0, "swapper/0", 0, "local_timer_entry: vector=236"});
            ev.push_back({t + 1000, 0, "swapper/0", 0, "softirq_raise: vec=1 [action=TIMER]"});
            ev.push_back({t + 5000, 0, "swapper/0", 0, "local_timer_exit: vector=236"});
            ev.push_back({t + 6000, 0, "swapper/0", 0, "softirq_entry: vec=1 [action=TIMER]"});
            const bool wake = (t / tick) % 4 == 0;
            if (wake)
                ev.push_back({t + 8000, 0, "swapper/0", 0,
                              "sched_waking: comm=rcu_preempt pid=16 prio=120 "
                              "target_cpu=000"});
            ev.push_back({t + 10'000, 0, "swapper/0", 0, "softirq_exit: vec=1 [action=TIMER]"});
            if (wake) {
                ev.push_back({t + 12'000, 0, "swapper/0", 0,
                              "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> "
                              "next_comm=rcu_preempt next_pid=16 next_prio=120"});
                ev.push_back({t + 22'000, 0, "rcu_preempt", 16,
                              "sched_switch: prev_comm=rcu_preempt prev_pid=16 prev_prio=120 prev_state=I ==> "
                              "next_comm=swapper/0 next_pid=0 next_prio=120"});
            }
        }
        // the fit reads the file again for the tasks' states
        const std::string path = QDir::tempPath().toStdString() + "/twin-wheel.txt";
        {
            std::ofstream f(path);
            f << test::tracefsText(std::move(ev), 1, "d....");
        }
        auto cap = importFtraceFile(path);
        QVERIFY2(cap.ok(), cap ? "" : cap.error().toString().c_str());
        TwinOptions o;
        o.capturePath = path;
        auto fit = fitTwin(*cap, o);
        QVERIFY2(fit.ok(), fit ? "" : fit.error().toString().c_str());
        const nlohmann::json* rcu = nullptr;
        for (const auto& t : fit->scenario["tasks"])
            if (t["name"] == "rcu_preempt") rcu = &t;
        QVERIFY(rcu);
        const auto& evs = test::loopEvents(*rcu);
        QVERIFY2(evs.size() == 2 && evs[1].contains("schedule_timeout"), evs.dump().c_str());
        // 3 jiffies, but for the sleep the end of the capture cut
        const auto& st = evs[1]["schedule_timeout"];
        std::optional<Time> mostly;
        if (st.is_string()) mostly = parseDuration(st.get<std::string>());
        else if (st.contains("empirical")) {
            std::int64_t best = 0;
            for (const auto& b : st["empirical"])
                if (b[1].get<std::int64_t>() > best) {
                    best = b[1].get<std::int64_t>();
                    mostly = parseDuration(b[0].get<std::string>());
                }
        }
        QVERIFY2(mostly == std::optional<Time>(3 * tick), st.dump().c_str());
        // the twin wakes it as often as captured, with no more timer interrupts than the capture's ticks
        const RunResult twin = test::runTwin(*fit);
        const TwinReport rep = compareTwin(*cap, *fit, twin);
        const TwinRow* n = test::row(rep, "wakeup/rcu_preempt.n");
        QVERIFY(n && n->hasTwin);
        // (within 10 %: the twin starts at the first wake-up and runs to the end, 26 against 24)
        QVERIFY2(std::abs(n->twin - n->capture) <= 0.1 * n->capture,
                 (std::to_string(n->capture) + " vs " + std::to_string(n->twin)).c_str());
        const TwinRow* timer = test::row(rep, "irq_rate/arch_timer");
        QVERIFY(timer && timer->hasTwin);
        QVERIFY2(timer->twin <= 1.05 * timer->capture,
                 (std::to_string(timer->capture) + " vs " + std::to_string(timer->twin)).c_str());
    }
};

QTEST_GUILESS_MAIN(TestWheelTimeout)
#include "test_wheel_timeout.moc"
