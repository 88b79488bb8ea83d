// The Parts tab of the what-if panel, driven through the real window on the
// offscreen platform: a scenario's own parts are listed, added, duplicated,
// removed and edited with the engine's validation (the error, with file and
// JSON path, at the field), and the edited scenario is what Run runs and Save
// writes (load, save, load gives the same parts).
#include "core/MainWindow.h"
#include "core/metrics/MetricsPanel.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/scenario/PartEditor.h"
#include "core/scenario/PartsPanel.h"
#include "core/scenario/ScenarioTabs.h"
#include "core/util/TimeFormat.h"
#include "irqscope/part_defaults.h"
#include "test_settings.h"

#include <algorithm>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestPartsEditor : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w_;
    QTemporaryDir dir_;
    const QString example_ = QStringLiteral(IRQSCOPE_SOURCE_DIR "/docs/examples/my-device-threaded.json");

    PartsPanel* parts() const { return w_->parts(); }
    const nlohmann::json& lists() const { return w_->knobs()->scenario().parts(); }
    bool modified() const { return w_->windowTitle().contains(QLatin1Char('*')); }
    QComboBox* latencyChoice() const { return w_->metrics()->findChild<QComboBox*>(); }

private slots:
    void initTestCase() {
        irqscope::test::useOwnSettings("test_parts_editor");
        QVERIFY(dir_.isValid());
        MainWindow::Options opt;
        opt.restoreState = false;
        opt.initial = example_;
        w_ = std::make_unique<MainWindow>(opt);
        w_->resize(1366, 768);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
        QVERIFY(w_->runner()->waitForIdle(10000));
    }

    void listsTheParts() {
        const PartsModel& m = parts()->model();
        QCOMPARE(m.count("sources"), std::size_t(1));
        QCOMPARE(m.count("workqueues"), std::size_t(1));
        QCOMPARE(m.count("probes"), std::size_t(2));
        QCOMPARE(m.count("tasks"), std::size_t(0));
        QCOMPARE(parts()->partCount(), 4);
        QCOMPARE(w_->scenarioTabs()->tabText(1), QStringLiteral("Parts (4)"));
        QStringList names;
        QTreeWidget* t = parts()->tree();
        for (int i = 0; i < t->topLevelItemCount(); ++i)
            for (int c = 0; c < t->topLevelItem(i)->childCount(); ++c) names << t->topLevelItem(i)->child(c)->text(0);
        QCOMPARE(names, (QStringList{QStringLiteral("mydev"), QStringLiteral("mydrv_wq"),
                                     QStringLiteral("mydev_irq_to_thread"), QStringLiteral("mydev_work_latency")}));
        QVERIFY(!parts()->findChild<QLabel*>(QStringLiteral("rtappNotice"))->isVisibleTo(parts()));
    }

    void latencyDefaultsToTheUsersProbes() {
        // the latency plot and the run list's headline start on the scenario's first probe
        QCOMPARE(latencyChoice()->currentText(), QStringLiteral("mydev_irq_to_thread"));
        const auto h = latencyHeadline(w_->runs()->at(w_->runs()->size() - 1));
        QVERIFY(h);
        QCOMPARE(h->family, QStringLiteral("mydev_irq_to_thread"));
    }

    void addDuplicateRemove() {
        QVERIFY(!modified());
        QVERIFY(parts()->addPart("tasks"));
        QCOMPARE(lists()["tasks"].size(), std::size_t(1));
        QCOMPARE(lists()["tasks"][0]["name"], "task");
        QVERIFY(modified()); // the dirty mark, and with it the Save/Discard prompt
        QVERIFY(w_->hasUnkeptEdits());
        QCOMPARE(w_->scenarioTabs()->tabText(1), QStringLiteral("Parts (5)"));

        parts()->select("sources", 0);
        QVERIFY(parts()->duplicateSelected());
        QCOMPARE(lists()["sources"].size(), std::size_t(2));
        QCOMPARE(lists()["sources"][1]["name"], "mydev-2"); // a fresh name
        QCOMPARE(lists()["sources"][1]["then"], lists()["sources"][0]["then"]);
        QCOMPARE(parts()->editor()->index(), std::size_t(1)); // the copy is selected
        QVERIFY(parts()->removeSelected());
        QCOMPARE(lists()["sources"].size(), std::size_t(1));

        // a workqueue the source queues work on cannot go: refused, with the engine's reason
        parts()->select("workqueues", 0);
        QVERIFY(!parts()->removeSelected());
        QVERIFY2(parts()->bannerText().contains(QStringLiteral("sources[0].then[0].then[0]")),
                 qPrintable(parts()->bannerText()));
        QCOMPARE(lists()["workqueues"].size(), std::size_t(1));

        // a probe is added on something that exists: the new task's wake-ups
        QVERIFY(parts()->addPart("probes"));
        QCOMPARE(lists()["probes"][2]["wakeup"], "task");
        parts()->select("probes", 2);
        QVERIFY(parts()->removeSelected());
    }

    void badValueShownAtTheField() {
        parts()->select("sources", 0);
        PartEditor* e = parts()->editor();
        QVERIFY(e->hasRow("/handler/cost"));
        QVERIFY(!parts()->editField("/handler/cost", QStringLiteral("3 parsecs")));
        const QString err = parts()->errorAt("/handler/cost");
        QVERIFY2(err.contains(QStringLiteral("my-device-threaded.json")) &&
                     err.contains(QStringLiteral("sources[0].handler.cost")),
                 qPrintable(err));
        QCOMPARE(lists()["sources"][0]["handler"]["cost"], "3us"); // unchanged, not defaulted

        // the error goes to the row its path names: the rate below the arrival
        QVERIFY(!parts()->editField("/arrival/poisson/rate_hz", QStringLiteral("-5")));
        QVERIFY2(parts()->errorAt("/arrival/poisson/rate_hz").contains(QStringLiteral("arrival.poisson.rate_hz")),
                 qPrintable(parts()->errorAt("/arrival/poisson/rate_hz")));
        QVERIFY(parts()->errorAt("/arrival").isEmpty());
        // a JSON row that is not JSON
        QVERIFY(!parts()->editField("/then", QStringLiteral("[{\"thread\": ")));
        QVERIFY(parts()->errorAt("/then").contains(QStringLiteral("not valid JSON")));
        // CPUs the machine does not have (machine.cpus is 2)
        QVERIFY(!parts()->editField("/cpus", QStringLiteral("1, 5")));
        QVERIFY2(parts()->errorAt("/cpus").contains(QStringLiteral("sources[0].cpus[1]")),
                 qPrintable(parts()->errorAt("/cpus")));

        // fixed: accepted, every error gone
        QVERIFY(parts()->editField("/handler/cost", QStringLiteral("5us")));
        QVERIFY(parts()->errorAt("/handler/cost").isEmpty());
        QVERIFY(parts()->errorAt("/cpus").isEmpty());
        QCOMPARE(lists()["sources"][0]["handler"]["cost"], "5us");
        QVERIFY(parts()->editField("/arrival/poisson/rate_hz", QStringLiteral("3000")));
        QCOMPARE(lists()["sources"][0]["arrival"]["poisson"]["rate_hz"], 3000);
        QVERIFY(parts()->editField("/handler/cost", QStringLiteral(R"({"uniform": ["2us", "6us"]})")));
        QVERIFY(lists()["sources"][0]["handler"]["cost"].is_object());

        // a task's policy and priority; an empty field falls back to the engine's default
        parts()->select("tasks", 0);
        QVERIFY(parts()->editField("/policy", QStringLiteral("fifo")));
        QVERIFY(!parts()->editField("/priority", QStringLiteral("120")));
        QVERIFY(parts()->errorAt("/priority").contains(QStringLiteral("tasks[0].priority")));
        QVERIFY(parts()->editField("/priority", QStringLiteral("60")));
        QVERIFY(parts()->editField("/cpus", QStringLiteral("0")));
        QCOMPARE(lists()["tasks"][0]["priority"], 60);
        QCOMPARE(lists()["tasks"][0]["cpus"], nlohmann::json::array({0}));
        // the whole part as JSON
        nlohmann::json t = lists()["tasks"][0];
        t["name"] = "client";
        e->editJson(QString::fromStdString(t.dump()));
        QCOMPARE(lists()["tasks"][0]["name"], "client");
        QCOMPARE(parts()->tree()->currentItem()->text(0), QStringLiteral("client"));
        e->editJson(QStringLiteral(R"({"name": "client", "policy": "sometimes"})"));
        QVERIFY(parts()->errorAt("").contains(QStringLiteral("tasks[0].policy")));
        QCOMPARE(lists()["tasks"][0]["policy"], "fifo");
    }

    // The arrival is a form: its kind, then that kind's fields; a new kind
    // starts from working values, and the rare forms stay in the part's JSON.
    void arrivalForm() {
        parts()->select("sources", 0);
        PartEditor* e = parts()->editor();
        const nlohmann::json before = lists()["sources"][0]["arrival"];
        QVERIFY(parts()->editField("/arrival", QStringLiteral("bursts")));
        QCOMPARE(lists()["sources"][0]["arrival"]["bursts"]["count"], 4);
        QVERIFY(e->editorFor("/arrival/bursts/count")->isVisibleTo(e));
        QVERIFY(!e->editorFor("/arrival/poisson/rate_hz")->isVisibleTo(e));
        QVERIFY(parts()->editField("/arrival/bursts/count", QStringLiteral("8")));
        QCOMPARE(lists()["sources"][0]["arrival"]["bursts"]["count"], 8);
        // a burst longer than its period: the engine's rule, at its row
        QVERIFY(!parts()->editField("/arrival/bursts/gap", QStringLiteral("1ms")));
        QVERIFY2(parts()->errorAt("/arrival/bursts/every").contains(QStringLiteral("arrival.bursts.every")) ||
                     parts()->errorAt("/arrival/bursts/gap").contains(QStringLiteral("arrival.bursts")),
                 qPrintable(parts()->errorAt("/arrival/bursts/gap")));
        QVERIFY(parts()->editField("/arrival", QStringLiteral("gaps")));
        QVERIFY(parts()->editField("/arrival/gaps", QStringLiteral("750us")));
        QCOMPARE(lists()["sources"][0]["arrival"], nlohmann::json({{"gaps", "750us"}}));
        QVERIFY(parts()->editField("/arrival", QStringLiteral("periodic")));
        QVERIFY(parts()->editField("/arrival/periodic", QStringLiteral("500us")));
        // a form the rows do not cover: the part's JSON
        nlohmann::json p = lists()["sources"][0];
        p["arrival"] = before;
        e->editJson(QString::fromStdString(p.dump()));
        QCOMPARE(lists()["sources"][0]["arrival"], before);
        QCOMPARE(qobject_cast<QComboBox*>(e->editorFor("/arrival"))->currentText(), QStringLiteral("poisson"));
    }

    // The built-in models placed as parts: listed, added, duplicated, edited
    // (the model's own rows only) and removed, with the engine's validation.
    void devicesAreParts() {
        QVERIFY(parts()->addPart("devices"));
        QCOMPARE(lists()["devices"][0]["model"], "nvme");
        QCOMPARE(parts()->model().count("devices"), std::size_t(1));
        PartEditor* e = parts()->editor();
        QVERIFY(e->editorFor("/queues")->isVisibleTo(e));
        QVERIFY(!e->editorFor("/engines")->isVisibleTo(e));
        QVERIFY(!parts()->editField("/queues", QStringLiteral("0")));
        QVERIFY2(parts()->errorAt("/queues").contains(QStringLiteral("devices[0].queues")),
                 qPrintable(parts()->errorAt("/queues")));
        QVERIFY(parts()->editField("/queues", QStringLiteral("4")));
        QVERIFY(parts()->editField("/completion", QStringLiteral("threaded")));
        QCOMPARE(lists()["devices"][0]["queues"], 4);
        QVERIFY(parts()->duplicateSelected());
        QCOMPARE(lists()["devices"][1]["name"], "ssd-2");
        QCOMPARE(lists()["devices"][1]["completion"], "threaded");
        // another model starts from its own defaults, with its own rows
        QVERIFY(parts()->editField("/model", QStringLiteral("i915")));
        QCOMPARE(lists()["devices"][1], nlohmann::json({{"name", "ssd-2"}, {"model", "i915"}}));
        QVERIFY(e->editorFor("/engines")->isVisibleTo(e));
        QVERIFY(!e->editorFor("/queues")->isVisibleTo(e));
        QVERIFY(parts()->editField("/bottom_half", QStringLiteral("tasklet")));
        QVERIFY(parts()->removeSelected());
        parts()->select("devices", 0);
        QVERIFY(parts()->removeSelected());
        QCOMPARE(parts()->model().count("devices"), std::size_t(0));
    }

    // The form's defaults are the engine's (irqscope/part_defaults.h), never a
    // copy: each row whose placeholder stands for a default shows the value the
    // engine gives a part that leaves the field out.
    void shownDefaultsAreTheEngines() {
        const nlohmann::json lists = {
            {"sources", {{{"name", "s"}, {"arrival", {{"periodic", "1ms"}}}, {"handler", {{"cost", "1us"}}}}}},
            {"tasks", {{{"name", "t"}, {"events", {{{"run", "1ms"}}}}}}},
            {"workqueues", {{{"name", "w"}}}},
            {"resources", {{{"name", "r"}, {"type", "mutex"}}}},
            {"devices", {{{"name", "n"}, {"model", "nvme"}}}}};
        Scenario s;
        const Status st = s.setParts(lists);
        QVERIFY2(st, st ? "" : st.error().toString().c_str());
        const PartsModel model(s);
        PartEditor e;
        int checked = 0;
        for (const char* list : {"sources", "tasks", "workqueues", "resources", "devices"}) {
            e.showPart(model, list, 0);
            for (const PartField& f : partFields(list)) {
                if (!QByteArray(f.placeholder).contains("%1")) continue;
                const auto d = partFieldDefault(list, f.pointer, f.model ? f.model : "");
                QVERIFY2(d, f.pointer);
                const QString want = d->duration            ? durationText(d->value.get<Time>())
                                     : d->value.is_string() ? QString::fromStdString(d->value.get<std::string>())
                                                            : QString::fromStdString(d->value.dump());
                QWidget* ed = e.editorFor(f.pointer);
                QString shown;
                if (auto* le = qobject_cast<QLineEdit*>(ed)) {
                    shown = le->placeholderText();
                    QVERIFY2(shown == want || shown.startsWith(want + QLatin1Char(' ')),
                             qPrintable(QStringLiteral("%1: shows '%2', the engine's default is %3")
                                            .arg(QLatin1String(f.pointer), shown, want)));
                } else if (auto* combo = qobject_cast<QComboBox*>(ed)) {
                    shown = combo->itemText(0);
                    QCOMPARE(shown, QStringLiteral("default (%1)").arg(want));
                    QVERIFY2(combo->findData(want) > 0, f.pointer); // and one of the choices
                } else {
                    QFAIL(f.pointer);
                }
                // a device's field defaults to its parameter's, but the built-in workloads (docs/scenarios.md)
                if (f.model) {
                    std::string param = std::string(f.pointer + 1);
                    std::replace(param.begin(), param.end(), '/', '.');
                    const std::string ofModel = f.model;
                    const std::string own = ofModel == "i915"        ? "gpu"
                                            : ofModel == "panthor"   ? "drm"
                                            : ofModel == "gic_bench" ? "bench"
                                                                     : ofModel;
                    const ParamSpec* p = Schema::builtin().find(own + "." + param);
                    if (!p) p = Schema::builtin().find(param); // what the model owns: iommu.*, fio.*
                    QVERIFY2(p, f.pointer);
                    const bool workload = param == "fio.jobs" || param == "submitters";
                    QCOMPARE(d->value, workload ? nlohmann::json(0) : p->defaultValue);
                }
                ++checked;
            }
        }
        QCOMPARE(checked, 20);
    }

    void renameFollowsReferences() {
        // the source queues work on mydrv_wq: renaming the workqueue renames the reference
        parts()->select("workqueues", 0);
        QVERIFY(parts()->editField("/name", QStringLiteral("rx_wq")));
        QCOMPARE(lists()["workqueues"][0]["name"], "rx_wq");
        QCOMPARE(lists()["sources"][0]["then"][0]["then"][0]["queue_work"]["workqueue"], "rx_wq");
        // a name another workqueue has: refused at the name
        QVERIFY(parts()->addPart("workqueues"));
        QVERIFY(!parts()->editField("/name", QStringLiteral("rx_wq")));
        QVERIFY(parts()->errorAt("/name").contains(QStringLiteral("workqueues[1].name")));
        QVERIFY(parts()->removeSelected());
    }

    void runsTheEditedScenario() {
        QSignalSpy done(w_->runner(), &SimulationRunner::finished);
        const int before = w_->runs()->size();
        w_->action(QStringLiteral("run"))->trigger(); // Ctrl+R
        QVERIFY(done.wait(20000));
        QCOMPARE(w_->runs()->size(), before + 1);
        const RunRecord& r = w_->runs()->at(before);
        QCOMPARE(r.scenario->parts(), lists());
        QStringList changed;
        for (const ParamChange& c : r.changes) changed << c.path;
        QVERIFY2(changed.contains(QStringLiteral("sources[mydev].arrival.poisson.rate_hz")),
                 qPrintable(changed.join(QLatin1Char(','))));
        QVERIFY2(changed.contains(QStringLiteral("tasks[client].priority")),
                 qPrintable(changed.join(QLatin1Char(','))));
        // the task ran: it is in the run's task table
        bool found = false;
        for (const auto& task : r.result->metrics.tasks) found = found || task.name.rfind("client", 0) == 0;
        QVERIFY(found);
        QVERIFY(!w_->hasUnkeptEdits()); // a run keeps them
    }

    void saveAndReopenGivesTheSameParts() {
        const nlohmann::json edited = lists();
        const QString path = dir_.filePath(QStringLiteral("edited.irqscope.json"));
        QString err;
        QVERIFY2(w_->saveScenarioTo(path, &err), qPrintable(err));
        QVERIFY(!modified());
        auto back = Scenario::fromFile(path.toStdString());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->parts(), edited);
        QVERIFY(w_->openScenarioFile(path));
        QVERIFY(w_->runner()->waitForIdle(20000));
        QCOMPARE(lists(), edited);
        QCOMPARE(parts()->model().count("tasks"), std::size_t(1));
        QCOMPARE(parts()->model().name("tasks", 0), QStringLiteral("client"));
        // and once more: save, load is stable
        const QString again = dir_.filePath(QStringLiteral("again.irqscope.json"));
        QVERIFY(w_->saveScenarioTo(again, &err));
        QCOMPARE(Scenario::fromFile(again.toStdString())->parts(), edited);
    }

    void rtappTasksAreParts() {
        QVERIFY(w_->openScenarioFile(QStringLiteral(IRQSCOPE_SOURCE_DIR "/docs/examples/pi-fifo-taskset.json")));
        QVERIFY(w_->runner()->waitForIdle(20000));
        const QString rtapp = QStringLiteral(IRQSCOPE_TEST_DATA "/rtapp/simso-20tasks.json");
        QVERIFY(w_->openScenarioFile(rtapp));
        QVERIFY(w_->runner()->waitForIdle(20000));
        QCOMPARE(parts()->model().count("tasks"), std::size_t(20));
        auto* notice = parts()->findChild<QLabel*>(QStringLiteral("rtappNotice"));
        QVERIFY(notice->isVisibleTo(parts()));
        QVERIFY(notice->text().contains(QStringLiteral("simso-20tasks.json")));
        parts()->select("tasks", 0);
        QVERIFY(parts()->editField("/priority", QStringLiteral("42")));
        QString err;
        const QString path = dir_.filePath(QStringLiteral("from-rtapp.irqscope.json"));
        QVERIFY(w_->saveScenarioTo(path, &err));
        auto back = Scenario::fromFile(path.toStdString());
        QVERIFY(back.ok());
        QVERIFY(back->rtappFile().empty()); // saved in the scenario language
        QCOMPARE(back->parts(), lists());
    }

    void cleanupTestCase() {
        if (!qEnvironmentVariableIsEmpty("IRQSCOPE_DOC_SHOTS")) writeDocScreenshot();
        if (!qEnvironmentVariableIsEmpty("IRQSCOPE_CHECK_SHOTS")) writeCheckShots();
        w_.reset();
    }

