// `irqscope-cli import`, driven through the real executable: exit statuses,
// the report on stderr, and what --metrics / --trace / --image write.
#include "cli_process.h"

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
    const clitest::Out o = clitest::cli(args, 60000);
    return {o.code, o.out.toStdString(), o.err.toStdString()};
}

QString data(const char* name) {
    return QStringLiteral(IRQSCOPE_TEST_DATA "/ftrace/") + QString::fromLatin1(name);
}

bool has(const std::string& s, const char* what) {
    return s.find(what) != std::string::npos;
}

} // namespace

class TestCliImport : public QObject {
    Q_OBJECT
private slots:
    void metricsToStdout() {
        auto r = cli({QStringLiteral("import"), data("nested.txt"), QStringLiteral("--metrics"), QStringLiteral("-")});
        QCOMPARE(r.status, 0);
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j["schema"] == "irqscope.metrics/1");
        QCOMPARE(j["cpus"].size(), std::size_t(2));
        QVERIFY(j["cpus"][0]["ns"]["hardirq"] == 30000);
        QVERIFY(j["latency"]["wakeup"]["count"] == 1);
        QVERIFY(j["throughput"].contains("irq:45:nvme0q1"));
        QVERIFY2(has(r.err, "nothing skipped"), r.err.c_str());
    }

    void reportNamesWhatWasSkipped() {
        auto r = cli({QStringLiteral("import"), data("unknown_event.txt")});
        QCOMPARE(r.status, 0);
        QVERIFY2(has(r.err, "unknown_event:kmem_cache_alloc"), r.err.c_str());
        QVERIFY(has(r.err, "garbage_line"));
        QVERIFY(!r.out.empty()); // the summary table
    }

    void writesTraceAndImage() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString json = dir.filePath(QStringLiteral("t.json"));
        const QString png = dir.filePath(QStringLiteral("t.png"));
        auto r = cli({QStringLiteral("import"), data("real/x86_64-2cpu-load.txt"), QStringLiteral("--trace"), json,
                      QStringLiteral("--image"), png});
        QVERIFY2(r.status == 0, r.err.c_str());
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto j = nlohmann::json::parse(f.readAll().toStdString());
        QVERIFY(j["traceEvents"].size() > 1000);
        QVERIFY(QFile(png).size() > 1000);
    }

    void notFtraceIsAnInputError() {
        auto r = cli({QStringLiteral("import"), data("not_ftrace.csv")});
        QCOMPARE(r.status, 2);
        QVERIFY2(has(r.err, "not_ftrace.csv: line 2:"), r.err.c_str());
        auto missing = cli({QStringLiteral("import"), data("no-such-file.txt")});
        QCOMPARE(missing.status, 2);
        QVERIFY(has(missing.err, "no-such-file.txt"));
    }

    void usageErrors() {
        QCOMPARE(cli({QStringLiteral("import")}).status, 2);
        QCOMPARE(cli({QStringLiteral("import"), data("nested.txt"), QStringLiteral("--frobnicate")}).status, 2);
        QCOMPARE(cli({QStringLiteral("import"), data("nested.txt"), QStringLiteral("--metrics")}).status, 2);
        auto img =
            cli({QStringLiteral("import"), data("nested.txt"), QStringLiteral("--image"), QStringLiteral("x.bmp")});
        QCOMPARE(img.status, 2);
        QVERIFY(has(img.err, ".png"));
    }

    void writeFailureIsStatusOne() {
        auto r = cli({QStringLiteral("import"), data("nested.txt"), QStringLiteral("--metrics"),
                      QStringLiteral("/nonexistent-dir/sub/m.json")});
        QCOMPARE(r.status, 1);
    }
};

QTEST_GUILESS_MAIN(TestCliImport)
#include "test_cli_import.moc"
