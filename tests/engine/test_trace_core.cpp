// The trace store, its level-of-detail query, and the event queue.
#include "sim/event_queue.h"
#include "sim_helpers.h"

#include <random>

using namespace irqscope;

class TestTraceCore : public QObject {
    Q_OBJECT
private slots:
    void lodBinsMatchBruteForce() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        std::mt19937_64 rng(7);
        Time now = 0;
        std::vector<Segment> all;
        for (int i = 0; i < 20000; ++i) {
            now += Time(rng() % 500);
            const Time len = 1 + Time(rng() % 2000);
            const auto kind = static_cast<ContextKind>(1 + rng() % 8);
            t.addSegment(lane, 0, now, now + len, kind, kNoString);
            all.push_back(Segment{now, now + len, kind, 0, 0, 0, 0});
            now += len;
        }
        t.setTimeRange(0, now);
        t.finalize();
        std::vector<TraceBin> bins;
        for (auto [t0, t1, n] : {std::tuple{Time(0), now, 300}, std::tuple{now / 3, now / 3 + 50000, 700},
                                 std::tuple{Time(12345), Time(12345 + 400), 50}}) {
            t.queryBins(lane, 0, t0, t1, n, bins);
            QCOMPARE(int(bins.size()), n);
            const double w = double(t1 - t0) / n;
            for (int b = 0; b < n; ++b) {
                const Time b0 = t0 + Time(b * w), b1 = b == n - 1 ? t1 : t0 + Time((b + 1) * w);
                std::array<double, kContextKindCount> cover{};
                for (const auto& s : all) {
                    Time lo = std::max(s.start, b0), hi = std::min(s.end, b1);
                    if (hi > lo) cover[int(s.kind)] += double(hi - lo);
                }
                double total = 0, best = -1;
                int bestKind = 0;
                for (int k = 0; k < kContextKindCount; ++k) {
                    total += cover[k];
                    if (cover[k] > best) best = cover[k], bestKind = k;
                }
                if (total == 0) continue;
                QCOMPARE(int(bins[b].kind), bestKind);
                QVERIFY(std::abs(bins[b].coverage - total / double(b1 - b0)) < 1e-3);
                // each kind's share of the column, the basis of the proportional overview
                float sum = 0;
                for (int k = 0; k < kContextKindCount; ++k) {
                    QVERIFY(std::abs(bins[b].fraction[k] - cover[k] / double(b1 - b0)) < 1e-3);
                    sum += bins[b].fraction[k];
                }
                QVERIFY(std::abs(sum - bins[b].coverage) < 1e-3);
            }
        }
    }

    // A column holding thousands of segments is summarised per group of
    // segments: it may differ from the exact answer by a group's share, and
    // nothing covered is lost or counted twice.
    void lodDenseColumnsStayCloseAndConserveCoverage() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        std::mt19937_64 rng(11);
        Time now = 0, covered = 0;
        std::vector<Segment> all;
        for (int i = 0; i < 200000; ++i) {
            now += Time(rng() % 300);
            const Time len = 1 + Time(rng() % 1000);
            const auto kind = static_cast<ContextKind>(1 + rng() % 3);
            t.addSegment(lane, 0, now, now + len, kind, kNoString);
            all.push_back(Segment{now, now + len, kind, 0, 0, 0, 0});
            covered += len;
            now += len;
        }
        t.setTimeRange(0, now);
        t.finalize();
        const int n = 100; // 2,000 segments a column
        std::vector<TraceBin> bins;
        t.queryBins(lane, 0, 0, now, n, bins);
        const double w = double(now) / n;
        double sum = 0;
        std::size_t k = 0;
        for (int b = 0; b < n; ++b) {
            const Time b0 = Time(b * w), b1 = b == n - 1 ? now : Time((b + 1) * w);
            double exact = 0;
            while (k < all.size() && all[k].end <= b0) ++k;
            for (std::size_t m = k; m < all.size() && all[m].start < b1; ++m)
                exact += double(std::min(all[m].end, b1) - std::max(all[m].start, b0));
            QVERIFY2(std::abs(bins[b].coverage - exact / double(b1 - b0)) < 0.05, qPrintable(QString::number(b)));
            QVERIFY(bins[b].count > 1000);
            sum += bins[b].coverage * double(b1 - b0);
        }
        QVERIFY(std::abs(sum - double(covered)) < 0.005 * double(covered));
    }

    void rangeAndPointQueries() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        const auto e = t.intern("task");
        t.addSegment(lane, 0, 100, 200, ContextKind::User, e);
        t.addSegment(lane, 0, 300, 400, ContextKind::User, e);
        t.addSegment(lane, 1, 120, 130, ContextKind::Hardirq, t.intern("irq"));
        t.finalize();
        auto [a, b] = t.segmentRange(lane, 0, 150, 350);
        QCOMPARE(a, std::size_t(0));
        QCOMPARE(b, std::size_t(2));
        QVERIFY(!t.segmentAt(lane, 0, 250));
        QCOMPARE(t.topSegmentAt(lane, 125)->kind, ContextKind::Hardirq);
        QCOMPARE(t.topSegmentAt(lane, 150)->kind, ContextKind::User);
        QCOMPARE(t.str(t.topSegmentAt(lane, 150)->entity), std::string_view("task"));
    }

    // Segments are staged while a trace is built and moved into the columns
    // by finalize(): what is read back is what was added, in order, on every
    // (lane, depth), across many staging chunks, long segments cut at ~4.29 s,
    // a second finalize() after more segments, and flows sorted on a second
    // thread as a plain sort orders them.
    void stagedSegmentsReadBackInOrder() {
        Trace t;
        const std::uint32_t lanes[] = {t.addLane(LaneType::Cpu, "CPU 0", 0), t.addLane(LaneType::Task, "task")};
        std::mt19937_64 rng(11);
        std::vector<std::vector<std::vector<Segment>>> want(2, std::vector<std::vector<Segment>>(3));
        std::vector<Time> at(6, 0);
        std::vector<Flow> flows;
        auto add = [&](int n) {
            for (int i = 0; i < n; ++i) {
                const int l = int(rng() % 2), d = int(rng() % 3);
                Time& now = at[std::size_t(l * 3 + d)];
                now += Time(rng() % 50);
                const Time len = rng() % 5000 == 0 ? Time(9'000'000'000) : 1 + Time(rng() % 300);
                const auto kind = static_cast<ContextKind>(rng() % kContextKindCount);
                const auto entity = static_cast<StringId>(rng() % 7), detail = static_cast<StringId>(rng() % 5);
                t.addSegment(lanes[l], std::uint8_t(d), now, now + len, kind, entity, detail);
                for (Time s = now; s < now + len;) {
                    const Time piece = std::min<Time>(now + len - s, 0xffffffffLL);
                    want[std::size_t(l)][std::size_t(d)].push_back(
                        Segment{s, s + piece, kind, std::uint8_t(d), entity, detail, 0});
                    s += piece;
                }
                now += len;
                if (i % 3 == 0) {
                    flows.push_back(
                        Flow{lanes[l], lanes[1 - l], Time(rng() % 100000), Time(rng() % 1000), FlowKind::WakeTask});
                    t.addFlow(flows.back());
                }
            }
        };
        add(60000);
        t.finalize();
        add(5000);
        t.finalize();
        std::sort(flows.begin(), flows.end(), [](const Flow& a, const Flow& b) {
            return std::tie(a.dstTime, a.dstLane, a.srcTime) < std::tie(b.dstTime, b.dstLane, b.srcTime);
        });
        for (std::size_t l = 0; l < 2; ++l)
            for (std::size_t d = 0; d < 3; ++d) {
                const auto& w = want[l][d];
                QCOMPARE(t.segmentCount(lanes[l], int(d)), w.size());
                for (std::size_t i = 0; i < w.size(); ++i) {
                    const Segment s = t.segment(lanes[l], int(d), i);
                    QCOMPARE(s.start, w[i].start);
                    QCOMPARE(s.end, w[i].end);
                    QCOMPARE(s.kind, w[i].kind);
                    QCOMPARE(s.entity, w[i].entity);
                    QCOMPARE(s.detail, w[i].detail);
                }
            }
        QCOMPARE(t.flows().size(), flows.size());
        for (std::size_t i = 0; i < flows.size(); ++i) {
            QCOMPARE(t.flows()[i].srcLane, flows[i].srcLane);
            QCOMPARE(t.flows()[i].srcTime, flows[i].srcTime);
            QCOMPARE(t.flows()[i].dstTime, flows[i].dstTime);
        }
        // columns at their exact size: 21 bytes per segment
        QCOMPARE(t.memoryUse().segments, t.segmentCount() * 21);
    }

    void budgetDropsAndCounts() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        t.setMemoryBudget(21 * 100);
        for (int i = 0; i < 1000; ++i) t.addSegment(lane, 0, i * 10, i * 10 + 5, ContextKind::User, kNoString);
        t.finalize();
        QCOMPARE(t.segmentCount(), std::size_t(100));
        QCOMPARE(t.droppedSegments(), std::uint64_t(900));
    }

    // Instants and flows count against the same budget, and a finished trace
    // holds no more than it admitted (no vector slack).
    void budgetCoversEveryRecordKind() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        const std::size_t budget = 4096;
        t.setMemoryBudget(budget);
        for (int i = 0; i < 1000; ++i) {
            t.addSegment(lane, 0, i * 10, i * 10 + 5, ContextKind::User, kNoString);
            t.addInstant(lane, i * 10, InstantKind::Wakeup, kNoString);
            t.addFlow(Flow{lane, lane, Time(i * 10), Time(i * 10 + 1), FlowKind::WakeTask});
        }
        t.finalize();
        QVERIFY(t.droppedSegments() > 0);
        QVERIFY(t.droppedInstants() > 0);
        QVERIFY(t.droppedFlows() > 0);
        const auto m = t.memoryUse();
        QVERIFY2(m.segments + m.instants + m.flows <= budget,
                 qPrintable(QString::number(m.segments + m.instants + m.flows)));
    }

    void eventQueueOrdersByTimeThenInsertion() {
        sim::EventQueue q;
        std::vector<int> order;
        auto push = [&](Time t, int tag) {
            return q.scheduleRaw(
                t, [](void* o, std::uint64_t a) { static_cast<std::vector<int>*>(o)->push_back(int(a)); }, &order,
                std::uint64_t(tag));
        };
        push(50, 1);
        push(10, 2);
        auto c = push(30, 3);
        push(30, 4);
        push(10, 5);
        q.cancel(c);
        q.cancel(c); // twice is harmless
        while (q.runNext()) {
        }
        QCOMPARE(order, (std::vector<int>{2, 5, 4, 1}));
        QCOMPARE(q.now(), Time(50));
        QVERIFY(!q.isPending(c));
    }
};

QTEST_GUILESS_MAIN(TestTraceCore)
#include "test_trace_core.moc"
