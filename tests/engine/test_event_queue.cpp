// The event core against a reference: a plain (time, sequence) priority queue.
// Random schedules, cancels, look-aheads and time jumps must dispatch exactly
// the same events in exactly the same order, ties in scheduling order — with
// the radix heap alone, the timing wheel alone, and switching between them.
#include "sim/event_queue.h"

#include <QtTest>

#include <algorithm>
#include <climits>
#include <limits>
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

void record(void* o, std::uint64_t a) {
    static_cast<std::vector<int>*>(o)->push_back(int(a));
}

// What the reference tests do between their schedules and cancels: look
// ahead and jump part of the way (later schedules may land before the time
// the look-ahead saw), count the stored live entries the slow way, or run
// the next event, each checked against the reference. streamless: run it
// as a run loop does on a queue without streams (runNextUntil<false>).
enum class Step { LookAhead, CountLive, Run };
void stepAgainstReference(Step step, sim::EventQueue& q, Ref& ref, std::vector<int>& want, std::mt19937_64& rng,
                          bool streamless = false) {
    switch (step) {
    case Step::LookAhead: {
        const auto p = ref.peek();
        QCOMPARE(q.peekTime(), p ? *p : Time(-1));
        if (p && *p > q.now()) q.advanceTo(q.now() + Time(rng() % std::uint64_t(*p - q.now())));
        break;
    }
    case Step::CountLive: QCOMPARE(q.countStoredLive(), std::uint64_t(q.pending())); break;
    case Step::Run: {
        const auto e = ref.popLive();
        QCOMPARE(streamless ? q.runNextUntil<false>(std::numeric_limits<Time>::max()) : q.runNext(), e.has_value());
        if (e) {
            want.push_back(e->tag);
            QCOMPARE(q.now(), e->t);
        }
        break;
    }
    }
}

// The end of a reference test: run what is left and compare the whole order.
void finishAgainstReference(sim::EventQueue& q, Ref& ref, const std::vector<int>& got, std::vector<int>& want) {
    while (auto e = ref.popLive()) want.push_back(e->tag);
    while (q.runNext()) {
    }
    QCOMPARE(got, want);
    QCOMPARE(q.pending(), std::size_t(0));
    QCOMPARE(q.countStoredLive(), std::uint64_t(0));
}

// A steady load: each event schedules one successor up to span ns ahead.
struct Load {
    sim::EventQueue* q;
    Time span;
    std::uint64_t rng = 88172645463325252ull;
    Time last = 0;
    int outOfOrder = 0;
    void scheduleOne(Time from) {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        q->scheduleRaw(from + 1 + Time(rng % std::uint64_t(span)), &onEvent, this);
    }
    static void onEvent(void* o, std::uint64_t) {
        auto* l = static_cast<Load*>(o);
        l->outOfOrder += l->q->now() < l->last;
        l->last = l->q->now();
        l->scheduleOne(l->q->now());
    }
};

// The orderings under test: each alone, and a queue that moves its entries
// from one to the other every few dozen events.
enum class Mode { Radix, Wheel, Switching };
sim::EventQueue::Switch switchFor(Mode m) {
    switch (m) {
    case Mode::Radix: return sim::EventQueue::kRadixOnly;
    case Mode::Wheel: return sim::EventQueue::kWheelOnly;
    case Mode::Switching: break;
    }
    // looks every 16 events; any density will do, so the queue's size
    // (oscillating between ~0 and ~200 in matchesReferenceOrder) decides
    constexpr Time any = std::numeric_limits<Time>::max();
    return sim::EventQueue::Switch{16, any, any, 64, 16};
}
void modeColumn() {
    QTest::addColumn<int>("mode");
    QTest::newRow("radix") << int(Mode::Radix);
    QTest::newRow("wheel") << int(Mode::Wheel);
    QTest::newRow("switching") << int(Mode::Switching);
}
} // namespace

