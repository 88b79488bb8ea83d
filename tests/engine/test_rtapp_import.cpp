// rt-app task sets: the lenient reader (comments, trailing commas, repeated
// keys), the translation into the scenario language (checked against
// scenarios written by hand from rt-app's documentation), every example rt-app
// ships (/usr/share/doc/rt-app/examples, Debian package rt-app; missing
// examples are a failure, not a skip), the error paths and the log format.
#include "sim_helpers.h"

#include "irqscope/rtapp_logs.h"
#include "parts/rtapp_import.h"

#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>

#include <fstream>
#include <sstream>

using namespace irqscope;
namespace rt = irqscope::parts::rtapp;
using nlohmann::json;

namespace {

const QString kExamples = QStringLiteral("/usr/share/doc/rt-app/examples");

json readJson(const QString& path) {
    std::ifstream in(path.toStdString());
    return json::parse(in);
}

// Every example file, merge/ excepted (rt-app reads those as one set).
QStringList exampleFiles() {
    QStringList files;
    QDirIterator it(kExamples, {"*.json"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QString f = it.next();
        if (!f.contains("/merge/")) files << f;
    }
    files.sort();
    return files;
}

std::vector<std::string> mergeSet() {
    std::vector<std::string> out;
    for (const char* f : {"global", "resources", "thread0", "thread1", "thread2", "thread3"})
        out.push_back((kExamples + "/merge/" + f + ".json").toStdString());
    return out;
}

// Examples whose keys cannot be modelled: the key the error must name.
const std::map<QString, std::string> kRefused = {{"tutorial/example6.json", "tasks.thread0.mem"}};

} // namespace

// QCOMPARE cannot print a json; this says both sides.
#define QCOMPARE_JSON(actual, expected)                                                                                \
    do {                                                                                                               \
        const json a_ = (actual), e_ = (expected);                                                                     \
        QVERIFY2(a_ == e_, qPrintable(QString::fromStdString("actual " + a_.dump() + "\nexpected " + e_.dump())));     \
    } while (0)

class TestRtappImport : public QObject {
    Q_OBJECT
private slots:
    void examplesAreInstalled() {
        // scripts/deps.txt installs rt-app; without its examples this test
        // proves nothing, so it fails.
        QVERIFY2(QDir(kExamples).exists(), "rt-app's examples are missing: apt-get install rt-app");
        QVERIFY2(exampleFiles().size() >= 18, qPrintable(QString::number(exampleFiles().size())));
        for (const auto& f : mergeSet()) QVERIFY2(QFile::exists(QString::fromStdString(f)), f.c_str());
    }

