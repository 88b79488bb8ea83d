// rt-app task sets through the real executable: `run TASKSET.json` reads
// rt-app's JSON (an error names the file, line and column, exit 2), a key
// that cannot be modelled is named, and --rtapp-logs DIR writes one log per
// thread in rt-app's own format and file names (<log_basename>-<thread>.log).
#include "cli_process.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {
using clitest::cli;
using clitest::Out;

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

const QString kExamples = QStringLiteral("/usr/share/doc/rt-app/examples");
} // namespace

class TestCliRtapp : public QObject {
    Q_OBJECT
private slots:
    void badRtappFileNamesFileLineAndColumn() {
        QTemporaryDir dir;
        const QString f = dir.filePath("bad.json");
        write(f, "{\n\t/* a task set */\n\t\"tasks\" : {\n\t\t\"t\" : { \"run\" 10 }\n\t}\n}\n");
        auto r = cli({"run", f, "--quiet"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains((f + ": line 4, column 17: expected ':' after the key \"run\"").toUtf8()),
                 r.err.constData());
    }

    void unmodelledKeyIsNamed() {
        const QString f = kExamples + "/tutorial/example6.json";
        QVERIFY2(QFile::exists(f), "rt-app's examples are missing: apt-get install rt-app");
        auto r = cli({"run", f, "--quiet"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains((f + ": tasks.thread0.mem").toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("cannot be modelled"), r.err.constData());
    }

    void rtappLogsMustBeADirectory() {
        QTemporaryDir dir;
        const QString f = dir.filePath("file");
        write(f, "x");
        auto r = cli({"run", "basics", "--duration", "1ms", "--quiet", "--rtapp-logs", f});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("exists and is not a directory"), r.err.constData());
        // a scenario without tasks writes no log, and creates the directory
        auto ok = cli({"run", "gic-eoimode", "--duration", "1ms", "--quiet", "--rtapp-logs", dir.filePath("logs")});
        QCOMPARE(ok.code, 0);
        QVERIFY(QDir(dir.filePath("logs")).exists());
        QVERIFY(QDir(dir.filePath("logs")).entryList(QDir::Files).isEmpty());
    }

    void rtappLogsWritesOneFilePerThread() {
        QTemporaryDir dir;
        const QString f = kExamples + "/tutorial/example4.json"; // threads thread0-0 and thread1-1
        QVERIFY2(QFile::exists(f), "rt-app's examples are missing: apt-get install rt-app");
        auto r = cli({"run", f, "--duration", "50ms", "--quiet", "--rtapp-logs", dir.path()});
        QCOMPARE(r.code, 0);
        for (const char* name : {"rt-app-thread0-0.log", "rt-app-thread1-1.log"}) {
            QFile log(dir.filePath(name));
            QVERIFY2(log.open(QIODevice::ReadOnly), name);
            const QList<QByteArray> lines = log.readAll().split('\n');
            QVERIFY(lines.size() >= 3);
            QCOMPARE(lines[0], QByteArray("# Policy : SCHED_OTHER priority : 0"));
            QVERIFY(lines[1].startsWith("#idx     perf      run   period"));
            QVERIFY2(lines[2].simplified().split(' ').size() == 11, lines[2].constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliRtapp)
#include "test_cli_rtapp.moc"
