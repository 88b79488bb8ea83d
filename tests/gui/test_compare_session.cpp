// The comparison leads with the finding and scenario, run and
// view stay together, with sessions saved and reopened: the real
// window on the offscreen platform.
#include "core/MainWindow.h"
#include "core/compare/CompareView.h"
#include "core/compare/LatencyOverlayPlot.h"
#include "core/run/Session.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "test_settings.h"

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

namespace {
// Answers the next modal message box with `button` (and records its name).
struct BoxAnswer {
    QString seenName;
    bool seen = false;
};
void answerNextBox(BoxAnswer* out, QMessageBox::StandardButton button) {
    QTimer::singleShot(50, [out, button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) return;
        out->seen = true;
        out->seenName = box->objectName();
        box->button(button)->click();
    });
}
} // namespace

class TestCompareSession : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w_;
    QTemporaryDir dir_;

    bool runEdit(const char* path, const char* value) {
        if (!w_->knobs()->edit(QString::fromLatin1(path), QString::fromLatin1(value))) return false;
        QSignalSpy done(w_->runner(), &SimulationRunner::finished);
        w_->runNow();
        return done.wait(20000);
    }
    // the packet rate of basics' source eth0
    static double rateOf(const Scenario& s) {
        return s.parts()["sources"][0]["arrival"]["poisson"]["rate_hz"].get<double>();
    }
    int selectedRow() const {
        const auto rows = w_->runTable()->selectionModel()->selectedRows();
        return rows.size() == 1 ? rows[0].row() : -1;
    }

