// The window is usable on the screens people have. At
// 1366x768 and 1024x768 (less a desktop's panel and the title bar) the
// default layout fits - its minimum size is not larger than the screen - the
// timeline keeps a usable area, and the texts of the default layout are not
// clipped: what a user sees, checked as a user reads it - every parameter's
// value whole in its field, every legend name and machine-state name whole.
#include "core/MainWindow.h"
#include "core/metrics/MetricsPanel.h"
#include "core/run/RunList.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/timeline/SwatchLegendItem.h"
#include "core/timeline/TimelinePlot.h"
#include "test_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestSmallScreens : public QObject {
    Q_OBJECT

    static void dump(QMainWindow* w) {
        qInfo() << "window min" << w->minimumSizeHint() << "size" << w->size() << "central min"
                << w->centralWidget()->minimumSizeHint();
        if (auto* tabs = qobject_cast<QTabWidget*>(w->centralWidget()))
            for (int i = 0; i < tabs->count(); ++i)
                qInfo() << "central page" << i << tabs->widget(i)->metaObject()->className() << "min"
                        << tabs->widget(i)->minimumSizeHint() << tabs->widget(i)->minimumSize();
        for (auto* d : w->findChildren<QDockWidget*>())
            qInfo() << d->objectName() << "visible" << d->isVisible() << "min" << d->minimumSizeHint() << "geom"
                    << d->geometry();
    }

    // The window at `screen` as a window manager keeps it on the screen,
    // with the first run drawn.
    static std::unique_ptr<MainWindow> open(const QString& preset, QSize screen) {
        MainWindow::Options opt;
        opt.restoreState = false;
        opt.initial = preset;
        auto w = std::make_unique<MainWindow>(opt);
        w->resize(screen);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()) || !w->runner()->waitForIdle(30000)) return nullptr;
        // (twice: while the first run is being drawn the minimum can briefly be larger)
        for (int i = 0; i < 2; ++i) {
            w->resize(screen);
            QTest::qWait(50);
        }
        return w;
    }

    // Where a value field is cut, or "" when its text is whole and the field
    // lies inside the visible width of the parameter list.
    static QString valueCut(QWidget* editor, QWidget* viewport) {
        const QRect r(editor->mapTo(viewport, QPoint(0, 0)), editor->size());
        if (r.left() < 0 || r.right() >= viewport->width())
            return QStringLiteral("field at x %1..%2 outside the visible %3 px")
                .arg(r.left())
                .arg(r.right())
                .arg(viewport->width());
        const QFontMetrics fm = editor->fontMetrics();
        const int frame = editor->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, editor);
        QString text;
        int need = 0;
        if (auto* le = qobject_cast<QLineEdit*>(editor)) {
            text = le->text();
            const QMargins m = le->textMargins();
            need = fm.horizontalAdvance(text) + 2 * frame + 4 + m.left() + m.right(); // QLineEdit: 2 px a side
        } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            text = combo->currentText();
            need = fm.horizontalAdvance(text) + 2 * frame + 4 +
                   editor->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, editor); // the arrow
        } else if (auto* cb = qobject_cast<QCheckBox*>(editor)) {
            need = cb->minimumSizeHint().width();
        }
        if (editor->width() < need)
            return QStringLiteral("\"%1\" needs %2 px, has %3").arg(text).arg(need).arg(editor->width());
        return {};
    }

