// The run list's headline latency: the worst series and
// the maximum, never a pooled p99 that one stalled CPU cannot move, and a
// starved series (its thread hardly ran) marked as such.
#include "core/run/RunList.h"

#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

namespace {
// A gem_syslatency-like run: one probe thread per CPU, woken every 1 ms for 1 s.
// CPU 0's thread waited the whole run (one sample of 998 ms); the others
// answered in 5 us, with one 40 us outlier each.
Metrics stalledCpu0() {
    Metrics m;
    for (int cpu = 0; cpu < 4; ++cpu) {
        auto& own = m.latency["syslatency/cpu" + std::to_string(cpu)];
        if (cpu == 0) {
            own.add(998 * kMs);
            m.latency["syslatency"].add(998 * kMs);
            continue;
        }
        for (int i = 0; i < 999; ++i) {
            const Time v = i == 500 ? 40 * kUs : 5 * kUs;
            own.add(v);
            m.latency["syslatency"].add(v);
        }
    }
    m.latency["a_series_before"].add(1 * kUs); // a family without a split comes after one with
    return m;
}
} // namespace

class TestRunHeadline : public QObject {
    Q_OBJECT
private slots:
    void worstSeriesNotPooled() {
        const Metrics m = stalledCpu0();
        // the pooled p99 hides the stall: that is what the headline must not show
        QCOMPARE(m.latency.at("syslatency").percentile(99), 5 * kUs);
        const auto h = latencyHeadline(m);
        QVERIFY(h);
        QCOMPARE(h->family, QStringLiteral("syslatency"));
        QCOMPARE(h->worstSeries, QStringLiteral("syslatency/cpu0"));
        QCOMPARE(h->worstP99, 998 * kMs);
        QCOMPARE(h->max, 998 * kMs);
        QVERIFY(headlineText(*h).startsWith(QStringLiteral("998")));
    }
    void starvedSeriesMarked() {
        const auto h = latencyHeadline(stalledCpu0());
        QVERIFY(h);
        QCOMPARE(int(h->starved.size()), 1);
        QCOMPARE(h->starved[0].series, QStringLiteral("syslatency/cpu0"));
        QCOMPARE(int(h->starved[0].samples), 1);
        QCOMPARE(int(h->starved[0].siblingMedian), 999);
        QVERIFY(headlineText(*h).contains(QStringLiteral("starved")));
        QVERIFY(headlineToolTip(*h).contains(QStringLiteral("syslatency/cpu0")));
    }
    void healthyRunShowsWorstAndMax() {
        Metrics m = stalledCpu0();
        m.latency.erase("syslatency/cpu0");
        const auto h = latencyHeadline(m);
        QVERIFY(h);
        QVERIFY(h->starved.empty());
        QCOMPARE(h->worstP99, 5 * kUs);
        QCOMPARE(h->max, 40 * kUs);
        QVERIFY(!headlineText(*h).contains(QStringLiteral("starved")));
    }
    void unsplitSeries() {
        Metrics m;
        m.latency["clat"].add(10 * kUs);
        m.latency["clat"].add(30 * kUs);
        const auto h = latencyHeadline(m);
        QVERIFY(h);
        QCOMPARE(h->worstSeries, QStringLiteral("clat"));
        QCOMPARE(h->max, 30 * kUs);
        QVERIFY(!latencyHeadline(Metrics{}));
    }
};

QTEST_GUILESS_MAIN(TestRunHeadline)
#include "test_run_headline.moc"
