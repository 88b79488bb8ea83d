// The classroom on the real window: in presentation mode
// the machine state at the player's cursor and a revealed answer are large
// and on screen; ending a lesson (which turned presentation mode on) gives
// back every font, the player's speed and the dock layout exactly.
#include "core/lessons/LessonDock.h"
#include "core/lessons/LessonPanel.h"
#include "core/lessons/LessonPlayer.h"
#include "core/player/MachineStateView.h"
#include "core/player/PlayerBar.h"
#include "core/player/PlayerController.h"
#include "main_window_fixture.h"

#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using namespace irqscope;
using namespace irqscope::app;

namespace {
// Every widget's font under `root`; what differs for the widgets both have.
using Fonts = std::map<const QWidget*, QFont>;
Fonts fontsUnder(const QWidget* root) {
    Fonts out{{root, root->font()}};
    for (const QWidget* w : root->findChildren<QWidget*>()) out.emplace(w, w->font());
    return out;
}
QString firstDifference(const Fonts& before, const Fonts& after) {
    for (const auto& [w, font] : before) {
        const auto it = after.find(w);
        if (it == after.end() || it->second == font) continue;
        QString what = QString::fromLatin1(w->metaObject()->className());
        if (const auto* l = qobject_cast<const QLabel*>(w)) what += QLatin1Char(' ') + l->text().left(40);
        return QStringLiteral("%1: %2 pt, then %3 pt").arg(what).arg(font.pointSizeF()).arg(it->second.pointSizeF());
    }
    return {};
}
} // namespace

class TestClassroom : public QObject, irqscope::test::MainWindowFixture {
    Q_OBJECT
    QDockWidget* dock(const char* name) const { return w_->findChild<QDockWidget*>(QLatin1String(name)); }
    // Each dock on screen: area, geometry, floating, the docks tabbed with it and whether it is the tab shown.
    QStringList dockLayout() const {
        QStringList v;
        for (QDockWidget* d : w_->findChildren<QDockWidget*>()) {
            if (!d->isVisible()) continue;
            QStringList tabs;
            for (QDockWidget* t : w_->tabifiedDockWidgets(d)) tabs << t->objectName();
            tabs.sort();
            // a tab behind another keeps a stale geometry off screen: only where it is tabbed counts
            const bool behind = d->visibleRegion().isEmpty();
            const QRect g = behind ? QRect() : d->geometry();
            v << QStringLiteral("%1 area %2 at %3,%4 %5x%6%7 tabs [%8]%9")
                     .arg(d->objectName())
                     .arg(int(w_->dockWidgetArea(d)))
                     .arg(g.x())
                     .arg(g.y())
                     .arg(g.width())
                     .arg(g.height())
                     .arg(d->isFloating() ? QStringLiteral(" floating") : QString())
                     .arg(tabs.join(QLatin1Char(',')))
                     .arg(behind ? QStringLiteral(" behind") : QString());
        }
        v.sort();
        return v;
    }
    QStringList visibleDocks() const {
        QStringList v;
        for (QDockWidget* d : w_->findChildren<QDockWidget*>())
            if (d->isVisible()) v << QStringLiteral("%1@%2").arg(d->objectName()).arg(int(w_->dockWidgetArea(d)));
        v.sort();
        return v;
    }

private slots:
    void initTestCase() { openWindow("test_classroom"); }

    // Ending a lesson restores the fonts of every widget (the scenario panel's
    // labels first), the player's speed and the dock layout as they were.
    void lessonEndRestoresFontsSpeedLayout() {
        const QWidget* scenario = dock("ScenarioDock");
        QVERIFY(scenario);
        const auto& steps = PlayerController::speedSteps();
        w_->player()->setSpeed(steps[1]); // not the default: "restored" must mean "as it was"
        const double speed = w_->player()->speed();
        const Fonts scenarioBefore = fontsUnder(scenario), windowBefore = fontsUnder(w_.get());
        const QStringList docksBefore = visibleDocks(), layoutBefore = dockLayout();
        const QRect centralBefore = w_->centralWidget()->geometry();
        const QRect geometry = w_->geometry();
        QVERIFY(!w_->presentationMode());

        QVERIFY(w_->lessons()->startLesson(QStringLiteral("intro")));
        QVERIFY(w_->presentationMode());
        QVERIFY(w_->runner()->waitForIdle(20000));
        // the scenario panel's labels did grow (the comparison below means something)
        QTRY_VERIFY(!firstDifference(scenarioBefore, fontsUnder(scenario)).isEmpty());
        QVERIFY(visibleDocks() != docksBefore);
        w_->player()->setSpeed(steps.back()); // the teacher plays faster during the lesson
        w_->lessons()->stopAction()->trigger();

        QVERIFY(!w_->presentationMode());
        QVERIFY2(firstDifference(scenarioBefore, fontsUnder(scenario)).isEmpty(),
                 qPrintable(firstDifference(scenarioBefore, fontsUnder(scenario))));
        QVERIFY2(firstDifference(windowBefore, fontsUnder(w_.get())).isEmpty(),
                 qPrintable(firstDifference(windowBefore, fontsUnder(w_.get()))));
        QCOMPARE(w_->player()->speed(), speed);
        QCOMPARE(w_->playerBar()->speedCombo()->currentData().toDouble(), speed);
        QCOMPARE(visibleDocks(), docksBefore);
        QTRY_COMPARE(w_->geometry(), geometry);
        // the docks on screen exactly where they were (saveState() also keeps the
        // size a hidden dock had when last shown, which the lesson dock now has)
        QTRY_COMPARE(dockLayout(), layoutBefore);
        QCOMPARE(w_->centralWidget()->geometry(), centralBefore);
    }

