// CFS task groups (kernel/sched/fair.c, CONFIG_FAIR_GROUP_SCHED, 6.12): a
// group's entity shares the root queue with the other groups by its weight,
// whatever its number of tasks; nice splits a group's share among its own
// tasks only; a wake-up compares the entities where both share a queue
// (find_matching_se()). And the scenario field "group" with its errors.
#include "irqscope/engine.h"

#include <QtTest>

using namespace irqscope;

namespace {

Result<RunResult> runParts(const char* kernel, const char* duration, const char* parts, const char* hz = "250") {
    const std::string text = std::string(R"({"name": "t", "kernel": {"timer": {"slack_ns": 0}, "sched": {)") + kernel +
                             R"(}}, "machine": {"cpus": 1, "hz": )" + hz + R"(}, "run": {"duration_ns": ")" + duration +
                             "\"}, " + parts + "}";
    auto s = Scenario::fromJsonText(text, "t.json");
    if (!s) return s.error();
    RunOptions o;
    o.recordTaskLogs = true;
    o.recordTrace = false;
    return run(*s, o);
}

RunResult mustRun(const char* kernel, const char* duration, const char* parts, const char* hz = "250") {
    auto r = runParts(kernel, duration, parts, hz);
    if (!r) qFatal("%s", r.error().toString().c_str());
    return std::move(*r);
}

Time runNs(const RunResult& r, const std::string& prefix) {
    Time sum = 0;
    for (const auto& t : r.metrics.tasks)
        if (t.name.starts_with(prefix)) sum += t.runNs;
    return sum;
}

std::string ratioText(Time a, Time b) {
    return std::to_string(a) + " vs " + std::to_string(b);
}

} // namespace

class TestTaskGroups : public QObject {
    Q_OBJECT
private slots:
    void groupsShareByWeightNotByTasks() {
        // One hog in group a, four in group b, one CPU: the two group
        // entities weigh 1024 each, so a gets half the CPU (a flat queue
        // gives it a fifth).
        auto r = mustRun("", "400ms", R"("tasks": [
              {"name": "a", "group": "a", "events": [{"run": "1ms"}]},
              {"name": "b", "group": "b", "instance": 4, "events": [{"run": "1ms"}]}])");
        const Time a = runNs(r, "a"), b = runNs(r, "b");
        QVERIFY2(a * 10 > b * 9 && a * 10 < b * 11, ratioText(a, b).c_str());
        // cpu.weight 300 against 100: three quarters.
        auto w = mustRun("", "400ms", R"("tasks": [
              {"name": "a", "group": {"name": "a", "weight": 300}, "events": [{"run": "1ms"}]},
              {"name": "b", "group": "b", "instance": 4, "events": [{"run": "1ms"}]}])");
        const Time wa = runNs(w, "a"), wb = runNs(w, "b");
        QVERIFY2(wa * 10 > wb * 27 && wa * 10 < wb * 33, ratioText(wa, wb).c_str());
    }

    void niceSplitsOnlyItsGroupsShare() {
        // Group a: nice 0 and nice 5 (1024 : 335); group b: one nice-0 task.
        // b keeps half; a's half is split 1024 : 335 inside a.
        auto r = mustRun("", "400ms", R"("tasks": [
              {"name": "a0", "group": "a", "events": [{"run": "1ms"}]},
              {"name": "a5", "group": "a", "nice": 5, "events": [{"run": "1ms"}]},
              {"name": "b", "group": "b", "events": [{"run": "1ms"}]}])");
        const Time a0 = runNs(r, "a0"), a5 = runNs(r, "a5"), b = runNs(r, "b");
        QVERIFY2((a0 + a5) * 10 > b * 9 && (a0 + a5) * 10 < b * 11, ratioText(a0 + a5, b).c_str());
        QVERIFY2(a0 * 335 * 10 > a5 * 1024 * 8 && a0 * 335 * 10 < a5 * 1024 * 12, ratioText(a0, a5).c_str());
    }

    void wakeupComparesTheGroupEntities() {
        // CFS, whose wake-up rule is deterministic: a sleeper is placed half
        // a latency period behind min_vruntime and preempts when more than
        // the wake-up granularity behind the running entity. p's task is
        // alone in its group, so its group entity is the sleeper at the root
        // (find_matching_se()): it preempts a's hogs at once. The tasks' own
        // vruntimes, in two different queues, say the opposite: p at nice 19
        // runs far ahead in its group, the nice -20 hogs crawl in theirs.
        // Nothing else reschedules soon: p wakes half a tick period (5 ms at
        // HZ=100) away from the ticks, no timer slack, no fair server (CFS
        // came before it), so a missed preemption waits for the next tick.
        const std::string p = R"({"name": "p", "group": "b", "nice": 19, "delay": "5ms",
                                  "events": [{"run": "100us"}, {"timer": {"ref": "t", "period": "10ms"}}]})";
        auto alone = mustRun(R"("fair": "cfs", "rt_limit": "throttling")", "300ms",
                             (R"("tasks": [{"name": "a", "group": "a", "nice": -20, "instance": 4,
                                            "events": [{"run": "50ms"}]}, )" +
                              p + "]")
                                 .c_str(),
                             "100");
        const auto& la = alone.metrics.latency.at("wu_lat/p");
        QVERIFY(la.count() >= 25);
        QVERIFY2(la.max() < 50 * kUs, std::to_string(la.max()).c_str());
    }

    void groupFieldErrors() {
        const auto error = [](const char* parts) {
            auto r = runParts("", "10ms", parts);
            if (r) qFatal("expected an error for %s", parts);
            return r.error();
        };
        auto e = error(R"("tasks": [{"name": "a", "policy": "fifo", "group": "g", "events": [{"run": "1ms"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].group"));
        e = error(R"("tasks": [{"name": "a", "group": {"name": "g", "weight": 0}, "events": [{"run": "1ms"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].group.weight"));
        e = error(R"("tasks": [{"name": "a", "group": {"name": "g", "shares": 2}, "events": [{"run": "1ms"}]}])");
        QCOMPARE(e.where, std::string("tasks[0].group.shares"));
        e = error(R"("tasks": [{"name": "a", "group": "g", "events": [{"run": "1ms"}]},
                                {"name": "b", "group": {"name": "g", "nice": 5}, "events": [{"run": "1ms"}]}])");
        QCOMPARE(e.where, std::string("tasks[1].group"));
        QCOMPARE(e.file, std::string("t.json"));
    }
};

QTEST_GUILESS_MAIN(TestTaskGroups)
#include "test_task_groups.moc"
