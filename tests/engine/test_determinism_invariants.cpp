// Runs are pure functions of (scenario, seed); every preset keeps the
// model's invariants.
#include "sim_helpers.h"

#include "irqscope/presets.h"

#include <thread>

using namespace irqscope;

namespace {
RunOptions quick() {
    RunOptions o;
    o.duration = 20 * kMs;
    return o;
}
} // namespace

class TestDeterminismInvariants : public QObject {
    Q_OBJECT
private slots:
    void sameSeedSameTraceHash() {
        auto s = loadPreset("basics");
        QVERIFY(s.ok());
        auto a = test::runOrDie(*s, quick());
        auto b = test::runOrDie(*s, quick());
        QCOMPARE(a.trace.hash(), b.trace.hash());
        RunOptions other = quick();
        other.seed = 99;
        auto c = test::runOrDie(*s, other);
        QVERIFY(a.trace.hash() != c.trace.hash());
    }

    void twoRunsAtOnceInOneProcess() {
        auto s = loadPreset("basics");
        QVERIFY(s.ok());
        const auto expected = test::runOrDie(*s, quick()).trace.hash();
        std::uint64_t h1 = 0, h2 = 0;
        std::thread t1([&] { h1 = test::runOrDie(*s, quick()).trace.hash(); });
        std::thread t2([&] { h2 = test::runOrDie(*s, quick()).trace.hash(); });
        t1.join();
        t2.join();
        QCOMPARE(h1, expected);
        QCOMPARE(h2, expected);
    }

    // raised = handled + merged + pending, whenever the run ends: also inside
    // the EOImode-1 priority drop, between the acknowledge and the handler.
    void interruptBookkeepingAddsUpAtEveryEnd() {
        for (auto [set, end] : {std::pair{"100000", 20 * kMs}, std::pair{"", Time{20'032'901}}}) {
            auto s = loadPreset("gic-eoimode");
            QVERIFY(s.ok());
            if (*set) QVERIFY(s->set("gic.cost.eoir_ns", set).ok());
            RunOptions o;
            o.duration = end;
            o.recordTrace = false;
            const auto r = test::runOrDie(*s, o);
            QVERIFY(!r.metrics.irqLines.empty());
            for (const auto& l : r.metrics.irqLines)
                QVERIFY2(l.raised == l.handled + l.merged + (l.pendingAtEnd ? 1 : 0),
                         qPrintable(QStringLiteral("%1: raised %2, handled %3, merged %4, pending %5")
                                        .arg(QString::fromStdString(l.name))
                                        .arg(l.raised)
                                        .arg(l.handled)
                                        .arg(l.merged)
                                        .arg(l.pendingAtEnd)));
        }
    }

    // Every cost of the benchmark's cycle at 0: the interrupt raises itself again
    // at no cost, so time would never advance. The run stops and says why.
    void aCycleThatCostsNothingStopsWithAReason() {
        auto s = loadPreset("gic-eoimode");
        QVERIFY(s.ok());
        for (const char* k : {"bench.handler_ns", "cost.context_switch_ns", "cost.flow_handler_ns", "cost.irq_entry_ns",
                              "cost.irq_exit_ns", "cost.wakeup_ns", "cost.softirq_loop_ns", "cost.ipi_handler_ns",
                              "cost.ipi_send_ns", "gic.cost.dir_ns", "gic.cost.dist_write_ns", "gic.cost.eoir_ns",
                              "gic.cost.iar_ns", "machine.idle_exit_ns"})
            QVERIFY2(s->set(k, "0").ok(), k);
        RunOptions o;
        o.duration = 1 * kUs;
        const auto r = run(*s, o);
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("costs 0 ns") != std::string::npos, r.error().toString().c_str());
        QCOMPARE(r.error().where, std::string("cost"));
    }

    void everyPresetKeepsTheInvariants_data() {
        QTest::addColumn<QString>("preset");
        for (const auto& p : listPresets()) QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }
    void everyPresetKeepsTheInvariants() {
        QFETCH(QString, preset);
        auto s = loadPreset(preset.toStdString());
        QVERIFY(s.ok());
        auto r = test::runOrDie(*s, quick());
        const Trace& t = r.trace;
        QCOMPARE(r.metrics.simTimeNs, 20 * kMs);
        for (const auto& c : r.metrics.cpus) {
            Time sum = 0;
            for (Time v : c.ns) sum += v;
            QCOMPARE(sum, r.metrics.simTimeNs); // every nanosecond of every CPU is accounted once
            QVERIFY(c.irqsOffNs <= r.metrics.simTimeNs);
        }
        for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
            if (t.lane(lane).type != LaneType::Cpu) continue;
            for (int d = 0; d < t.depthCount(lane); ++d) {
                Time prevEnd = 0;
                for (std::size_t i = 0; i < t.segmentCount(lane, d); ++i) {
                    auto seg = t.segment(lane, d, i);
                    QVERIFY(seg.end > seg.start);
                    QVERIFY(seg.start >= prevEnd); // no overlap within a depth
                    QVERIFY(seg.end <= r.metrics.simTimeNs);
                    prevEnd = seg.end;
                    if (d > 0) {
                        // nested: something runs underneath for the whole segment
                        auto below = t.segmentAt(lane, d - 1, seg.start);
                        QVERIFY2(below && below->end >= seg.end, "segment not nested in its parent");
                    }
                }
            }
            // instants in time order
            Time last = 0;
            for (const auto& in : t.instants(lane)) {
                QVERIFY(in.t >= last);
                last = in.t;
            }
        }
        for (const auto& f : t.flows()) QVERIFY(f.dstTime >= f.srcTime);
        // every raised interrupt was acknowledged, merged into a pending one, or is still pending
        QVERIFY(!r.metrics.irqLines.empty());
        for (const auto& l : r.metrics.irqLines)
            QVERIFY2(l.raised == l.handled + l.merged + (l.pendingAtEnd ? 1 : 0),
                     qPrintable(QStringLiteral("%1: raised %2 handled %3 merged %4")
                                    .arg(QString::fromStdString(l.name))
                                    .arg(l.raised)
                                    .arg(l.handled)
                                    .arg(l.merged)));
    }
};

QTEST_GUILESS_MAIN(TestDeterminismInvariants)
#include "test_determinism_invariants.moc"
