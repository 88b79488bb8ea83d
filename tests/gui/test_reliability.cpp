// Nothing lost, nothing stuck, on the real MainWindow (offscreen): the edited
// scenario is autosaved and offered back after an unclean exit; a clean exit
// removes the marker; a corrupt autosave or bad QSettings values never crash
// and are reported; cancelling a long run at any moment keeps the window
// consistent and the previous run shown; a broken lesson file is reported.
#include "core/MainWindow.h"
#include "core/run/Autosave.h"
#include "core/run/SimulationRunner.h"
#include "core/scenario/KnobPanel.h"
#include "core/timeline/TimelinePlot.h"
#include "test_settings.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace irqscope;
using namespace irqscope::app;

namespace {
QString dataDir() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}
QString autosaveFile() {
    return QDir(dataDir()).filePath(QStringLiteral("autosave.json"));
}
QString markerFile() {
    return QDir(dataDir()).filePath(QStringLiteral("session.pid"));
}

void write(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}
QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The id of a process that has exited: what a crashed window leaves in its marker.
qint64 deadPid() {
    QProcess p;
    qint64 pid = 0;
    QObject::connect(&p, &QProcess::started, [&] { pid = p.processId(); });
    p.start(QStringLiteral("true"), {});
    p.waitForFinished();
    return pid;
}

MainWindow::Options options(Autosave::Restore restore) {
    MainWindow::Options o;
    o.restoreState = false;
    o.restoreAutosave = restore;
    o.autosaveDelayMs = 50;
    return o;
}

// What a crash leaves behind: a marker naming a dead process, and an autosave.
void leaveCrashBehind(const QByteArray& autosave) {
    write(markerFile(), QByteArray::number(deadPid()) + '\n');
    write(autosaveFile(), autosave);
}

const QByteArray kEdited = R"({"schema": "irqscope.scenario/1", "name": "edited", "machine": {"cpus": 3}})";
} // namespace

