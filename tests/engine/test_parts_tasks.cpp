// Scenario parts "tasks" and "resources": rt-app semantics (run vs runtime,
// timers, mutexes with and without priority inheritance, conditions,
// barriers, suspend/resume, deadline admission), the rt-app log rows, and
// the errors of the reader.
#include "sim_helpers.h"

#include "irqscope/engine.h"

#include <QtTest>

using namespace irqscope;

namespace {

// A scenario with `cpus` CPUs, running `duration`, with these parts. The
// checks are of the events' order and times: the timer slack of fair tasks'
// sleeps (test_timer_slack) is set to 0 so that a delay ends when it says.
Result<RunResult> runParts(int cpus, const char* duration, const char* parts) {
    const std::string text =
        std::string(R"({"name": "t", "kernel": {"timer": {"slack_ns": 0}}, "machine": {"cpus": )") +
        std::to_string(cpus) + R"(}, "run": {"duration_ns": ")" + duration + "\"}, " + parts + "}";
    auto s = Scenario::fromJsonText(text, "t.json");
    if (!s) return s.error();
    RunOptions o;
    o.recordTaskLogs = true;
    o.recordTrace = false;
    return run(*s, o);
}

RunResult mustRun(int cpus, const char* duration, const char* parts) {
    auto r = runParts(cpus, duration, parts);
    if (!r) qFatal("%s", r.error().toString().c_str());
    return std::move(*r);
}

Error parseError(const char* parts) {
    auto r = runParts(2, "10ms", parts);
    if (r) qFatal("expected an error for %s", parts);
    return r.error();
}

bool near(Time a, Time b, Time tol) {
    return a >= b - tol && a <= b + tol;
}

const TaskLogRow& row(const RunResult& r, const std::string& task, std::size_t i = 0) {
    auto it = r.taskLogs.find(task);
    if (it == r.taskLogs.end() || it->second.size() <= i) qFatal("no log row %zu for %s", i, task.c_str());
    return it->second[i];
}

} // namespace