private:
    // To look at, not for the guide: basics' source eth0 (intid, stream) and
    // its probe rx (arrival_to_task) at 1600x1000 and 1024x768.
    void writeCheckShots() {
        QVERIFY(w_->loadPreset(QStringLiteral("basics")));
        QVERIFY(w_->runner()->waitForIdle(20000));
        w_->scenarioTabs()->setCurrentIndex(1);
        const QDir out(qEnvironmentVariable("IRQSCOPE_CHECK_SHOTS"));
        for (QSize size : {QSize(1600, 1000), QSize(1024, 700)}) {
            w_->resize(size);
            for (const char* list : {"sources", "probes"}) {
                parts()->select(list, 0);
                QTest::qWait(400);
                QVERIFY(w_->grab().save(
                    out.filePath(QStringLiteral("check-parts-%1-%2.png").arg(QLatin1String(list)).arg(size.width()))));
            }
        }
    }

    // docs/images/parts-editor.png, only when asked:
    //   IRQSCOPE_DOC_SHOTS=docs/images build/ci/tests/test_parts_editor
    void writeDocScreenshot() {
        QVERIFY(w_->openScenarioFile(example_));
        QVERIFY(w_->runner()->waitForIdle(20000));
        w_->resize(1366, 768);
        w_->scenarioTabs()->setCurrentIndex(1);
        parts()->select("sources", 0);
        parts()->editField("/arrival/poisson/rate_hz", QStringLiteral("-2000"));
        QTest::qWait(400);
        // the refused rate shows its error under the field, not squeezed to nothing
        QVERIFY(parts()->editor()->editorFor("/arrival/poisson/rate_hz")->parentWidget()->height() > 40);
        QVERIFY(w_->grab().save(
            QDir(qEnvironmentVariable("IRQSCOPE_DOC_SHOTS")).filePath(QStringLiteral("parts-editor.png"))));
    }
};

QTEST_MAIN(TestPartsEditor)
#include "test_parts_editor.moc"
