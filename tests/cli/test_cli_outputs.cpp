// Where irqscope-cli writes, through the real executable: a writer never
// replaces what is not a regular file (a FIFO, a device node, /dev/stdout are
// written into; once, as root, `--metrics /dev/null` replaced the system's
// /dev/null), a full or closed standard output is a failure, every error
// message is valid UTF-8 and says the cause, the readers refuse a directory
// and endless input, and --set/--vary mean the same in any order.
#include "cli_process.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {
using clitest::Out;

Out run(const QString& program, const QStringList& args, const QString& stdoutFile = {}) {
    return clitest::runProgram(program, args, 120000, stdoutFile);
}
Out cli(const QStringList& args, const QString& stdoutFile = {}) {
    return clitest::cli(args, 120000, stdoutFile);
}

bool isValidUtf8(const QByteArray& b) {
    QStringDecoder dec(QStringDecoder::Utf8);
    const QString s = dec(b);
    return !dec.hasError();
}

mode_t kindOf(const QString& path) {
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

const QStringList kShortRun = {QStringLiteral("run"), QStringLiteral("basics"), QStringLiteral("--duration"),
                               QStringLiteral("1ms")};
} // namespace

class TestCliOutputs : public QObject {
    Q_OBJECT
private slots:
    // A FIFO is written into (a reader gets the JSON) and is still a FIFO afterwards.
    void fifoIsWrittenIntoNotReplaced() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("metrics.fifo"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        QProcess reader;
        reader.start(QStringLiteral("cat"), {fifo});
        QVERIFY(reader.waitForStarted());
        const Out r = cli(kShortRun + QStringList{QStringLiteral("--metrics"), fifo});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(reader.waitForFinished(30000));
        const auto doc = nlohmann::json::parse(reader.readAllStandardOutput().toStdString());
        QCOMPARE(doc["schema"].get<std::string>(), std::string("irqscope.metrics/1"));
        QCOMPARE(kindOf(fifo), mode_t(S_IFIFO));
    }

    // A character device (a private copy of /dev/null made with mknod: root only) stays one.
    void characterDeviceIsWrittenIntoNotReplaced() {
        if (::geteuid() != 0) QSKIP("mknod needs root");
        QTemporaryDir dir;
        const QString null = dir.filePath(QStringLiteral("null"));
        QVERIFY(::mknod(QFile::encodeName(null).constData(), S_IFCHR | 0666, makedev(1, 3)) == 0);
        // --image wants an extension, and .pftrace chooses Perfetto's protobuf: a
        // symlink with the extension, to the device
        for (auto [flag, suffix] : {std::pair{"--metrics", ""}, std::pair{"--trace", ""},
                                    std::pair{"--trace", ".pftrace"}, std::pair{"--image", ".png"}}) {
            const QString target = null + QString::fromLatin1(suffix);
            if (target != null) QVERIFY(QFile::link(null, target));
            const Out r = cli(kShortRun + QStringList{QString::fromLatin1(flag), target});
            QVERIFY2(r.code == 0, r.err.constData());
            QCOMPARE(kindOf(null), mode_t(S_IFCHR));
            if (target != null) QCOMPARE(kindOf(target), mode_t(S_IFLNK));
        }
        const Out s = cli({QStringLiteral("sweep"), QStringLiteral("basics"), QStringLiteral("--vary"),
                           QStringLiteral("run.seed=1,2"), QStringLiteral("--duration"), QStringLiteral("1ms"),
                           QStringLiteral("--out"), null});
        QVERIFY2(s.code == 0, s.err.constData());
        QCOMPARE(kindOf(null), mode_t(S_IFCHR));
    }

