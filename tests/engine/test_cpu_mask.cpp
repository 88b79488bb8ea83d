// CpuMask, the scheduler's CPU bitmap: its searches (first(), next(),
// findIf()) and set operations against a plain array of bools, on random
// masks and on the word boundaries where a word-at-a-time search can slip.
#include "kernel/cpu_mask.h"

#include <QtTest>

#include <array>
#include <random>
#include <vector>

using namespace irqscope;
using kern::CpuMask;

namespace {
constexpr std::size_t N = CpuMask::size();
using Ref = std::array<bool, N>;

CpuMask make(const Ref& r) {
    CpuMask m;
    for (std::size_t i = 0; i < N; ++i) m.set(i, r[i]);
    return m;
}

// The lowest set bit at or above `from`, N when none: what first()/next() must answer.
std::size_t refFrom(const Ref& r, std::size_t from) {
    for (std::size_t i = from; i < N; ++i)
        if (r[i]) return i;
    return N;
}

// Masks that stress the searches: empty, full, one bit at each word edge,
// pairs across a word edge, and random ones of several densities.
std::vector<Ref> masks() {
    std::vector<Ref> v;
    v.push_back(Ref{});
    Ref full;
    full.fill(true);
    v.push_back(full);
    for (std::size_t b : {0, 1, 62, 63, 64, 65, 127, 128, 191, 192, 254, 255}) {
        Ref r{};
        r[b] = true;
        v.push_back(r);
        if (b + 1 < N) {
            Ref two = r;
            two[b + 1] = true;
            v.push_back(two);
        }
        Ref far = r;
        far[(b + 130) % N] = true;
        v.push_back(far);
    }
    std::mt19937 rng(7);
    for (double p : {0.005, 0.02, 0.1, 0.5, 0.95})
        for (int k = 0; k < 40; ++k) {
            Ref r{};
            std::bernoulli_distribution on(p);
            for (bool& b : r) b = on(rng);
            v.push_back(r);
        }
    return v;
}
} // namespace

class TestCpuMask : public QObject {
    Q_OBJECT
private slots:
    void testSetReset() {
        CpuMask m;
        QVERIFY(m.none());
        QVERIFY(!m.any());
        m.set(64).set(3).set(255);
        QVERIFY(m.test(64) && m.test(3) && m.test(255));
        QVERIFY(!m.test(63) && !m.test(65) && !m.test(0));
        QVERIFY(!m.test(N)); // out of range: not a member
        m.set(64, false);
        QVERIFY(!m.test(64));
        m.reset(3);
        QVERIFY(!m.test(3) && m.test(255));
        m.set(7, true);
        QCOMPARE(m.count(), std::size_t(2));
    }

    // first() and next(after) walk exactly the set bits in increasing order,
    // across every word boundary; next() past the end answers size().
    void searchesMatchALinearScan() {
        for (const Ref& r : masks()) {
            const CpuMask m = make(r);
            QCOMPARE(m.first(), refFrom(r, 0));
            for (std::size_t after = 0; after < N; ++after) QCOMPARE(m.next(after), refFrom(r, after + 1));
            std::vector<int> want, got;
            for (std::size_t i = 0; i < N; ++i)
                if (r[i]) want.push_back(static_cast<int>(i));
            QCOMPARE(m.findIf([&](int c) {
                got.push_back(c);
                return false;
            }),
                     -1);
            QCOMPARE(got, want);
        }
    }

    void findIfStopsAtTheFirstMatch() {
        CpuMask m;
        m.set(5).set(70).set(130).set(200);
        std::vector<int> seen;
        QCOMPARE(m.findIf([&](int c) {
            seen.push_back(c);
            return c > 100;
        }),
                 130);
        QCOMPARE(seen, (std::vector<int>{5, 70, 130}));
    }

    void countSingleAnyNone() {
        for (const Ref& r : masks()) {
            const CpuMask m = make(r);
            std::size_t n = 0;
            for (bool b : r) n += b ? 1 : 0;
            QCOMPARE(m.count(), n);
            QCOMPARE(m.single(), n == 1);
            QCOMPARE(m.any(), n > 0);
            QCOMPARE(m.none(), n == 0);
        }
    }

    void setOperations() {
        const std::vector<Ref> v = masks();
        for (std::size_t k = 0; k + 1 < v.size(); ++k) {
            const Ref& a = v[k];
            const Ref& b = v[k + 1];
            Ref andR{}, orR{}, notR{};
            for (std::size_t i = 0; i < N; ++i) {
                andR[i] = a[i] && b[i];
                orR[i] = a[i] || b[i];
                notR[i] = !a[i];
            }
            QVERIFY((make(a) & make(b)) == make(andR));
            QVERIFY((make(a) | make(b)) == make(orR));
            QVERIFY(~make(a) == make(notR));
            QVERIFY((make(a) & ~make(a)).none());
            QCOMPARE(make(a) == make(b), a == b);
        }
    }

    void firstCpuOfAMask() {
        CpuMask m;
        QCOMPARE(kern::firstCpu(m), 0); // empty: 0, as callers expect
        m.set(200).set(77);
        QCOMPARE(kern::firstCpu(m), 77);
    }
};

QTEST_GUILESS_MAIN(TestCpuMask)
#include "test_cpu_mask.moc"
