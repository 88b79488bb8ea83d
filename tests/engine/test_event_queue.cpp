// The event core against a reference: a plain (time, sequence) priority queue.
// Random schedules, cancels, look-aheads and time jumps must dispatch exactly
// the same events in exactly the same order, ties in scheduling order.
#include "sim/event_queue.h"

#include <QtTest>

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
        QTest::addColumn<int>("span"); // spread of future times: ties are common when small
        for (unsigned s = 1; s <= 6; ++s) {
            QTest::addRow("seed%u-narrow", s) << s << 8;
            QTest::addRow("seed%u-wide", s) << s << 1'000'000;
        }
    }
    void matchesReferenceOrder() {
        QFETCH(unsigned, seed);
        QFETCH(int, span);
        std::mt19937_64 rng(seed);
        sim::EventQueue q;
        Ref ref;
        std::vector<int> got, want;
        std::vector<sim::EventId> ids;
        int tag = 0;
        for (int step = 0; step < 20000; ++step) {
            const auto r = rng() % 100;
            if (r < 45) {
                const Time t = q.now() + Time(rng() % std::uint64_t(span));
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
    }
};

QTEST_GUILESS_MAIN(TestEventQueue)
#include "test_event_queue.moc"
