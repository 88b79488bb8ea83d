// Bad input through the real irqscope-cli: every reader (scenario JSON, --set,
// ftrace text, command-line values) answers malformed, truncated, wrongly
// typed, out-of-range, contradictory, huge and binary input with exit status 2
// and a message naming the file, the place (line or JSON path) and what was
// expected -- never a crash, a hang or a silent default. Also Ctrl+C during a
// long run: a consistent partial result, marked so, and exit status 130.
#include "cli_process.h"

#include <nlohmann/json.hpp>

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <signal.h>

namespace {
using clitest::Out;

Out cli(const QStringList& args) {
    return clitest::cli(args, 60000);
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(content);
    return path;
}

// True once the process has installed a SIGINT handler (Linux /proc): sending
// the signal earlier would kill it with the default action, which is not what
// the test is about.
bool catchesSigint(qint64 pid) {
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly)) return false;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("SigCgt:"))
            return (line.mid(7).trimmed().toULongLong(nullptr, 16) & (1ull << (SIGINT - 1))) != 0;
    return false;
}
} // namespace

class TestCliBadInput : public QObject {
    Q_OBJECT
private slots:
    void badInputIsExitTwoAndNamesFileAndPlace_data() {
        QTest::addColumn<QString>("command");     // run | describe | import
        QTest::addColumn<QByteArray>("content");  // written to the input file (empty + no file: see args)
        QTest::addColumn<QStringList>("extra");   // after the input
        QTest::addColumn<QStringList>("mustSay"); // each must appear on stderr; %f is the file name

        const QStringList none;
        auto say = [](std::initializer_list<const char*> l) {
            QStringList s;
            for (auto* x : l) s << QString::fromUtf8(x);
            return s;
        };
        // ---- scenario JSON (the file is scenario.json)
        QTest::newRow("json malformed") << "run" << QByteArray("{\n  \"gic\": {\"eoimode\": 1,}\n}\n") << none
                                        << say({"%f", "line 2", "invalid JSON"});
        QTest::newRow("json truncated") << "run" << QByteArray("{\"gic\": {\"eoimode\": 1, \"masking\": \"ma") << none
                                        << say({"%f", "line 1, column", "invalid JSON"});
        QTest::newRow("json empty") << "run" << QByteArray("") << none << say({"%f", "line 1", "invalid JSON"});
        QTest::newRow("json not an object")
            << "run" << QByteArray("[1, 2, 3]") << none << say({"%f", "expected a JSON object"});
        QTest::newRow("json wrong type") << "run" << QByteArray("{\"machine\": {\"cpus\": \"four\"}}") << none
                                         << say({"%f", "machine.cpus", "expected an integer", "\"four\""});
        QTest::newRow("json float for int") << "run" << QByteArray("{\"machine\": {\"cpus\": 2.5}}") << none
                                            << say({"%f", "machine.cpus", "expected an integer"});
        QTest::newRow("json out of range") << "run" << QByteArray("{\"machine\": {\"cpus\": 100000}}") << none
                                           << say({"%f", "machine.cpus", "expected", "100000"});
        QTest::newRow("json huge number") << "run" << QByteArray("{\"run\": {\"duration_ns\": 1e300}}") << none
                                          << say({"%f", "run.duration_ns", "expected a duration"});
        QTest::newRow("json number overflow") << "run" << QByteArray("{\"run\": {\"duration_ns\": 1e3000}}") << none
                                              << say({"%f", "line 1, column", "number overflow"}); // found by fuzzing
        QTest::newRow("json negative duration") << "run" << QByteArray("{\"run\": {\"duration_ns\": -5}}") << none
                                                << say({"%f", "run.duration_ns", "expected"});
        QTest::newRow("json bad duration text") << "run" << QByteArray("{\"run\": {\"duration_ns\": \"5 parsecs\"}}")
                                                << none << say({"%f", "run.duration_ns", "500us"});
        QTest::newRow("json bad enum") << "run" << QByteArray("{\"gic\": {\"masking\": \"sometimes\"}}") << none
                                       << say({"%f", "gic.masking", "expected one of", "'sometimes'"});
        QTest::newRow("json contradictory")
            << "run" << QByteArray("{\"gic\": {\"masking\": \"active-bit\", \"eoimode\": 0}}") << none
            << say({"%f", "gic.masking", "gic.eoimode=1"});
        QTest::newRow("json device on missing cpu") << "run"
                                                    << QByteArray("{\"machine\": {\"cpus\": 2}, \"bench\": "
                                                                  "{\"enabled\": true, \"cpu\": 5}}")
                                                    << none << say({"%f", "bench.cpu", "below machine.cpus"});
        QTest::newRow("json unknown key") << "run" << QByteArray("{\"gic\": {\"eoimod\": 1}}") << none
                                          << say({"%f", "gic.eoimod", "did you mean 'gic.eoimode'"});
        QTest::newRow("json group not object")
            << "run" << QByteArray("{\"machine\": \"juno\"}") << none << say({"%f", "machine", "expected an object"});
        QTest::newRow("json bad schema") << "run" << QByteArray("{\"schema\": \"irqscope.scenario/9\"}") << none
                                         << say({"%f", "schema", "irqscope.scenario/1"});
        QTest::newRow("json deep nesting top level") << "run" << (QByteArray(100000, '[') + QByteArray(100000, ']'))
                                                     << none << say({"%f", "expected a JSON object"});
        QTest::newRow("json deep nesting")
            << "run" << (QByteArray("{\"machine\": ") + QByteArray(100000, '[') + QByteArray(100000, ']') + "}") << none
            << say({"%f", "machine", "expected an object"});
        QTest::newRow("json binary") << "run"
                                     << QByteArray("\x7f"
                                                   "ELF\x02\x01\x01\x00\x00\x00garbage",
                                                   18)
                                     << none << say({"%f", "binary"});
        QTest::newRow("json invalid utf8")
            << "run" << QByteArray("{\"name\": \"\xff\xfe\"}") << none << say({"%f", "line 1", "invalid JSON"});
        QTest::newRow("json huge") << "run" << (QByteArray("{\"title\": \"") + QByteArray(17 << 20, 'x') + "\"}")
                                   << none << say({"%f", "16 MiB"});
        QTest::newRow("describe wrong type") << "describe" << QByteArray("{\"kernel\": {\"threadirqs\": 1}}") << none
                                             << say({"%f", "kernel.threadirqs", "expected true or false"});

        // ---- --set values (the place is "<--set>" and the parameter path)
        const QByteArray ok("{}");
        QTest::newRow("set not a number") << "run" << ok << say({"--set", "machine.cpus=lots"})
                                          << say({"<--set>", "machine.cpus", "expected an integer", "'lots'"});
        QTest::newRow("set out of range")
            << "run" << ok << say({"--set", "machine.cpus=0"}) << say({"<--set>", "machine.cpus", "expected"});
        QTest::newRow("set bad bool") << "run" << ok << say({"--set", "kernel.threadirqs=maybe"})
                                      << say({"<--set>", "kernel.threadirqs", "true or false"});
        QTest::newRow("set contradictory")
            << "run" << ok << say({"--set", "gic.masking=active-bit"})
            << say({"gic.masking", "gic.eoimode=1"}); // a cross-field rule names the file
        QTest::newRow("set unknown") << "run" << ok << say({"--set", "gic.eoimod=1"})
                                     << say({"<--set>", "gic.eoimod", "did you mean"});
        QTest::newRow("set no equals") << "run" << ok << say({"--set", "machine.cpus"})
                                       << say({"--set", "path.to.field=value"});
        QTest::newRow("set huge int") << "run" << ok << say({"--set", "machine.cpus=99999999999999999999999"})
                                      << say({"<--set>", "machine.cpus", "expected an integer"});
        QTest::newRow("set bad duration") << "run" << ok << say({"--set", "run.duration_ns=forever"})
                                          << say({"<--set>", "run.duration_ns", "duration"});

        // ---- command-line values
        QTest::newRow("flag bad duration") << "run" << ok << say({"--duration", "-5ms"}) << say({"--duration"});
        QTest::newRow("flag bad seed") << "run" << ok << say({"--seed", "-1"}) << say({"--seed", "non-negative"});
        QTest::newRow("flag missing value") << "run" << ok << say({"--metrics"}) << say({"--metrics", "needs a value"});

        // ---- ftrace text (the file is capture.txt)
        QTest::newRow("ftrace csv") << "import" << QByteArray("time,cpu,event\n1,0,irq\n2,1,irq\n") << none
                                    << say({"%f", "line"});
        QTest::newRow("ftrace empty") << "import" << QByteArray("") << none << say({"%f"});
        QTest::newRow("ftrace binary") << "import" << QByteArray("\x00\x01\x02\x03trace.dat\x00\xff", 15) << none
                                       << say({"%f"});
        QTest::newRow("ftrace one huge line") << "import" << QByteArray(8 << 20, 'a') << none << say({"%f", "line 1"});
        QTest::newRow("ftrace function_graph")
            << "import"
            << QByteArray("# tracer: function_graph\n#\n# CPU  DURATION                  FUNCTION CALLS\n"
                          " 0)   0.123 us    |  do_something();\n 1)               |  irq_enter_rcu() {\n")
            << none << say({"%f", "unsupported tracer 'function_graph'"});

        // ---- nothing accepted silently
        QTest::newRow("json duplicate key") << "run" << QByteArray("{\"machine\": {\"cpus\": 2, \"cpus\": 4}}") << none
                                            << say({"%f", "machine.cpus", "given twice"});
        QTest::newRow("json flat beside nested")
            << "run" << QByteArray("{\"machine.cpus\": 2, \"machine\": {\"cpus\": 4}}") << none
            << say({"%f", "machine.cpus", "given twice"});
        QTest::newRow("set twice") << "run" << ok << say({"--set", "machine.cpus=2", "--set", "machine.cpus=4"})
                                   << say({"<--set>", "machine.cpus", "given twice"});
        QTest::newRow("set nan") << "run" << ok << say({"--set", "net.rate_hz=nan"})
                                 << say({"<--set>", "net.rate_hz", "finite", "'nan'"});
        QTest::newRow("set inf") << "run" << ok << say({"--set", "net.rate_hz=inf"})
                                 << say({"<--set>", "net.rate_hz", "finite", "'inf'"});
        QTest::newRow("flag seed above run.seed")
            << "run" << ok << say({"--seed", "99999999999999999"}) << say({"--seed", "run.seed", "expected"});
        QTest::newRow("flag duration above run.duration_ns")
            << "run" << ok << say({"--duration", "1000s"}) << say({"--duration", "run.duration_ns", "expected"});
        QTest::newRow("flag duration below run.duration_ns")
            << "run" << ok << say({"--duration", "10ns"}) << say({"--duration", "run.duration_ns", "expected"});
        QTest::newRow("flag seed twice") << "run" << ok << say({"--seed", "1", "--seed", "2"})
                                         << say({"--seed", "given twice"});
        QTest::newRow("flag metrics twice")
            << "run" << ok << say({"--metrics", "a.json", "--metrics", "b.json"}) << say({"--metrics", "given twice"});
        QTest::newRow("metrics and trace one file")
            << "run" << ok << say({"--metrics", "same.json", "--trace", "same.json"})
            << say({"--metrics and --trace", "same file"});
        QTest::newRow("metrics and trace both stdout")
            << "run" << ok << say({"--metrics", "-", "--trace", "/dev/stdout"})
            << say({"--metrics and --trace", "same file"});
        QTest::newRow("import metrics and trace one file")
            << "import" << QByteArray("# tracer: nop\n") << say({"--metrics", "x.json", "--trace", "./x.json"})
            << say({"--metrics and --trace", "same file"});
        QTest::newRow("metrics into a directory")
            << "run" << ok << say({"--metrics", "/"}) << say({"--metrics", "is a directory"});
        QTest::newRow("metrics to a missing device")
            << "run" << ok << say({"--metrics", "/dev/irqscope-no-such-device"})
            << say({"--metrics", "no such device"});
        QTest::newRow("sweep vary twice")
            << "sweep" << ok << say({"--vary", "machine.cpus=1,2", "--vary", "machine.cpus=3", "--out", "x.csv"})
            << say({"--vary machine.cpus", "given twice"});
        QTest::newRow("sweep vary value twice")
            << "sweep" << ok << say({"--vary", "machine.cpus=1,2,1", "--out", "x.csv"})
            << say({"--vary machine.cpus", "twice"});
        QTest::newRow("sweep out into a directory")
            << "sweep" << ok << say({"--vary", "machine.cpus=1,2", "--out", "/"}) << say({"--out", "is a directory"});
        QStringList many; // 60^3 = 216,000 runs: refused before anything is made
        for (const char* path : {"run.seed", "net.rate_hz", "machine.cpus"}) {
            QStringList values;
            for (int i = 1; i <= 60; ++i) values << QString::number(i);
            many << QStringLiteral("--vary")
                 << QString::fromLatin1(path) + QLatin1Char('=') + values.join(QLatin1Char(','));
        }
        QTest::newRow("sweep too many runs")
            << "sweep" << ok << (many << QStringLiteral("--out") << QStringLiteral("x.csv"))
            << say({"--vary", "more than 100000 runs"});
    }

