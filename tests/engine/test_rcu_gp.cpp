// The RCU grace-period kthread (kernel/rcu/tree.c, 6.12; engine
// kernel/rcu_gp.cpp): asleep in rcu_gp_fqs_loop(), it is woken by the RCU
// softirq of the CPU that reports the grace period's last quiescent state
// (rcu_report_qs_rsp() -> rcu_gp_kthread_wake()), which pays try_to_wake_up()
// from softirq context; a CPU idle in dynticks cannot report and is reported
// by the kthread's force-quiescent-state scan after its timeout. The task
// event {"rcu_gp": {...}} is that wait, and the twin gives it to a task the
// RCU softirq woke at least half the times, its timeouts fitted from the
// sleeps the TIMER softirq ended.
#include "irqscope/engine.h"
#include "machine_harness.h"
#include "twin_capture_text.h"

#include <QTest>

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

// The grace-period kthread on CPU 0: 10 us of work, then the FQS wait.
Task& gpKthread(Harness& h, std::uint64_t firstFqs, std::uint64_t nextFqs) {
    Machine& m = *h.m;
    Task& t = m.sched().createTask("rcu_preempt", ContextKind::Kthread, Policy::Fifo, 1, m.oneCpu(0),
                                   [&m, firstFqs, nextFqs](Kctx& c) -> Proc<void> {
                                       for (;;) {
                                           co_await c.work(10 * kUs);
                                           co_await m.watchdogs().rcuGpWait(c, firstFqs, nextFqs);
                                       }
                                   });
    m.sched().wake(t, -1);
    return t;
}

struct Wakes {
    int rcu = 0, timer = 0, other = 0;
    int rcuOtherCpu = 0;   // from CPU 1's RCU softirq (the kthread is on CPU 0)
    Time rcuSoftirqNs = 0; // total time of the RCU softirq runs that woke it
};

// Where each wake-up of the kthread happened: inside which softirq run.
Wakes wakes(const Harness& h) {
    Wakes w;
    for (int cpu = 0; cpu < 2; ++cpu) {
        const auto rcu = h.segments(cpu, ContextKind::Softirq, "RCU");
        const auto timer = h.segments(cpu, ContextKind::Softirq, "TIMER");
        for (const Instant& i : h.instants(cpu, InstantKind::Wakeup)) {
            if (h.trace.str(i.entity) != "rcu_preempt") continue;
            const auto in = [&i](const std::vector<Segment>& v) -> const Segment* {
                for (const Segment& s : v)
                    if (i.t >= s.start && i.t <= s.end) return &s;
                return nullptr;
            };
            if (const Segment* s = in(rcu)) {
                ++w.rcu;
                w.rcuOtherCpu += cpu == 1;
                w.rcuSoftirqNs += s->end - s->start;
            } else if (in(timer)) ++w.timer;
            else ++w.other;
        }
    }
    return w;
}

Scenario scenarioText(const std::string& events, int instances = 1) {
    const std::string text =
        R"({"name": "t", "machine": {"cpus": 2, "hz": 250}, "run": {"duration_ns": "200ms"}, "tasks": [)"
        R"({"name": "hog", "cpus": [1], "events": [{"run": "1s"}]}, {"name": "rcu_preempt", "instance": )" +
        std::to_string(instances) + R"(, "events": )" + events + "}]}";
    auto s = Scenario::fromJsonText(text, "t.json");
    if (!s) qFatal("%s", s.error().toString().c_str());
    return *s;
}

} // namespace

class TestRcuGp : public QObject {
    Q_OBJECT
private slots:
    // Both CPUs busy in user mode: each notes the grace period at one tick's
    // RCU softirq and reports its quiescent state at a later one; the last
    // report wakes the kthread, long before its 100-jiffy timeout.
    void lastQuiescentStateWakesTheKthread() {
        Harness h({{"machine.cpus", "2"}, {"machine.hz", "250"}});
        test::spinner(*h.m, "hog0", 0);
        test::spinner(*h.m, "hog1", 1);
        gpKthread(h, 100, 100);
        h.run(kSec);
        const Wakes w = wakes(h);
        // a grace period takes 2-3 jiffies here (note, then report): 250 jiffies give 80 or more,
        // the timeout alone 2 or 3
        QVERIFY2(w.rcu >= 60, std::to_string(w.rcu).c_str());
        QCOMPARE(w.timer, 0);
        QCOMPARE(w.other, 0);
        // the last report comes from the other CPU too (here always: the ticks are aligned and CPU 1's
        // softirq runs after CPU 0's), a cross-CPU wake-up
        QVERIFY2(w.rcuOtherCpu > 0, std::to_string(w.rcuOtherCpu).c_str());
        QVERIFY(h.m->watchdogs().gracePeriods() + 1 >= static_cast<std::uint64_t>(w.rcu));
    }