class TestReliability : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { irqscope::test::useOwnSettings("test_reliability"); }
    void init() {
        QDir(dataDir()).removeRecursively();
        QSettings().clear();
    }

    void editIsAutosavedAndCleanExitRemovesTheMarker() {
        {
            MainWindow w(options(Autosave::Restore::No));
            QVERIFY(w.autosave()->active());
            QCOMPARE(read(markerFile()).trimmed().toLongLong(), QCoreApplication::applicationPid());
            QSignalSpy saved(w.autosave(), &Autosave::saved);
            QVERIFY(w.knobs()->edit(QStringLiteral("machine.cpus"), QStringLiteral("3")));
            QVERIFY(saved.wait(5000));
            auto s = Scenario::fromFile(autosaveFile().toStdString());
            QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
            QCOMPARE(s->getInt("machine.cpus"), 3);
            QVERIFY(QFileInfo::exists(markerFile())); // still running
            QVERIFY(w.runner()->waitForIdle(60000));
        }
        QVERIFY2(!QFileInfo::exists(markerFile()), "a clean exit must remove the marker");
        // A start after a clean exit offers nothing.
        MainWindow again(options(Autosave::Restore::Yes));
        QVERIFY(again.knobs()->scenario().getInt("machine.cpus") != 3);
        QVERIFY(again.runner()->waitForIdle(60000));
    }

    void lastEditBeforeCloseIsNotLost() {
        {
            MainWindow::Options o = options(Autosave::Restore::No);
            o.autosaveDelayMs = 60000; // the timer never fires: the exit must write it
            MainWindow w(o);
            QVERIFY(w.knobs()->edit(QStringLiteral("machine.cpus"), QStringLiteral("5")));
            QVERIFY(w.runner()->waitForIdle(60000));
        }
        auto s = Scenario::fromFile(autosaveFile().toStdString());
        QVERIFY(s.ok());
        QCOMPARE(s->getInt("machine.cpus"), 5);
    }

    void uncleanExitRestoresTheAutosave() {
        leaveCrashBehind(kEdited);
        MainWindow w(options(Autosave::Restore::Yes));
        QCOMPARE(w.knobs()->scenario().getInt("machine.cpus"), 3);
        QVERIFY2(w.windowTitle().contains(QLatin1Char('*')),
                 qPrintable(w.windowTitle())); // unsaved
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("Restored")),
                 qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(read(markerFile()).trimmed().toLongLong(), QCoreApplication::applicationPid());
        QVERIFY(w.runner()->waitForIdle(60000));
        QCOMPARE(w.currentRun()->result->metrics.cpus.size(),
                 std::size_t(3)); // the restored scenario ran
    }

    void declinedRestoreKeepsTheDefault() {
        leaveCrashBehind(kEdited);
        MainWindow w(options(Autosave::Restore::No));
        QVERIFY(w.knobs()->scenario().getInt("machine.cpus") != 3);
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("not restored")));
        QVERIFY(w.runner()->waitForIdle(60000));
    }

    void askIsDrivenByTheEnvironmentOffscreen() {
        leaveCrashBehind(kEdited);
        qputenv("IRQSCOPE_RESTORE_AUTOSAVE", "yes");
        MainWindow w(options(Autosave::Restore::Ask));
        qunsetenv("IRQSCOPE_RESTORE_AUTOSAVE");
        QCOMPARE(w.knobs()->scenario().getInt("machine.cpus"), 3);
        QVERIFY(w.runner()->waitForIdle(60000));
    }

    void corruptAutosaveIsReportedNotCrashed() {
        leaveCrashBehind(QByteArray("{\"machine\": {\"cpus\": \"three\"}}"));
        MainWindow w(options(Autosave::Restore::Yes));
        const QString msg = w.statusBar()->currentMessage();
        QVERIFY2(msg.contains(QStringLiteral("autosave.json")) && msg.contains(QStringLiteral("machine.cpus")),
                 qPrintable(msg));
        QVERIFY(w.knobs()->scenario().getInt("machine.cpus") != 3);
        QVERIFY(w.runner()->waitForIdle(60000));
        QVERIFY(w.currentRun()); // the default preset still ran
    }

    // session.pid naming a live process that is not an IRQ Scope window (pid reuse after a
    // reboot, a killed window not yet reaped) once switched autosave off for every later
    // session: now the lock decides, and the crash is recognised.
    void markerOfAnUnrelatedLiveProcessIsAnUncleanExit() {
        QProcess sleeper;
        sleeper.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(sleeper.waitForStarted());
        write(markerFile(), QByteArray::number(sleeper.processId()) + '\n');
        write(autosaveFile(), kEdited);
        {
            MainWindow w(options(Autosave::Restore::Yes));
            QVERIFY(w.autosave()->active());
            QCOMPARE(w.knobs()->scenario().getInt("machine.cpus"), 3); // restored
            QVERIFY(w.runner()->waitForIdle(60000));
        }
        QVERIFY(!QFile::exists(markerFile())); // and this session ended cleanly
        sleeper.kill();
        sleeper.waitForFinished();
    }

    void anotherLiveWindowKeepsItsAutosave() {
        // another window: a process holding the session lock (flock(1), the same flock(2) lock)
        write(markerFile(), QByteArray("1\n"));
        write(autosaveFile(), kEdited);
        QProcess other;
        other.start(QStringLiteral("flock"),
                    {QStringLiteral("-n"), QDir(dataDir()).filePath(QStringLiteral("session.lock")),
                     QStringLiteral("-c"), QStringLiteral("echo locked; exec sleep 30")});
        QVERIFY(other.waitForStarted());
        QVERIFY(other.waitForReadyRead(30000));
        QCOMPARE(other.readAllStandardOutput().trimmed(), QByteArray("locked"));
        {
            MainWindow w(options(Autosave::Restore::Yes));
            QVERIFY(!w.autosave()->active()); // not an unclean exit: that window is alive
            QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("Autosave is off")),
                     qPrintable(w.statusBar()->currentMessage())); // and said
            QVERIFY(w.knobs()->scenario().getInt("machine.cpus") != 3);
            QVERIFY(w.knobs()->edit(QStringLiteral("machine.cpus"), QStringLiteral("4")));
            QTest::qWait(200);
            QVERIFY(w.runner()->waitForIdle(60000));
        }
        QCOMPARE(read(autosaveFile()), kEdited); // untouched
        QCOMPARE(read(markerFile()), QByteArray("1\n"));
        other.kill();
        other.waitForFinished();
        QFile::remove(markerFile());
    }

    void badSettingsAreIgnoredWithAWarning() {
        {
            QSettings s;
            s.setValue(QStringLiteral("autoRun"), QStringLiteral("banana"));
            s.setValue(QStringLiteral("geometry"), QStringLiteral("not a geometry"));
            s.setValue(QStringLiteral("windowState"), QByteArray("\x01\x02garbage"));
            s.setValue(QStringLiteral("recentFiles"), 42);
            s.setValue(QStringLiteral("exportDir"), QVariantList{1, 2});
        }
        MainWindow::Options o = options(Autosave::Restore::No);
        o.restoreState = true;
        MainWindow w(o);
        const QString msg = w.statusBar()->currentMessage();
        for (const char* key : {"autoRun", "geometry", "windowState", "recentFiles", "exportDir"})
            QVERIFY2(msg.contains(QString::fromLatin1(key)), qPrintable(msg));
        QVERIFY(!w.action(QStringLiteral("autoRun"))->isChecked()); // the default, not a misread
        QVERIFY(w.width() > 200 && w.height() > 200);
        QVERIFY(w.runner()->waitForIdle(60000));
    }

    void cancellingALongRunKeepsThePreviousRun() {
        MainWindow w(options(Autosave::Restore::No));
        w.resize(1200, 800);
        QVERIFY(w.runner()->waitForIdle(60000));
        const RunRecord* before = w.currentRun();
        QVERIFY(before);
        const int beforeId = before->id;
        const int runsBefore = w.runs()->size();
        const Time endBefore = before->result->trace.endTime();
        // Cancel at several moments: at once, soon, and well into the run.
        for (int delayMs : {0, 30, 400}) {
            QVERIFY(w.knobs()->edit(QStringLiteral("run.duration_ns"), QStringLiteral("100s")));
            w.runNow();
            QVERIFY(w.runner()->isRunning());
            QVERIFY(w.action(QStringLiteral("cancel"))->isEnabled());
            if (delayMs) QTest::qWait(delayMs);
            w.action(QStringLiteral("cancel"))->trigger();
            QVERIFY2(w.runner()->waitForIdle(20000), "cancel did not stop the run");
            QVERIFY(!w.runner()->isRunning());
            QCOMPARE(w.runs()->size(), runsBefore); // no half run added as if complete
            QVERIFY(w.currentRun());
            QCOMPARE(w.currentRun()->id, beforeId); // the previous run is still what is shown
            QCOMPARE(w.currentRun()->result->trace.endTime(), endBefore);
            QCOMPARE(w.timeline()->scene().trace(), &w.currentRun()->result->trace);
            QVERIFY(!w.action(QStringLiteral("cancel"))->isEnabled());
            QVERIFY(w.action(QStringLiteral("run"))->isEnabled());
            w.grab(); // painting the window after a cancel must not touch freed data
        }
        // And a normal run still works afterwards.
        QVERIFY(w.knobs()->edit(QStringLiteral("run.duration_ns"), QStringLiteral("5ms")));
        w.runNow();
        QVERIFY(w.runner()->waitForIdle(60000));
        QCOMPARE(w.runs()->size(), runsBefore + 1);
        QCOMPARE(w.currentRun()->result->metrics.simTimeNs, Time(5'000'000));
    }

    // The window's saves go through the same writer as the CLI: a FIFO is written into (and
    // stays a FIFO), a directory is refused with a message that says so. (The reader is this
    // process, non-blocking: a scenario fits the pipe's buffer. A `cat` child deadlocked with a
    // large export: it blocked on its own stdout, which QProcess reads only in an event loop.)
    void guiSavesNeverReplaceAFifoOrADirectory() {
        MainWindow w(options(Autosave::Restore::No));
        QVERIFY(w.runner()->waitForIdle(60000));
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("out.fifo"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        const int rfd = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK);
        QVERIFY(rfd >= 0);
        QString err;
        QVERIFY2(w.saveScenarioTo(fifo, &err), qPrintable(err));
        char buf[4096];
        const ssize_t n = ::read(rfd, buf, sizeof buf);
        ::close(rfd);
        QVERIFY(n > 0 && buf[0] == '{');
        QVERIFY(QFileInfo(fifo).exists() && !QFileInfo(fifo).isFile()); // still the FIFO
        QVERIFY(!w.exportTrace(dir.path(), &err));
        QVERIFY2(err.contains(QStringLiteral("is a directory")), qPrintable(err));
    }

    void brokenLessonFileIsReportedWithItsPlace_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("mustSay");
        QTest::newRow("truncated") << QByteArray("{\"format\": \"irqscope.lesson/1\", \"steps\": [ {\"title\": 3")
                                   << QStringLiteral("line");
        // once an uncaught exception that ended the window
        QTest::newRow("number overflow") << QByteArray("{\"format\": 1e3000}") << QStringLiteral("number overflow");
        // once a stack overflow in the error path
        QTest::newRow("100,000 nested brackets")
            << QByteArray("{\"steps\": ") + QByteArray(100000, '[') + QByteArray(100000, ']') + '}'
            << QStringLiteral("nested deeper than 64");
        QTest::newRow("binary") << QByteArray("\x7f"
                                              "ELF\x02\x01\x01\0\0\0",
                                              10)
                                << QStringLiteral("binary data");
    }
    void brokenLessonFileIsReportedWithItsPlace() {
        QFETCH(QByteArray, content);
        QFETCH(QString, mustSay);
        QTemporaryDir dir;
        const QString lesson = dir.filePath(QStringLiteral("broken-lesson.json"));
        write(lesson, content);
        MainWindow::Options o = options(Autosave::Restore::No);
        o.lesson = lesson;
        MainWindow w(o);
        QStringList texts;
        for (QLabel* l : w.statusBar()->findChildren<QLabel*>()) texts << l->text();
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("broken-lesson.json")) && all.contains(mustSay), qPrintable(all));
        QVERIFY(w.runner()->waitForIdle(60000));
    }

    // `--lesson /dev/zero` and a FIFO grew without limit: at most 16 MiB are read.
    void endlessLessonFileIsRefused() {
        MainWindow::Options o = options(Autosave::Restore::No);
        o.lesson = QStringLiteral("/dev/zero");
        MainWindow w(o);
        QStringList texts;
        for (QLabel* l : w.statusBar()->findChildren<QLabel*>()) texts << l->text();
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("/dev/zero")) && all.contains(QStringLiteral("16 MiB")), qPrintable(all));
        QVERIFY(w.runner()->waitForIdle(60000));
    }
};

QTEST_MAIN(TestReliability)
#include "test_reliability.moc"
