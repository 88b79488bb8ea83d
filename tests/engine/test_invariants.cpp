// The engine's self-checks (engine/src/check): every preset runs with them on
// and they actually run, and each check fires on a deliberately broken
// sequence fed to the checker directly.
#include "check/invariants.h"
#include "machine_harness.h"
#include "sim/event_queue.h"
#include "sim_helpers.h"

#include "irqscope/presets.h"

using namespace irqscope;
using check::FrameKind;
using check::Invariants;

namespace {
// The check that fired, or "" when none did.
QString fired(const Invariants& inv) {
    return inv.violation() ? QString::fromStdString(inv.violation()->check) : QString();
}
int a, b, c; // distinct frame identities
} // namespace

class TestInvariants : public QObject {
    Q_OBJECT
private slots:
    void everyPresetRunsWithChecksOn_data() {
        QTest::addColumn<QString>("preset");
        for (const auto& p : listPresets()) QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }
    void everyPresetRunsWithChecksOn() {
        if (!Invariants::compiledIn()) QSKIP("engine built without IRQSCOPE_INVARIANTS (use the ci or asan preset)");
        QFETCH(QString, preset);
        auto s = loadPreset(preset.toStdString());
        QVERIFY(s.ok());
        RunOptions o;
        o.duration = 30 * kMs;
        auto r = run(*s, o);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        // At least one check per dispatched event (time) plus the stack, segment
        // and balance checks: proof that the checks ran, not just compiled.
        QVERIFY2(r->metrics.invariantChecks > r->metrics.events,
                 qPrintable(
                     QStringLiteral("%1 checks for %2 events").arg(r->metrics.invariantChecks).arg(r->metrics.events)));
    }

    void aCleanSequencePasses() {
        Invariants ok;
        ok.eventDispatched(10);
        ok.eventDispatched(10); // equal times are fine
        ok.irqsState(0, 10, FrameKind::Hardirq, false);
        ok.irqsState(0, 10, FrameKind::Task, true);
        ok.framePushed(0, 10, FrameKind::Hardirq, FrameKind::Task, true, &a);
        ok.segmentClosed(0, 1, 10, 20, 5); // parent open since 5
        ok.framePopped(0, 20, &a);
        ok.framePushed(0, 20, FrameKind::Softirq, FrameKind::Task, true, &b);
        ok.framePushed(0, 25, FrameKind::Hardirq, FrameKind::Softirq, true, &c);
        ok.framePopped(0, 30, &c);
        ok.framePopped(0, 40, &b);
        ok.segmentClosed(0, 0, 5, 50, -1);
        ok.segmentClosed(0, 0, 50, 60, -1);
        ok.eventBalance(60, 10, 7, 2, 1);
        QVERIFY2(!ok.failed(), ok.failed() ? ok.violation()->toString().c_str() : "");
        QCOMPARE(ok.checks(), std::uint64_t(14));
    }

    void timeGoingBackwardsFires() {
        Invariants inv;
        inv.eventDispatched(100);
        inv.eventDispatched(99);
        QCOMPARE(fired(inv), QStringLiteral("time"));
        QCOMPARE(inv.violation()->time, Time(99));
    }

    void overlappingSegmentsOnOneTrackFire() {
        Invariants inv;
        inv.segmentClosed(1, 0, 0, 100, -1);
        inv.segmentClosed(1, 0, 90, 200, -1);
        QCOMPARE(fired(inv), QStringLiteral("overlap"));
        QCOMPARE(inv.violation()->cpu, 1);
        // the message is made only on a failure, and names the segment
        QCOMPARE(inv.violation()->detail,
                 std::string("segment [90 ns, 200 ns) at depth 0 overlaps the previous one ending at 100 ns"));
        Invariants empty;
        empty.segmentClosed(0, 0, 50, 50, -1);
        QCOMPARE(fired(empty), QStringLiteral("overlap"));
    }

    void segmentsOnOtherCpusOrDepthsDoNotConflict() {
        Invariants inv;
        inv.segmentClosed(0, 0, 0, 100, -1);
        inv.segmentClosed(1, 0, 50, 150, -1);
        inv.segmentClosed(0, 1, 150, 160, 100); // depth 1 under a parent open since 100
        QVERIFY(!inv.failed());
    }

    void childOutsideItsParentFires() {
        Invariants inv;
        inv.segmentClosed(0, 0, 0, 100, -1);
        inv.segmentClosed(0, 1, 90, 120, -1); // parent closed at 100, none open
        QCOMPARE(fired(inv), QStringLiteral("nesting"));
        Invariants late;
        late.segmentClosed(0, 1, 10, 20, 15); // parent opened after the child started
        QCOMPARE(fired(late), QStringLiteral("nesting"));
        Invariants outlived;
        outlived.segmentClosed(0, 1, 10, 200, 0);
        outlived.segmentClosed(0, 0, 0, 150, -1); // parent ends before its child
        QCOMPARE(fired(outlived), QStringLiteral("nesting"));
    }

    void hardirqOverHardirqFires() {
        Invariants inv;
        inv.framePushed(2, 5, FrameKind::Hardirq, FrameKind::Task, true, &a);
        inv.framePushed(2, 6, FrameKind::Hardirq, FrameKind::Hardirq, false, &b);
        QCOMPARE(fired(inv), QStringLiteral("stack"));
        QCOMPARE(inv.violation()->cpu, 2);
        QCOMPARE(inv.violation()->time, Time(6));
        QCOMPARE(inv.violation()->detail, std::string("hardirq pushed over hardirq: hardirqs do not nest"));
    }