private slots:
    void initTestCase() { irqscope::test::useOwnSettings("test_small_screens"); }

    // What a newcomer reads in the default layout: every parameter's name and
    // value, and the legend's names, whole.
    void seesValuesAndNames_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QSize>("screen");
        for (const char* p : {"basics", "i915-execlists"}) {
            QTest::addRow("%s 1024x768", p) << QString::fromLatin1(p) << QSize(1024, 768);
            QTest::addRow("%s 1366x768", p) << QString::fromLatin1(p) << QSize(1366, 768);
        }
    }
    void seesValuesAndNames() {
        QFETCH(QString, preset);
        QFETCH(QSize, screen);
        // the screen less a panel and the title bar
        const QSize avail = screen - QSize(0, 68);
        auto w = open(preset, avail);
        QVERIFY(w);
        const QSize min = w->minimumSizeHint();
        QVERIFY2(min.width() <= avail.width() && min.height() <= avail.height(),
                 qPrintable(QStringLiteral("minimum %1x%2").arg(min.width()).arg(min.height())));
        QCOMPARE(w->size(), avail);

        // every parameter row: its name and its value whole, inside the column
        KnobPanel* knobs = w->knobs();
        auto* scroll = knobs->findChild<QScrollArea*>();
        QVERIFY(scroll);
        QWidget* viewport = scroll->viewport();
        QStringList cut;
        int rows = 0;
        for (QLabel* label : scroll->widget()->findChildren<QLabel*>()) {
            const QString path = label->toolTip().section(QLatin1String("</b>"), 0, 0).remove(QLatin1String("<b>"));
            QWidget* editor = knobs->editorFor(path);
            if (!editor || !label->isVisibleTo(knobs)) continue;
            ++rows;
            QVERIFY2(editor->isVisibleTo(knobs), qPrintable(path));
            if (const QString c = valueCut(editor, viewport); !c.isEmpty()) cut << path + QStringLiteral(": ") + c;
            const QRect lr(label->mapTo(viewport, QPoint(0, 0)), label->size());
            const int needLabel = label->fontMetrics().horizontalAdvance(label->text());
            if (lr.left() < 0 || lr.right() >= viewport->width() || label->contentsRect().width() < needLabel)
                cut << path + QStringLiteral(": name needs %1 px, has %2 (x %3..%4 of %5)")
                                  .arg(needLabel)
                                  .arg(label->contentsRect().width())
                                  .arg(lr.left())
                                  .arg(lr.right())
                                  .arg(viewport->width());
        }
        QVERIFY(rows > 30);
        const int valuesCut = int(cut.size());

        // every legend name whole, the legend inside the plot
        TimelinePlot* t = w->timeline();
        t->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(t->legend->itemCount() > 10);
        for (int i = 0; i < t->legend->itemCount(); ++i) {
            auto* item = qobject_cast<SwatchLegendItem*>(t->legend->item(i));
            if (!item) continue;
            const QSize need = static_cast<QCPLayoutElement*>(item)->minimumOuterSizeHint();
            if (item->outerRect().width() < need.width() || !t->rect().contains(item->outerRect()))
                cut << QStringLiteral("legend \"%1\" needs %2 px, has %3 at x %4")
                           .arg(item->text())
                           .arg(need.width())
                           .arg(item->outerRect().width())
                           .arg(item->outerRect().left());
        }

        // the other texts of the default layout: the scenario's story without a
        // scroll bar, the run's changes and the latency choice whole
        auto* info = w->findChild<QTextBrowser*>(QStringLiteral("ScenarioInfo"));
        QVERIFY(info);
        if (info->verticalScrollBar()->isVisible()) cut << QStringLiteral("the scenario description scrolls");
        QTableView* runs = w->runTable();
        const QString changes = runs->model()->index(0, RunList::Changes).data().toString();
        if (runs->columnWidth(RunList::Changes) < runs->fontMetrics().horizontalAdvance(changes) + 8)
            cut << QStringLiteral("run changes \"%1\" in %2 px").arg(changes).arg(runs->columnWidth(RunList::Changes));
        auto* which = w->metrics()->findChild<QComboBox*>();
        QVERIFY(which);
        if (const QString c = valueCut(which, which->parentWidget()); !c.isEmpty())
            cut << QStringLiteral("latency of: ") + c;

        // the machine state's names whole: a long name wraps onto a row tall
        // enough for its lines (a nested name has less room than the column)
        auto* state = w->findChild<QTreeWidget*>(QStringLiteral("machineStateTree"));
        QVERIFY(state);
        QVERIFY(state->isVisible());
        const int margin = 2 * (state->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, state) + 1);
        int names = 0;
        for (QTreeWidgetItemIterator it(state); *it; ++it) {
            if (state->visualItemRect(*it).isEmpty()) continue; // under a folded row
            const QRect cell = state->visualRect(state->indexFromItem(*it, 0));
            const QRect need = state->fontMetrics().boundingRect(QRect(0, 0, cell.width() - margin, 10000),
                                                                 Qt::TextWordWrap, (*it)->text(0));
            ++names;
            if (cell.height() < need.height())
                cut << QStringLiteral("machine state \"%1\" needs %2 px high, has %3")
                           .arg((*it)->text(0))
                           .arg(need.height())
                           .arg(cell.height());
        }
        QVERIFY(names > 5);

        // all that a user sees cut, at once
        QVERIFY2(cut.isEmpty(),
                 qPrintable(QStringLiteral("%1 of %2 parameter rows cut, %3 other texts; %4")
                                .arg(valuesCut)
                                .arg(rows)
                                .arg(cut.size() - valuesCut)
                                .arg((cut.mid(0, 3) + cut.mid(std::max(3, valuesCut))).join(QStringLiteral("; ")))));
    }

    void fits_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QSize>("screen");
        // the screen less ~70 px of panel and title bar
        for (const char* p : {"basics", "i915-execlists", "panthor-submit"}) {
            QTest::addRow("%s 1024x768", p) << QString::fromLatin1(p) << QSize(1024, 700);
            QTest::addRow("%s 1024x650", p) << QString::fromLatin1(p) << QSize(1024, 650);
            QTest::addRow("%s 1366x768", p) << QString::fromLatin1(p) << QSize(1366, 700);
        }
    }
    void fits() {
        QFETCH(QString, preset);
        QFETCH(QSize, screen);
        MainWindow::Options opt;
        opt.restoreState = false;
        opt.initial = preset;
        MainWindow w(opt);
        w.resize(screen);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.runner()->waitForIdle(30000));
        // Sized to the screen, as a window manager keeps a window on it (twice:
        // while the first run is being drawn the minimum can briefly be larger).
        for (int i = 0; i < 2; ++i) {
            w.resize(screen);
            QTest::qWait(50);
        }
        const QSize min = w.minimumSizeHint();
        if (min.width() > screen.width() || min.height() > screen.height()) dump(&w);
        QVERIFY2(min.width() <= screen.width() && min.height() <= screen.height(),
                 qPrintable(QStringLiteral("minimum %1x%2").arg(min.width()).arg(min.height())));
        if (w.size() != screen) dump(&w);
        QCOMPARE(w.size(), screen);
        // every visible dock lies inside the window
        for (auto* d : w.findChildren<QDockWidget*>())
            if (d->isVisible() && !d->isFloating() && !d->visibleRegion().isEmpty())
                QVERIFY2(w.rect().contains(d->geometry()), qPrintable(d->objectName()));
        // the run list's numbers are not cut ("998.0 m…")
        auto* runs = w.findChild<QTableView*>();
        QVERIFY(runs && runs->model()->rowCount() == 1);
        for (int col : {int(RunList::Latency), int(RunList::MaxLatency)}) {
            const QString text = runs->model()->index(0, col).data().toString();
            const int need = runs->fontMetrics().horizontalAdvance(text);
            QVERIFY2(runs->columnWidth(col) >= need,
                     qPrintable(QStringLiteral("%1: %2 px for %3 px").arg(text).arg(runs->columnWidth(col)).arg(need)));
        }
        // the timeline keeps most of the width and a usable height
        const QSize tl = w.timeline()->size();
        QVERIFY2(tl.width() >= screen.width() / 2 && tl.height() >= 250,
                 qPrintable(QStringLiteral("timeline %1x%2").arg(tl.width()).arg(tl.height())));
    }

    // At 1024x768 the right column is 240 px: every column of the Runs table
    // lies inside it (no horizontal scrolling), and the Compare tab and the
    // Events tab, opened there, are usable.
    void narrowColumnsAndTabs() {
        auto w = open(QStringLiteral("basics"), QSize(1024, 700));
        QVERIFY(w);
        QVERIFY(w->knobs()->edit(QStringLiteral("sources[eth0].arrival.poisson.rate_hz"), QStringLiteral("9000")));
        w->runNow();
        QVERIFY(w->runner()->waitForIdle(30000));
        QTest::qWait(100);
        QTableView* runs = w->runTable();
        QCOMPARE(runs->model()->rowCount(), 2);
        QStringList cut;
        const int viewW = runs->viewport()->width();
        for (int c = 0; c < runs->model()->columnCount(); ++c) {
            const int x = runs->horizontalHeader()->sectionViewportPosition(c);
            const int wc = runs->columnWidth(c);
            const QString head = runs->model()->headerData(c, Qt::Horizontal).toString();
            if (runs->isColumnHidden(c) || x < 0 || x + wc > viewW)
                cut << QStringLiteral("runs column \"%1\" at x %2..%3 of %4").arg(head).arg(x).arg(x + wc).arg(viewW);
            else if (runs->horizontalHeader()->fontMetrics().horizontalAdvance(head) > wc)
                cut << QStringLiteral("runs header \"%1\" cut in %2 px").arg(head).arg(wc);
        }
        if (runs->horizontalScrollBar()->maximum() > 0) cut << QStringLiteral("the runs table scrolls sideways");
        const QString shots = qEnvironmentVariable("IRQSCOPE_CHECK_SHOTS");
        auto shot = [&](const QString& name) {
            if (shots.isEmpty()) return;
            QTest::qWait(300);
            QVERIFY(w->grab().save(QDir(shots).filePath(name)));
        };
        shot(QStringLiteral("check-1024-runs.png"));

        // the Events tab, raised, with the run listed
        auto* events = w->findChild<QDockWidget*>(QStringLiteral("EventsDock"));
        QVERIFY(events);
        events->raise();
        QTest::qWait(200);
        auto* list = events->widget();
        auto* table = list->findChild<QTableView*>();
        QVERIFY(table && table->model()->rowCount() > 10);
        for (QWidget* c : list->findChildren<QWidget*>())
            if (c->isVisible() && c->parentWidget() == list && c->width() < c->minimumSizeHint().width())
                cut << QStringLiteral("events: %1 \"%2\" %3 px for %4")
                           .arg(QString::fromLatin1(c->metaObject()->className()),
                                c->property("text").toString().isEmpty() ? c->property("placeholderText").toString()
                                                                         : c->property("text").toString())
                           .arg(c->width())
                           .arg(c->minimumSizeHint().width());
        qInfo() << "events table" << table->viewport()->width() << "columns" << [&] {
            QStringList l;
            for (int c = 0; c < table->model()->columnCount(); ++c) l << QString::number(table->columnWidth(c));
            return l.join(QLatin1Char(' '));
        }();
        if (table->horizontalScrollBar()->maximum() > 0) cut << QStringLiteral("the event list scrolls sideways");
        shot(QStringLiteral("check-1024-events.png"));

        // the Compare tab
        QVERIFY(w->compareRows(0, 1));
        QTest::qWait(200);
        shot(QStringLiteral("check-1024-compare.png"));
        // Known gap (not mended yet): at 1024 the Runs table's Worst p99, Max,
        // Warnings and Simulated columns lie right of the 238 px it has, and
        // the Events tab's buttons and Name column are cut. When this passes,
        // drop the expected failure.
        QEXPECT_FAIL("", "the Runs table and the Events tab do not fit the 240 px column at 1024 yet", Continue);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
    }

    // docs/images/user-guide-1024.png and user-guide-1366.png, only when asked (not a test case):
    //   IRQSCOPE_DOC_SHOTS=docs/images build/ci/tests/test_small_screens
    void cleanupTestCase() {
        const QString out = qEnvironmentVariable("IRQSCOPE_DOC_SHOTS");
        if (out.isEmpty()) return;
        for (QSize screen : {QSize(1024, 768), QSize(1366, 768)}) {
            auto w = open(QStringLiteral("basics"), screen);
            QVERIFY(w);
            QTest::qWait(400);
            QVERIFY(w->grab().save(QDir(out).filePath(QStringLiteral("user-guide-%1.png").arg(screen.width()))));
        }
        // to look at, not for the guide: the large screen and the projector
        if (const QString check = qEnvironmentVariable("IRQSCOPE_CHECK_SHOTS"); !check.isEmpty()) {
            auto w = open(QStringLiteral("basics"), QSize(1600, 1000));
            QVERIFY(w);
            QTest::qWait(400);
            QVERIFY(w->grab().save(QDir(check).filePath(QStringLiteral("check-1600.png"))));
            w->setPresentationMode(true);
            w->showNormal();
            w->resize(1600, 1000);
            QTest::qWait(600);
            QVERIFY(w->grab().save(QDir(check).filePath(QStringLiteral("check-presentation-1600.png"))));
        }
    }
};

QTEST_MAIN(TestSmallScreens)
#include "test_small_screens.moc"
