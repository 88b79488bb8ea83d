// Issue 19, point 7: the window is usable on the screens people have. At
// 1366x768 and 1024x768 (less a desktop's panel and the title bar) the
// default layout fits - its minimum size is not larger than the screen - the
// timeline keeps a usable area, and the texts of the default layout are not
// clipped.
#include "core/MainWindow.h"
#include "core/run/RunList.h"
#include "core/run/SimulationRunner.h"
#include "core/timeline/TimelinePlot.h"
#include "test_settings.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestSmallScreens : public QObject {
    Q_OBJECT

    static void dump(QMainWindow* w) {
        qInfo() << "window min" << w->minimumSizeHint() << "size" << w->size() << "central min"
                << w->centralWidget()->minimumSizeHint();
        for (auto* d : w->findChildren<QDockWidget*>())
            qInfo() << d->objectName() << "visible" << d->isVisible() << "min" << d->minimumSizeHint() << "geom"
                    << d->geometry();
    }

private slots:
    void initTestCase() { irqscope::test::useOwnSettings("test_small_screens"); }

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
};

QTEST_MAIN(TestSmallScreens)
#include "test_small_screens.moc"
