// The latency series: exact nearest-rank statistics up to kExactSamples, then
// a folded log-linear histogram in fixed memory, within 1/1024 of the truth.
#include "irqscope/latency_histogram.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace irqscope;

namespace {
Time nearestRank(std::vector<Time> v, double p) {
    std::sort(v.begin(), v.end());
    auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * double(v.size())));
    rank = std::clamp<std::size_t>(rank, 1, v.size());
    return v[rank - 1];
}

// log-normal latencies from ~100 ns to ~10 ms, as a device's would be
std::vector<Time> latencies(std::size_t n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::lognormal_distribution<double> d(std::log(20'000.0), 1.2);
    std::vector<Time> v(n);
    for (auto& x : v) x = std::max<Time>(1, Time(d(rng)));
    return v;
}
} // namespace

class TestLatencyHistogram : public QObject {
    Q_OBJECT
private slots:
    void exactUpToTheCap() {
        const auto v = latencies(LatencyHistogram::kExactSamples, 1);
        LatencyHistogram h;
        for (Time x : v) h.add(x);
        QVERIFY(h.exact());
        for (double p : {0.0, 1.0, 50.0, 90.0, 99.0, 99.9, 100.0}) QCOMPARE(h.percentile(p), nearestRank(v, p));
        QCOMPARE(h.min(), *std::min_element(v.begin(), v.end()));
        QCOMPARE(h.max(), *std::max_element(v.begin(), v.end()));
    }

    void foldedWithinOnePartInAThousand() {
        const auto v = latencies(3 * LatencyHistogram::kExactSamples + 17, 2);
        LatencyHistogram h;
        long double sum = 0;
        for (Time x : v) h.add(x), sum += x;
        QVERIFY(!h.exact());
        QCOMPARE(h.count(), v.size());
        QCOMPARE(h.min(), *std::min_element(v.begin(), v.end())); // still exact
        QCOMPARE(h.max(), *std::max_element(v.begin(), v.end()));
        QCOMPARE(h.mean(), double(sum / static_cast<long double>(v.size())));
        for (double p : {1.0, 50.0, 90.0, 99.0, 99.9}) {
            const double want = double(nearestRank(v, p)), got = double(h.percentile(p));
            QVERIFY2(std::abs(got - want) <= want / 1024 + 1,
                     qPrintable(QStringLiteral("p%1: %2 vs exact %3").arg(p).arg(got).arg(want)));
        }
    }

    // Once folded, more samples take no more memory: the distribution has at
    // most one entry per bucket, however many samples went in.
    void foldedMemoryIsBounded() {
        LatencyHistogram h;
        std::mt19937_64 rng(3);
        for (std::size_t i = 0; i < 4 * LatencyHistogram::kExactSamples; ++i) h.add(Time(rng() >> 20));
        const auto d = h.distribution();
        QVERIFY(d.size() < 60'000);
        std::uint64_t n = 0;
        for (auto [value, count] : d) n += count;
        QCOMPARE(n, std::uint64_t(h.count()));
        QVERIFY(std::is_sorted(d.begin(), d.end()));
    }

    // While exact, the samples are sorted by a radix sort from 512 samples on:
    // every value in std::sort's order, negative ones and repeats included,
    // and every nearest-rank percentile.
    void exactSortMatchesStdSort() {
        std::mt19937_64 rng(4);
        for (std::size_t n : {std::size_t(511), std::size_t(512), std::size_t(20'000)}) {
            std::vector<Time> v(n);
            for (std::size_t k = 0; k < n; ++k)
                v[k] = k % 7 == 0   ? -Time(rng() >> 30)           // negative, wide
                       : k % 5 == 0 ? Time(rng() % 16)             // repeats
                                    : Time(rng() >> (rng() % 60)); // every magnitude
            LatencyHistogram h;
            for (Time x : v) h.add(x);
            QVERIFY(h.exact());
            std::vector<Time> sorted = v;
            std::sort(sorted.begin(), sorted.end());
            std::vector<Time> got;
            for (auto [value, count] : h.distribution()) got.insert(got.end(), count, value);
            QCOMPARE(got, sorted);
            for (double p : {0.0, 1.0, 50.0, 99.9, 100.0}) QCOMPARE(h.percentile(p), nearestRank(v, p));
        }
    }

    void distributionCountsEqualSamples() {
        LatencyHistogram h;
        for (Time x : {Time(5), Time(3), Time(5), Time(9)}) h.add(x);
        const std::vector<std::pair<Time, std::uint64_t>> want{{3, 1}, {5, 2}, {9, 1}};
        QCOMPARE(h.distribution(), want);
        QCOMPARE(h.percentile(50), Time(5));
    }
};

QTEST_APPLESS_MAIN(TestLatencyHistogram)
#include "test_latency_histogram.moc"
