// The event core against a reference: a plain (time, sequence) priority queue.
// Random schedules, cancels, look-aheads and time jumps must dispatch exactly
// the same events in exactly the same order, ties in scheduling order.
#include "sim/event_queue.h"

#include <QtTest>

#include <algorithm>
#include <climits>
#include <queue>
#include <random>
#include <set>

using namespace irqscope;

namespace {
struct Ref {
    struct E {
        Time t;
        std::uint64_t seq;
        int tag;
        bool operator>(const E& o) const { return t > o.t || (t == o.t && seq > o.seq); }
    };
    std::priority_queue<E, std::vector<E>, std::greater<E>> heap;
    std::set<int> cancelled;
    std::uint64_t seq = 0;
    void push(Time t, int tag) { heap.push(E{t, seq++, tag}); }
    std::optional<E> popLive() {
        while (!heap.empty() && cancelled.count(heap.top().tag)) heap.pop();
        if (heap.empty()) return std::nullopt;
        E e = heap.top();
        heap.pop();
        return e;
    }
    std::optional<Time> peek() {
        while (!heap.empty() && cancelled.count(heap.top().tag)) heap.pop();
        return heap.empty() ? std::nullopt : std::optional<Time>(heap.top().t);
    }
};

void record(void* o, std::uint64_t a) { static_cast<std::vector<int>*>(o)->push_back(int(a)); }
} // namespace

class TestEventQueue : public QObject {
    Q_OBJECT
private slots:
    void matchesReferenceOrder_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<qint64>("span"); // spread of future times: ties are common when small
        for (unsigned s = 1; s <= 6; ++s) {
            QTest::addRow("seed%u-narrow", s) << s << qint64(8);
            QTest::addRow("seed%u-wide", s) << s << qint64(1'000'000);
            // every event at one time: same-time chains, batches and chunks overflow
            QTest::addRow("seed%u-one-time", s) << s << qint64(1);
            // around the level-0 window (256 ns) and level 1 (1 ms)
            QTest::addRow("seed%u-level0", s) << s << qint64(300);
            QTest::addRow("seed%u-level1", s) << s << qint64(3'000'000);
            // huge jumps: upper levels, cascades from the top
            QTest::addRow("seed%u-huge", s) << s << (qint64(1) << 40);
            QTest::addRow("seed%u-top", s) << s << (qint64(1) << 61);
        }
    }
    void matchesReferenceOrder() {
        QFETCH(unsigned, seed);
        QFETCH(qint64, span);
        std::mt19937_64 rng(seed);
        sim::EventQueue q;
        Ref ref;
        std::vector<int> got, want;
        std::vector<sim::EventId> ids;
        int tag = 0;
        for (int step = 0; step < 20000; ++step) {
            const auto r = rng() % 100;
            if (r < 45) {
                // a quarter at the current time, as the engine does; never past 2^63
                const std::uint64_t room = std::uint64_t(std::min<Time>(span, INT64_MAX - q.now()));
                const Time t = rng() % 4 == 0 ? q.now() : q.now() + Time(rng() % room);
                ids.push_back(q.schedule(t, &record, &got, std::uint64_t(tag)));
                ref.push(t, tag);
                ++tag;
            } else if (r < 55 && !ids.empty()) {
                const int victim = int(rng() % ids.size());
                if (q.isPending(ids[victim])) ref.cancelled.insert(victim);
                q.cancel(ids[victim]);
            } else if (r < 62) {
                // look ahead, then jump part of the way: later schedules may land
                // before the time the look-ahead saw
                const auto p = ref.peek();
                QCOMPARE(q.peekTime(), p ? *p : Time(-1));
                if (p && *p > q.now()) q.advanceTo(q.now() + Time(rng() % std::uint64_t(*p - q.now())));
            } else if (r < 63) {
                QCOMPARE(q.countStoredLive(), std::uint64_t(q.pending()));
            } else {
                const auto e = ref.popLive();
                QCOMPARE(q.runNext(), e.has_value());
                if (e) {
                    want.push_back(e->tag);
                    QCOMPARE(q.now(), e->t);
                }
            }
        }
        while (auto e = ref.popLive()) want.push_back(e->tag);
        while (q.runNext()) {
        }
        QCOMPARE(got, want);
        QCOMPARE(q.pending(), std::size_t(0));
        QCOMPARE(q.countStoredLive(), std::uint64_t(0));
    }

    // Many events at one nanosecond (more than a chunk, a batch of new events
    // and the level-0 window hold) keep scheduling order, also when some are
    // cancelled, including the one at the head.
    void manyEqualTimesKeepOrder() {
        sim::EventQueue q;
        std::vector<int> got, want;
        std::vector<sim::EventId> ids;
        for (int i = 0; i < 1000; ++i) ids.push_back(q.schedule(500, &record, &got, std::uint64_t(i)));
        for (int i = 0; i < 1000; i += 7) q.cancel(ids[std::size_t(i)]); // 0: the head
        for (int i = 0; i < 1000; ++i)
            if (i % 7) want.push_back(i);
        QCOMPARE(q.peekTime(), Time(500));
        while (q.runNext()) {
        }
        QCOMPARE(got, want);
        QCOMPARE(q.now(), Time(500));
    }

    // Cancelling the next event makes the one after it next; the stale id
    // stays harmless after its slot is reused.
    void cancelHead() {
        sim::EventQueue q;
        std::vector<int> got;
        const auto a = q.schedule(10, &record, &got, 1);
        q.schedule(10, &record, &got, 2);
        q.schedule(20, &record, &got, 3);
        QCOMPARE(q.peekTime(), Time(10));
        q.cancel(a);
        QVERIFY(!q.isPending(a));
        QCOMPARE(q.peekTime(), Time(10));
        QVERIFY(q.runNext());
        q.cancel(a); // stale
        const auto b = q.schedule(15, &record, &got, 4);
        q.cancel(a); // stale, slot possibly reused by b
        QVERIFY(q.isPending(b));
        while (q.runNext()) {
        }
        QCOMPARE(got, (std::vector<int>{2, 4, 3}));
        QCOMPARE(q.cancelledTotal(), std::uint64_t(1));
        QCOMPARE(q.scheduledTotal(), q.dispatched() + q.cancelledTotal());
    }

    // A look-ahead cascades past times that a later schedule may still use:
    // events before the peeked one, at it, and across level boundaries.
    void scheduleBeforeLookAhead() {
        for (const Time far : {Time(300), Time(70'000), Time(5'000'000), Time(1) << 45}) {
            sim::EventQueue q;
            std::vector<int> got;
            q.schedule(far, &record, &got, 1);
            q.schedule(far + 1, &record, &got, 2);
            QCOMPARE(q.peekTime(), far);
            q.schedule(far, &record, &got, 3);     // tie with the peeked one: after it
            q.schedule(far - 1, &record, &got, 4); // before it
            q.schedule(0, &record, &got, 5);       // at the current time
            QCOMPARE(q.peekTime(), Time(0));
            while (q.runNext()) {
            }
            QCOMPARE(got, (std::vector<int>{5, 4, 1, 3, 2}));
        }
    }
};

QTEST_GUILESS_MAIN(TestEventQueue)
#include "test_event_queue.moc"
