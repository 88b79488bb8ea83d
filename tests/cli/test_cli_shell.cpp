// The CLI as a shell tool: --version, describe --params as a table/CSV/JSON,
// --format on the tables, and the progress bar, which appears on a terminal
// only (driven through a pseudo-terminal with util-linux `script`).
#include "cli_process.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {
using clitest::Out;

Out runProgram(const QString& program, const QStringList& args) {
    return clitest::runProgram(program, args, 120000);
}
Out cli(const QStringList& args) {
    return runProgram(QStringLiteral(IRQSCOPE_CLI), args);
}
QStringList L(std::initializer_list<const char*> a) {
    QStringList l;
    for (auto* s : a) l << QString::fromUtf8(s);
    return l;
}

// Runs the CLI with standard error (and output) on a pseudo-terminal; what the
// terminal showed comes back as `out`.
Out onTerminal(const QStringList& args) {
    const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
    if (script.isEmpty()) return Out{-2, false, {}, "util-linux 'script' (Debian bsdutils) not found"};
    QStringList quoted{QStringLiteral(IRQSCOPE_CLI)};
    quoted << args;
    for (auto& a : quoted) a = QLatin1Char('\'') + a + QLatin1Char('\'');
    return runProgram(script, {QStringLiteral("-qec"), quoted.join(QLatin1Char(' ')), QStringLiteral("/dev/null")});
}

const QRegularExpression kBar(QStringLiteral(R"(\[[#.]{10,30}\] +\d+%)"));
} // namespace

class TestCliShell : public QObject {
    Q_OBJECT
private slots:
    void versionAndHelp() {
        auto v = cli(L({"--version"}));
        QCOMPARE(v.code, 0);
        QVERIFY2(QRegularExpression(QStringLiteral(R"(^irqscope-cli \d+\.\d+\.\d+\n$)"))
                     .match(QString::fromUtf8(v.out))
                     .hasMatch(),
                 v.out.constData());
        auto h = cli(L({"--help"}));
        QCOMPARE(h.code, 0);
        for (const char* s : {"merge", "--shard", "--params", "--quiet", "130", "exit status"})
            QVERIFY2(h.out.contains(s), s);
    }

    void describeParamsAsTableCsvAndJson() {
        auto table = cli(L({"describe", "--params"}));
        QVERIFY2(table.code == 0, table.err.constData());
        const auto lines = table.out.split('\n');
        QVERIFY(QRegularExpression(QStringLiteral(R"(^path +type +default +range +unit +doc$)"))
                    .match(QString::fromUtf8(lines[0]))
                    .hasMatch());
        const QString rate = QString::fromUtf8(table.out)
                                 .section(QLatin1Char('\n'), 1)
                                 .split(QLatin1Char('\n'))
                                 .filter(QRegularExpression(QStringLiteral("^net\\.rate_hz ")))
                                 .value(0);
        QVERIFY2(rate.contains(QLatin1String("number")) && rate.contains(QLatin1String("packets/s")) &&
                     rate.contains(QLatin1String("Poisson")),
                 qPrintable(rate));

        auto csv = cli(L({"describe", "--params", "--format", "csv"}));
        QCOMPARE(csv.code, 0);
        QVERIFY(csv.out.startsWith("path,type,default,range,unit,doc\n"));
        auto js = cli(L({"describe", "--params", "--format", "json"}));
        QCOMPARE(js.code, 0);
        const auto j = json::parse(js.out.toStdString());
        QVERIFY(j.is_array() && j.size() > 50);
        // one row per parameter in every form
        QCOMPARE(int(j.size()), int(table.out.trimmed().count('\n')));
        QCOMPARE(int(j.size()), int(csv.out.trimmed().count('\n')));
        for (const auto& p : j) {
            QVERIFY(p.contains("path") && p.contains("type") && p.contains("range") && p.contains("unit"));
            QVERIFY2(!p["doc"].get<std::string>().empty(), p["path"].get<std::string>().c_str());
        }

        // With a scenario: its effective value beside the default.
        auto v = cli(L({"describe", "basics", "--set", "machine.cpus=3", "--params", "--format", "json"}));
        QVERIFY2(v.code == 0, v.err.constData());
        bool seen = false;
        for (const auto& p : json::parse(v.out.toStdString()))
            if (p["path"] == "machine.cpus") {
                QCOMPARE(p["value"].get<int>(), 3);
                seen = true;
            }
        QVERIFY(seen);
    }

    void formatIsCheckedAndAppliesToPresets() {
        auto bad = cli(L({"describe", "--params", "--format", "yaml"}));
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("--format expects text, csv or json"));
        QCOMPARE(cli(L({"describe", "basics", "--format", "csv"})).code, 2); // the scenario itself is JSON
        auto p = cli(L({"presets", "--format", "json"}));
        QCOMPARE(p.code, 0);
        const auto j = json::parse(p.out.toStdString());
        QVERIFY(!j.empty() && j[0].contains("name") && j[0].contains("title"));
        QCOMPARE(int(j.size()), int(cli(L({"presets"})).out.count('\n')));
    }

    void progressBarOnATerminalOnly() {
        // On a terminal: a bar with percentage, rate and the elapsed time at the end.
        auto t = onTerminal(L({"run", "basics", "--duration", "200ms", "--metrics", "/dev/null"}));
        QVERIFY2(t.code == 0, (t.out + t.err).constData());
        QVERIFY2(kBar.match(QString::fromUtf8(t.out)).hasMatch(), t.out.constData());
        QVERIFY2(t.out.contains("run basics") && t.out.contains("100%") && t.out.contains("x real time"),
                 t.out.constData());
        QVERIFY2(t.out.contains('\r'), "redrawn in place");
        // --quiet: nothing, even on a terminal.
        auto q = onTerminal(L({"run", "basics", "--duration", "200ms", "--metrics", "/dev/null", "--quiet"}));
        QCOMPARE(q.code, 0);
        QVERIFY2(!kBar.match(QString::fromUtf8(q.out)).hasMatch(), q.out.constData());
        // Not a terminal (a pipe, a log file): nothing either.
        auto p = cli(L({"run", "basics", "--duration", "200ms", "--metrics", "/dev/null"}));
        QCOMPARE(p.code, 0);
        QVERIFY2(p.err.isEmpty(), p.err.constData());
        // Sweeps count runs.
        QTemporaryDir dir;
        auto s = onTerminal(QStringList{QStringLiteral("sweep"), QStringLiteral("basics"), QStringLiteral("--vary"),
                                        QStringLiteral("sources[eth0].arrival.poisson.rate_hz=1000,2000"),
                                        QStringLiteral("--duration"), QStringLiteral("20ms"), QStringLiteral("--out"),
                                        dir.filePath(QStringLiteral("s.csv"))});
        QVERIFY2(s.code == 0, s.out.constData());
        QVERIFY2(s.out.contains("sweep basics") && s.out.contains("runs/s") &&
                     kBar.match(QString::fromUtf8(s.out)).hasMatch(),
                 s.out.constData());
    }

    void importShowsProgressToo() {
        auto t =
            onTerminal(QStringList{QStringLiteral("import"), QStringLiteral(IRQSCOPE_TEST_DATA "/ftrace/nested.txt"),
                                   QStringLiteral("--metrics"), QStringLiteral("/dev/null")});
        QVERIFY2(t.code == 0, t.out.constData());
        QVERIFY2(t.out.contains("import nested.txt") && t.out.contains("MB/s") && t.out.contains("100%"),
                 t.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliShell)
#include "test_cli_shell.moc"
