// Lanes under control, on the real window: task and
// interrupt-line lanes switch on, idle CPUs are hidden and said so, the filter
// keeps CPU ranges and named tasks, the lane menu pins, moves, collapses and
// hides, and 48 CPUs never overprint their labels.
#include "core/timeline/LaneBar.h"
#include "core/timeline/TimelinePlottable.h"
#include "main_window_fixture.h"

#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestLanes : public QObject, irqscope::test::MainWindowFixture {
    Q_OBJECT

    LaneBar* bar() const { return w_->findChild<LaneBar*>(); }
    std::vector<std::string> shown() const { return plot()->shownLaneNames(); }
    bool has(const std::string& name) const {
        const auto v = shown();
        return std::find(v.begin(), v.end(), name) != v.end();
    }
    int count(LaneType type) const {
        int n = 0;
        for (const LaneSlot& s : plot()->scene().layout.laneSlots())
            n += plot()->scene().trace()->lane(s.lane).type == type;
        return n;
    }
    QAction* menuAction(const std::string& lane, const char* id) {
        const Trace* t = plot()->scene().trace();
        for (std::uint32_t l = 0; l < t->laneCount(); ++l)
            if (t->lane(l).name == lane) return bar()->laneMenu(l)->findChild<QAction*>(QString::fromLatin1(id));
        return nullptr;
    }

private slots:
    void initTestCase() {
        openWindow("test_lanes");
        QVERIFY(bar());
    }

    // pi-fifo-taskset: every user task gets a lane on request.
    void taskLanesOnRequest() {
        open(QStringLiteral(IRQSCOPE_SOURCE_DIR "/docs/examples/pi-fifo-taskset.json"));
        QCOMPARE(count(LaneType::Task), 0);
        w_->action(QStringLiteral("lanesTask"))->trigger();
        QVERIFY(plot()->laneFilter().tasks);
        for (const char* task : {"fast", "medium", "slow"}) QVERIFY2(has(task), task);
        snapshot(QStringLiteral("user-guide-lanes-tasks.png"));
        // the task lane shows the task running, not idle
        const LaneSlot& last = plot()->scene().layout.laneSlots().back();
        QVERIFY(plot()->scene().trace()->segmentCount(last.lane, 0) > 0);
        w_->action(QStringLiteral("lanesTask"))->trigger();
        QCOMPARE(count(LaneType::Task), 0);
        // a task named in the filter gets its lane although task lanes are off
        bar()->filterEdit()->setText(QStringLiteral("0, fast"));
        QCOMPARE(shown(), (std::vector<std::string>{"CPU 0", "fast"}));
        bar()->filterEdit()->clear();
        // interrupt-line lanes
        w_->action(QStringLiteral("lanesIrq"))->trigger();
        QVERIFY(count(LaneType::IrqLine) > 0);
        w_->action(QStringLiteral("lanesIrq"))->trigger();
        QCOMPARE(count(LaneType::IrqLine), 0);
    }

    // nvme-smmu: 48 CPUs, most of them idle.
    void idleCpusHiddenAndSaid() {
        open(QStringLiteral("nvme-smmu"));
        const Trace& t = *plot()->scene().trace();
        const auto& hidden = plot()->scene().layout.hiddenIdle();
        QVERIFY(plot()->laneFilter().hideIdleCpus);
        QVERIFY2(hidden.size() >= 20, qPrintable(QString::number(hidden.size())));
        for (std::uint32_t l : hidden) QVERIFY(LaneLayout::busyShare(t, l) < LaneLayout::kIdleShare);
        for (const LaneSlot& s : plot()->scene().layout.laneSlots())
            QVERIFY(LaneLayout::busyShare(t, s.lane) >= LaneLayout::kIdleShare);
        QCOMPARE(count(LaneType::Cpu) + int(hidden.size()), 48);
        QVERIFY(TimelinePlottable::hiddenNote(t, hidden).contains(QStringLiteral("idle")));
        snapshot(QStringLiteral("user-guide-lanes-48cpus.png"));
        w_->action(QStringLiteral("lanesHideIdle"))->trigger();
        QCOMPARE(count(LaneType::Cpu), 48);
        QVERIFY(plot()->scene().layout.hiddenIdle().empty());
    }

    // At 1366x768, with all 48 CPUs shown, no two lane labels closer than a line.
    void labelsNeverOverprint() {
        QVERIFY(!plot()->laneFilter().hideIdleCpus);
        plot()->replot();
        const QVector<double> ticks = plot()->yAxis->tickVector();
        QVERIFY(ticks.size() >= 8);
        QVERIFY(ticks.size() < 48); // thinned
        const double line = QFontMetricsF(plot()->yAxis->tickLabelFont()).height() * 0.9;
        for (int i = 1; i < ticks.size(); ++i)
            QVERIFY(std::abs(plot()->yAxis->coordToPixel(ticks[i]) - plot()->yAxis->coordToPixel(ticks[i - 1])) >=
                    line);
        w_->action(QStringLiteral("lanesHideIdle"))->trigger();
        QVERIFY(plot()->laneFilter().hideIdleCpus);
    }

    void filterByCpu() {
        bar()->filterEdit()->setText(QStringLiteral("2-4"));
        QCOMPARE(shown(), (std::vector<std::string>{"CPU 2", "CPU 3", "CPU 4"}));
        plot()->replot();
        QCOMPARE(plot()->laneLabelsShown(), 3);
        QVERIFY(plot()->depthLabelsShown() >= 3); // task / softirq / hardirq rows have room now
        snapshot(QStringLiteral("user-guide-lanes-filter.png"));
        bar()->filterEdit()->clear();
    }

    void pinMoveCollapseHide() {
        const auto before = shown();
        QVERIFY(before.size() >= 4);
        const std::string third = before[2];
        menuAction(third, "lanePin")->trigger();
        QCOMPARE(shown().front(), third);
        QVERIFY(plot()->scene().layout.laneSlots().front().pinned);
        // a pinned lane stays when the filter leaves the others out
        bar()->filterEdit()->setText(QStringLiteral("0"));
        QCOMPARE(shown(), (std::vector<std::string>{third, "CPU 0"}));
        bar()->filterEdit()->clear();
        menuAction(third, "lanePin")->trigger();
        QCOMPARE(shown(), before);

        menuAction(before[1], "laneUp")->trigger();
        QCOMPARE(shown()[0], before[1]);
        QCOMPARE(shown()[1], before[0]);
        menuAction(before[1], "laneDown")->trigger();
        QCOMPARE(shown(), before);

        const double rows = plot()->scene().layout.totalRows();
        menuAction(before[0], "laneCollapse")->trigger();
        QVERIFY(plot()->scene().layout.laneSlots().front().collapsed);
        QVERIFY(plot()->scene().layout.totalRows() < rows - 1);
        menuAction(before[0], "laneHide")->trigger();
        QVERIFY(!has(before[0]));
        w_->action(QStringLiteral("lanesReset"))->trigger();
        QCOMPARE(shown(), before);
    }

    void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(TestLanes)
#include "test_lanes.moc"
