// The irqscope-cli contract, driven through the real executable.
#include "cli_process.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {
using clitest::cli;
using clitest::Out;
QStringList L(std::initializer_list<const char*> a) {
    QStringList l;
    for (auto* s : a) l << QString::fromUtf8(s);
    return l;
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void presetsListsNameTabTitle() {
        auto r = cli(L({"presets"}));
        QCOMPARE(r.code, 0);
        const auto lines = r.out.trimmed().split('\n');
        QVERIFY(!lines.isEmpty());
        bool basics = false;
        for (const auto& l : lines) {
            const auto parts = l.split('\t');
            QCOMPARE(parts.size(), 2);
            QVERIFY(!parts[1].isEmpty());
            basics |= parts[0] == "basics";
        }
        QVERIFY(basics);
    }

    void describePrintsEveryParameterWithOverrides() {
        auto r = cli(L({"describe", "basics", "--set", "machine.cpus=3", "--set", "gic.eoimode=1"}));
        QCOMPARE(r.code, 0);
        auto j = json::parse(r.out.toStdString());
        QCOMPARE(j["machine"]["cpus"].get<int>(), 3);
        QCOMPARE(j["gic"]["eoimode"].get<int>(), 1);
        QVERIFY(j["kernel"]["softirq"].contains("max_restart"));
        QCOMPARE(j["name"].get<std::string>(), std::string("basics"));
    }

    void runWritesTheMetricsSchema() {
        auto r = cli(L({"run", "basics", "--duration", "10ms", "--seed", "5", "--metrics", "-"}));
        QCOMPARE(r.code, 0);
        auto j = json::parse(r.out.toStdString());
        QCOMPARE(j["schema"].get<std::string>(), std::string("irqscope.metrics/1"));
        QCOMPARE(j["scenario"].get<std::string>(), std::string("basics"));
        QCOMPARE(j["seed"].get<int>(), 5);
        QCOMPARE(j["sim_time_ns"].get<long long>(), 10'000'000LL);
        QVERIFY(j["wall_time_s"].is_number());
        QVERIFY(j["events"].get<long long>() > 0);
        for (const auto& c : j["cpus"]) {
            long long sum = 0;
            for (const char* b : {"hardirq", "softirq", "irq_thread", "kworker", "kthread", "user", "idle"}) {
                QVERIFY2(c["ns"].contains(b), b);
                sum += c["ns"][b].get<long long>();
            }
            QCOMPARE(sum, 10'000'000LL);
            QVERIFY(c.contains("irqs_off_ns") && c.contains("context_switches") && c.contains("cpu"));
        }
        const auto& rx = j["latency"]["rx"];
        for (const char* f :
             {"count", "mean_ns", "min_ns", "p50_ns", "p90_ns", "p95_ns", "p98_ns", "p99_ns", "p999_ns", "max_ns"})
            QVERIFY2(rx.contains(f), f);
        QVERIFY(j["throughput"]["napi_packets/eth0"].contains("per_s"));
        QVERIFY(j["tasks"].is_array() && j["tasks"][0].contains("charged_ns") && j["tasks"][0].contains("pid"));
        QVERIFY(j["warnings"].is_array());
    }

    void badInputExitsWithStatusTwoAndSaysWhere() {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\n  \"machine\": {\"cpus\": 0}\n}\n");
        f.close();
        struct Case {
            QStringList args;
            const char* mustSay;
        } cases[] = {
            {L({"run", "basics", "--set", "gic.eoimod=1"}), "gic.eoimod"},
            {L({"run", "basics", "--set", "machine.cpus=lots"}), "machine.cpus"},
            {L({"run", "basics", "--set", "gic.masking=active-bit"}), "gic.eoimode=1"},
            {QStringList{QStringLiteral("run"), bad}, "machine.cpus"},
            {L({"run", "no-such-preset"}), "no-such-preset"},
            {L({"run", "basics", "--frobnicate"}), "--frobnicate"},
            {L({"run", "basics", "--image", "x.gif"}), ".png"},
            {L({"run", "basics", "--duration", "soon"}), "--duration"},
            {L({"describe"}), "preset"},
            {L({"sweep", "basics", "--vary", "machine.cpus=1,zero", "--out", "x.csv"}), "machine.cpus"},
            {L({"bogus"}), "unknown command"},
        };
        for (const auto& c : cases) {
            auto r = cli(c.args);
            QVERIFY2(r.code == 2,
                     qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral(" -> ") + QString::number(r.code)));
            QVERIFY2(r.err.contains(c.mustSay), r.err.constData());
        }
        QVERIFY(cli(L({"run", bad.toUtf8().constData()})).err.contains("bad.json"));
    }

    // A parameter of a device the scenario has switched off is accepted (a
    // later --set may switch it on) but the run says it changes nothing.
    void settingAnOffDeviceSaysSo() {
        auto off = cli(L({"run", "basics", "--duration", "1ms", "--quiet", "--set", "net.rate_hz=30000"}));
        QCOMPARE(off.code, 0);
        QVERIFY2(off.err.contains("--set net.rate_hz has no effect: net.enabled is false in basics"),
                 off.err.constData());
        auto on = cli(L({"run", "preempt-rt", "--duration", "1ms", "--quiet", "--set", "net.rate_hz=30000"}));
        QCOMPARE(on.code, 0);
        QVERIFY2(!on.err.contains("no effect"), on.err.constData());
    }

    // sweep --vary of an off device's knob warns as --set does; not when the
    // device is on in some of the sweep's runs, nor where it is on
    void varyingAnOffDeviceSaysSo() {
        auto off = cli(L({"sweep", "basics", "--duration", "1ms", "--quiet", "--jobs", "1", "--out", "-", "--vary",
                          "net.rate_hz=1000,2000"}));
        QCOMPARE(off.code, 0);
        QVERIFY2(off.err.contains("--vary net.rate_hz has no effect: net.enabled is false in basics"),
                 off.err.constData());
        auto turnedOn = cli(L({"sweep", "preempt-rt", "--duration", "1ms", "--quiet", "--jobs", "1", "--out", "-",
                               "--vary", "net.rate_hz=1000,2000", "--vary", "net.enabled=false,true"}));
        QCOMPARE(turnedOn.code, 0);
        QVERIFY2(!turnedOn.err.contains("no effect"), turnedOn.err.constData());
        auto on = cli(L({"sweep", "preempt-rt", "--duration", "1ms", "--quiet", "--jobs", "1", "--out", "-", "--vary",
                         "net.rate_hz=1000,2000"}));
        QCOMPARE(on.code, 0);
        QVERIFY2(!on.err.contains("no effect"), on.err.constData());
    }

    void imagesTraceAndMetricsFiles() {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("t.png")), svg = dir.filePath(QStringLiteral("t.svg")),
                      pdf = dir.filePath(QStringLiteral("t.pdf")), trace = dir.filePath(QStringLiteral("t.json"));
        for (const QString& img : {png, svg, pdf}) {
            auto r = cli(QStringList{QStringLiteral("run"), QStringLiteral("basics"), QStringLiteral("--duration"),
                                     QStringLiteral("5ms"), QStringLiteral("--image"), img});
            QVERIFY2(r.code == 0, r.err.constData());
            QVERIFY(QFile(img).size() > 1000);
        }
        QFile p(png);
        QVERIFY(p.open(QIODevice::ReadOnly));
        QCOMPARE(p.read(4), QByteArray("\x89PNG"));
        QFile pd(pdf);
        QVERIFY(pd.open(QIODevice::ReadOnly));
        QCOMPARE(pd.read(4), QByteArray("%PDF"));
        auto r = cli(QStringList{QStringLiteral("run"), QStringLiteral("basics"), QStringLiteral("--duration"),
                                 QStringLiteral("5ms"), QStringLiteral("--trace"), trace});
        QCOMPARE(r.code, 0);
        QFile t(trace);
        QVERIFY(t.open(QIODevice::ReadOnly));
        auto j = json::parse(t.readAll().toStdString());
        QVERIFY(j["traceEvents"].size() > 10);
    }

    void sweepRunsTheCrossProductDeterministically() {
        QTemporaryDir dir;
        const QString csv1 = dir.filePath(QStringLiteral("a.csv")), csv2 = dir.filePath(QStringLiteral("b.csv"));
        for (auto [csv, jobs] : {std::pair{csv1, "1"}, std::pair{csv2, "2"}}) {
            auto r = cli(QStringList{QStringLiteral("sweep"), QStringLiteral("basics"), QStringLiteral("--vary"),
                                     QStringLiteral("sources[eth0].arrival.poisson.rate_hz=1000,4000"),
                                     QStringLiteral("--vary"), QStringLiteral("machine.cpus=2,3"),
                                     QStringLiteral("--duration"), QStringLiteral("10ms"), QStringLiteral("--jobs"),
                                     QString::fromUtf8(jobs), QStringLiteral("--out"), csv});
            QVERIFY2(r.code == 0, r.err.constData());
            QVERIFY(r.out.contains("p99"));
        }
        QFile a(csv1), b(csv2);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const auto la = a.readAll().split('\n'), lb = b.readAll().split('\n');
        QCOMPARE(la.size(), 6); // header + 4 runs + trailing newline
        QVERIFY(la[0].startsWith("run,runs,sweep,sources[eth0].arrival.poisson.rate_hz,machine.cpus,error,"));
        // identical but for wall-clock columns
        const qsizetype wall = la[0].split(',').indexOf("wall_time_s");
        QVERIFY(wall > 0);
        for (int i = 1; i < 5; ++i) {
            auto ra = la[i].split(','), rb = lb[i].split(',');
            ra.removeAt(wall);
            rb.removeAt(wall);
            QCOMPARE(ra, rb);
        }
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