class TestPartsTasks : public QObject {
    Q_OBJECT
private slots:
    void periodicTaskLogRows() {
        auto r = mustRun(1, "100ms", R"("tasks": [{"name": "p", "policy": "fifo", "priority": 50,
            "events": [{"run": "2ms"}, {"timer": {"ref": "t", "period": "10ms"}}]}])");
        const auto& rows = r.taskLogs.at("p");
        QCOMPARE(rows.size(), std::size_t(9)); // the 10th iteration is cut by the end of the run
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const TaskLogRow& x = rows[i];
            QCOMPARE(x.idx, 0);
            QCOMPARE(x.cDuration, 2 * kMs);
            QCOMPARE(x.cPeriod, 10 * kMs);
            QCOMPARE(x.perf, std::int64_t(2000));
            QVERIFY2(near(x.run, 2 * kMs, 20 * kUs), std::to_string(x.run).c_str());
            QVERIFY2(near(x.period, 10 * kMs, 20 * kUs), std::to_string(x.period).c_str());
            QCOMPARE(x.end - x.start, x.period);
            QCOMPARE(x.relStart, x.start);
            QVERIFY(x.wuLat >= 0 && x.wuLat < 20 * kUs);
            // alone on its CPU: the slack is the period less the run and the wake-up
            QVERIFY2(near(x.slack, 10 * kMs - x.run - x.wuLat, 5 * kUs), std::to_string(x.slack).c_str());
            // the timer's grid: iteration i starts at i periods (plus the wake-up)
            QVERIFY(near(x.start, Time(i) * 10 * kMs, 20 * kUs));
        }
        QCOMPARE(r.metrics.latency.at("wu_lat/p").count(), std::size_t(9));
    }

    void runIsWorkRuntimeIsWallTime() {
        // Both preempted 2 ms by a FIFO 20 task: run does 4 ms of work (6 ms
        // of wall time); runtime stops after 4 ms of wall time with 2 ms done.
        const char* fmt = R"("tasks": [
            {"name": "a", "policy": "fifo", "priority": 10, "loop": 1, "events": [{"%s": "4ms"}]},
            {"name": "b", "policy": "fifo", "priority": 20, "loop": 1, "delay": "1ms", "events": [{"run": "2ms"}]}])";
        char buf[512];
        std::snprintf(buf, sizeof buf, fmt, "run");
        auto run = mustRun(1, "20ms", buf);
        std::snprintf(buf, sizeof buf, fmt, "runtime");
        auto runtime = mustRun(1, "20ms", buf);
        QVERIFY2(near(row(run, "a").run, 6 * kMs, 30 * kUs), std::to_string(row(run, "a").run).c_str());
        QCOMPARE(row(run, "a").perf, std::int64_t(4000));
        QVERIFY2(near(row(runtime, "a").run, 4 * kMs, 40 * kUs), std::to_string(row(runtime, "a").run).c_str());
        QVERIFY2(near(Time(row(runtime, "a").perf), 2000, 40), std::to_string(row(runtime, "a").perf).c_str());
    }

    // rt-app's per-phase "cpus": sched_setaffinity() at the phase's start
    // moves the thread off a CPU it may no longer use at once, through the
    // stopper (migration_cpu_stop()): from 1 ms (its
    // second phase) "a" runs on CPU 1 and no more on CPU 0.
    void phaseCpusMoveTheThread() {
        auto s = Scenario::fromJsonText(R"({"name": "t", "machine": {"cpus": 2}, "run": {"duration_ns": "5ms"},
            "tasks": [{"name": "a", "policy": "fifo", "priority": 50, "loop": 1, "phases": [
                {"cpus": [0], "events": [{"run": "1ms"}]},
                {"cpus": [1], "events": [{"run": "1ms"}]}]}]})",
                                        "t.json");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
        auto r = run(*s);
        QVERIFY(r.ok());
        Time onCpu[2] = {0, 0}, lateOnCpu0 = 0;
        bool stopperMoved = false; // affine_move_task(): migration/0 runs as "a" leaves CPU 0
        for (std::uint32_t lane = 0; lane < r->trace.laneCount(); ++lane) {
            const LaneInfo& info = r->trace.lane(lane);
            if (info.type != LaneType::Cpu || info.cpu < 0 || info.cpu > 1) continue;
            for (std::size_t i = 0, n = r->trace.segmentCount(lane, 0); i < n; ++i) {
                const Segment seg = r->trace.segment(lane, 0, i);
                if (info.cpu == 0 && r->trace.str(seg.entity) == "migration/0" && seg.start >= kMs &&
                    seg.start < kMs + 20 * kUs)
                    stopperMoved = true;
                if (r->trace.str(seg.entity) != "a") continue;
                onCpu[info.cpu] += seg.end - seg.start;
                if (info.cpu == 0) lateOnCpu0 += std::max<Time>(0, seg.end - std::max<Time>(seg.start, kMs + 20 * kUs));
            }
        }
        QVERIFY2(near(onCpu[0], kMs, 30 * kUs), std::to_string(onCpu[0]).c_str());
        QVERIFY2(near(onCpu[1], kMs, 30 * kUs), std::to_string(onCpu[1]).c_str());
        QCOMPARE(lateOnCpu0, Time(0));
        QVERIFY(stopperMoved);
        QCOMPARE(row(mustRun(2, "5ms", R"("tasks": [{"name": "a", "loop": 1, "phases": [
                {"cpus": [0], "events": [{"run": "1ms"}]}, {"cpus": [1], "events": [{"run": "1ms"}]}]}])"),
                     "a", 1)
                     .cDuration,
                 kMs);
    }

    void priorityInheritance_data() {
        QTest::addColumn<bool>("pi");
        QTest::newRow("pi") << true;
        QTest::newRow("no pi") << false;
    }
    void priorityInheritance() {
        // Classic inversion on one CPU: low holds m for 5 ms, high wants it at
        // 1 ms, medium (10 ms of work) arrives at 2 ms.
        QFETCH(bool, pi);
        const std::string parts =
            std::string(R"("resources": [{"name": "m", "type": "mutex", "pi": )") + (pi ? "true" : "false") + R"(}],
            "tasks": [
              {"name": "low", "policy": "fifo", "priority": 10, "loop": 1,
               "events": [{"lock": "m"}, {"run": "5ms"}, {"unlock": "m"}]},
              {"name": "high", "policy": "fifo", "priority": 90, "loop": 1, "delay": "1ms",
               "events": [{"lock": "m"}, {"run": "1ms"}, {"unlock": "m"}]},
              {"name": "medium", "policy": "fifo", "priority": 50, "loop": 1, "delay": "2ms",
               "events": [{"run": "10ms"}]}])";
        auto r = mustRun(1, "40ms", parts.c_str());
        const Time highEnd = row(r, "high").end, lowEnd = row(r, "low").end;
        if (pi) { // low runs boosted to 90 until it unlocks at 5 ms; medium waits
            QVERIFY2(near(lowEnd, 5 * kMs, 50 * kUs), std::to_string(lowEnd).c_str());
            QVERIFY2(near(highEnd, 6 * kMs, 50 * kUs), std::to_string(highEnd).c_str());
        } else { // medium preempts low: high waits for both
            QVERIFY2(near(highEnd, 16 * kMs, 50 * kUs), std::to_string(highEnd).c_str());
        }
    }

    void priorityInheritanceAcrossCpus() {
        // low holds m on CPU 0 and is preempted there by medium; high wants m
        // on CPU 1: the boost must preempt medium on CPU 0 (prio_changed_rt()).
        auto r = mustRun(2, "40ms", R"("resources": [{"name": "m", "type": "mutex", "pi": true}],
            "tasks": [
              {"name": "low", "policy": "fifo", "priority": 10, "cpus": [0], "loop": 1,
               "events": [{"lock": "m"}, {"run": "5ms"}, {"unlock": "m"}]},
              {"name": "medium", "policy": "fifo", "priority": 50, "cpus": [0], "loop": 1, "delay": "1ms",
               "events": [{"run": "10ms"}]},
              {"name": "high", "policy": "fifo", "priority": 90, "cpus": [1], "loop": 1, "delay": "2ms",
               "events": [{"lock": "m"}, {"run": "1ms"}, {"unlock": "m"}]}])");
        QVERIFY2(near(row(r, "low").end, 6 * kMs, 50 * kUs), std::to_string(row(r, "low").end).c_str());
        QVERIFY2(near(row(r, "high").end, 7 * kMs, 60 * kUs), std::to_string(row(r, "high").end).c_str());
    }

    void timerModes_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<Time>("secondEnd");
        // phase 0 overruns its 10 ms period (25 ms of work); phase 1 runs 1 ms per 10 ms period
        QTest::newRow("relative") << QString("relative") << 35 * kMs; // restarted from 25 ms: expiry at 35 ms
        QTest::newRow("absolute") << QString("absolute") << 26 * kMs; // the grid stays: 20 ms already past
    }
    void timerModes() {
        QFETCH(QString, mode);
        QFETCH(Time, secondEnd);
        const std::string timer =
            "{\"timer\": {\"ref\": \"t\", \"period\": \"10ms\", \"mode\": \"" + mode.toStdString() + "\"}}";
        const std::string parts = "\"tasks\": [{\"name\": \"p\", \"policy\": \"fifo\", \"loop\": 1, \"phases\": ["
                                  "{\"events\": [{\"run\": \"25ms\"}, " +
                                  timer +
                                  "]}, "
                                  "{\"loop\": 2, \"events\": [{\"run\": \"1ms\"}, " +
                                  timer + "]}]}]";
        auto r = mustRun(1, "100ms", parts.c_str());
        QVERIFY2(near(row(r, "p", 0).slack, -15 * kMs, 50 * kUs), std::to_string(row(r, "p", 0).slack).c_str());
        QCOMPARE(row(r, "p", 0).wuLat, Time(0));
        QVERIFY2(near(row(r, "p", 1).end, secondEnd, 60 * kUs), std::to_string(row(r, "p", 1).end).c_str());
    }

    void conditionAndBarrierOrder() {
        auto r = mustRun(3, "20ms", R"("resources": [{"name": "m", "type": "mutex"}, {"name": "c", "type": "condition"},
                                                     {"name": "b", "type": "barrier"}],
            "tasks": [
              {"name": "waiter", "cpus": [0], "loop": 1,
               "events": [{"lock": "m"}, {"wait": {"ref": "c", "mutex": "m"}}, {"unlock": "m"}, {"run": "1ms"}]},
              {"name": "signaller", "cpus": [1], "loop": 1, "delay": "2ms",
               "events": [{"lock": "m"}, {"signal": "c"}, {"unlock": "m"}]},
              {"name": "b1", "cpus": [1], "loop": 1, "delay": "3ms", "events": [{"run": "1ms"}, {"barrier": "b"}, {"run": "1ms"}]},
              {"name": "b2", "cpus": [2], "loop": 1, "events": [{"run": "6ms"}, {"barrier": "b"}, {"run": "1ms"}]}])");
        QVERIFY2(near(row(r, "waiter").end, 3 * kMs, 50 * kUs), std::to_string(row(r, "waiter").end).c_str());
        // b1 reaches the barrier at 4 ms, b2 at 6 ms: both go on at 6 ms
        QVERIFY2(near(row(r, "b1").end, 7 * kMs, 50 * kUs), std::to_string(row(r, "b1").end).c_str());
        QVERIFY2(near(row(r, "b2").end, 7 * kMs, 50 * kUs), std::to_string(row(r, "b2").end).c_str());
    }

    void suspendResume() {
        auto r = mustRun(2, "20ms", R"("tasks": [
              {"name": "sleeper", "cpus": [0], "loop": 1, "events": [{"suspend": "sleeper"}, {"run": "1ms"}]},
              {"name": "waker", "cpus": [1], "loop": 1, "delay": "3ms", "events": [{"resume": "sleeper"}]}])");
        QVERIFY2(near(row(r, "sleeper").end, 4 * kMs, 50 * kUs), std::to_string(row(r, "sleeper").end).c_str());
    }

    void instancesAndCompletion() {
        auto r = mustRun(2, "20ms", R"("resources": [{"name": "done", "type": "completion"}],
            "tasks": [
              {"name": "w", "instance": 2, "loop": 1, "events": [{"wait_completion": "done"}, {"run": "1ms"}]},
              {"name": "c", "loop": 2, "delay": "2ms", "events": [{"complete": "done"}, {"sleep": "3ms"}]}])");
        QVERIFY(r.taskLogs.contains("w-0") && r.taskLogs.contains("w-1"));
        QCOMPARE(row(r, "w-1").idx, 1);
        QCOMPARE(row(r, "c").idx, 2);
        const Time first = std::min(row(r, "w-0").end, row(r, "w-1").end);
        const Time second = std::max(row(r, "w-0").end, row(r, "w-1").end);
        QVERIFY2(near(first, 3 * kMs, 100 * kUs), std::to_string(first).c_str());
        QVERIFY2(near(second, 6 * kMs, 100 * kUs), std::to_string(second).c_str());
    }

    void deadlineAdmission() {
        auto ok = mustRun(1, "50ms", R"("tasks": [{"name": "d", "policy": "deadline",
            "dl": {"runtime": "2ms", "deadline": "10ms", "period": "10ms"},
            "events": [{"run": "1ms"}, {"timer": {"ref": "t", "period": "10ms"}}]}])");
        QVERIFY(ok.taskLogs.at("d").size() >= 4);
        // 95 % of one CPU is more than sched_rt_runtime_us / sched_rt_period_us leaves (with the fair server)
        auto busy = runParts(1, "50ms", R"("tasks": [{"name": "d", "policy": "deadline",
            "dl": {"runtime": "9500us", "period": "10ms"}, "events": [{"run": "1ms"}]}])");
        QVERIFY(!busy);
        QCOMPARE(busy.error().where, std::string("tasks[0].dl"));
        QVERIFY(busy.error().message.find("EBUSY") != std::string::npos);
    }

    void idlePolicyYieldsToOther() {
        // SCHED_IDLE weighs 3 against nice 0's 1024 (set_load_weight()).
        auto r = mustRun(1, "200ms", R"("tasks": [
              {"name": "normal", "events": [{"run": "1ms"}]},
              {"name": "background", "policy": "idle", "events": [{"run": "1ms"}]}])");
        const auto runNs = [&](const char* n) {
            for (const auto& t : r.metrics.tasks)
                if (t.name == n) return t.runNs;
            return Time(-1);
        };
        QVERIFY2(runNs("background") * 20 < runNs("normal"),
                 (std::to_string(runNs("background")) + " vs " + std::to_string(runNs("normal"))).c_str());
    }

    void zeroTimeLoopStalls() {
        // A loop of events that take no time cannot spin inside one instant.
        auto r = runParts(1, "10ms", R"("resources": [{"name": "m", "type": "mutex"}],
            "tasks": [{"name": "a", "events": [{"lock": "m"}, {"unlock": "m"}]}])");
        QVERIFY(!r);
        QCOMPARE(r.error().where, std::string("cost"));
    }

    void errorsNameTheJsonPath() {
        auto e = parseError(R"("resources": [{"name": "m", "type": "mutex"}], "tasks": [{"name": "a",
            "phases": [{"events": [{"run": "1ms"}]}, {"events": [{"run": "1ms"}, {"sleep": "1ms"}, {"lock": "n"}]}]}])");
        QCOMPARE(e.where, std::string("tasks[0].phases[1].events[2].lock"));
        QVERIFY(e.message.find("resources (m)") != std::string::npos);
        e = parseError(R"("resources": [{"name": "b", "type": "barrier"}],
            "tasks": [{"name": "a", "events": [{"lock": "b"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].events[0].lock"));
        e = parseError(R"("tasks": [{"name": "a", "policy": "sporadic", "events": [{"run": "1ms"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].policy"));
        e = parseError(R"("tasks": [{"name": "a", "policy": "fifo", "priority": 100, "events": [{"run": "1ms"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].priority"));
        e = parseError(R"("tasks": [{"name": "a", "cpus": [0, 2], "events": [{"run": "1ms"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].cpus[1]"));
        e = parseError(R"("tasks": [{"name": "a", "events": [{"resume": "nobody"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].events[0].resume"));
        e = parseError(R"("resources": [{"name": "m", "type": "semaphore"}])");
        QCOMPARE(e.where, std::string("resources[0].type"));
    }
};

QTEST_GUILESS_MAIN(TestPartsTasks)
#include "test_parts_tasks.moc"
