// `irqscope-cli twin`, driven through the real executable: the twin and the
// report are written and read back, replayed arrivals land beside the twin,
// and bad input exits with 2 naming the file.
#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <string>

namespace {

struct Run {
    int status = -1;
    std::string out, err;
};

Run cli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(IRQSCOPE_CLI), args);
    if (!p.waitForFinished(120000)) qFatal("irqscope-cli did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().toStdString(),
            p.readAllStandardError().toStdString()};
}

const QString kCapture = QStringLiteral(IRQSCOPE_TEST_DATA "/ftrace/real/x86_64-2cpu-load.txt");

bool has(const std::string& s, const char* what) {
    return s.find(what) != std::string::npos;
}

nlohmann::json readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return nlohmann::json::parse(f.readAll().toStdString());
}

} // namespace

class TestCliTwin : public QObject {
    Q_OBJECT
private slots:
    void writesTwinAndReport() {
        QTemporaryDir dir;
        const QString twin = dir.filePath(QStringLiteral("twin.json"));
        const QString report = dir.filePath(QStringLiteral("check"));
        auto r =
            cli({QStringLiteral("twin"), kCapture, QStringLiteral("-o"), twin, QStringLiteral("--report"), report});
        QCOMPARE(r.status, 0);
        QVERIFY2(has(r.out, "Targets met"), r.out.c_str());
        QVERIFY2(has(r.err, "fitted in"), r.err.c_str());
        const auto sc = readJson(twin);
        QVERIFY(sc["schema"] == "irqscope.scenario/1");
        QVERIFY(sc["machine.cpus"] == 2);
        const auto rep = readJson(report + QStringLiteral(".json"));
        QVERIFY(rep["schema"] == "irqscope.twin-report/1");
        QVERIFY(rep["targets"].get<int>() > 0);
        QVERIFY(QFile::exists(report + QStringLiteral(".md")));
        // the twin is an ordinary scenario
        auto run = cli({QStringLiteral("run"), twin, QStringLiteral("--duration"), QStringLiteral("50ms"),
                        QStringLiteral("--quiet")});
        QCOMPARE(run.status, 0);
    }

    void replayedArrivalsBesideTheTwin() {
        QTemporaryDir dir;
        const QString twin = dir.filePath(QStringLiteral("t.json"));
        auto r = cli({QStringLiteral("twin"), kCapture, QStringLiteral("-o"), twin, QStringLiteral("--replay-arrivals"),
                      QStringLiteral("--quiet")});
        QCOMPARE(r.status, 0);
        const auto sc = readJson(twin);
        const std::string file = sc["sources"][0]["arrival"]["replay"].get<std::string>();
        QVERIFY2(file.rfind("t.arrivals/", 0) == 0, file.c_str());
        QVERIFY(QFile::exists(dir.filePath(QString::fromStdString(file))));
    }

    void badInputExitsWithTwo() {
        QTemporaryDir dir;
        const QString twin = dir.filePath(QStringLiteral("t.json"));
        auto r = cli({QStringLiteral("twin"), dir.filePath(QStringLiteral("missing.txt")), QStringLiteral("-o"), twin});
        QCOMPARE(r.status, 2);
        QVERIFY2(has(r.err, "missing.txt"), r.err.c_str());
        r = cli({QStringLiteral("twin"), kCapture});
        QCOMPARE(r.status, 2);
        QVERIFY2(has(r.err, "-o TWIN.json"), r.err.c_str());
        r = cli({QStringLiteral("twin"), kCapture, QStringLiteral("-o"), twin, QStringLiteral("--workload"),
                 dir.filePath(QStringLiteral("nope.json"))});
        QCOMPARE(r.status, 2);
        QVERIFY2(has(r.err, "nope.json"), r.err.c_str());
        r = cli({QStringLiteral("twin"), kCapture, QStringLiteral("-o"), twin, QStringLiteral("--report"),
                 dir.filePath(QStringLiteral("t"))});
        QCOMPARE(r.status, 2);
    }
};

QTEST_MAIN(TestCliTwin)
#include "test_cli_twin.moc"