class TestEventQueue : public QObject {
    Q_OBJECT
private slots:
    void matchesReferenceOrder_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<qint64>("span"); // spread of future times: ties are common when small
        QTest::addColumn<int>("mode");
        const std::pair<const char*, qint64> spans[] = {
            {"narrow", 8},
            {"wide", 1'000'000},
            {"one-time", 1}, // every event at one time: same-time chains, batches and chunks overflow
            {"level0", 300}, // around the wheel's level-0 window (256 ns) and level 1 (1 ms)
            {"level1", 3'000'000},
            {"huge", qint64(1) << 40}, // huge jumps: upper levels, cascades from the top
            {"top", qint64(1) << 61},
        };
        for (unsigned s = 1; s <= 6; ++s)
            for (const auto& [name, span] : spans)
                for (const auto& [modeName, mode] :
                     {std::pair{"radix", Mode::Radix}, {"wheel", Mode::Wheel}, {"switching", Mode::Switching}})
                    QTest::addRow("seed%u-%s-%s", s, name, modeName) << s << span << int(mode);
    }
    void matchesReferenceOrder() {
        QFETCH(unsigned, seed);
        QFETCH(qint64, span);
        QFETCH(int, mode);
        std::mt19937_64 rng(seed);
        sim::EventQueue q(switchFor(Mode(mode)));
        int switches = 0;
        bool wheel = q.usesWheel();
        Ref ref;
        std::vector<int> got, want;
        std::vector<sim::EventId> ids;
        int tag = 0;
        for (int step = 0; step < 20000; ++step) {
            // alternately grow and shrink the queue (~0 to ~200 pending), so
            // the switching queue crosses its thresholds both ways many times
            const auto r = rng() % 100 + (step / 1000 % 2 ? 35 : 0);
            if (r < 55) {
                // a quarter at the current time, as the engine does; never past 2^63
                const std::uint64_t room = std::uint64_t(std::min<Time>(span, INT64_MAX - q.now()));
                const Time t = rng() % 4 == 0 ? q.now() : q.now() + Time(rng() % room);
                ids.push_back(q.scheduleRaw(t, &record, &got, std::uint64_t(tag)));
                ref.push(t, tag);
                ++tag;
            } else if (r < 65 && !ids.empty()) {
                const int victim = int(rng() % ids.size());
                if (q.isPending(ids[victim])) ref.cancelled.insert(victim);
                q.cancel(ids[victim]);
            } else {
                const Step what = r < 72 ? Step::LookAhead : r < 73 ? Step::CountLive : Step::Run;
                // even seeds: the run loop's path for a queue without streams
                stepAgainstReference(what, q, ref, want, rng, seed % 2 == 0);
                if (QTest::currentTestFailed()) return;
            }
            switches += q.usesWheel() != wheel;
            wheel = q.usesWheel();
        }
        if (Mode(mode) == Mode::Switching) QVERIFY2(switches >= 10, qPrintable(QString::number(switches)));
        else QCOMPARE(switches, 0);
        finishAgainstReference(q, ref, got, want);
    }

    // Streams (an SSD's completions): events scheduled in non-decreasing time
    // into a few FIFOs beside the ordering, with cancels and look-aheads on
    // the ordering, pop exactly in the reference's (time, sequence) order —
    // ties between a stream and the ordering, and between streams, included.
    void streamsMatchReferenceOrder_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<qint64>("span");
        QTest::addColumn<int>("mode");
        const std::pair<const char*, qint64> spans[] = {{"narrow", 8}, {"level0", 300}, {"wide", 1'000'000}};
        for (unsigned s = 1; s <= 4; ++s)
            for (const auto& [name, span] : spans)
                for (const auto& [modeName, mode] :
                     {std::pair{"radix", Mode::Radix}, {"wheel", Mode::Wheel}, {"switching", Mode::Switching}})
                    QTest::addRow("seed%u-%s-%s", s, name, modeName) << s << span << int(mode);
    }
    void streamsMatchReferenceOrder() {
        QFETCH(unsigned, seed);
        QFETCH(qint64, span);
        QFETCH(int, mode);
        std::mt19937_64 rng(seed);
        sim::EventQueue q(switchFor(Mode(mode)));
        const sim::StreamId streams[] = {q.addStream(), q.addStream(), q.addStream()};
        Time streamLast[] = {0, 0, 0};
        Ref ref;
        std::vector<int> got, want;
        std::vector<sim::EventId> ids;
        std::vector<int> idTags; // the ordering's events: ids and tags differ (streams take tags too)
        int tag = 0, fromStreams = 0;
        for (int step = 0; step < 20000; ++step) {
            const auto r = rng() % 100 + (step / 1000 % 2 ? 35 : 0);
            if (r < 30) {
                const Time t = rng() % 4 == 0 ? q.now() : q.now() + Time(rng() % std::uint64_t(span));
                ids.push_back(q.scheduleRaw(t, &record, &got, std::uint64_t(tag)));
                idTags.push_back(tag);
                ref.push(t, tag++);
            } else if (r < 55) {
                // a FIFO server: each completion no earlier than the last, often at the same time
                const int k = int(rng() % 3);
                Time& last = streamLast[k];
                last = std::max(last, q.now()) + (rng() % 3 == 0 ? 0 : Time(rng() % std::uint64_t(span)));
                q.scheduleRawInStream(streams[k], last, &record, &got, std::uint64_t(tag));
                ref.push(last, tag++);
                ++fromStreams;
            } else if (r < 62 && !ids.empty()) {
                const std::size_t victim = rng() % ids.size();
                if (q.isPending(ids[victim])) ref.cancelled.insert(idTags[victim]);
                q.cancel(ids[victim]);
            } else {
                const Step what = r < 70 ? Step::LookAhead : r < 71 ? Step::CountLive : Step::Run;
                stepAgainstReference(what, q, ref, want, rng);
                if (QTest::currentTestFailed()) return;
            }
        }
        QVERIFY(fromStreams > 1000);
        finishAgainstReference(q, ref, got, want);
    }

    // Many events at one nanosecond (more than a chunk, a batch of new events
    // and the level-0 window hold) keep scheduling order, also when some are
    // cancelled, including the one at the head.
    void manyEqualTimesKeepOrder_data() { modeColumn(); }
    void manyEqualTimesKeepOrder() {
        QFETCH(int, mode);
        sim::EventQueue q(switchFor(Mode(mode)));
        std::vector<int> got, want;
        std::vector<sim::EventId> ids;
        for (int i = 0; i < 1000; ++i) ids.push_back(q.scheduleRaw(500, &record, &got, std::uint64_t(i)));
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
    void cancelHead_data() { modeColumn(); }
    void cancelHead() {
        QFETCH(int, mode);
        sim::EventQueue q(switchFor(Mode(mode)));
        std::vector<int> got;
        const auto a = q.scheduleRaw(10, &record, &got, 1);
        q.scheduleRaw(10, &record, &got, 2);
        q.scheduleRaw(20, &record, &got, 3);
        QCOMPARE(q.peekTime(), Time(10));
        q.cancel(a);
        QVERIFY(!q.isPending(a));
        QCOMPARE(q.peekTime(), Time(10));
        QVERIFY(q.runNext());
        q.cancel(a); // stale
        const auto b = q.scheduleRaw(15, &record, &got, 4);
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
    void scheduleBeforeLookAhead_data() { modeColumn(); }
    void scheduleBeforeLookAhead() {
        QFETCH(int, mode);
        for (const Time far : {Time(300), Time(70'000), Time(5'000'000), Time(1) << 45}) {
            sim::EventQueue q(switchFor(Mode(mode)));
            std::vector<int> got;
            q.scheduleRaw(far, &record, &got, 1);
            q.scheduleRaw(far + 1, &record, &got, 2);
            QCOMPARE(q.peekTime(), far);
            q.scheduleRaw(far, &record, &got, 3);     // tie with the peeked one: after it
            q.scheduleRaw(far - 1, &record, &got, 4); // before it
            q.scheduleRaw(0, &record, &got, 5);       // at the current time
            QCOMPARE(q.peekTime(), Time(0));
            while (q.runNext()) {
            }
            QCOMPARE(got, (std::vector<int>{5, 4, 1, 3, 2}));
        }
    }

    // The default queue follows the density of its load in simulated time:
    // 10,000 events within 100 us (the benchmark) move into the wheel; the
    // same number spread over 10 ms move back into the radix heap; order is
    // kept throughout.
    void followsTheDensityOfTheLoad() {
        sim::EventQueue q;
        Load load{&q, 100'000};
        for (int i = 0; i < 10'000; ++i) load.scheduleOne(0);
        QVERIFY(!q.usesWheel()); // nothing seen yet
        for (int i = 0; i < 3 * 4096; ++i) QVERIFY(q.runNext());
        QVERIFY(q.usesWheel());
        load.span = 10'000'000;
        for (int i = 0; i < 20 * 4096 && q.usesWheel(); ++i) QVERIFY(q.runNext());
        QVERIFY(!q.usesWheel());
        QCOMPARE(load.outOfOrder, 0);
        QCOMPARE(q.countStoredLive(), std::uint64_t(q.pending()));
    }

    // A timer re-programmed after every event (the local timer's comparator)
    // cancels an entry a second ahead each time, far faster than the dead
    // entries surface: they are dropped once they outnumber the live ones
    // (without that, 100,000 stay stored), and the order stays the reference's.
    void cancelledEntriesAreDropped_data() { modeColumn(); }
    void cancelledEntriesAreDropped() {
        QFETCH(int, mode);
        sim::EventQueue q(switchFor(Mode(mode)));
        Ref ref;
        std::vector<int> got, want;
        std::mt19937_64 rng(7);
        int tag = 0;
        const auto add = [&](Time t) {
            ref.push(t, tag);
            return q.scheduleRaw(t, &record, &got, std::uint64_t(tag++));
        };
        for (int i = 0; i < 50; ++i) add(Time(rng() % 1000));
        int timerTag = tag;
        sim::EventId timer = add(1'000'000'000);
        std::uint64_t mostDead = 0;
        for (int step = 0; step < 100'000; ++step) {
            QVERIFY(q.runNext());
            want.push_back(ref.popLive()->tag);
            add(q.now() + Time(rng() % 1000)); // a successor
            q.cancel(timer);                   // and the timer re-programmed
            ref.cancelled.insert(timerTag);
            timerTag = tag;
            timer = add(q.now() + 1'000'000'000);
            mostDead = std::max(mostDead, q.deadStored());
        }
        QVERIFY2(mostDead <= 2 * 51 + 2 * 4096, qPrintable(QString::number(mostDead)));
        while (q.runNext()) want.push_back(ref.popLive()->tag);
        QVERIFY(!ref.popLive());
        QCOMPARE(got, want);
        QCOMPARE(q.scheduledTotal(), q.dispatched() + q.cancelledTotal());
        QCOMPARE(q.deadStored(), std::uint64_t(0));
    }

    // Many pending events are not enough: 5,000 spread over 3.3 ms (fio at
    // iodepth 256 keeps about that many completions in flight) are ~3 per
    // simulated us, and the radix heap is as fast there, so they stay.
    void manySparseEventsStayInTheRadixHeap() {
        sim::EventQueue q;
        Load load{&q, 3'300'000};
        for (int i = 0; i < 5'000; ++i) load.scheduleOne(0);
        for (int i = 0; i < 20 * 4096; ++i) {
            QVERIFY(q.runNext());
            QVERIFY(!q.usesWheel());
        }
        QCOMPARE(load.outOfOrder, 0);
    }
};

QTEST_GUILESS_MAIN(TestEventQueue)
#include "test_event_queue.moc"
