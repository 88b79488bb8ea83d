// Lessons: every shipped lesson parses, is fully translated and, walked step
// by step in the real MainWindow, runs its scenario, applies its camera and
// finds everything it highlights; in presentation mode on a 1600x1000 screen
// every narration fits without scrolling; a lesson shows only the timeline and
// the Lesson dock and gives the dock layout back when it ends; malformed
// lessons are refused with the file and the JSON path.
#include "core/MainWindow.h"
#include "core/lessons/LessonDock.h"
#include "core/lessons/LessonPanel.h"
#include "core/lessons/LessonPlayer.h"
#include "core/lessons/LessonReader.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/timeline/TimelinePlot.h"
#include "test_settings.h"

#include <QAction>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

namespace {

// A valid two-step lesson; tests break one thing at a time.
QByteArray validLesson() {
    return R"({
  "format": "irqscope.lesson/1", "id": "t", "title": {"en": "T"}, "summary": {"en": "S"},
  "steps": [
    {"title": {"en": "one"}, "narration": {"en": "n"}, "scenario": {"preset": "basics"},
     "camera": {"from": "1.2ms", "to": "1500us", "lanes": ["CPU 0"]}},
    {"title": {"en": "two"}, "narration": {"en": "n"}, "scenario": {"set": {"sources[eth0].arrival.poisson.rate_hz": 30000}},
     "highlight": [{"lane": "CPU 0", "kind": "hardirq", "at": "2ms"}],
     "question": {"text": {"en": "q"}, "answer": {"en": "a"}}}
  ]})";
}

// The screen the lesson layout is checked for: a common projector resolution.
constexpr QSize kScreen(1600, 1000);

QString errorOf(const QByteArray& text) {
    auto r = readLesson(text, QStringLiteral("bad.json"));
    return r ? QString() : QString::fromStdString(r.error().toString());
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w_;
    double fullestNarration_ = 0; // text height / box height, the tightest step
    QString fullestWhere_;

    bool waitReady(LessonPlayer* p) {
        if (!p->waitingForRun()) return true;
        QSignalSpy ready(p, &LessonPlayer::stepReady);
        return ready.wait(60000);
    }

    QDockWidget* dockNamed(const char* name) const { return w_->findChild<QDockWidget*>(QLatin1String(name)); }

    // The step's narration (in every language) is read without scrolling, and
    // the question box is not squeezed below its text.
    QString textThatDoesNotFit(const QString& where) {
        LessonPanel* panel = w_->lessons()->panel();
        QTextBrowser* n = panel->narrationView();
        QString problems;
        for (const char* lang : {"en", "de", "zh_CN"}) {
            panel->setLanguage(QLatin1String(lang));
            QTest::qWait(50); // layout requests, the dock settling
            // Measured as if the scroll bar were shown: a text that only fits
            // without it would keep the bar it needed while being laid out.
            std::unique_ptr<QTextDocument> doc(n->document()->clone());
            const int box = n->contentsRect().height();
            doc->setTextWidth(n->contentsRect().width() -
                              n->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, n));
            const double textHeight = doc->size().height();
            if (textHeight / box > fullestNarration_) {
                fullestNarration_ = textHeight / box;
                fullestWhere_ = QStringLiteral("%1 [%2]").arg(where, QLatin1String(lang));
            }
            if (textHeight > box)
                problems += QStringLiteral("%1 [%2]: narration %3 px high in a %4 px box\n")
                                .arg(where, QLatin1String(lang))
                                .arg(textHeight)
                                .arg(box);
            if (panel->hasQuestion()) {
                // A label grows through a chain of queued layout requests; on a
                // loaded machine 50 ms is not always enough for it to settle,
                // while text that does not fit never does.
                const auto overflowing = [&] {
                    QString out;
                    for (QLabel* l : panel->questionBox()->findChildren<QLabel*>())
                        if (!l->isHidden() && l->height() < l->heightForWidth(l->width()))
                            out += QStringLiteral("%1 [%2]: question text %3 px in %4 px\n")
                                       .arg(where, QLatin1String(lang))
                                       .arg(l->heightForWidth(l->width()))
                                       .arg(l->height());
                    return out;
                };
                QString over = overflowing();
                for (int waited = 0; !over.isEmpty() && waited < 2000; waited += 50) {
                    QTest::qWait(50);
                    over = overflowing();
                }
                problems += over;
            }
        }
        panel->setLanguage(QString());
        return problems;
    }