    void hardirqWithIrqsOffFires() {
        Invariants inv;
        inv.framePushed(0, 5, FrameKind::Hardirq, FrameKind::Task, false, &a);
        QCOMPARE(fired(inv), QStringLiteral("stack"));
    }

    void softirqOverHardirqFires() {
        Invariants inv;
        inv.framePushed(0, 5, FrameKind::Softirq, FrameKind::Hardirq, false, &a);
        QCOMPARE(fired(inv), QStringLiteral("stack"));
        Invariants nested;
        nested.framePushed(0, 5, FrameKind::Softirq, FrameKind::Softirq, true, &a);
        QCOMPARE(fired(nested), QStringLiteral("stack"));
    }

    void popOutOfLifoOrderFires() {
        Invariants inv;
        inv.framePushed(0, 1, FrameKind::Softirq, FrameKind::Task, true, &a);
        inv.framePushed(0, 2, FrameKind::Hardirq, FrameKind::Softirq, true, &b);
        inv.framePopped(0, 3, &a);
        QCOMPARE(fired(inv), QStringLiteral("stack"));
        Invariants empty;
        empty.framePopped(0, 3, &a);
        QCOMPARE(fired(empty), QStringLiteral("stack"));
    }

    void irqsOnInsideHardirqFires() {
        Invariants inv;
        inv.irqsState(3, 7, FrameKind::Hardirq, true);
        QCOMPARE(fired(inv), QStringLiteral("irqs-off"));
        QVERIFY(QString::fromStdString(inv.violation()->toString()).contains(QStringLiteral("CPU 3")));
    }

    void lostEventFires() {
        Invariants inv;
        inv.eventBalance(1000, 10, 7, 1, 1); // one event unaccounted for
        QCOMPARE(fired(inv), QStringLiteral("events"));
    }

    void firstViolationIsKept() {
        Invariants inv;
        inv.eventDispatched(10);
        inv.eventDispatched(5);
        inv.irqsState(0, 20, FrameKind::Hardirq, true);
        QCOMPARE(fired(inv), QStringLiteral("time"));
    }

    void eventQueueCountsBalance() {
        sim::EventQueue q;
        int hits = 0;
        auto h = [](void* o, std::uint64_t) { ++*static_cast<int*>(o); };
        std::vector<sim::EventId> ids;
        for (int i = 0; i < 100; ++i) ids.push_back(q.scheduleRaw(Time(i * 7 % 53), h, &hits));
        for (int i = 0; i < 100; i += 3) q.cancel(ids[static_cast<std::size_t>(i)]);
        for (int i = 0; i < 40 && q.runNext(); ++i) {
        }
        QCOMPARE(q.countStoredLive(), std::uint64_t(q.pending()));
        QCOMPARE(q.scheduledTotal(), q.dispatched() + q.cancelledTotal() + q.countStoredLive());
        QCOMPARE(q.dispatched(), std::uint64_t(hits));
        Invariants inv;
        inv.eventBalance(q.now(), q.scheduledTotal(), q.dispatched(), q.cancelledTotal(), q.countStoredLive());
        QVERIFY(!inv.failed());
    }

    // Long runs degrade, they do not fail: past the trace budget records are
    // dropped and counted while the metrics stay complete.
    void aSmallTraceBudgetDropsRecordsButKeepsMetrics() {
        auto s = loadPreset("basics");
        QVERIFY(s.ok());
        RunOptions o;
        o.duration = 50 * kMs;
        o.traceBudgetBytes = 2048; // a few dozen records
        auto r = run(*s, o);
        QVERIFY(r.ok());
        QVERIFY(r->metrics.droppedSegments > 0);
        QVERIFY2(r->trace.memoryBytes() < 1024 * 1024, "the budget did not bound the trace");
        for (const auto& cpu : r->metrics.cpus) {
            Time sum = 0;
            for (Time v : cpu.ns) sum += v;
            QCOMPARE(sum, 50 * kMs);
        }
        auto full = run(*s, [] {
            RunOptions f;
            f.duration = 50 * kMs;
            return f;
        }());
        QVERIFY(full.ok());
        QCOMPARE(full->metrics.droppedSegments, std::uint64_t(0));
        // metrics do not depend on the trace
        QVERIFY(toJson(full->metrics)["latency"] == toJson(r->metrics)["latency"]);
    }

    void aViolationStopsTheMachine() {
        test::Harness h({{"machine.cpus", "2"}});
        int ran = 0;
        for (Time t : {1 * kMs, 5 * kMs}) h.at(t, [&] { ++ran; }); // idle CPUs alone schedule nothing
        h.invariants().eventDispatched(-1);                        // as if an event had run in the past
        QVERIFY(h.invariants().failed());
        h.run(10 * kMs);
        QVERIFY2(h.m->now() < 10 * kMs, "the run went on after a broken invariant");
        QCOMPARE(ran, 1); // stopped right after the first event
    }
};

QTEST_GUILESS_MAIN(TestInvariants)
#include "test_invariants.moc"
