// The slow-motion player on the real MainWindow (offscreen, `basics` preset):
// stepping lands on the next event, playing advances the cursor at the chosen
// speed and pausing stops it, clicking places the cursor, and the machine-state
// dock shows the hardirq on the CPU's context stack.
#include "core/MainWindow.h"
#include "core/player/EventStepper.h"
#include "core/player/MachineStateView.h"
#include "core/player/PlayerBar.h"
#include "core/player/PlayerController.h"
#include "core/run/SimulationRunner.h"
#include "core/timeline/TimelinePlot.h"
#include "test_settings.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestPlayer : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w_;

    PlayerController* player() const { return w_->player(); }
    const Trace& trace() const { return w_->currentRun()->result->trace; }

    std::vector<std::uint32_t> visibleLanes() const {
        std::vector<std::uint32_t> lanes;
        for (const LaneSlot& s : w_->timeline()->scene().layout.laneSlots()) lanes.push_back(s.lane);
        return lanes;
    }

    // Is there a segment boundary or an instant exactly at t on a visible lane?
    bool isEvent(Time t) const {
        for (std::uint32_t l : visibleLanes()) {
            for (int d = 0; d < trace().depthCount(l); ++d) {
                const auto [i, j] = trace().segmentRange(l, d, t - 1, t + 1);
                for (std::size_t k = i; k < j; ++k) {
                    const Segment s = trace().segment(l, d, k);
                    if (s.start == t || s.end == t) return true;
                }
            }
            const auto [i, j] = trace().instantRange(l, t, t + 1);
            if (i < j) return true;
        }
        return false;
    }

    // The tree's texts, all rows, "what: state" per line.
    static QStringList texts(QTreeWidgetItem* it) {
        QStringList out{it->text(0) + QStringLiteral(": ") + it->text(1)};
        for (int i = 0; i < it->childCount(); ++i) out += texts(it->child(i));
        return out;
    }

private slots:
    void initTestCase() {
        irqscope::test::useOwnSettings("test_player");
        MainWindow::Options opt;
        opt.initial = QStringLiteral("basics");
        opt.restoreState = false;
        w_ = std::make_unique<MainWindow>(opt);
        w_->resize(1400, 900);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
        QVERIFY(w_->runner()->waitForIdle(20000));
        QTRY_VERIFY(w_->currentRun() != nullptr);
        QVERIFY(player()->cursor().has_value());
        QVERIFY(!w_->currentRun()->result->stateLog.empty());
    }

    void actionsAreRegisteredWithTheirKeys() {
        QCOMPARE(w_->action(QStringLiteral("playPause"))->shortcut(), QKeySequence(Qt::Key_Space));
        QCOMPARE(w_->action(QStringLiteral("stepNext"))->shortcut(), QKeySequence(Qt::Key_Period));
        QCOMPARE(w_->action(QStringLiteral("stepPrev"))->shortcut(), QKeySequence(Qt::Key_Comma));
    }

    void stepNextGoesToTheNextEvent() {
        TimelinePlot* t = w_->timeline();
        const Time from = trace().startTime() + (trace().endTime() - trace().startTime()) / 3 + 17;
        player()->setCursor(from);
        t->setFocus();
        w_->action(QStringLiteral("stepNext"))->trigger();
        const Time next = *player()->cursor();
        QVERIFY(next > from);
        QVERIFY(isEvent(next));
        // nothing happens on a visible lane strictly between the two
        QCOMPARE(nextEventAfter(trace(), visibleLanes(), from), std::optional<Time>(next));
        for (Time probe : {from + 1, (from + next) / 2, next - 1})
            if (probe > from && probe < next) QVERIFY(!isEvent(probe));
        QCOMPARE(w_->timeline()->cursorTime(), std::optional<Time>(next));
        // and back
        w_->action(QStringLiteral("stepPrev"))->trigger();
        QVERIFY(*player()->cursor() < next);
        QVERIFY(*player()->cursor() <= from);
        QVERIFY(isEvent(*player()->cursor()));
    }

    void keysStepWhileTheTimelineHasFocus() {
        TimelinePlot* t = w_->timeline();
        w_->activateWindow();
        t->setFocus();
        QTRY_VERIFY(t->hasFocus());
        const Time from = *player()->cursor();
        QTest::keyClick(t, Qt::Key_Period);
        QVERIFY(*player()->cursor() > from);
        QTest::keyClick(t, Qt::Key_Comma);
        QCOMPARE(*player()->cursor(), from);
    }

    void playingAdvancesAtTheChosenSpeedAndPauseStops() {
        // A manual wall clock: the cursor must be origin + speed x elapsed exactly, however many
        // frames the event loop managed (no wall-clock time is asserted, so a busy machine cannot
        // fail this).
        qint64 nowNs = 5'000'000'000;
        player()->setClock([&nowNs] { return nowNs; });
        const double speed = 1e6; // 1 ms of simulated time per second
        player()->setSpeed(speed);
        QCOMPARE(w_->playerBar()->speedCombo()->currentData().toDouble(), speed);
        player()->setCursor(trace().startTime() + 1000);
        const Time start = *player()->cursor();
        player()->play();
        QVERIFY(player()->isPlaying());
        // frames come while the clock stands still: the cursor stays
        QTest::qWait(100);
        QCOMPARE(*player()->cursor(), start);
        // 0.25 s later the next frame shows start + 250 us
        nowNs += 250'000'000;
        QTRY_COMPARE(*player()->cursor(), start + 250'000);
        // a starved event loop (no frame between) still lands on the exact time of the pause
        nowNs += 150'000'000;
        player()->pause();
        QVERIFY(!player()->isPlaying());
        QCOMPARE(*player()->cursor(), start + 400'000);
        // the view followed: the cursor is on screen
        QVERIFY(double(*player()->cursor()) >= w_->timeline()->view().t0);
        QVERIFY(double(*player()->cursor()) <= w_->timeline()->view().t1);
        // paused: the cursor stays while the clock runs on
        const Time paused = *player()->cursor();
        nowNs += 1'000'000'000;
        QTest::qWait(100);
        QCOMPARE(*player()->cursor(), paused);
        // Space toggles
        w_->timeline()->setFocus();
        QTRY_VERIFY(w_->timeline()->hasFocus());
        QTest::keyClick(w_->timeline(), Qt::Key_Space);
        QVERIFY(player()->isPlaying());
        QTest::keyClick(w_->timeline(), Qt::Key_Space);
        QVERIFY(!player()->isPlaying());
        player()->setClock({}); // the real clock again (nowNs goes out of scope)
    }

    void stateDockShowsTheHardirqOnTheStack() {
        // a hardirq segment on a CPU lane
        std::optional<Segment> hard;
        std::uint32_t lane = 0;
        for (std::uint32_t l = 0; l < trace().laneCount() && !hard; ++l)
            for (int d = 1; d < trace().depthCount(l) && !hard; ++d)
                for (std::size_t i = 0; i < trace().segmentCount(l, d); ++i) {
                    const Segment s = trace().segment(l, d, i);
                    if (s.kind == ContextKind::Hardirq && s.end - s.start > 200) {
                        hard = s;
                        lane = l;
                        break;
                    }
                }
        QVERIFY(hard);
        player()->setCursor((hard->start + hard->end) / 2);
        const MachineState& st = w_->machineState()->state();
        const auto cpu =
            std::find_if(st.cpus.begin(), st.cpus.end(), [&](const CpuStateAt& c) { return c.lane == lane; });
        QVERIFY(cpu != st.cpus.end());
        QCOMPARE(cpu->stack.back().kind, ContextKind::Hardirq);
        QVERIFY(cpu->irqsOff);
        // and the tree says so, under that CPU
        QTreeWidget* tree = w_->machineState()->tree();
        QTreeWidgetItem* cpuItem = nullptr;
        const QString cpuName = QStringLiteral("CPU %1").arg(cpu->cpu);
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            if (tree->topLevelItem(i)->text(0) == cpuName) cpuItem = tree->topLevelItem(i);
        QVERIFY(cpuItem);
        const QString all = texts(cpuItem).join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("hardirq")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("OFF")), qPrintable(all));
        QVERIFY2(!all.contains(QStringLiteral("not recorded")), qPrintable(all));
    }

    void clickPlacesTheCursor() {
        TimelinePlot* t = w_->timeline();
        const QPoint at(t->axisRect()->left() + t->axisRect()->width() / 2, t->axisRect()->center().y());
        QTest::mouseClick(t, Qt::LeftButton, Qt::NoModifier, at);
        const double expected = t->xAxis->pixelToCoord(at.x());
        QVERIFY(std::abs(double(*player()->cursor()) - expected) <= t->view().span() / 1000 + 1);
    }

    void cleanupTestCase() {
        if (!qEnvironmentVariableIsEmpty("IRQSCOPE_PLAYER_SHOTS")) writeScreenshots();
    }

