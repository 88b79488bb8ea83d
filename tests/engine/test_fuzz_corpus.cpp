// Replays the fuzzing corpora (tests/fuzz/scenario, tests/fuzz/ftrace) through
// the ordinary build, so every input the fuzzers ever crashed on -- kept there
// as regression-* files -- is checked by the ci and asan presets too, not only
// by the clang fuzz build: each must come back as a value or an Error that
// says where, without throwing or crashing.
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/scenario.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <sstream>

using namespace irqscope;

namespace {
QStringList corpus(const char* name) {
    QDir d(QStringLiteral(IRQSCOPE_SOURCE_DIR "/tests/fuzz/") + QString::fromLatin1(name));
    QStringList out;
    for (const QString& f : d.entryList(QDir::Files, QDir::Name)) out << d.filePath(f);
    return out;
}
QByteArray bytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestFuzzCorpus : public QObject {
    Q_OBJECT
private slots:
    void scenarioCorpus() {
        const QStringList files = corpus("scenario");
        QVERIFY(files.size() >= 10);
        int regressions = 0;
        for (const QString& path : files) {
            const QByteArray b = bytes(path);
            // How long each file takes (regression-huge-unknown-key.json once took seconds)
            // is measured by tests/bench/bench_readers.cpp: a ctest asserts no wall-clock time.
            auto s = Scenario::fromJsonText(std::string_view(b.constData(), std::size_t(b.size())), "corpus.json");
            regressions += path.contains(QStringLiteral("regression-"));
            if (!s) {
                QVERIFY2(!s.error().message.empty(), qPrintable(path));
                continue;
            }
            RunOptions o;
            o.duration = 200'000;
            auto r = run(*s, o);
            QVERIFY2(r.ok(), qPrintable(path + QStringLiteral(": ") +
                                        QString::fromStdString(r.ok() ? "" : r.error().toString())));
        }
        QVERIFY(regressions >= 1);
    }

    void ftraceCorpus() {
        const QStringList files = corpus("ftrace");
        QVERIFY(files.size() >= 10);
        for (const QString& path : files) {
            std::istringstream in(bytes(path).toStdString());
            auto r = importFtrace(in, "corpus.txt");
            if (!r) QVERIFY2(!r.error().message.empty(), qPrintable(path));
        }
    }
};

QTEST_GUILESS_MAIN(TestFuzzCorpus)
#include "test_fuzz_corpus.moc"
