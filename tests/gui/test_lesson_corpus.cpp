// Replays the lesson reader's fuzzing corpus (tests/fuzz/lesson) through the
// ordinary build, as test_fuzz_corpus does for the scenario and ftrace
// corpora: every file comes back as a Lesson or an Error with a message --
// never an exception or a crash. The regression-* files once ended the window.
#include "core/lessons/LessonReader.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace irqscope;

class TestLessonCorpus : public QObject {
    Q_OBJECT
private slots:
    void everyFileReadsOrSaysWhy() {
        const QDir d(QStringLiteral(IRQSCOPE_SOURCE_DIR "/tests/fuzz/lesson"));
        int regressions = 0, lessons = 0;
        for (const QString& name : d.entryList(QDir::Files, QDir::Name)) {
            QFile f(d.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            auto l = app::readLesson(f.readAll(), name);
            regressions += name.startsWith(QLatin1String("regression-"));
            if (name.startsWith(QLatin1String("regression-")) || name.startsWith(QLatin1String("broken-")))
                QVERIFY2(!l, qPrintable(name));
            if (!l) {
                QVERIFY2(!l.error().message.empty(), qPrintable(name));
                QVERIFY2(QString::fromStdString(l.error().toString()).contains(name), qPrintable(name));
                continue;
            }
            ++lessons;
            QVERIFY2(!l->steps.empty(), qPrintable(name));
        }
        QVERIFY(regressions >= 3);
        QVERIFY(lessons >= 3); // the seeds read (the knob-order seed included)
    }

    // A step that sets a knob of a device it leaves switched off is a lesson
    // bug (the run would not show what the narration says): the reader names
    // the switch. Turning the device on in the same step reads.
    void aKnobOfAnOffDeviceIsRefused() {
        QFile f(QStringLiteral(IRQSCOPE_SOURCE_DIR "/tests/fuzz/lesson/broken-off-device.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        auto l = app::readLesson(text, QStringLiteral("broken-off-device.json"));
        QVERIFY(!l);
        QVERIFY2(QString::fromStdString(l.error().toString()).contains(QLatin1String("net.enabled is false")),
                 l.error().toString().c_str());
        text.replace("{\"net.rate_hz\": 30000}", "{\"net.rate_hz\": 30000, \"net.enabled\": true}");
        auto on = app::readLesson(text, QStringLiteral("on.json"));
        QVERIFY2(bool(on), on ? "" : on.error().toString().c_str());
        QCOMPARE(on->steps[0].scenario.getDouble("net.rate_hz"), 30000.0);
    }

    // Every shipped lesson reads (no step sets a knob of an off device).
    void everyShippedLessonReads() {
        const QDir d(QStringLiteral(IRQSCOPE_SOURCE_DIR "/resources/lessons"));
        int n = 0;
        for (const QString& name : d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            QFile f(d.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            auto l = app::readLesson(f.readAll(), name);
            QVERIFY2(bool(l), l ? "" : l.error().toString().c_str());
            ++n;
        }
        QVERIFY(n >= 6);
    }

    // A step's knob changes are applied together: gic.masking=active-bit before gic.eoimode=1 reads.
    void knobChangesDoNotDependOnTheirOrder() {
        QFile f(QStringLiteral(IRQSCOPE_SOURCE_DIR "/tests/fuzz/lesson/seed-knob-order.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        auto l = app::readLesson(f.readAll(), QStringLiteral("seed-knob-order.json"));
        QVERIFY2(bool(l), l ? "" : l.error().toString().c_str());
        QCOMPARE(l->steps[0].scenario.getString("gic.masking"), std::string("active-bit"));
        QCOMPARE(l->steps[0].scenario.getInt("gic.eoimode"), 1);
    }
};

QTEST_GUILESS_MAIN(TestLessonCorpus)
#include "test_lesson_corpus.moc"