private:
    // Pictures for the docs (only with IRQSCOPE_PLAYER_SHOTS=dir): the cursor
    // inside a hardirq, zoomed so the nesting is readable, on two presets.
    // Not a test case: run at the end, only when asked.
    void writeScreenshots() {
        const QString dir = qEnvironmentVariable("IRQSCOPE_PLAYER_SHOTS");
        for (const char* preset : {"basics", "gic-eoimode"}) {
            QVERIFY(w_->loadPreset(QString::fromLatin1(preset)));
            QVERIFY(w_->runner()->waitForIdle(20000));
            QTRY_VERIFY(w_->currentRun() && w_->currentRun()->name == QString::fromLatin1(preset));
            std::optional<Segment> hard;
            for (std::uint32_t l = 0; l < trace().laneCount() && !hard; ++l)
                for (int d = 1; d < trace().depthCount(l) && !hard; ++d)
                    for (std::size_t i = 0; i < trace().segmentCount(l, d); ++i) {
                        const Segment s = trace().segment(l, d, i);
                        // a device interrupt (not the tick) some way into the run
                        if (s.kind == ContextKind::Hardirq && s.start > trace().endTime() / 5 &&
                            !trace().str(s.entity).starts_with("arch_timer") && s.end - s.start > 1000) {
                            hard = s;
                            break;
                        }
                    }
            QVERIFY(hard);
            const double span = std::max(40000.0, double(hard->end - hard->start) * 6);
            const double mid = double(hard->start + hard->end) / 2;
            w_->timeline()->setView({mid - span / 2, mid + span / 2});
            auto* dock = w_->findChild<QDockWidget*>(QStringLiteral("MachineStateDock"));
            auto* runs = w_->findChild<QDockWidget*>(QStringLiteral("RunsDock"));
            QVERIFY(dock && runs);
            w_->resizeDocks({dock}, {560}, Qt::Horizontal);
            w_->resizeDocks({runs, dock}, {110, 700}, Qt::Vertical);
            player()->setCursor(hard->start + (hard->end - hard->start) / 3);
            QTest::qWait(200);
            QVERIFY(
                w_->grab().save(QDir(dir).filePath(QStringLiteral("player-%1.png").arg(QString::fromLatin1(preset)))));
        }
    }
};

QTEST_MAIN(TestPlayer)
#include "test_player.moc"