    // The waking softirq pays try_to_wake_up() from softirq context
    // (cost.wakeup_softirq_ns) on top of cost.rcu_softirq_ns.
    void theWakingSoftirqPaysTheWakeup() {
        Time mean[2] = {};
        const char* costs[2] = {"0", "40000"};
        for (int i = 0; i < 2; ++i) {
            Harness h({{"machine.cpus", "2"},
                       {"machine.hz", "250"},
                       {"cost.rcu_softirq_ns", "5000"},
                       {"cost.wakeup_softirq_ns", costs[i]}});
            test::spinner(*h.m, "hog0", 0);
            test::spinner(*h.m, "hog1", 1);
            gpKthread(h, 100, 100);
            h.run(300 * kMs);
            const Wakes w = wakes(h);
            QVERIFY(w.rcu > 10);
            mean[i] = w.rcuSoftirqNs / w.rcu;
        }
        QVERIFY2(mean[0] >= 5000 && mean[0] < 10'000, std::to_string(mean[0]).c_str());
        QVERIFY2(mean[1] - mean[0] >= 39'000 && mean[1] - mean[0] <= 41'000,
                 (std::to_string(mean[0]) + " " + std::to_string(mean[1])).c_str());
    }

    // CPU 1 idles with its tick stopped: it never reports, so each grace
    // period waits for the kthread's 3-jiffy timeout (the TIMER softirq), whose
    // scan reports the idle CPU; the next grace period starts at once.
    void idleCpuIsReportedByTheForceQuiescentStateScan() {
        Harness h({{"machine.cpus", "2"}, {"machine.hz", "250"}});
        test::spinner(*h.m, "hog0", 0);
        gpKthread(h, 3, 3);
        h.run(kSec);
        const Wakes w = wakes(h);
        QCOMPARE(w.rcu, 0);
        // a 3-jiffy timeout fires 4 jiffies on: about 62 in 250 jiffies
        QVERIFY2(w.timer >= 55 && w.timer <= 63, std::to_string(w.timer).c_str());
        // each timeout's scan ends the grace period
        QVERIFY2(h.m->watchdogs().gracePeriods() + 1 >= static_cast<std::uint64_t>(w.timer),
                 std::to_string(h.m->watchdogs().gracePeriods()).c_str());
    }

    // The twin: rcu_preempt, woken on CPU 0 from CPU 1's RCU softirq three
    // times in every 12 jiffies and from its own CPU's TIMER softirq twice: a
    // timeout after a grace period ended (3 jiffies of sleep: first_fqs 2) and
    // one after another timeout (2 jiffies: next_fqs 1).
    void fitGivesTheRcuWokenKthreadTheGracePeriodWait() {
        std::vector<test::CaptureEvent> ev;
        const long long tick = 4'000'000;
        ev.push_back({0, 0, "init", 1,
                      "sched_switch: prev_comm=init prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=swapper/0 "
                      "next_pid=0 next_prio=120"});
        ev.push_back({0, 1, "kthreadd", 2,
                      "sched_switch: prev_comm=kthreadd prev_pid=2 prev_prio=120 prev_state=S ==> "
                      "next_comm=swapper/1 next_pid=0 next_prio=120"});
        for (long long t = tick; t < 480'000'000; t += tick) {
            const long long k = (t / tick) % 12;
            const bool byRcu = k == 0 || k == 2 || k == 9, byTimer = k == 5 || k == 7;
            for (int cpu = 0; cpu < 2; ++cpu) {
                const char* idle = cpu == 0 ? "swapper/0" : "swapper/1";
                const bool timer = cpu == 0 && byTimer;
                const std::string vec = timer ? "vec=1 [action=TIMER]" : "vec=9 [action=RCU]";
                ev.push_back({t, cpu, idle, 0, "local_timer_entry: vector=236"});
                ev.push_back({t + 1000, cpu, idle, 0, "softirq_raise: " + vec});
                ev.push_back({t + 5000, cpu, idle, 0, "local_timer_exit: vector=236"});
                ev.push_back({t + 6000, cpu, idle, 0, "softirq_entry: " + vec});
                if ((cpu == 1 && byRcu) || timer)
                    ev.push_back(
                        {t + 8000, cpu, idle, 0, "sched_waking: comm=rcu_preempt pid=16 prio=120 target_cpu=000"});
                ev.push_back({t + 10'000, cpu, idle, 0, "softirq_exit: " + vec});
            }
            if (byRcu || byTimer) {
                ev.push_back({t + 12'000, 0, "swapper/0", 0,
                              "sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> "
                              "next_comm=rcu_preempt next_pid=16 next_prio=120"});
                ev.push_back({t + 22'000, 0, "rcu_preempt", 16,
                              "sched_switch: prev_comm=rcu_preempt prev_pid=16 prev_prio=120 prev_state=I ==> "
                              "next_comm=swapper/0 next_pid=0 next_prio=120"});
            }
        }
        const test::Fitted f = test::fitCapture("twin-rcu-gp.txt", test::tracefsText(std::move(ev), 2, "d.s.."));
        const nlohmann::json* rcu = test::fittedTask(f.fit, "rcu_preempt");
        QVERIFY(rcu);
        const auto& evs = test::loopEvents(*rcu);
        QVERIFY2(evs.size() == 2 && evs[1].contains("rcu_gp"), evs.dump().c_str());
        QCOMPARE(evs[1]["rcu_gp"].value("first_fqs", 0), 2);
        QCOMPARE(evs[1]["rcu_gp"].value("next_fqs", 0), 1);
        // the twin runs it: woken about as often as captured (5 in 12 jiffies)
        const RunResult twin = test::runTwin(f.fit);
        const TwinReport rep = compareTwin(f.cap, f.fit, twin);
        const TwinRow* n = test::row(rep, "wakeup/rcu_preempt.n");
        QVERIFY(n);
        QVERIFY2(n->twin >= 0.5 * n->capture && n->twin <= 1.5 * n->capture,
                 (std::to_string(n->capture) + " vs " + std::to_string(n->twin)).c_str());
    }

    // The scenario event: read, run, and its errors at the JSON path.
    void scenarioEvent() {
        const RunResult r =
            test::runOrDie(scenarioText(R"([{"run": "10us"}, {"rcu_gp": {"first_fqs": 2, "next_fqs": 1}}])"));
        const TaskMetrics* k = nullptr;
        for (const auto& t : r.metrics.tasks)
            if (t.name == "rcu_preempt") k = &t;
        QVERIFY(k);
        // 50 jiffies: woken about every 2-3 of them
        QVERIFY2(k->runNs >= 15 * 10'000 && k->runNs <= 40 * 10'000, std::to_string(k->runNs).c_str());
        test::runOrDie(scenarioText(R"([{"run": "10us"}, {"rcu_gp": {}}])"));

        const auto error = [](const std::string& events, int instances = 1) {
            const std::string text = R"({"name": "t", "machine": {"cpus": 2}, "tasks": [{"name": "k", "instance": )" +
                                     std::to_string(instances) + R"(, "events": )" + events + "}]}";
            auto s = Scenario::fromJsonText(text, "t.json");
            return s ? std::string() : s.error().toString();
        };
        QVERIFY(error(R"([{"rcu_gp": {"first_fqs": 3}}])").empty());
        std::string e = error(R"([{"rcu_gp": {"first": 3}}])");
        QVERIFY2(e.find("tasks[0].events[0].rcu_gp.first") != std::string::npos, e.c_str());
        e = error(R"([{"rcu_gp": {"next_fqs": 0}}])");
        QVERIFY2(e.find("tasks[0].events[0].rcu_gp.next_fqs") != std::string::npos, e.c_str());
        e = error(R"([{"rcu_gp": 2}])");
        QVERIFY2(e.find("tasks[0].events[0].rcu_gp") != std::string::npos, e.c_str());
        e = error(R"([{"rcu_gp": {}}])", 2);
        QVERIFY2(e.find("tasks[0]") != std::string::npos && e.find("one thread") != std::string::npos, e.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRcuGp)
#include "test_rcu_gp.moc"