private slots:
    void initTestCase() {
        irqscope::test::useOwnSettings("test_lessons");
        MainWindow::Options opt;
        opt.restoreState = false;
        w_ = std::make_unique<MainWindow>(opt);
        w_->resize(1400, 900);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
        QVERIFY(w_->runner()->waitForIdle(20000));
    }

    void parsesTimes() {
        QCOMPARE(parseLessonTime(QStringLiteral("1.25ms")), std::optional<Time>(1'250'000));
        QCOMPARE(parseLessonTime(QStringLiteral("500us")), std::optional<Time>(500'000));
        QCOMPARE(parseLessonTime(QStringLiteral("500µs")), std::optional<Time>(500'000));
        QCOMPARE(parseLessonTime(QStringLiteral("20ns")), std::optional<Time>(20));
        QCOMPARE(parseLessonTime(QStringLiteral("2s")), std::optional<Time>(2'000'000'000));
        QVERIFY(!parseLessonTime(QStringLiteral("250"))); // a unit is required
        QVERIFY(!parseLessonTime(QStringLiteral("1.2 min")));
        QVERIFY(!parseLessonTime(QStringLiteral("-1ms")));
    }

    void shippedLessonsParseAndAreTranslated() {
        const QStringList files = shippedLessonFiles();
        QVERIFY2(files.size() >= 5, qPrintable(files.join(u',')));
        QStringList ids;
        for (const QString& f : files) {
            auto l = readLessonFile(f);
            QVERIFY2(l, l ? "" : l.error().toString().c_str());
            QVERIFY2(l->steps.size() >= 5 && l->steps.size() <= 8, qPrintable(f));
            int questions = 0;
            for (const LessonStep& s : l->steps) questions += s.question ? 1 : 0;
            QVERIFY2(questions >= 1 && questions <= 2, qPrintable(f));
            for (const auto& [path, text] : l->localTexts())
                for (const char* lang : {"de", "zh_CN"})
                    QVERIFY2(text->has(QLatin1String(lang)) && !text->byLanguage.value(QLatin1String(lang)).isEmpty(),
                             qPrintable(QStringLiteral("%1: %2 has no %3").arg(f, path, QLatin1String(lang))));
            QVERIFY2(!ids.contains(l->id), qPrintable(l->id));
            ids << l->id;
        }
        for (const char* id :
             {"intro", "i915-bottom-half", "nvme-iommu", "panthor-wq-highpri", "gic-eoimode", "preempt-rt"})
            QVERIFY2(ids.contains(QLatin1String(id)), id);
    }

    void localTextFallsBackToEnglish() {
        LocalText t;
        t.byLanguage.insert(QStringLiteral("en"), QStringLiteral("hello"));
        t.byLanguage.insert(QStringLiteral("de"), QStringLiteral("hallo"));
        QCOMPARE(t.text(QStringLiteral("de_AT")), QStringLiteral("hallo"));
        QCOMPARE(t.text(QStringLiteral("zh_CN")), QStringLiteral("hello"));
    }

    void malformedLessonsNameFileAndPath_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const QByteArray ok = validLesson();
        auto with = [&](const char* from, const char* to) {
            QByteArray t = ok;
            t.replace(from, to);
            return t;
        };
        QTest::newRow("bad json") << QByteArray("{\"format\": ") << QStringLiteral("bad.json: line 1");
        QTest::newRow("missing steps")
            << QByteArray(R"({"format":"irqscope.lesson/1","id":"x","title":{"en":"t"},"summary":{"en":"s"}})")
            << QStringLiteral("bad.json: steps: missing");
        QTest::newRow("typo in a key") << with("\"narration\"", "\"narations\"")
                                       << QStringLiteral("bad.json: steps[0].narations: unknown key");
        QTest::newRow("empty steps")
            << QByteArray(
                   R"({"format":"irqscope.lesson/1","id":"x","title":{"en":"t"},"summary":{"en":"s"},"steps":[]})")
            << QStringLiteral("bad.json: steps: expected a non-empty list");
        QTest::newRow("bad time") << with("\"1.2ms\"", "\"1.2 minutes\"")
                                  << QStringLiteral("bad.json: steps[0].camera.from: expected a time");
        QTest::newRow("time without unit")
            << with("\"1500us\"", "1500") << QStringLiteral("bad.json: steps[0].camera.to: expected a time");
        QTest::newRow("to before from") << with("\"1500us\"", "\"1ms\"")
                                        << QStringLiteral("steps[0].camera.to: expected a time after");
        QTest::newRow("after the run") << with("\"1500us\"", "\"2s\"")
                                       << QStringLiteral("steps[0].camera.to: expected a time inside the run");
        QTest::newRow("unknown knob") << with("sources[eth0].arrival.poisson.rate_hz", "net.rate_hx")
                                      << QStringLiteral("bad.json: steps[1].scenario.set.net.rate_hx: unknown knob");
        // a part's field is a knob too: the engine names the parts a preset has (basics: the source eth0)
        QTest::newRow("part knob") << with("eth0]", "eth1]")
                                   << QStringLiteral("steps[1].scenario.set.sources[eth1].arrival.poisson.rate_hz: bad "
                                                     "value: the scenario has no part 'eth1' in sources");
        QTest::newRow("bad knob value")
            << with("30000", "\"fast\"")
            << QStringLiteral("steps[1].scenario.set.sources[eth0].arrival.poisson.rate_hz: bad value");
        // basics has the built-in network card switched off: setting its rate would change nothing
        QTest::newRow("knob of an off device") << with("sources[eth0].arrival.poisson.rate_hz", "net.rate_hz")
                                               << QStringLiteral("steps[1].scenario.set.net.rate_hz: has no effect: "
                                                                 "net.enabled is false");
        QTest::newRow("unknown preset") << with("\"basics\"", "\"basix\"")
                                        << QStringLiteral("bad.json: steps[0].scenario.preset: unknown preset 'basix'");
        QTest::newRow("wrong type") << with("\"title\": {\"en\": \"one\"}", "\"title\": 7")
                                    << QStringLiteral("bad.json: steps[0].title: expected a localised text");
        QTest::newRow("no english") << with("{\"en\": \"T\"}", "{\"de\": \"T\"}")
                                    << QStringLiteral("bad.json: title.en: missing");
        QTest::newRow("unknown cpu lane") << with("\"CPU 0\"]", "\"CPU 7\"]")
                                          << QStringLiteral("bad.json: steps[0].camera.lanes[0]: unknown lane 'CPU 7'");
        QTest::newRow("unknown kind") << with("\"hardirq\"", "\"hardirc\"")
                                      << QStringLiteral("bad.json: steps[1].highlight[0].kind: unknown kind 'hardirc'");
        QTest::newRow("first step without preset") << with("{\"preset\": \"basics\"}", "{\"set\": {\"load.hogs\": 1}}")
                                                   << QStringLiteral("bad.json: steps[0].scenario.preset: missing");
        QTest::newRow("wrong format") << with("irqscope.lesson/1", "irqscope.lesson/9")
                                      << QStringLiteral("bad.json: format: expected");
    }
    void malformedLessonsNameFileAndPath() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QVERIFY(errorOf(validLesson()).isEmpty());
        const QString err = errorOf(text);
        QVERIFY2(err.contains(expected), qPrintable(err));
    }

    // Walk every step of every shipped lesson in the real window: the run is
    // the step's scenario, the camera is applied, every lane and highlight is
    // found in the run.
    void walkEveryStepOfEveryLesson() {
        LessonDock* dock = w_->lessons();
        LessonPlayer* p = dock->player();
        QString tooBig;
        for (const QString& f : shippedLessonFiles()) {
            QString err;
            QVERIFY2(dock->startLesson(f, 0, &err), qPrintable(err));
            QVERIFY(w_->presentationMode());
            QVERIFY(!dock->isHidden());
            QTRY_COMPARE(w_->size(), kScreen); // full screen
            for (int i = 0; i < p->stepCount(); ++i) {
                if (i > 0) QTest::keyClick(w_.get(), Qt::Key_PageDown);
                QCOMPARE(p->stepIndex(), i);
                QVERIFY2(waitReady(p), qPrintable(QStringLiteral("%1 step %2 never ran").arg(f).arg(i + 1)));
                const LessonStep& s = *p->step();
                QVERIFY2(p->problem().isEmpty(), qPrintable(p->problem()));
                QCOMPARE(w_->knobs()->scenario().document(), s.scenario.document());
                QCOMPARE(w_->currentRun()->scenario->document(), s.scenario.document());
                QCOMPARE(w_->knobs()->scenario().effective().dump(), s.scenario.effective().dump());
                TimelinePlot* t = w_->timeline();
                if (s.camera) {
                    QCOMPARE(t->view(), (TimeRange{double(s.camera->from), double(s.camera->to)}));
                    QCOMPARE(int(t->scene().layout.laneSlots().size()), int(s.camera->lanes.size()));
                } else {
                    QCOMPARE(t->view(), t->fullRange());
                }
                QCOMPARE(t->highlights().size(), s.highlights.size());
                QCOMPARE(dock->panel()->counter(), QStringLiteral("%1 / %2").arg(i + 1).arg(p->stepCount()));
                QCOMPARE(dock->panel()->hasQuestion(), s.question.has_value());
                tooBig += textThatDoesNotFit(QStringLiteral("%1 step %2").arg(f).arg(i + 1));
            }
        }
        qInfo("fullest narration box: %.0f %% of its height (%s)", fullestNarration_ * 100, qPrintable(fullestWhere_));
        QVERIFY2(tooBig.isEmpty(), qPrintable(tooBig));
        p->stop();
        QVERIFY(w_->timeline()->scene().filter.onlyLanes.empty());
    }

    // A lesson shows the timeline and the Lesson dock only, at about 1/3 of
    // the width; F11 during the lesson keeps it; ending it gives back exactly
    // the dock layout (and presentation mode) from before.
    void lessonLayoutHidesDocksAndEndRestoresThem() {
        LessonDock* lessons = w_->lessons();
        QDockWidget* scenario = dockNamed("ScenarioDock");
        QDockWidget* details = dockNamed("DetailsDock");
        QDockWidget* runs = dockNamed("RunsDock");
        QDockWidget* metrics = dockNamed("MetricsDock");
        QVERIFY(scenario && details && runs && metrics);
        QVERIFY(!w_->presentationMode());
        for (QDockWidget* d : {scenario, details, runs, metrics}) d->show();
        const QByteArray before = w_->saveState();
        QVERIFY(lessons->isHidden());

        QVERIFY(lessons->startLesson(QStringLiteral("i915-bottom-half")));
        for (QDockWidget* d : w_->findChildren<QDockWidget*>())
            QVERIFY2(d == lessons || d->isHidden(), qPrintable(d->objectName()));
        QVERIFY(!lessons->isHidden());
        QCOMPARE(w_->dockWidgetArea(lessons), Qt::RightDockWidgetArea);
        QTRY_VERIFY2(std::abs(lessons->width() - w_->width() * LessonDock::kWidthShare) < w_->width() * 0.03,
                     qPrintable(QStringLiteral("dock %1 px of %2").arg(lessons->width()).arg(w_->width())));
        QVERIFY(lessons->height() > w_->centralWidget()->height() * 9 / 10); // full height

        QVERIFY(lessons->startLesson(QStringLiteral("intro"))); // keeps the lesson layout
        QVERIFY(scenario->isHidden() && details->isHidden() && !lessons->isHidden());

        w_->action(QStringLiteral("presentation"))->trigger(); // F11: out of presentation
        QVERIFY(!w_->presentationMode());
        QVERIFY(!lessons->isHidden());
        QVERIFY(scenario->isHidden() && details->isHidden());
        w_->action(QStringLiteral("presentation"))->trigger(); // and back in
        QVERIFY(w_->presentationMode() && !lessons->isHidden());

        lessons->stopAction()->trigger();
        QVERIFY(!lessons->player()->isActive());
        QVERIFY(!w_->presentationMode()); // the lesson turned it on
        for (QDockWidget* d : {scenario, details, runs, metrics}) QVERIFY2(!d->isHidden(), qPrintable(d->objectName()));
        QVERIFY(lessons->isHidden());
        QCOMPARE(w_->saveState(), before);
        QVERIFY(w_->runner()->waitForIdle(20000));
    }

    void knobChangeReRunsAndPreviousRestores() {
        LessonDock* dock = w_->lessons();
        LessonPlayer* p = dock->player();
        QVERIFY(dock->startLesson(QStringLiteral("intro")));
        QVERIFY(waitReady(p));
        const int last = p->stepCount() - 1;
        // the packet rate of basics' source eth0
        auto rate = [this] {
            return w_->knobs()->scenario().parts()["sources"][0]["arrival"]["poisson"]["rate_hz"].get<double>();
        };
        p->goTo(last); // sources[eth0].arrival.poisson.rate_hz=30000
        QVERIFY(p->waitingForRun());
        QVERIFY(waitReady(p));
        QCOMPARE(rate(), 30000.0);
        QTest::keyClick(w_.get(), Qt::Key_PageUp); // back to the preset's 3000
        QCOMPARE(p->stepIndex(), last - 1);
        QVERIFY(waitReady(p));
        QCOMPARE(rate(), 3000.0);
        const int runs = w_->runs()->size();
        p->previous(); // same scenario: no new run, camera at once
        QVERIFY(!p->waitingForRun());
        QCOMPARE(w_->runs()->size(), runs);
        dock->restartAction()->trigger();
        QCOMPARE(p->stepIndex(), 0);
        p->stop();
    }

    void questionRevealsAnswer() {
        LessonDock* dock = w_->lessons();
        LessonPlayer* p = dock->player();
        QVERIFY(dock->startLesson(QStringLiteral("intro")));
        int q = -1;
        for (int i = 0; i < p->stepCount() && q < 0; ++i)
            if (p->lesson()->steps[std::size_t(i)].question) q = i;
        QVERIFY(q >= 0);
        p->goTo(q);
        QVERIFY(waitReady(p));
        LessonPanel* panel = dock->panel();
        QVERIFY(panel->hasQuestion());
        QVERIFY(!panel->answerShown());
        QTest::mouseClick(panel->revealButton(), Qt::LeftButton);
        QVERIFY(panel->answerShown());
        p->next(); // a new step hides the answer again
        QVERIFY(!panel->answerShown());
        p->stop();
    }

    void narrationFollowsTheLanguage() {
        LessonDock* dock = w_->lessons();
        QVERIFY(dock->startLesson(QStringLiteral("intro")));
        LessonPanel* panel = dock->panel();
        const LessonStep& s = *dock->player()->step();
        panel->setLanguage(QStringLiteral("de"));
        QCOMPARE(panel->stepTitle(), s.title.byLanguage.value(QStringLiteral("de")));
        panel->setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(panel->stepTitle(), s.title.byLanguage.value(QStringLiteral("zh_CN")));
        panel->setLanguage(QString());
        dock->player()->stop();
    }

    void badFileIsRefusedWithItsName() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(validLesson()).replace("sources[eth0].arrival.poisson.rate_hz", "no.such_knob"));
        f.close();
        QString err;
        QVERIFY(!w_->lessons()->startLesson(path, 0, &err));
        QVERIFY2(err.contains(path) && err.contains(QStringLiteral("steps[1].scenario.set.no.such_knob")),
                 qPrintable(err));
        QVERIFY(!w_->lessons()->player()->isActive());
    }

    void cleanupTestCase() {
        w_->runner()->cancel();
        w_.reset();
    }
};

// QTEST_MAIN, on an offscreen screen of kScreen: presentation mode is full
// screen, and the narration must fit the projector's size, not offscreen's
// default 800x600.
int main(int argc, char** argv) {
    QTemporaryDir dir;
    if (qgetenv("QT_QPA_PLATFORM") == "offscreen" && dir.isValid()) {
        const QString config = dir.filePath(QStringLiteral("screen.json"));
        QFile f(config);
        if (f.open(QIODevice::WriteOnly))
            f.write(QStringLiteral(R"({"screens": [{"name": "projector", "x": 0, "y": 0,
                "width": %1, "height": %2, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})")
                        .arg(kScreen.width())
                        .arg(kScreen.height())
                        .toUtf8());
        f.close();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    }
    QApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestLessons tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}
#include "test_lessons.moc"
