// A task's CFS group in the Parts tab, through the real window on the
// offscreen platform: a twin fitted from a capture with task-group lines
// (tests/data/twin/fifo-cfs-io-groups) puts its tasks in groups; loading it,
// editing a grouped task and saving keeps every "group", and the group row
// renames the group without losing its weight or nice, with the engine's
// refusal shown at the row.
#include "core/MainWindow.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/scenario/PartEditor.h"
#include "core/scenario/PartsPanel.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"
#include "test_settings.h"

#include <QFile>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

class TestPartsGroups : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w_;
    QTemporaryDir dir_;
    nlohmann::json fittedTasks_;

    PartsPanel* parts() const { return w_->parts(); }
    const nlohmann::json& tasks() const { return w_->knobs()->scenario().parts()["tasks"]; }
    // The first task of the fitted twin whose group is written as `form`.
    std::size_t grouped(nlohmann::json::value_t form) const {
        for (std::size_t i = 0; i < fittedTasks_.size(); ++i)
            if (fittedTasks_[i].contains("group") && fittedTasks_[i]["group"].type() == form) return i;
        return fittedTasks_.size();
    }
    nlohmann::json savedTasks(const QString& name) {
        const QString path = dir_.filePath(name);
        QString err;
        if (!w_->saveScenarioTo(path, &err)) qFatal("%s", qPrintable(err));
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
        return nlohmann::json::parse(f.readAll().toStdString())["tasks"];
    }

private slots:
    void initTestCase() {
        irqscope::test::useOwnSettings("test_parts_groups");
        QVERIFY(dir_.isValid());
        const std::string capture = IRQSCOPE_TEST_DATA "/twin/fifo-cfs-io-groups/capture.txt";
        auto imported = importFtraceFile(capture);
        QVERIFY(imported);
        TwinOptions opt;
        opt.capturePath = capture;
        auto fit = fitTwin(*imported, opt);
        QVERIFY2(fit, fit ? "" : fit.error().toString().c_str());
        const QString path = dir_.filePath(QStringLiteral("twin.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(fit->scenario.dump(2)));
        f.close();
        fittedTasks_ = fit->scenario["tasks"];
        QVERIFY(grouped(nlohmann::json::value_t::string) < fittedTasks_.size());

        MainWindow::Options o;
        o.restoreState = false;
        o.initial = path;
        w_ = std::make_unique<MainWindow>(o);
        w_->resize(1366, 768);
        w_->show();
        QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
        QVERIFY(w_->runner()->waitForIdle(60000));
        QCOMPARE(tasks(), fittedTasks_);
    }

    void anEditKeepsEveryGroup() {
        const std::size_t i = grouped(nlohmann::json::value_t::string);
        parts()->select("tasks", i);
        QVERIFY(parts()->editField("/cpus", QStringLiteral("0")));
        const nlohmann::json saved = savedTasks(QStringLiteral("edited.json"));
        QCOMPARE(saved.size(), fittedTasks_.size());
        for (std::size_t t = 0; t < saved.size(); ++t)
            QCOMPARE(saved[t].value("group", nlohmann::json()), fittedTasks_[t].value("group", nlohmann::json()));
        QCOMPARE(saved[i]["cpus"], nlohmann::json::array({0}));
    }

    void theGroupRowRenamesAndKeepsTheNice() {
        const std::size_t i = grouped(nlohmann::json::value_t::string);
        const nlohmann::json shared = fittedTasks_[i]["group"]; // the rt-app threads' autogroup
        std::size_t other = 0;
        while (other < fittedTasks_.size() &&
               (other == i || fittedTasks_[other].value("group", nlohmann::json()) != shared))
            ++other;
        QVERIFY(other < fittedTasks_.size());
        parts()->select("tasks", i);
        PartEditor* e = parts()->editor();
        QVERIFY(e->hasRow("/group"));
        QCOMPARE(qobject_cast<QLineEdit*>(e->editorFor("/group"))->text(),
                 QString::fromStdString(shared.get<std::string>()));
        // an autogroup of its own at nice 5 (the whole-part JSON), renamed at the row
        nlohmann::json part = tasks()[i];
        part["group"] = {{"name", "solo"}, {"nice", 5}};
        e->editJson(QString::fromStdString(part.dump()));
        QCOMPARE(tasks()[i]["group"], part["group"]);
        QCOMPARE(qobject_cast<QLineEdit*>(e->editorFor("/group"))->text(), QStringLiteral("solo"));
        QVERIFY(parts()->editField("/group", QStringLiteral("solo2")));
        QCOMPARE(tasks()[i]["group"], (nlohmann::json{{"name", "solo2"}, {"nice", 5}}));
        // the name of the other threads' group, whose nice is 0: refused, at the row
        QVERIFY(!parts()->editField("/group", QString::fromStdString(shared.get<std::string>())));
        QVERIFY2(parts()->errorAt("/group").contains(QStringLiteral(".group")), qPrintable(parts()->errorAt("/group")));
        QCOMPARE(tasks()[i]["group"], (nlohmann::json{{"name", "solo2"}, {"nice", 5}}));
        // empty: the root group
        QVERIFY(parts()->editField("/group", QString()));
        QVERIFY(!tasks()[i].contains("group"));
        QVERIFY(parts()->errorAt("/group").isEmpty());
        QVERIFY(!savedTasks(QStringLiteral("ungrouped.json"))[i].contains("group"));
    }

    void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(TestPartsGroups)
#include "test_parts_groups.moc"