    void lenientReaderKeepsEveryMemberInOrder() {
        auto v = rt::parse(R"({
            /* block
               comment */ "a": 1, // line comment
            "p": {"run": 10, "sleep": 20, "run": 30,},
            "suspend",
            "list": [1, 2.5, "x", true, null,],
        })",
                           "t.json");
        QVERIFY2(v.ok(), v.ok() ? "" : v.error().toString().c_str());
        const auto* p = v->find("p");
        QVERIFY(p && p->members.size() == 3);
        QCOMPARE(p->members[0].first, std::string("run"));
        QCOMPARE(p->members[1].first, std::string("sleep"));
        QCOMPARE(p->members[2].second.i, std::int64_t(30));
        QCOMPARE(int(v->find("suspend")->kind), int(rt::Value::Kind::NoValue));
        QCOMPARE(v->find("list")->items.size(), std::size_t(5));
        QCOMPARE(p->line, 4);
    }

    void lenientReaderErrorsNameFileLineAndColumn() {
        struct Case {
            const char* text;
            const char* where;
        } cases[] = {{"{\n  \"a\" 1\n}", "t.json: line 2, column 7: expected ':'"},
                     {"{\n  /* open", "t.json: line 2, column 3: comment opened here is never closed"},
                     {"{\"a\": [1, 2}", "t.json: line 1, column 12: expected ',' or ']'"},
                     {"{\"a\": tru}", "t.json: line 1, column 7: unexpected character 't'"},
                     {"{\"a\": 1} x", "t.json: line 1, column 10: unexpected text"},
                     {"", "t.json: line 1, column 1: empty file"}};
        for (const auto& c : cases) {
            auto v = rt::parse(c.text, "t.json");
            QVERIFY2(!v.ok(), c.text);
            QVERIFY2(v.error().toString().starts_with(c.where), v.error().toString().c_str());
        }
    }

    // Every prefix of a real file (a truncated download, an editor's buffer)
    // is an error with a place, never a crash or a hang.
    void truncatedFilesAreErrors() {
        QFile f(kExamples + "/tutorial/example5.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString() + "\"\\u12";
        for (std::size_t n = 0; n + 1 < text.size(); ++n) {
            auto v = rt::parse(std::string_view(text).substr(0, n), "t.json");
            if (n < text.size() - 6) QVERIFY2(!v.ok(), std::to_string(n).c_str());
            if (!v.ok()) QVERIFY(v.error().where.starts_with("line "));
        }
    }

    void everyExampleTranslates_data() {
        QTest::addColumn<QString>("file");
        for (const auto& f : exampleFiles()) QTest::newRow(qPrintable(QDir(kExamples).relativeFilePath(f))) << f;
    }
    void everyExampleTranslates() {
        QFETCH(QString, file);
        auto imported = rt::importFiles({file.toStdString()});
        const QString rel = QDir(kExamples).relativeFilePath(file);
        if (auto it = kRefused.find(rel); it != kRefused.end()) {
            QVERIFY(!imported.ok());
            const std::string msg = imported.error().toString();
            QVERIFY2(msg.find(file.toStdString()) != std::string::npos, msg.c_str());
            QVERIFY2(msg.find(it->second) != std::string::npos, msg.c_str());
            QVERIFY2(msg.find("cannot be modelled") != std::string::npos, msg.c_str());
            return;
        }
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        QVERIFY(!imported->parts["tasks"].empty());
    }

    void mergeSetTranslatesAsOne() {
        auto imported = rt::importFiles(mergeSet());
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        QCOMPARE_JSON(imported->parts, readJson(IRQSCOPE_TEST_DATA "/rtapp/expected/merge.json"));
        QCOMPARE(*imported->duration, Time(5'000'000'000));
    }

    void translationEqualsTheHandWrittenScenario_data() {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("expected");
        QTest::newRow("run and sleep") << "tutorial/example1.json"
                                       << "example1.json";
        QTest::newRow("unique timer") << "tutorial/example2.json"
                                      << "example2.json";
        QTest::newRow("suspend and resume") << "tutorial/example4.json"
                                            << "example4.json";
        QTest::newRow("phase affinity") << "tutorial/example8.json"
                                        << "example8.json";
        QTest::newRow("FIFO, trailing commas") << "cpufreq_governor_efficiency/dvfs.json"
                                               << "dvfs.json";
    }
    void translationEqualsTheHandWrittenScenario() {
        QFETCH(QString, example);
        QFETCH(QString, expected);
        auto imported = rt::importFiles({(kExamples + "/" + example).toStdString()});
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        const json want = readJson(IRQSCOPE_TEST_DATA "/rtapp/expected/" + expected);
        QVERIFY2(imported->parts == want, imported->parts.dump(1).c_str());
    }

    void globalSectionIsReadAndNoted() {
        auto imported = rt::importText(R"({"global": {"duration": 3, "pi_enabled": true, "default_policy":
            "SCHED_FIFO", "calibration": "CPU0", "log_basename": "web", "frag": 1},
            "tasks": {"t": {"loop": 2, "lock": "m", "run": 5, "unlock": "m", "cpus": [6]}}})",
                                       "g.json");
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        QCOMPARE(*imported->duration, Time(3'000'000'000));
        QCOMPARE(imported->logBasename, std::string("web"));
        QCOMPARE(imported->highestCpu, 6);
        QCOMPARE_JSON(imported->parts["resources"][0], json({{"name", "m"}, {"type", "mutex"}, {"pi", true}}));
        const json& t = imported->parts["tasks"][0];
        QCOMPARE_JSON(t["policy"], json("fifo"));
        QCOMPARE_JSON(t["priority"], json(10));
        QCOMPARE_JSON(t["loop"], json(2));
        std::string notes;
        for (const auto& n : imported->notes) notes += n + "\n";
        QVERIFY2(notes.find("global.calibration") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("global.frag: unknown key") != std::string::npos, notes.c_str());
    }

    void refusalsNameTheKeyAndWhy_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("iorun") << R"({"tasks": {"a": {"run": 1, "iorun": 5}}})"
                               << "e.json: tasks.a.iorun (line 1";
        QTest::newRow("fork") << R"({"tasks": {"a": {"fork": "b"}}})"
                              << "tasks.a.fork (line 1, column 26): rt-app's";
        QTest::newRow("uclamp") << R"({"tasks": {"a": {"util_min": 5, "run": 1}}})"
                                << "tasks.a.util_min";
        QTest::newRow("taskgroup") << R"({"tasks": {"a": {"taskgroup": "/x", "run": 1}}})"
                                   << "tasks.a.taskgroup";
        QTest::newRow("phase policy") << R"({"tasks": {"a": {"phases": {"p": {"policy": "SCHED_FIFO", "run": 1}}}}})"
                                      << "tasks.a.phases.p.policy";
        QTest::newRow("bad policy") << R"({"tasks": {"a": {"policy": "SCHED_BATCH", "run": 1}}})"
                                    << "SCHED_DEADLINE";
        QTest::newRow("fifo priority") << R"({"tasks": {"a": {"policy": "SCHED_FIFO", "priority": 0, "run": 1}}})"
                                       << "expected 1-99";
        QTest::newRow("nice") << R"({"tasks": {"a": {"priority": 30, "run": 1}}})"
                              << "nice value";
        QTest::newRow("run string") << R"({"tasks": {"a": {"run": "5"}}})"
                                    << "tasks.a.run (line 1, column 25)";
        QTest::newRow("no events") << R"({"tasks": {"a": {"loop": 1}}})"
                                   << "no events";
        QTest::newRow("no tasks") << R"({"global": {}})"
                                  << "needs \"tasks\"";
        QTest::newRow("legacy period") << R"({"tasks": {"a": {"exec": 5}}})"
                                       << "needs a \"period\"";
    }
    void refusalsNameTheKeyAndWhy() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        auto imported = rt::importText(text.toStdString(), "e.json");
        QVERIFY(!imported.ok());
        const std::string msg = imported.error().toString();
        QVERIFY2(msg.find(expected.toStdString()) != std::string::npos, msg.c_str());
    }

    void numberedKeysAreEventsInOrder() {
        // example7: "runtime1", "sleep1", "barrier1", ... (rt-app matches keys by prefix)
        auto imported = rt::importFiles({(kExamples + "/tutorial/example7.json").toStdString()});
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        const json& ev = imported->parts["tasks"][0]["phases"][0]["events"];
        QCOMPARE(ev.size(), std::size_t(8));
        QCOMPARE_JSON(ev[0], json({{"runtime", "1000us"}}));
        QCOMPARE_JSON(ev[1], json({{"sleep", "2000us"}}));
        QCOMPARE_JSON(ev[2], json({{"barrier", "FIRST"}}));
        QCOMPARE_JSON(ev[7], json({{"barrier", "THIRD"}}));
        QCOMPARE_JSON(imported->parts["resources"][0], json({{"name", "FIRST"}, {"type", "barrier"}}));
        // a key with no value ("suspend",) is the thread's own name (workgen)
        auto video = rt::importFiles({(kExamples + "/video-short.json").toStdString()});
        QVERIFY(video.ok());
        QCOMPARE_JSON(video->parts["tasks"][0]["phases"][0]["events"][1],
                      json({{"wait", {{"ref", "surfaceflinger.cond"}, {"mutex", "surfaceflinger"}}}}));
    }

    // The SimSo anchor of bench_rtapp: 20 rate-monotonic FIFO tasks, 5 per CPU.
    void simsoTaskSetTranslates() {
        auto imported = rt::importFiles({IRQSCOPE_TEST_DATA "/rtapp/simso-20tasks.json"});
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        const json& tasks = imported->parts["tasks"];
        QCOMPARE(tasks.size(), std::size_t(20));
        QCOMPARE(*imported->duration, kSec);
        QCOMPARE(imported->highestCpu, 3);
        for (std::size_t k = 0; k < tasks.size(); ++k) {
            const json& t = tasks[k];
            QCOMPARE_JSON(t["policy"], json("fifo"));
            QCOMPARE_JSON(t["cpus"], json::array({int(k / 5)}));
            const json& ev = t["phases"][0]["events"];
            const std::string period = ev[1]["timer"]["period"], run = ev[0]["run"];
            const long p = std::stol(period), r = std::stol(run);
            QCOMPARE(r * 100, p * 15); // WCET 15 % of the period
            const std::map<long, int> rm = {{1000, 50}, {2000, 40}, {4000, 30}, {5000, 20}, {10000, 10}};
            QCOMPARE(t["priority"].get<int>(), rm.at(p)); // rate-monotonic
            QCOMPARE_JSON(ev[1]["timer"]["mode"], json("absolute"));
        }
    }

    void instancesAreThreadsNamedAsRtappNamesThem() {
        auto imported = rt::importFiles({(kExamples + "/tutorial/example3.json").toStdString()});
        QVERIFY(imported.ok());
        const json& tasks = imported->parts["tasks"];
        QCOMPARE(tasks.size(), std::size_t(12));
        QCOMPARE_JSON(tasks[11]["name"], json("thread0-11"));
        // each instance has its own "unique" timer
        QCOMPARE_JSON(tasks[11]["phases"][1]["events"][1]["timer"]["ref"], json("thread0-11/unique"));
    }

    // Scenario::fromFile reads an rt-app file: the default machine (4 CPUs)
    // unless a task pins to a higher CPU, run.duration_ns from global.duration.
    void scenarioFromAnRtappFile() {
        for (const char* f : {"tutorial/example1.json", "tutorial/example8.json", "mp3-short.json"}) {
            auto s = Scenario::fromFile((kExamples + "/" + f).toStdString());
            QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
            QCOMPARE(s->getInt("machine.cpus"), std::int64_t(4));
            QVERIFY(!s->parts()["tasks"].empty());
        }
        auto pinned = rt::importText(R"({"tasks": {"a": {"cpus": [7], "run": 1}}})", "p.json");
        QCOMPARE(pinned->highestCpu, 7);
        // a broken rt-app file: the lenient reader's line and column
        auto broken = Scenario::fromJsonText("{\"tasks\": {\n \"a\": {\"run\" 5}}}", "b.json");
        QVERIFY(!broken.ok());
        QCOMPARE(QString::fromStdString(broken.error().toString()),
                 QString("b.json: line 2, column 14: expected ':' after the key \"run\""));
    }

    // "rtapp": "file" in a scenario adds the file's tasks to the scenario's own.
    void scenarioTakesItsTasksFromAnRtappFile() {
        QTemporaryDir dir;
        std::ofstream(dir.filePath("ts.json").toStdString()) << R"({"tasks": {"t": {"run": 100, "sleep": 900,}}})";
        std::ofstream(dir.filePath("s.json").toStdString())
            << R"({"schema": "irqscope.scenario/1", "machine": {"cpus": 2}, "rtapp": "ts.json"})";
        auto s = Scenario::fromFile(dir.filePath("s.json").toStdString());
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
        QCOMPARE_JSON(s->parts()["tasks"][0]["name"], json("t-0"));
        QCOMPARE(s->getInt("machine.cpus"), std::int64_t(2));
        std::ofstream(dir.filePath("bad.json").toStdString())
            << R"({"schema": "irqscope.scenario/1", "rtapp": "missing.json"})";
        auto bad = Scenario::fromFile(dir.filePath("bad.json").toStdString());
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().toString().find("missing.json: cannot open file") != std::string::npos,
                 bad.error().toString().c_str());
    }

    // "rtapp": {"file", "start"}: a thread's initial delay from the scenario
    // (the twin writes each thread's start in the capture), checked at the field.
    void scenarioSetsEachThreadsStart() {
        QTemporaryDir dir;
        std::ofstream(dir.filePath("ts.json").toStdString())
            << R"({"tasks": {"a": {"run": 100, "timer": {"ref": "t", "period": 1000}},
                             "b": {"instance": 2, "delay": 50, "run": 100, "sleep": 900}}})";
        const auto load = [&](const std::string& rtapp) {
            std::ofstream(dir.filePath("s.json").toStdString())
                << R"({"schema": "irqscope.scenario/1", "rtapp": )" + rtapp + "}";
            return Scenario::fromFile(dir.filePath("s.json").toStdString());
        };
        auto s = load(R"({"file": "ts.json", "start": {"a-0": "120us", "b-2": 3000}})");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
        QCOMPARE(s->rtappFile(), std::string("ts.json"));
        const json tasks = s->parts()["tasks"];
        QCOMPARE(tasks.size(), std::size_t(3));
        QCOMPARE_JSON(tasks[0]["delay"], json(120000));
        QCOMPARE_JSON(tasks[1]["name"], json("b-1"));
        QCOMPARE_JSON(tasks[2]["delay"], json(3000));
        QCOMPARE_JSON(tasks[1]["delay"], json("50us")); // the file's own
        // each thread's first loop starts once its delay has passed (and it was woken)
        RunOptions opt;
        opt.duration = 5 * kMs;
        opt.recordTaskLogs = true;
        auto r = run(*s, opt);
        QVERIFY(r.ok());
        const auto first = [&](const char* thread) { return r->taskLogs.at(thread).front().start; };
        QVERIFY2(first("a-0") >= 120 * kUs && first("a-0") < 200 * kUs, std::to_string(first("a-0")).c_str());
        QVERIFY2(first("b-1") >= 50 * kUs && first("b-1") < 130 * kUs, std::to_string(first("b-1")).c_str());
        QVERIFY2(first("b-2") >= 3 * kUs && first("b-2") < 83 * kUs, std::to_string(first("b-2")).c_str());
        const auto error = [&](const std::string& rtapp) {
            auto bad = load(rtapp);
            return bad.ok() ? std::string() : bad.error().toString();
        };
        const std::string at = dir.filePath("s.json").toStdString() + ": ";
        QCOMPARE(error(R"({"file": "ts.json", "start": {"c-0": "1ms"}})"),
                 at + "rtapp.start.c-0: no thread of ts.json has this name; its threads are a-0, b-1, b-2");
        QCOMPARE(error(R"({"file": "ts.json", "start": {"a-0": "soon"}})"),
                 at + "rtapp.start.a-0: expected a duration (\"2us\", \"1.5ms\" or ns as an integer), found the string "
                      "\"soon\"");
        QCOMPARE(error(R"({"file": "ts.json", "begin": {}})"),
                 at + "rtapp.begin: unknown field; an rt-app reference has \"file\" and \"start\"");
        QCOMPARE(error(R"({"start": {}})"), at + "rtapp.file: missing: the path of the rt-app file");
    }

    // Each translated example runs for 100 ms once the scenario validates.
    void everyExampleRuns() {
        QStringList failures;
        int ran = 0;
        for (const auto& f : exampleFiles()) {
            const QString rel = QDir(kExamples).relativeFilePath(f);
            if (kRefused.contains(rel)) continue;
            auto s = Scenario::fromFile(f.toStdString());
            if (!s.ok()) {
                failures << rel + ": " + QString::fromStdString(s.error().toString());
                continue;
            }
            RunOptions opt;
            opt.duration = 100 * kMs;
            opt.recordTaskLogs = true;
            auto r = run(*s, opt);
            if (!r.ok()) failures << rel + ": " + QString::fromStdString(r.error().toString());
            else ++ran;
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
        QCOMPARE(ran, int(exampleFiles().size() - kRefused.size()));
    }

    // The header and columns as rt-app 1.0 (Debian) writes them: checked
    // against a real run of rt-app here (rt-app-thread0-1.log, idx 1).
    void logFormatIsRtapps() {
        TaskLogRow r;
        r.idx = 0, r.perf = 92164, r.run = 19'935'400, r.period = 98'965'000, r.start = 504'549'567'051'000;
        r.end = 504'549'666'016'000, r.relStart = 2'443'000, r.slack = -78'701'000, r.cDuration = 20'000'000;
        r.cPeriod = 100'000'000, r.wuLat = 266'000;
        const json task = {{"name", "thread0-0"}, {"policy", "fifo"}, {"priority", 50}};
        std::ostringstream out;
        writeRtappLog(out, {r}, &task);
        QCOMPARE(QString::fromStdString(out.str()),
                 QString("# Policy : SCHED_FIFO priority : 50\n"
                         "#idx     perf      run   period           start             end          rel_st      slack "
                         "c_duration   c_period     wu_lat\n"
                         "   0    92164    19935    98965    504549567051    504549666016            2443     -78701 "
                         "     20000     100000        266\n"));
        QCOMPARE(rtappLogFileName("web", "thread0-0"), std::string("web-thread0-0.log"));
        // the idx column is the thread's index, as rt-app writes it
        std::ostringstream third;
        writeRtappLog(third, {r}, &task, 3);
        QVERIFY2(third.str().find("\n   3    92164") != std::string::npos, third.str().c_str());
    }
};

QTEST_GUILESS_MAIN(TestRtappImport)
#include "test_rtapp_import.moc"
