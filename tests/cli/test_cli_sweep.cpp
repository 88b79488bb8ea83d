// Sweeps beyond one process: --shard K/N slices, `merge` and its checks, run
// through GNU parallel the way docs/sweeps.md shows; one image per row.
#include "cli_process.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {
using clitest::Out;

Out runProgram(const QString& program, const QStringList& args) {
    return clitest::runProgram(program, args, 300000);
}
Out cli(const QStringList& args) {
    return runProgram(QStringLiteral(IRQSCOPE_CLI), args);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// 3 x 2 = 6 runs: not a multiple of 4, so the shards differ in size.
QStringList sweepArgs() {
    return {QStringLiteral("sweep"),      QStringLiteral("basics"),
            QStringLiteral("--vary"),     QStringLiteral("sources[eth0].arrival.poisson.rate_hz=1000,4000,12000"),
            QStringLiteral("--vary"),     QStringLiteral("machine.cpus=2,3"),
            QStringLiteral("--duration"), QStringLiteral("5ms"),
            QStringLiteral("--jobs"),     QStringLiteral("1")};
}

// The CSV's rows with the wall-clock column removed (the one column that
// differs between two runs of the same simulation).
QList<QList<QByteArray>> withoutWallClock(const QByteArray& csv) {
    QList<QList<QByteArray>> rows;
    const auto lines = csv.split('\n');
    const qsizetype wall = lines.value(0).split(',').indexOf("wall_time_s");
    for (const auto& l : lines) {
        if (l.isEmpty()) continue;
        auto cells = l.split(',');
        if (wall >= 0) cells.removeAt(wall);
        rows.push_back(cells);
    }
    return rows;
}
} // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
private slots:
    void shardsThroughGnuParallelMergeToTheOneProcessSweep() {
        const QString parallel = QStandardPaths::findExecutable(QStringLiteral("parallel"));
        if (parallel.isEmpty()) QFAIL("GNU parallel is not installed (Debian package 'parallel', scripts/deps.txt)");
        QTemporaryDir dir;
        const QString whole = dir.filePath(QStringLiteral("whole.csv"));
        auto r = cli(sweepArgs() << QStringLiteral("--out") << whole);
        QVERIFY2(r.code == 0, r.err.constData());

        // As in docs/sweeps.md: parallel substitutes the shard number for {}.
        QStringList shardCmd{QStringLiteral(IRQSCOPE_CLI)};
        shardCmd << sweepArgs() << QStringLiteral("--shard") << QStringLiteral("{}/4") << QStringLiteral("--out")
                 << dir.filePath(QStringLiteral("part-{}.csv"));
        auto p = runProgram(parallel,
                            QStringList{QStringLiteral("--will-cite"), QStringLiteral("--halt"),
                                        QStringLiteral("now,fail=1"), QStringLiteral("-j"), QStringLiteral("4"),
                                        shardCmd.join(QLatin1Char(' ')), QStringLiteral(":::"), QStringLiteral("1"),
                                        QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4")});
        QVERIFY2(p.code == 0, p.err.constData());
        QStringList parts;
        for (int k = 4; k >= 1; --k) parts << dir.filePath(QStringLiteral("part-%1.csv").arg(k)); // any order
        const QString merged = dir.filePath(QStringLiteral("merged.csv"));
        auto m = cli(QStringList{QStringLiteral("merge"), merged} << parts);
        QVERIFY2(m.code == 0, m.err.constData());

        const auto a = withoutWallClock(readAll(whole)), b = withoutWallClock(readAll(merged));
        QCOMPARE(a.size(), 7); // header + 6 runs
        QCOMPARE(a[0].mid(0, 6), (QList<QByteArray>{"run", "runs", "sweep", "sources[eth0].arrival.poisson.rate_hz",
                                                    "machine.cpus", "error"}));
        QCOMPARE(b.size(), a.size());
        for (int i = 0; i < a.size(); ++i) QCOMPARE(b[i], a[i]);
        // Every shard ran a share, and the shards together ran each run once.
        int rows = 0;
        for (const auto& part : parts) {
            const int n = static_cast<int>(withoutWallClock(readAll(part)).size()) - 1;
            QVERIFY(n >= 1 && n <= 2);
            rows += n;
        }
        QCOMPARE(rows, 6);
    }

    void mergeRefusesMissingDoubledAndForeignRows() {
        QTemporaryDir dir;
        auto part = [&](const QString& name, const QString& shard, const QStringList& extra = {}) {
            const QString path = dir.filePath(name);
            auto r = cli(sweepArgs() << extra << QStringLiteral("--shard") << shard << QStringLiteral("--out") << path);
            if (r.code != 0) qWarning("%s", r.err.constData());
            return path;
        };
        const QString p1 = part(QStringLiteral("1.csv"), QStringLiteral("1/3")),
                      p2 = part(QStringLiteral("2.csv"), QStringLiteral("2/3")),
                      p3 = part(QStringLiteral("3.csv"), QStringLiteral("3/3")),
                      other = part(QStringLiteral("o.csv"), QStringLiteral("3/3"),
                                   {QStringLiteral("--set"), QStringLiteral("sources[eth0].then[0].cost=2us")}),
                      half = part(QStringLiteral("h.csv"), QStringLiteral("2/2"));
        QFile cut(dir.filePath(QStringLiteral("cut.csv")));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        const QByteArray full = readAll(p3);
        cut.write(full.left(full.size() - 40)); // the last row cut in half
        cut.close();
        QFile junk(dir.filePath(QStringLiteral("junk.csv")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("a,b\n1,2\n");
        junk.close();

        const QString out = dir.filePath(QStringLiteral("out.csv"));
        struct Case {
            QStringList parts;
            const char* mustSay;
        } cases[] = {
            {{p1, p2}, "2 of 6 runs missing (run 2, 5;"},
            {{p1, p2, p3, p3}, "is also in"},
            {{p1, p2, other}, "different sweeps"},
            {{p1, p2, p3, half}, "is also in"},
            {{p1, p2, cut.fileName()}, "cut short"},
            {{p1, junk.fileName()}, "not a sweep CSV"},
            {{p1, dir.filePath(QStringLiteral("nope.csv"))}, "nope.csv: cannot open"},
            {{}, "needs at least one shard"},
        };
        for (const auto& c : cases) {
            auto r = cli(QStringList{QStringLiteral("merge"), out} << c.parts);
            QVERIFY2(r.code == 2, qPrintable(c.parts.join(QLatin1Char(' ')) + QStringLiteral(" -> ") +
                                             QString::number(r.code) + QStringLiteral(" ") + QString::fromUtf8(r.err)));
            QVERIFY2(r.err.contains(c.mustSay), r.err.constData());
            QVERIFY2(!QFile::exists(out), "nothing is written when a check fails");
        }
        // The error names the file and line of the doubled row.
        auto r = cli(QStringList{QStringLiteral("merge"), out, p1, p2, p3, p3});
        QVERIFY2(r.err.contains(QFileInfo(p3).fileName().toUtf8() + ":2: run 2 is also in"), r.err.constData());
        QCOMPARE(cli(QStringList{QStringLiteral("merge"), out, p3, p1, p2}).code, 0);
        auto toStdout = cli(QStringList{QStringLiteral("merge"), QStringLiteral("-"), p2, p3, p1});
        QCOMPARE(toStdout.code, 0);
        QCOMPARE(toStdout.out, readAll(out)); // "-": the same CSV on standard output

        // Quoted fields (an error message with a comma, quotes and a line
        // break) survive the round trip; an unclosed quote is refused.
        QList<QByteArray> lines = readAll(p3).split('\n');
        QList<QByteArray> cells = lines[1].split(',');
        const int errorCol = int(lines[0].split(',').indexOf("error"));
        const QByteArray quoted = "\"failed, \"\"badly\"\"\nat 5 ms\"";
        cells[errorCol] = quoted;
        lines[1] = cells.join(',');
        QFile odd(dir.filePath(QStringLiteral("odd.csv")));
        QVERIFY(odd.open(QIODevice::WriteOnly));
        odd.write(lines.join('\n'));
        odd.close();
        auto q = cli(QStringList{QStringLiteral("merge"), out, p1, p2, odd.fileName()});
        QVERIFY2(q.code == 0, q.err.constData());
        QVERIFY(q.err.contains("1 failed"));
        QVERIFY(readAll(out).contains("," + quoted + ","));
        QFile::remove(out);
        QVERIFY(odd.open(QIODevice::WriteOnly));
        odd.write(readAll(p3) + "7,6,x,\"unclosed\n");
        odd.close();
        q = cli(QStringList{QStringLiteral("merge"), out, p1, p2, odd.fileName()});
        QCOMPARE(q.code, 2);
        QVERIFY2(q.err.contains("odd.csv: line 4: a quoted field is not closed"), q.err.constData());
    }

    void shardFlagIsChecked() {
        for (const char* bad : {"0/4", "5/4", "4", "a/b", "1/0", "-1/4", "2/4x"}) {
            auto r = cli(sweepArgs() << QStringLiteral("--shard") << QString::fromUtf8(bad) << QStringLiteral("--out")
                                     << QStringLiteral("never.csv"));
            QVERIFY2(r.code == 2, bad);
            QVERIFY2(r.err.contains("--shard expects K/N"), r.err.constData());
        }
        QVERIFY(!QFile::exists(QStringLiteral("never.csv")));
    }

    void oneImagePerRowAndTheTableAsCsv() {
        QTemporaryDir dir;
        const QString images = dir.filePath(QStringLiteral("img"));
        auto r =
            cli(QStringList{QStringLiteral("sweep"), QStringLiteral("basics"), QStringLiteral("--vary"),
                            QStringLiteral("sources[eth0].arrival.poisson.rate_hz=1000,8000"),
                            QStringLiteral("--duration"), QStringLiteral("5ms"), QStringLiteral("--images"), images,
                            QStringLiteral("--image-format"), QStringLiteral("png"), QStringLiteral("--format"),
                            QStringLiteral("csv"), QStringLiteral("--out"), dir.filePath(QStringLiteral("s.csv"))});
        QVERIFY2(r.code == 0, r.err.constData());
        for (const char* name : {"run-0.png", "run-1.png"}) {
            const QByteArray png = readAll(images + QLatin1Char('/') + QLatin1String(name));
            QVERIFY2(png.startsWith("\x89PNG") && png.size() > 1000, name);
        }
        QCOMPARE(QDir(images).entryList(QDir::Files).size(), 2);
        const auto lines = r.out.trimmed().split('\n');
        QCOMPARE(lines[0], QByteArray("run,series,count,mean_ns,p50_ns,p95_ns,p99_ns,max_ns,tput_per_s,error"));
        QVERIFY(lines.size() >= 3);
        QVERIFY(lines[1].startsWith("sources[eth0].arrival.poisson.rate_hz=1000,"));
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
