// The task-group lines scripts/record-trace appends to a capture
// ("# irqscope-task-group: ..."): the line reader, and the twin putting each
// fair task in its cpu cgroup, else its autogroup, else no group; a capture
// without the lines stays flat.
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"
#include "trace/ftrace_line.h"
#include "twin_capture_text.h"

#include <QTest>

#include <string>
#include <vector>

using namespace irqscope;

namespace {

using Ev = test::CaptureEvent;

std::string sw(const std::string& prev, int prevPid, const char* state, const std::string& next, int nextPid) {
    return "sched_switch: prev_comm=" + prev + " prev_pid=" + std::to_string(prevPid) +
           " prev_prio=120 prev_state=" + state + " ==> next_comm=" + next + " next_pid=" + std::to_string(nextPid) +
           " next_prio=120";
}

// One CPU shared by three hogs over 40 ms, in turns of 2 ms: "editor" (200),
// "cc" (201) and "web" (202).
std::string threeHogs() {
    std::vector<Ev> ev;
    const char* names[] = {"editor", "cc", "web"};
    ev.push_back({0, 0, "swapper/0", 0, sw("swapper/0", 0, "R", "editor", 200)});
    int cur = 0;
    for (long long t = 2'000'000; t < 40'000'000; t += 2'000'000) {
        const int next = (cur + 1) % 3;
        ev.push_back({t, 0, names[cur], 200 + cur, sw(names[cur], 200 + cur, "R", names[next], 200 + next)});
        cur = next;
    }
    return test::tracefsText(ev, 1, "d..2.");
}

} // namespace

class TestTwinGroups : public QObject {
    Q_OBJECT
private slots:
    void readsTheLine() {
        auto g = ftrace::parseTaskGroupLine(
            "# irqscope-task-group: pid=1234 autogroup=/autogroup-57 nice=5 cgroup=/user.slice weight=300");
        QVERIFY(g);
        QCOMPARE(g->pid, 1234);
        QCOMPARE(std::string(g->autogroup), std::string("/autogroup-57"));
        QCOMPARE(g->nice, 5);
        QCOMPARE(std::string(g->cgroup), std::string("/user.slice"));
        QCOMPARE(g->weight, 300);
        g = ftrace::parseTaskGroupLine("# irqscope-task-group: pid=7 autogroup= nice=0 cgroup=/ weight=100");
        QVERIFY(g && g->autogroup.empty());
        QVERIFY(!ftrace::parseTaskGroupLine("# irqscope-task-group: autogroup=/autogroup-1"));
        QVERIFY(!ftrace::parseTaskGroupLine("# tracer: nop"));
        // the importer takes it for a header: nothing is skipped as garbage
        QVERIFY(ftrace::parseLine("# irqscope-task-group: pid=7 autogroup= nice=0 cgroup=/ weight=100").kind ==
                ftrace::LineKind::Header);
    }

    void twinPutsTasksInTheirGroups() {
        const std::string text = threeHogs() +
                                 "# irqscope-task-group: pid=200 autogroup=/autogroup-3 nice=0 cgroup=/ weight=100\n"
                                 "# irqscope-task-group: pid=201 autogroup=/autogroup-4 nice=5 cgroup=/ weight=100\n"
                                 "# irqscope-task-group: pid=202 autogroup=/autogroup-3 nice=0 "
                                 "cgroup=/system.slice/web.service weight=300\n";
        const auto f = test::fitCapture("twin-groups.txt", text);
        const auto* editor = test::fittedTask(f.fit, "editor");
        const auto* cc = test::fittedTask(f.fit, "cc");
        const auto* web = test::fittedTask(f.fit, "web");
        QVERIFY(editor && cc && web);
        QVERIFY((*editor)["group"] == nlohmann::json("/autogroup-3"));
        QVERIFY((*cc)["group"] == (nlohmann::json{{"name", "/autogroup-4"}, {"nice", 5}}));
        // a task outside the root cpu cgroup takes no autogroup (task_wants_autogroup())
        QVERIFY((*web)["group"] == (nlohmann::json{{"name", "/system.slice/web.service"}, {"weight", 300}}));
        test::runTwin(f.fit); // reads back and runs
    }

    void withoutLinesTheQueueIsFlat() {
        const auto f = test::fitCapture("twin-flat.txt", threeHogs());
        for (const auto& t : f.fit.scenario["tasks"]) QVERIFY(!t.contains("group"));
    }
};

QTEST_GUILESS_MAIN(TestTwinGroups)
#include "test_twin_groups.moc"
