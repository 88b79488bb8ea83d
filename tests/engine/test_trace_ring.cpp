// The recording thread: records written into the ring make the same trace as
// the same calls made directly, in order, whatever the threads' timing (lanes
// added on the way, more records than the ring's chunks hold at once, and a
// memory budget that drops part of them).
#include "sim_helpers.h"
#include "trace/trace_ring.h"

#include <random>
#include <stdexcept>

using namespace irqscope;

namespace {

// Writes the same random records to a Trace directly and through a ring.
struct Twin {
    Trace direct, ringed;
    std::vector<Time> laneEnd; // per lane (depth 0 and 1 share it)
    std::vector<Time> instantAt;

    explicit Twin(std::size_t budget) {
        direct.setMemoryBudget(budget);
        ringed.setMemoryBudget(budget);
    }
    void write(int records, std::uint64_t seed) {
        TraceRing ring(ringed, true);
        std::mt19937_64 rng(seed);
        auto addLane = [&](int cpu) {
            const std::string name = "lane " + std::to_string(laneEnd.size());
            direct.addLane(LaneType::Task, name, cpu);
            TraceOp op;
            op.type = TraceOp::Type::Lane;
            op.kind = static_cast<std::uint8_t>(LaneType::Task);
            op.a = cpu;
            op.lane = ring.addName(name);
            ring.push(op);
            laneEnd.push_back(0);
            instantAt.push_back(0);
        };
        addLane(0);
        for (int i = 0; i < records; ++i) {
            const auto lanes = static_cast<std::uint32_t>(laneEnd.size());
            const auto lane = static_cast<std::uint32_t>(rng() % lanes);
            const auto entity = static_cast<StringId>(rng() % 50);
            switch (rng() % 16) {
            case 0: addLane(static_cast<int>(rng() % 4) - 1); break;
            case 1:
            case 2: {
                const Time t = instantAt[lane] += static_cast<Time>(rng() % 100);
                const auto kind = static_cast<InstantKind>(rng() % static_cast<int>(InstantKind::Count));
                direct.addInstant(lane, t, kind, entity, 3);
                ring.push(TraceOp::instant(t, lane, kind, entity, 3));
                break;
            }
            case 3: {
                const auto dst = static_cast<std::uint32_t>(rng() % lanes);
                // sometimes longer than 32 bits of ns (the record keeps the high half apart)
                const Time a = static_cast<Time>(rng() % 100000),
                           b = a + static_cast<Time>(rng() % 1000) + (rng() % 4 == 0 ? Time{7} << 32 : 0);
                const auto kind = static_cast<FlowKind>(rng() % static_cast<int>(FlowKind::Count));
                direct.addFlow(Flow{lane, dst, a, b, kind});
                ring.push(TraceOp::flow(a, b, lane, dst, kind));
                break;
            }
            default: {
                // a segment on a lane, and sometimes on a second lane too (a task's)
                const Time start = laneEnd[lane] + static_cast<Time>(rng() % 50);
                // may be empty; sometimes longer than a record holds (two records, kept in one chunk)
                const Time end = start + static_cast<Time>(rng() % 300) + (rng() % 64 == 0 ? Time{5} << 32 : 0);
                const auto other = static_cast<std::uint32_t>(rng() % lanes);
                const bool both = other != lane && rng() % 3 == 0 && laneEnd[other] <= start;
                const auto kind = static_cast<ContextKind>(rng() % kContextKindCount);
                direct.addSegment(lane, 0, start, end, kind, entity, 5);
                if (both) direct.addSegment(other, 0, start, end, kind, entity, 5);
                ring.pushSegment(start, end, lane, both ? other : TraceOp::kNoLane, entity, 5, kind, 0);
                laneEnd[lane] = std::max(laneEnd[lane], end);
                if (both) laneEnd[other] = std::max(laneEnd[other], end);
            }
            }
        }
        ring.wait();
        direct.finalize();
    }
};

void compareTraces(const Trace& a, const Trace& b) {
    QCOMPARE(b.laneCount(), a.laneCount());
    for (std::uint32_t l = 0; l < a.laneCount(); ++l) {
        QCOMPARE(b.lane(l).name, a.lane(l).name);
        QCOMPARE(b.lane(l).cpu, a.lane(l).cpu);
        QCOMPARE(b.depthCount(l), a.depthCount(l));
        for (int d = 0; d < a.depthCount(l); ++d) {
            QCOMPARE(b.segmentCount(l, d), a.segmentCount(l, d));
            for (std::size_t i = 0; i < a.segmentCount(l, d); ++i) {
                const Segment x = a.segment(l, d, i), y = b.segment(l, d, i);
                QVERIFY(x.start == y.start && x.end == y.end && x.kind == y.kind && x.entity == y.entity &&
                        x.detail == y.detail);
            }
        }
        const auto ia = a.instants(l), ib = b.instants(l);
        QCOMPARE(ib.size(), ia.size());
        for (std::size_t i = 0; i < ia.size(); ++i)
            QVERIFY(ia[i].t == ib[i].t && ia[i].kind == ib[i].kind && ia[i].entity == ib[i].entity);
    }
    QCOMPARE(b.flows().size(), a.flows().size());
    for (std::size_t i = 0; i < a.flows().size(); ++i) {
        const Flow &x = a.flows()[i], &y = b.flows()[i];
        QVERIFY(x.srcLane == y.srcLane && x.dstLane == y.dstLane && x.srcTime == y.srcTime && x.dstTime == y.dstTime &&
                x.kind == y.kind);
    }
    QCOMPARE(b.droppedSegments(), a.droppedSegments());
    QCOMPARE(b.droppedInstants(), a.droppedInstants());
    QCOMPARE(b.droppedFlows(), a.droppedFlows());
}

} // namespace

