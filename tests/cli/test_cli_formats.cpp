// Formats other tools read, through the real CLI: metrics in long CSV
// (run, metric, value) for run and sweep, and the trace as Perfetto protobuf
// chosen by the file name (the encoding itself: tests/engine/test_perfetto_export).
#include "cli_process.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>

using nlohmann::json;

namespace {
using clitest::cli;
using clitest::Out;

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// run -> metric -> value
std::map<QByteArray, std::map<QByteArray, QByteArray>> readLong(const QByteArray& csv) {
    std::map<QByteArray, std::map<QByteArray, QByteArray>> out;
    const auto lines = csv.split('\n');
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty()) continue;
        const auto cells = lines[i].split(',');
        if (cells.size() != 3) return {};
        out[cells[0]][cells[1]] = cells[2];
    }
    return out;
}
} // namespace

class TestCliFormats : public QObject {
    Q_OBJECT
private slots:
    void metricsLongCsvAgreesWithTheJson() {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("m.csv")), js = dir.filePath(QStringLiteral("m.json"));
        for (const QString& f : {csv, js}) {
            auto r = cli({QStringLiteral("run"), QStringLiteral("basics"), QStringLiteral("--duration"),
                          QStringLiteral("10ms"), QStringLiteral("--metrics"), f});
            QVERIFY2(r.code == 0, r.err.constData());
        }
        const QByteArray text = readAll(csv);
        QVERIFY(text.startsWith("run,metric,value\n"));
        const auto rows = readLong(text);
        QCOMPARE(int(rows.size()), 1);
        const auto& m = rows.at("basics");
        const json j = json::parse(readAll(js).toStdString());
        QCOMPARE(m.at("sim_time_ns"), QByteArray("10000000"));
        QCOMPARE(m.at("latency.rx.p99_ns").toLongLong(), j["latency"]["rx"]["p99_ns"].get<long long>());
        QCOMPARE(m.at("cpus.1.ns.idle").toLongLong(), j["cpus"][1]["ns"]["idle"].get<long long>());
        QCOMPARE(m.at("warnings").toInt(), int(j["warnings"].size()));
        QVERIFY(!m.count("schema") && !m.count("scenario")); // text is not a metric
    }

    void sweepLongCsvNamesRunsByIndex() {
        QTemporaryDir dir;
        const QString wide = dir.filePath(QStringLiteral("w.csv")), lng = dir.filePath(QStringLiteral("l.csv"));
        auto r = cli({QStringLiteral("sweep"), QStringLiteral("basics"), QStringLiteral("--vary"),
                      QStringLiteral("sources[eth0].arrival.poisson.rate_hz=1000,8000"), QStringLiteral("--duration"),
                      QStringLiteral("5ms"), QStringLiteral("--out"), wide, QStringLiteral("--long"), lng,
                      QStringLiteral("--quiet")});
        QVERIFY2(r.code == 0, r.err.constData());
        const auto rows = readLong(readAll(lng));
        QCOMPARE(int(rows.size()), 2);
        QVERIFY(rows.count("0") && rows.count("1"));
        // the same numbers as the wide CSV's row for that run
        const auto lines = readAll(wide).split('\n');
        const auto header = lines[0].split(',');
        const qsizetype events = header.indexOf("events");
        QCOMPARE(rows.at("1").at("events"), lines[2].split(',')[events]);
    }

    void traceFormatFollowsTheFileName() {
        QTemporaryDir dir;
        const QString pf = dir.filePath(QStringLiteral("t.pftrace")), cj = dir.filePath(QStringLiteral("t.json"));
        for (const QString& f : {pf, cj}) {
            auto r = cli({QStringLiteral("run"), QStringLiteral("basics"), QStringLiteral("--duration"),
                          QStringLiteral("5ms"), QStringLiteral("--trace"), f});
            QVERIFY2(r.code == 0, r.err.constData());
        }
        const QByteArray proto = readAll(pf);
        QVERIFY(proto.size() > 1000);
        QCOMPARE(quint8(proto[0]), quint8(0x0a)); // Trace.packet: field 1, length-delimited
        QVERIFY(proto.contains("CPU 0") && proto.contains("softirqs pending"));
        QVERIFY(!QFile::exists(pf + QStringLiteral(".part")));
        QVERIFY(readAll(cj).startsWith("{\"displayTimeUnit\""));
    }
};

QTEST_GUILESS_MAIN(TestCliFormats)
#include "test_cli_formats.moc"