private slots:
    void initTestCase() {
        irqscope::test::useOwnSettings("test_compare_session");
        QVERIFY(dir_.isValid());
        MainWindow::Options opt;
        opt.restoreState = false;
        opt.initial = QStringLiteral("basics");
        w_ = std::make_unique<MainWindow>(opt);
        w_->resize(1400, 900);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
        QVERIFY(w_->runner()->waitForIdle(20000));
        QCOMPARE(w_->runs()->size(), 1);
        QVERIFY(!w_->hasUnsavedRuns()); // the start-up run is not work to lose
    }

    void headlineNamesKnobAndLargestChange() {
        QVERIFY(runEdit("sources[eth0].arrival.poisson.rate_hz", "12000"));
        QVERIFY(w_->hasUnsavedRuns());
        QVERIFY(w_->compareRows(0, 1));
        CompareView* c = w_->compare();
        const CompareHeadline& h = c->headline();
        QCOMPARE(h.knobs.size(), 1);
        QVERIFY2(h.knobs[0].startsWith(QLatin1String("sources[eth0].arrival.poisson.rate_hz: ")),
                 qPrintable(h.knobs[0]));
        QVERIFY(!h.changes.empty());
        QVERIFY(h.changes.size() <= 5);
        // largest first, and the words name the metric, A's and B's values
        for (std::size_t i = 1; i < h.changes.size(); ++i) QVERIFY(h.changes[i - 1].score >= h.changes[i].score);
        const CompareFinding& top = h.changes.front();
        QVERIFY(top.text.contains(top.row.name));
        QVERIFY(top.text.contains(MetricsDelta::format(*top.row.a, top.row.unit)));
        QVERIFY(top.text.contains(QStringLiteral("→")));
        const QString shown = c->headlineLabel()->text();
        QVERIFY(shown.contains(QStringLiteral("sources[eth0].arrival.poisson.rate_hz")));
        QVERIFY(shown.contains(top.text.toHtmlEscaped()));
        // A and B overlaid in one plot
        QCOMPARE(c->overlay()->graphCount(), 2);
    }

    void interruptRowIsNotGreenWhenItRises() {
        QTableWidget* t = w_->compare()->deltaTable();
        bool found = false;
        for (int i = 0; i < t->rowCount(); ++i) {
            QTableWidgetItem* name = t->item(i, 0);
            if (!name || name->data(Qt::UserRole).toString() != QLatin1String("events/interrupts")) continue;
            found = true;
            // twice the packet rate: more interrupts, coloured as worse (never green)
            QVERIFY(t->item(i, 2)->text().toDouble() > t->item(i, 1)->text().toDouble());
            QCOMPARE(t->item(i, 3)->foreground().color(), QColor(0xB3, 0x14, 0x1B));
        }
        QVERIFY(found);
        // and the directions per family
        for (const DeltaRow& r :
             MetricsDelta::compute(w_->runs()->at(0).result->metrics, w_->runs()->at(1).result->metrics)) {
            if (r.key == QLatin1String("events/interrupts")) QCOMPARE(r.verdict(), -1);
            if (r.key == QLatin1String("cpu_time/user")) QCOMPARE(r.direction, DeltaRow::Direction::HigherIsBetter);
            if (r.key.endsWith(QLatin1String("/samples"))) QCOMPARE(r.direction, DeltaRow::Direction::Neutral);
        }
    }

    void ratesWhenDurationsDiffer() {
        Metrics a, b;
        a.simTimeNs = kMs * 100;
        b.simTimeNs = kMs * 200;
        a.cpus.resize(1);
        b.cpus.resize(1);
        a.cpus[0].interrupts = 100;
        b.cpus[0].interrupts = 200; // the same rate
        for (const DeltaRow& r : MetricsDelta::compute(a, b))
            if (r.key == QLatin1String("events/interrupts")) {
                QCOMPARE(r.unit, DeltaRow::Unit::Rate);
                QCOMPARE(*r.a, 1000.0);
                QCOMPARE(r.verdict(), 0);
            }
    }

    void selectionFollowsTheRunShown() {
        QCOMPARE(w_->runs()->size(), 2);
        w_->showRun(w_->runs()->at(0).id);
        QCOMPARE(selectedRow(), 0);
        w_->showRun(w_->runs()->at(1).id);
        QCOMPARE(selectedRow(), 1);
        // selecting a run shows it and its scenario; Run re-runs that scenario
        w_->runTable()->selectRow(0);
        QCOMPARE(w_->currentRun()->id, w_->runs()->at(0).id);
        QCOMPARE(rateOf(w_->knobs()->scenario()), rateOf(*w_->runs()->at(0).scenario));
        QSignalSpy done(w_->runner(), &SimulationRunner::finished);
        w_->runNow();
        QVERIFY(done.wait(20000));
        QCOMPARE(w_->runs()->size(), 3);
        QVERIFY(w_->runs()->at(2).changes.size() == 1); // back to run 1's rate
        QCOMPARE(selectedRow(), 2);
    }

    void leavingUnkeptEditsAsks() {
        QVERIFY(w_->knobs()->edit(QStringLiteral("sources[eth0].arrival.poisson.rate_hz"), QStringLiteral("7000")));
        QVERIFY(w_->hasUnkeptEdits());
        BoxAnswer ans;
        answerNextBox(&ans, QMessageBox::Cancel);
        w_->runTable()->selectRow(1); // another run: asks, Cancel stays
        QVERIFY(ans.seen);
        QCOMPARE(ans.seenName, QStringLiteral("leaveEditsPrompt"));
        QCOMPARE(w_->currentRun()->id, w_->runs()->at(2).id);
        QCOMPARE(selectedRow(), 2);
        QCOMPARE(rateOf(w_->knobs()->scenario()), 7000.0);
        BoxAnswer ans2;
        answerNextBox(&ans2, QMessageBox::Discard);
        w_->runTable()->selectRow(1);
        QVERIFY(ans2.seen);
        QCOMPARE(w_->currentRun()->id, w_->runs()->at(1).id);
        QCOMPARE(rateOf(w_->knobs()->scenario()), 12000.0);
        QVERIFY(!w_->hasUnkeptEdits()); // the panel shows run 2's values, which run 2 keeps
    }

    void sessionRoundTrip() {
        QVERIFY(w_->compareRows(0, 1));
        const QString path = dir_.filePath(QStringLiteral("s.irqscope-session.json"));
        QString err;
        QVERIFY2(w_->saveSessionTo(path, &err), qPrintable(err));
        QVERIFY(!w_->hasUnsavedRuns());
        std::vector<QString> labels;
        std::vector<nlohmann::json> metrics;
        for (int i = 0; i < w_->runs()->size(); ++i) {
            labels.push_back(w_->runs()->at(i).label);
            metrics.push_back(Session::metricsDigest(w_->runs()->at(i).result->metrics));
        }
        const int shownRow = w_->runs()->rowOf(w_->currentRun()->id);

        QVERIFY(runEdit("sources[eth0].arrival.poisson.rate_hz", "5000")); // something to lose
        QVERIFY(w_->hasUnsavedRuns());
        QString note;
        QVERIFY2(w_->openSessionFile(path, &err, &note), qPrintable(err));
        QVERIFY2(note.isEmpty(), qPrintable(note));
        QCOMPARE(std::size_t(w_->runs()->size()), labels.size());
        for (int i = 0; i < w_->runs()->size(); ++i) {
            QCOMPARE(w_->runs()->at(i).label, labels[std::size_t(i)]);
            QVERIFY(Session::metricsDigest(w_->runs()->at(i).result->metrics) == metrics[std::size_t(i)]);
        }
        QCOMPARE(w_->compare()->runIdA(), w_->runs()->at(0).id);
        QCOMPARE(w_->compare()->runIdB(), w_->runs()->at(1).id);
        QCOMPARE(w_->runs()->rowOf(w_->currentRun()->id), shownRow);
        QVERIFY(!w_->hasUnsavedRuns());

        // a newer format is refused with a message, not misread
        QFile f(dir_.filePath(QStringLiteral("future.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "irqscope.session/9", "runs": []})");
        f.close();
        QVERIFY(!w_->openSessionFile(f.fileName(), &err));
        QVERIFY(err.contains(QLatin1String("irqscope.session/9")));
    }

    void quittingWithUnsavedRunsAsks() {
        QVERIFY(runEdit("sources[eth0].arrival.poisson.rate_hz", "4000"));
        BoxAnswer ans;
        answerNextBox(&ans, QMessageBox::Cancel);
        QVERIFY(!w_->close());
        QVERIFY(ans.seen);
        QCOMPARE(ans.seenName, QStringLiteral("unsavedRunsPrompt"));
        QVERIFY(w_->isVisible());
    }

    void cleanupTestCase() {
        if (!qEnvironmentVariableIsEmpty("IRQSCOPE_DOC_SHOTS")) writeDocScreenshots();
        w_.reset();
    }

private:
    // IRQSCOPE_DOC_SHOTS=docs/images build/ci/tests/test_compare_session
    void writeDocScreenshots() {
        const QString out = qEnvironmentVariable("IRQSCOPE_DOC_SHOTS");
        for (QSize size : {QSize(1600, 1000), QSize(1366, 768)}) {
            w_->resize(size);
            QVERIFY(w_->loadPreset(QStringLiteral("i915-execlists")));
            QVERIFY(w_->runner()->waitForIdle(20000));
            const int before = w_->runs()->size();
            QVERIFY(runEdit("gpu.bottom_half", "tasklet"));
            QVERIFY(w_->compareRows(before - 1, before));
            // at 768 px the guide shows its advice taken: the Metrics dock closed
            if (auto* m = w_->findChild<QDockWidget*>(QStringLiteral("MetricsDock")))
                m->setVisible(size.height() > 800);
            QTest::qWait(400);
            const QString name = QStringLiteral("user-guide-compare-%1x%2.png").arg(size.width()).arg(size.height());
            QVERIFY(w_->grab().save(QDir(out).filePath(name)));
        }
    }
};

QTEST_MAIN(TestCompareSession)
#include "test_compare_session.moc"