class TestTraceRing : public QObject {
    Q_OBJECT
private slots:
    // More records than the ring's chunks hold at once: the simulation
    // thread waits for chunks to come back, and they are applied in order.
    void sameTraceAsDirectCalls() {
        Twin t(0);
        t.write(300000, 11);
        QVERIFY(t.direct.segmentCount() > 100000);
        compareTraces(t.direct, t.ringed);
        // long segments and flows were among them (split by addSegment at 2^32 - 1 ns)
        bool longSegment = false;
        for (std::uint32_t l = 0; l < t.direct.laneCount() && !longSegment; ++l)
            for (std::size_t i = 0; i < t.direct.segmentCount(l, 0) && !longSegment; ++i)
                longSegment = t.direct.segment(l, 0, i).end - t.direct.segment(l, 0, i).start > 1000;
        QVERIFY(longSegment);
        QVERIFY(std::any_of(t.direct.flows().begin(), t.direct.flows().end(),
                            [](const Flow& f) { return f.dstTime - f.srcTime > (Time{1} << 32); }));
    }
    // The budget drops the same records: it is charged in the order written.
    void budgetDropsTheSameRecords() {
        Twin t(1 << 20);
        t.write(200000, 12);
        QVERIFY(t.direct.droppedSegments() > 0);
        compareTraces(t.direct, t.ringed);
    }
    // A segment too long for one record is two, and they never straddle a
    // hand-off: written with one free slot left in the chunk (and with two,
    // and none), it is applied whole.
    void longSegmentAtAChunksEnd() {
        for (const std::size_t before : {TraceRing::kChunk - 2, TraceRing::kChunk - 1, TraceRing::kChunk}) {
            Trace direct, ringed;
            direct.addLane(LaneType::Cpu, "CPU 0", 0);
            ringed.addLane(LaneType::Cpu, "CPU 0", 0);
            {
                TraceRing ring(ringed, true);
                for (std::size_t i = 0; i < before; ++i) {
                    direct.addInstant(0, Time(i), InstantKind{}, 1, 2);
                    ring.push(TraceOp::instant(Time(i), 0, InstantKind{}, 1, 2));
                }
                const Time start = 10000, end = start + (Time{3} << 32) + 17;
                QVERIFY(!TraceOp::fits(start, end));
                direct.addSegment(0, 0, start, end, ContextKind{2}, 3, 4);
                ring.pushSegment(start, end, 0, TraceOp::kNoLane, 3, 4, ContextKind{2}, 0);
                direct.addSegment(0, 0, end, end + 5, ContextKind{1}, 3, 4);
                ring.pushSegment(end, end + 5, 0, TraceOp::kNoLane, 3, 4, ContextKind{1}, 0);
                ring.wait();
            }
            direct.finalize();
            QCOMPARE(ringed.segmentCount(0, 0), std::size_t(5)); // 3 pieces of at most 2^32 - 1 ns, and one
            compareTraces(direct, ringed);
        }
    }
    // A ring given nothing still finalizes, and one destroyed without wait() joins its thread.
    void emptyAndUnwaited() {
        Trace t;
        {
            TraceRing ring(t, true);
            ring.wait();
        }
        QCOMPARE(t.laneCount(), std::size_t(0));
        Trace u;
        u.addLane(LaneType::Cpu, "CPU 0", 0);
        {
            TraceRing ring(u, false);
            ring.push(TraceOp::segment(0, 10, 0, TraceOp::kNoLane, kNoString, kNoString, ContextKind{1}, 0));
        }
        QCOMPARE(u.segmentCount(0, 0) + u.droppedSegments(), std::size_t(0)); // not finalized: still staged
    }
    // A record after close() would never be applied: it throws instead of
    // being lost (or waiting for a chunk that never comes back).
    void recordAfterCloseThrows() {
        Trace t;
        t.addLane(LaneType::Cpu, "CPU 0", 0);
        TraceRing ring(t, false);
        ring.close();
        bool threw = false;
        try {
            ring.push(TraceOp::segment(0, 10, 0, TraceOp::kNoLane, kNoString, kNoString, ContextKind{1}, 0));
        } catch (const std::logic_error&) {
            threw = true;
        }
        QVERIFY(threw);
    }
};

QTEST_GUILESS_MAIN(TestTraceRing)
#include "test_trace_ring.moc"
