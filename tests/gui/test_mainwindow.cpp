// Drives the real MainWindow on the offscreen platform: opens ready, zooms,
// selects, re-runs a what-if edit, compares two runs, exports every format.
#include "core/MainWindow.h"
#include "core/compare/CompareView.h"
#include "core/metrics/MetricsPanel.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/timeline/TimelinePlot.h"
#include "core/timeline_image.h"
#include "test_settings.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestMainWindow : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w_;
    QTemporaryDir dir_;

    QString file(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

    // The first segment of `kind` on any CPU lane.
    std::optional<TimelineItem> find(ContextKind kind) const {
        const Trace& t = w_->currentRun()->result->trace;
        for (std::uint32_t l = 0; l < t.laneCount(); ++l)
            for (int d = 0; d < t.depthCount(l); ++d)
                for (std::size_t i = 0; i < t.segmentCount(l, d); ++i) {
                    const Segment s = t.segment(l, d, i);
                    if (s.kind == kind && s.end - s.start > 500) {
                        TimelineItem it;
                        it.lane = l;
                        it.segment = s;
                        return it;
                    }
                }
        return std::nullopt;
    }

private slots:
    void initTestCase() {
        irqscope::test::useOwnSettings("test_mainwindow");
        QVERIFY(dir_.isValid());
        MainWindow::Options opt;
        opt.restoreState = false;
        w_ = std::make_unique<MainWindow>(opt);
        w_->resize(1400, 900);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
    }

    void opensReady() {
        QVERIFY(w_->runner()->waitForIdle(10000));
        QCOMPARE(w_->runs()->size(), 1);
        QVERIFY(w_->currentRun());
        QCOMPARE(w_->timeline()->run(), w_->currentRun()->result);
        QVERIFY(w_->timeline()->scene().layout.laneSlots().size() >= 2);
        QCOMPARE(w_->timeline()->view(), w_->timeline()->fullRange());
    }

    void zoomPanBackForward() {
        TimelinePlot* t = w_->timeline();
        t->setFocus();
        const TimeRange full = t->view();
        QTest::keyClick(t, Qt::Key_W);
        QVERIFY(t->view().span() < full.span() * 0.9);
        const TimeRange zoomed = t->view();
        QTest::keyClick(t, Qt::Key_D);
        QVERIFY(t->view().t0 > zoomed.t0);
        QCOMPARE(t->view().span(), zoomed.span());
        QTRY_VERIFY(t->history().canBack()); // recorded once the view settles
        const TimeRange settled = t->view();
        t->back();
        QCOMPARE(t->view(), full);
        t->forward();
        QCOMPARE(t->view(), settled);
        t->fitAll();
        QCOMPARE(t->view(), full);
        t->back();
        QCOMPARE(t->view(), settled);
        t->fitAll();
        // wheel at a point keeps the time under the cursor
        const QPoint at(t->axisRect()->left() + t->axisRect()->width() / 4, t->axisRect()->center().y());
        const double before = t->xAxis->pixelToCoord(at.x());
        QWheelEvent wheel(at, t->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(t, &wheel);
        QVERIFY(t->view().span() < full.span());
        QVERIFY(std::abs(t->xAxis->pixelToCoord(at.x()) - before) < t->view().span() / 500);
    }

    void clickSelectsAndShowsCausalChain() {
        TimelinePlot* t = w_->timeline();
        const auto softirq = find(ContextKind::Softirq);
        QVERIFY(softirq);
        const Segment& s = softirq->segment;
        t->setView({double(s.start) - 20000, double(s.end) + 20000});
        t->replot();
        const auto px = t->pixelOf(softirq->lane, s.depth, (s.start + s.end) / 2);
        QVERIFY(px);
        QTest::mouseClick(t, Qt::LeftButton, Qt::NoModifier, px->toPoint());
        QVERIFY(t->selection());
        QCOMPARE(t->selection()->segment.kind, ContextKind::Softirq);
        QCOMPARE(t->selection()->segment.start, s.start);
        QVERIFY(!t->scene().flows.empty()); // raised by a hardirq, and woke the server
        QVERIFY(w_->details()->toPlainText().contains(QStringLiteral("Caused by")));
        const QString tip = ItemText::tooltipHtml(w_->currentRun()->result->trace, *t->selection());
        QVERIFY(tip.contains(QStringLiteral("duration")) && tip.contains(QStringLiteral("CPU")));
        t->zoomToSelection();
        QVERIFY(t->view().t0 <= double(s.start) && t->view().t1 >= double(s.end));
        QTest::keyClick(t, Qt::Key_Escape);
        QVERIFY(!t->selection());
    }

    void invalidValueMarkedAtField() {
        KnobPanel* k = w_->knobs();
        QVERIFY(!k->edit(QStringLiteral("machine.cpus"), QStringLiteral("0")));
        QVERIFY(!k->errorAt(QStringLiteral("machine.cpus")).isEmpty());
        QCOMPARE(k->scenario().getInt("machine.cpus"), std::int64_t(2)); // kept the last valid value
        QVERIFY(k->edit(QStringLiteral("machine.cpus"), QStringLiteral("2")));
        QVERIFY(k->errorAt(QStringLiteral("machine.cpus")).isEmpty());
    }

    void whatIfRunAndCompare() {
        KnobPanel* k = w_->knobs();
        QVERIFY(k->edit(QStringLiteral("sources[eth0].arrival.poisson.rate_hz"), QStringLiteral("9000")));
        QSignalSpy done(w_->runner(), &SimulationRunner::finished);
        w_->runNow();
        QVERIFY(done.wait(10000));
        QCOMPARE(w_->runs()->size(), 2);
        const RunRecord& r = w_->runs()->at(1);
        QCOMPARE(r.changes.size(), std::size_t(1));
        QCOMPARE(r.changes[0].path, QStringLiteral("sources[eth0].arrival.poisson.rate_hz"));
        QVERIFY(w_->compareRows(0, 1));
        CompareView* c = w_->compare();
        QVERIFY(c->hasRuns());
        QVERIFY(c->deltaTable()->rowCount() > 10);
        // linked time axis
        c->plotA()->setView({1e6, 2e6});
        QCOMPARE(c->plotB()->view(), (TimeRange{1e6, 2e6}));
        c->plotB()->zoomIn();
        QCOMPARE(c->plotA()->view(), c->plotB()->view());
        QString err;
        QVERIFY2(c->exportImage(file("compare.png"), {1200, 900}, &err), qPrintable(err));
        QVERIFY(QImage(file("compare.png")).size() == QSize(1200, 900));
    }

    void newerRunWins() {
        QSignalSpy done(w_->runner(), &SimulationRunner::finished);
        const int before = w_->runs()->size();
        Scenario a = w_->knobs()->scenario();
        w_->runner()->start(a);
        const int second = w_->runner()->start(a);
        QVERIFY(w_->runner()->waitForIdle(10000));
        QTest::qWait(50);
        QCOMPARE(done.count(), 1);
        QCOMPARE(done.at(0).at(0).toInt(), second);
        QCOMPARE(w_->runs()->size(), before + 1);
    }

    void exportsEveryFormat() {
        w_->showRun(w_->runs()->at(0).id);
        QString err;
        for (const char* name : {"tl.png", "tl.svg", "tl.pdf"}) {
            QVERIFY2(w_->exportTimelineImage(file(name), {1600, 900}, true, &err), qPrintable(err));
            QVERIFY2(QFileInfo(file(name)).size() > 2000, name);
        }
        QVERIFY(QFile(file("tl.svg")).open(QIODevice::ReadOnly));
        QFile svg(file("tl.svg"));
        svg.open(QIODevice::ReadOnly);
        const QByteArray svgText = svg.readAll();
        QVERIFY(svgText.contains("<svg"));
        QVERIFY(svgText.contains("CPU 0"));
        QFile pdf(file("tl.pdf"));
        pdf.open(QIODevice::ReadOnly);
        QVERIFY(pdf.read(5) == "%PDF-");

        // the PNG shows lanes in the palette's colours: find user-task blue and hardirq red
        const QImage img(file("tl.png"));
        QCOMPARE(img.size(), QSize(1600, 900));
        const Palette pal;
        auto count = [&](QColor want) {
            int n = 0;
            for (int y = 0; y < img.height(); y += 2)
                for (int x = 0; x < img.width(); x += 2) {
                    const QColor c = img.pixelColor(x, y);
                    if (std::abs(c.red() - want.red()) + std::abs(c.green() - want.green()) +
                            std::abs(c.blue() - want.blue()) <
                        30)
                        ++n;
                }
            return n;
        };
        QVERIFY2(count(pal.kind(ContextKind::User)) > 2000, "CPU 1's hog should paint a long blue bar");
        QVERIFY2(count(pal.kind(ContextKind::Hardirq)) > 20, "hardirqs should be visible in red");

        QVERIFY2(w_->exportTimelineImage(file("view.png"), {800, 500}, false, &err), qPrintable(err));
        QCOMPARE(QImage(file("view.png")).size(), QSize(800, 500));
        for (const char* name : {"lat.png", "lat.svg", "lat.pdf"})
            QVERIFY2(w_->exportMetricsPlot(file(name), {900, 600}, &err) && QFileInfo(file(name)).size() > 1000, name);
        QVERIFY(w_->exportMetrics(file("m.csv"), &err));
        QVERIFY(w_->exportMetrics(file("m.json"), &err));
        QVERIFY(w_->exportTrace(file("trace.json"), &err));
        QFile csv(file("m.csv"));
        csv.open(QIODevice::ReadOnly);
        QVERIFY(csv.readAll().startsWith("section,name,cpu,metric,value,unit\n"));
        QFile tj(file("trace.json"));
        tj.open(QIODevice::ReadOnly);
        QVERIFY(tj.readAll().contains("traceEvents"));
        QVERIFY(!w_->exportTimelineImage(file("tl.bmp"), {100, 100}, true, &err));
    }

    void saveAndReopenScenario() {
        QString err;
        QVERIFY(w_->knobs()->edit(QStringLiteral("net.rate_hz"), QStringLiteral("4000")));
        QVERIFY2(w_->saveScenarioTo(file("s.json"), &err), qPrintable(err));
        auto back = Scenario::fromFile(file("s.json").toStdString());
        QVERIFY(back.ok());
        QCOMPARE(back->getInt("net.rate_hz"), std::int64_t(4000));
        QVERIFY(w_->openScenarioFile(file("s.json")));
        QVERIFY(w_->runner()->waitForIdle(10000));
        QCOMPARE(w_->knobs()->scenario().getInt("net.rate_hz"), std::int64_t(4000));
    }

    void importRealTrace() {
        QString err;
        const QString dir = QStringLiteral(IRQSCOPE_TEST_DATA "/ftrace/");
        QVERIFY(!w_->importTraceFile(dir + QStringLiteral("not_ftrace.csv"), &err));
        QVERIFY(err.contains(QStringLiteral("not_ftrace.csv")));
        const int before = w_->runs()->size();
        QVERIFY2(w_->importTraceFile(dir + QStringLiteral("nested.txt"), &err), qPrintable(err));
        QCOMPARE(w_->runs()->size(), before + 1);
        QVERIFY(!w_->currentRun()->scenario); // imported, not simulated
        QVERIFY(!w_->timeline()->scene().layout.laneSlots().empty());
        QVERIFY(w_->compareRows(0, w_->runs()->size() - 1)); // a simulation beside a real capture
        // the status line says what the importer repaired, as the CLI's report does
        QVERIFY2(w_->importTraceFile(dir + QStringLiteral("real/x86_64-2cpu-load.txt"), &err), qPrintable(err));
        QString status;
        for (QLabel* l : w_->statusBar()->findChildren<QLabel*>())
            if (l->text().startsWith(QStringLiteral("Imported"))) status = l->text();
        QVERIFY2(status.contains(QStringLiteral("0 skipped, 2 repaired (repaired: implicit_switch 2)")),
                 qPrintable(status));
    }

    void presentationMode() {
        w_->setPresentationMode(true);
        QVERIFY(w_->timeline()->scene().palette.presentation());
        w_->setPresentationMode(false);
        QVERIFY(!w_->timeline()->scene().palette.presentation());
    }

    void cleanupTestCase() {
        if (!qEnvironmentVariableIsEmpty("IRQSCOPE_DOC_SHOTS")) writeDocScreenshots();
        w_.reset();
    }

    // An off device's fields are greyed out and say which switch turns them
    // on (i915-execlists: net.enabled is false); ticking the switch brings
    // them back. (Last: it leaves the window on another preset.)
    void anOffDevicesFieldsAreGreyedOut() {
        QVERIFY(w_->loadPreset(QStringLiteral("i915-execlists")));
        QVERIFY(w_->runner()->waitForIdle(10000));
        KnobPanel* k = w_->knobs();
        QVERIFY(!k->scenario().getBool("net.enabled"));
        QWidget* rate = k->editorFor(QStringLiteral("net.rate_hz"));
        auto* sw = qobject_cast<QCheckBox*>(k->editorFor(QStringLiteral("net.enabled")));
        QVERIFY(rate && sw);
        QVERIFY(!rate->isEnabled());
        QVERIFY(sw->isEnabled() && !sw->isChecked());
        QCOMPARE(k->offSwitchAt(QStringLiteral("net.rate_hz")), QStringLiteral("net.enabled"));
        QVERIFY2(rate->toolTip().contains(QStringLiteral("net.enabled is false")), qPrintable(rate->toolTip()));
        QVERIFY(k->editorFor(QStringLiteral("machine.cpus"))->isEnabled()); // a device that is on
        const QString shots = qEnvironmentVariable("IRQSCOPE_CHECK_SHOTS");
        auto shot = [&](const char* name) {
            if (shots.isEmpty()) return;
            k->setFilter(QStringLiteral("net."));
            QTest::qWait(200);
            QVERIFY(k->grab().save(QDir(shots).filePath(QString::fromLatin1(name))));
            k->setFilter(QString());
        };
        shot("knobs-net-off.png");
        sw->click(); // as a user ticks it
        QVERIFY(k->scenario().getBool("net.enabled"));
        QVERIFY(rate->isEnabled());
        QVERIFY(k->offSwitchAt(QStringLiteral("net.rate_hz")).isEmpty());
        QVERIFY(!rate->toolTip().contains(QStringLiteral("is false")));
        shot("knobs-net-on.png");
        sw->click();
        QVERIFY(!rate->isEnabled());
    }

private:
    // Screenshots for docs/user-guide.md and docs/real-traces.md, only when
    // asked (not a test case):
    //   IRQSCOPE_DOC_SHOTS=/work/main/docs/images build/ci/tests/test_mainwindow
    void writeDocScreenshots() {
        const QString out = qEnvironmentVariable("IRQSCOPE_DOC_SHOTS");
        w_->resize(1600, 1000);
        QVERIFY(w_->loadPreset(QStringLiteral("basics")));
        QVERIFY(w_->runner()->waitForIdle(10000));
        auto shot = [&](const char* name) {
            QTest::qWait(400);
            QVERIFY(w_->grab().save(QDir(out).filePath(QString::fromLatin1(name))));
        };
        shot("user-guide-main.png");
        TimelinePlot* t = w_->timeline();
        const auto softirq = find(ContextKind::Softirq);
        QVERIFY(softirq);
        t->setView({double(softirq->segment.start) - 15000, double(softirq->segment.end) + 40000});
        t->selectItem(softirq);
        t->zoomToSelection();
        shot("user-guide-selection.png");
        QVERIFY(w_->knobs()->edit(QStringLiteral("sources[eth0].arrival.poisson.rate_hz"), QStringLiteral("12000")));
        w_->runNow();
        QVERIFY(w_->runner()->waitForIdle(10000));
        QVERIFY(w_->compareRows(w_->runs()->size() - 2, w_->runs()->size() - 1));
        w_->compare()->plotA()->setView({10e6, 14e6});
        shot("user-guide-compare.png");
        w_->centralTabs()->setCurrentIndex(0);
        t->setView({10e6, 14e6});
        w_->metrics()->setCurrentIndex(1);
        shot("user-guide-cputime.png");
        w_->metrics()->setCurrentIndex(0);
        w_->setPresentationMode(true);
        w_->showNormal(); // the offscreen "screen" is small; show the projector look at 1600x1000
        w_->resize(1600, 1000);
        t->setView({20e6, 21e6});
        shot("user-guide-presentation.png");
        w_->setPresentationMode(false);
        // a real capture beside a simulation, one linked time axis
        w_->resize(1600, 1000);
        QString err;
        QVERIFY(w_->loadPreset(QStringLiteral("basics")));
        QVERIFY(w_->runner()->waitForIdle(10000));
        QVERIFY2(w_->importTraceFile(QStringLiteral(IRQSCOPE_TEST_DATA "/ftrace/real/x86_64-2cpu-load.txt"), &err),
                 qPrintable(err));
        QVERIFY(w_->compareRows(w_->runs()->size() - 1, w_->runs()->size() - 2));
        w_->compare()->plotA()->setView({20e6, 32e6});
        shot("real-vs-sim-compare.png");
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