    void badInputIsExitTwoAndNamesFileAndPlace() {
        QFETCH(QString, command);
        QFETCH(QByteArray, content);
        QFETCH(QStringList, extra);
        QFETCH(QStringList, mustSay);
        QTemporaryDir dir;
        const QString name =
            command == QLatin1String("import") ? QStringLiteral("capture.txt") : QStringLiteral("scenario.json");
        const QString path = writeFile(dir, name, content);
        auto r = cli(QStringList{command, path} + extra); // a hang is killed after 60 s: "crashed"
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(!r.crashed, qPrintable(QStringLiteral("crashed or hung: ") + err));
        QVERIFY2(r.code == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(err)));
        for (QString s : mustSay) {
            s.replace(QStringLiteral("%f"), name);
            QVERIFY2(err.contains(s), qPrintable(QStringLiteral("stderr lacks '%1': %2").arg(s, err.left(400))));
        }
        QVERIFY2(r.out.isEmpty(), "nothing on stdout when the input is rejected");
    }

    void missingFilesAreExitTwo() {
        auto r = cli({QStringLiteral("import"), QStringLiteral("/nonexistent/capture.txt")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("/nonexistent/capture.txt"));
        r = cli({QStringLiteral("run"), QStringLiteral("/nonexistent/scenario.json")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("/nonexistent/scenario.json"));
        QTemporaryDir dir; // a directory is not a scenario
        r = cli({QStringLiteral("run"), dir.path() + QStringLiteral("/")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(dir.path().toUtf8()), r.err.constData());
    }

    void ctrlCWritesAConsistentPartialResultAndExits130() {
        QTemporaryDir dir;
        const QString metrics = dir.filePath(QStringLiteral("m.json"));
        QProcess p;
        // Far longer than the test waits: it can only end by the signal.
        p.start(QStringLiteral(IRQSCOPE_CLI),
                {QStringLiteral("run"), QStringLiteral("basics"), QStringLiteral("--duration"), QStringLiteral("600s"),
                 QStringLiteral("--metrics"), metrics});
        QVERIFY(p.waitForStarted());
        QDeadlineTimer ready(30000);
        while (!catchesSigint(p.processId()) && !ready.hasExpired() && p.state() == QProcess::Running)
            QThread::msleep(20);
        QVERIFY2(catchesSigint(p.processId()), "the CLI never installed its SIGINT handler");
        QThread::msleep(500); // let it simulate something
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
        QVERIFY2(p.waitForFinished(30000), "the run did not stop after Ctrl+C");
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 130, err.constData());
        QVERIFY2(err.contains("partial"), err.constData());
        QFile f(metrics);
        QVERIFY2(f.open(QIODevice::ReadOnly), "no metrics written for the simulated part");
        const auto j = nlohmann::json::parse(f.readAll().toStdString());
        QCOMPARE(j["cancelled"].get<bool>(), true);
        const long long simulated = j["sim_time_ns"].get<long long>();
        QVERIFY(simulated > 0 && simulated < 600'000'000'000LL);
        QVERIFY(j["events"].get<long long>() > 0);
        for (const auto& c : j["cpus"]) { // every CPU accounted exactly for the simulated part
            long long sum = 0;
            for (const auto& [bucket, ns] : c["ns"].items()) sum += ns.get<long long>();
            QCOMPARE(sum, simulated);
        }
    }

    void ctrlCWithoutOutputsPrintsThePartialSummary() {
        QProcess p;
        p.start(QStringLiteral(IRQSCOPE_CLI), {QStringLiteral("run"), QStringLiteral("basics"),
                                               QStringLiteral("--duration"), QStringLiteral("600s")});
        QVERIFY(p.waitForStarted());
        QDeadlineTimer ready(30000);
        while (!catchesSigint(p.processId()) && !ready.hasExpired() && p.state() == QProcess::Running)
            QThread::msleep(20);
        QThread::msleep(200);
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(p.readAllStandardOutput().contains("simulated in"));
    }

    // Ctrl+C in a sweep: the runs in flight stop, the others do not start,
    // the CSV is still written (with why each row is missing) and the exit
    // status is 130.
    void ctrlCStopsASweepAndWritesThePartialCsv() {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("sweep.csv"));
        QProcess p;
        p.start(QStringLiteral(IRQSCOPE_CLI),
                {QStringLiteral("sweep"), QStringLiteral("basics"), QStringLiteral("--vary"),
                 QStringLiteral("sources[eth0].arrival.poisson.rate_hz=1000,2000,3000,4000"),
                 QStringLiteral("--duration"), QStringLiteral("600s"), QStringLiteral("--jobs"), QStringLiteral("1"),
                 QStringLiteral("--out"), csv});
        QVERIFY(p.waitForStarted());
        QDeadlineTimer ready(30000);
        while (!catchesSigint(p.processId()) && !ready.hasExpired() && p.state() == QProcess::Running)
            QThread::msleep(20);
        QVERIFY2(catchesSigint(p.processId()), "the sweep never installed its SIGINT handler");
        QThread::msleep(300);
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
        QVERIFY2(p.waitForFinished(30000), "the sweep did not stop after Ctrl+C");
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 130, err.constData());
        QVERIFY2(err.contains("partial"), err.constData());
        QFile f(csv);
        QVERIFY2(f.open(QIODevice::ReadOnly), "no CSV written");
        const QByteArray text = f.readAll();
        QCOMPARE(text.count('\n'), 5); // header + one row per combination
        QVERIFY2(text.contains("interrupted"), text.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "test_cli_bad_input.moc"