    // /dev/stdout is the process's own standard output (a pipe here): the JSON arrives there.
    void devStdoutIsStandardOutput() {
        const Out r = cli(kShortRun + QStringList{QStringLiteral("--metrics"), QStringLiteral("/dev/stdout")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(nlohmann::json::parse(r.out.toStdString())["schema"].get<std::string>(),
                 std::string("irqscope.metrics/1"));
    }

    // Both trace formats stream into the file; a replaced file keeps its
    // permissions, and through a symlink the file is replaced, not the link;
    // no temporary file is left behind.
    void traceReplacesTheFileKeepingModeAndLink() {
        QTemporaryDir dir;
        for (const QString& name : {QStringLiteral("t.json"), QStringLiteral("t.pftrace")}) {
            const QString real = dir.filePath(name), link = dir.filePath(QStringLiteral("link-") + name);
            QFile f(real);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("old");
            f.close();
            QVERIFY(::chmod(QFile::encodeName(real).constData(), 0640) == 0);
            QVERIFY(QFile::link(real, link));
            const Out r = cli(kShortRun + QStringList{QStringLiteral("--trace"), link});
            QVERIFY2(r.code == 0, r.err.constData());
            QCOMPARE(kindOf(link), mode_t(S_IFLNK));
            QVERIFY(QFileInfo(real).size() > 1000);
            struct stat st {};
            QVERIFY(::stat(QFile::encodeName(real).constData(), &st) == 0);
            QCOMPARE(st.st_mode & 07777, mode_t(0640));
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System).size(), 4);
        QFile json(dir.filePath(QStringLiteral("t.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        QVERIFY(nlohmann::json::accept(json.readAll().toStdString()));
    }

    // A full disk says so ("No space left on device", not "Unknown error") and fails.
    void fullDeviceSaysNoSpace() {
        const Out r = cli(kShortRun + QStringList{QStringLiteral("--metrics"), QStringLiteral("/dev/full")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("/dev/full") && r.err.contains("No space left on device"), r.err.constData());
    }

    // Standard output on a full disk or closed: exit status 1 and a message, not 0.
    void fullOrClosedStdoutFails() {
        Out r = cli({QStringLiteral("presets")}, QStringLiteral("/dev/full"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("standard output") && r.err.contains("No space left on device"), r.err.constData());
        r = cli(kShortRun + QStringList{QStringLiteral("--metrics"), QStringLiteral("-")}, QStringLiteral("/dev/full"));
        QCOMPARE(r.code, 1);
        r = run(QStringLiteral("sh"),
                {QStringLiteral("-c"), QStringLiteral("exec >&-; exec \"$0\" presets"), QStringLiteral(IRQSCOPE_CLI)});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("standard output"), r.err.constData());
    }

    // Every message is valid UTF-8, whatever the input quotes or the file is called.
    void errorMessagesAreValidUtf8_data() {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QByteArray>("mustSay");
        // the JSON parser's "last read" quoted half of a 3-byte character
        QTest::newRow("cut character") << QByteArray("s.json") << QByteArray("{\"name\": \"\xe4\xb8")
                                       << QByteArray("s.json");
        QTest::newRow("invalid byte") << QByteArray("s.json") << QByteArray("{\"name\": \"\xff\"}")
                                      << QByteArray("s.json");
        QTest::newRow("file name in Latin-1")
            << QByteArray("sc\xe9nario.json") << QByteArray("{\"machine\": 1}") << QByteArray("sc\\xE9nario.json");
    }
    void errorMessagesAreValidUtf8() {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, content);
        QFETCH(QByteArray, mustSay);
        QTemporaryDir dir;
        const QByteArray path = QFile::encodeName(dir.path()) + '/' + name;
        FILE* f = std::fopen(path.constData(), "wb");
        QVERIFY(f);
        std::fwrite(content.constData(), 1, std::size_t(content.size()), f);
        std::fclose(f);
        // through a shell glob: the file name's bytes reach the CLI as they are (a QString would not carry them)
        const Out r =
            run(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("cd \"$1\" && exec \"$0\" run ./*.json"),
                                       QStringLiteral(IRQSCOPE_CLI), dir.path()});
        QCOMPARE(r.code, 2);
        QVERIFY2(isValidUtf8(r.err), r.err.toHex().constData());
        QVERIFY2(r.err.contains(mustSay), r.err.constData());
    }

    // A directory is not "invalid JSON"; /dev/zero is refused at 16 MiB, not read for ever.
    void readersSayWhatTheInputIs() {
        QTemporaryDir dir;
        Out r = cli({QStringLiteral("run"), dir.path()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("is a directory"), r.err.constData());
        r = cli({QStringLiteral("import"), dir.path()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("is a directory"), r.err.constData());
        r = cli({QStringLiteral("run"), QStringLiteral("/dev/zero")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("/dev/zero") && r.err.contains("16 MiB"), r.err.constData());
    }

    // Whether a combination is valid does not depend on the order of the flags.
    void setAndVaryDoNotDependOnTheirOrder() {
        for (const QStringList& sets :
             {QStringList{QStringLiteral("gic.masking=active-bit"), QStringLiteral("gic.eoimode=1")},
              QStringList{QStringLiteral("gic.eoimode=1"), QStringLiteral("gic.masking=active-bit")}}) {
            const Out r = cli({QStringLiteral("describe"), QStringLiteral("basics"), QStringLiteral("--set"), sets[0],
                               QStringLiteral("--set"), sets[1]});
            QVERIFY2(r.code == 0, r.err.constData());
            const auto doc = nlohmann::json::parse(r.out.toStdString());
            QCOMPARE(doc["gic"]["masking"].get<std::string>(), std::string("active-bit"));
        }
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("s.csv"));
        const Out s =
            cli({QStringLiteral("sweep"), QStringLiteral("basics"), QStringLiteral("--vary"),
                 QStringLiteral("gic.masking=active-bit"), QStringLiteral("--vary"), QStringLiteral("gic.eoimode=1"),
                 QStringLiteral("--duration"), QStringLiteral("1ms"), QStringLiteral("--out"), csv});
        QVERIFY2(s.code == 0, s.err.constData());
        QVERIFY(QFileInfo(csv).size() > 0);
    }

    // An import whose CPUs start before the file's first line, exported as a Perfetto trace:
    // valid JSON, no negative time, and the report says it was rebased.
    void outOfOrderImportExportsValidTimes() {
        QTemporaryDir dir;
        const QString capture = dir.filePath(QStringLiteral("blocks.txt"));
        QFile f(capture);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# tracer: nop\n"
                "   a-10 [000] .....  1.000100: softirq_entry: vec=1 [action=TIMER]\n"
                "   a-10 [000] .....  1.000200: softirq_exit: vec=1 [action=TIMER]\n"
                "   b-11 [001] .....  1.000000: softirq_entry: vec=1 [action=TIMER]\n"
                "   b-11 [001] .....  1.000300: softirq_exit: vec=1 [action=TIMER]\n");
        f.close();
        const QString trace = dir.filePath(QStringLiteral("t.json"));
        const Out r = cli({QStringLiteral("import"), capture, QStringLiteral("--trace"), trace});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("rebased_to_earliest_event"), r.err.constData());
        QFile t(trace);
        QVERIFY(t.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(t.readAll().toStdString()); // throws on invalid JSON
        int timed = 0;
        for (const auto& e : doc["traceEvents"])
            if (e.contains("ts")) {
                QVERIFY(e["ts"].get<double>() >= 0);
                ++timed;
            }
        QVERIFY(timed >= 2);
    }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "test_cli_outputs.moc"