    // Presentation mode was on before the lesson (F11 first): ending the lesson
    // keeps it on and gives back its layout, not the lesson's.
    void lessonEndKeepsPresentationLayout() {
        w_->setPresentationMode(true);
        // (docks and tabs, not pixels: the offscreen screen is narrower than the
        // window's minimum width in presentation mode, so its geometry is not settled)
        const QStringList layoutBefore = dockLayout(), docksBefore = visibleDocks();
        const Fonts fontsBefore = fontsUnder(w_.get());
        QVERIFY(w_->lessons()->startLesson(QStringLiteral("intro")));
        QVERIFY(w_->runner()->waitForIdle(20000));
        QTRY_VERIFY(dockLayout() != layoutBefore);
        w_->lessons()->stopAction()->trigger();
        QVERIFY(w_->presentationMode());
        QCOMPARE(visibleDocks(), docksBefore);
        QVERIFY2(firstDifference(fontsBefore, fontsUnder(w_.get())).isEmpty(),
                 qPrintable(firstDifference(fontsBefore, fontsUnder(w_.get()))));
        w_->setPresentationMode(false);
    }

    // In presentation mode the machine state's values are large and on screen:
    // the names take at most half the width and a long value wraps, none is cut.
    void presentationStateValuesShown() {
        w_->setPresentationMode(true);
        QDockWidget* stateDock = dock("MachineStateDock");
        stateDock->show();
        stateDock->raise();
        const Trace* t = plot()->scene().trace();
        Time busy = t->startTime();
        for (std::size_t i = 0; i < t->segmentCount(0, 1); ++i)
            if (const Segment s = t->segment(0, 1, i); s.kind == ContextKind::Hardirq) {
                busy = (s.start + s.end) / 2;
                break;
            }
        w_->player()->setCursor(busy);
        QTreeWidget* tree = w_->machineState()->tree();
        QTRY_VERIFY(tree->topLevelItemCount() > 2);
        QTest::qWait(100);
        QVERIFY(!tree->visibleRegion().isEmpty());
        QVERIFY2(tree->font().pointSizeF() >= 17, qPrintable(QString::number(tree->font().pointSizeF())));
        const int viewW = tree->viewport()->width();
        QVERIFY2(tree->columnWidth(0) <= viewW / 2 + 1,
                 qPrintable(QStringLiteral("%1 of %2").arg(tree->columnWidth(0)).arg(viewW)));
        int values = 0;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            QTreeWidgetItem* item = *it;
            if (item->text(1).isEmpty() || tree->visualItemRect(item).isEmpty()) continue;
            const QRect cell = tree->visualRect(tree->indexFromItem(item, 1));
            QVERIFY2(cell.left() < viewW, qPrintable(item->text(1))); // not off to the right
            QVERIFY2(cell.width() >= viewW * 2 / 5, qPrintable(item->text(1)));
            // on one line, or on as many as it needs
            const QFontMetrics fm(item->font(1).resolve(tree->font()));
            const int room = cell.width() - 6; // the delegate's margins
            const bool oneLine = fm.horizontalAdvance(item->text(1)) <= room;
            const int lines =
                fm.boundingRect(QRect(0, 0, room, 10000), Qt::TextWordWrap, item->text(1)).height() / fm.lineSpacing();
            QVERIFY2(oneLine || cell.height() >= lines * fm.lineSpacing(),
                     qPrintable(QStringLiteral("'%1': %2 px wide, %3 px room, %4 lines in %5 px")
                                    .arg(item->text(1))
                                    .arg(fm.horizontalAdvance(item->text(1)))
                                    .arg(room)
                                    .arg(lines)
                                    .arg(cell.height())));
            ++values;
        }
        QVERIFY(values >= 5);
        snapshot(QStringLiteral("presentation-state.png"));
        w_->setPresentationMode(false);
    }

    // A revealed answer is as large as the narration and shown whole.
    void revealedAnswerLarge() {
        QVERIFY(w_->lessons()->startLesson(QStringLiteral("intro")));
        LessonPlayer* lp = w_->lessons()->player();
        int step = -1;
        for (int i = 0; i < lp->stepCount() && step < 0; ++i) {
            lp->goTo(i);
            if (lp->step()->question) step = i;
        }
        QVERIFY(step >= 0);
        QVERIFY(w_->runner()->waitForIdle(20000));
        LessonPanel* panel = w_->lessons()->panel();
        panel->findChild<QPushButton*>(QStringLiteral("revealAnswer"))->click();
        auto* answer = panel->findChild<QLabel*>(QStringLiteral("lessonAnswer"));
        QVERIFY(answer && answer->isVisible());
        QTRY_VERIFY(answer->height() >= answer->heightForWidth(answer->width()));
        QVERIFY2(answer->font().pointSizeF() >= 17, qPrintable(QString::number(answer->font().pointSizeF())));
        QVERIFY(!answer->visibleRegion().isEmpty());
        snapshot(QStringLiteral("lessons-answer.png"));
        w_->lessons()->stopAction()->trigger();
        QVERIFY(!w_->presentationMode());
    }

    void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(TestClassroom)
#include "test_classroom.moc"
