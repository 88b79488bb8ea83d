// Seed (c), panthor / DRM scheduler submit latency: WQ_HIGHPRI workers are
// still CFS tasks, WQ_RT workers preempt. The bounds check direction and order
// of magnitude; the mechanism tests take each cause away and watch its effect go.
#include "sim_helpers.h"

#include "irqscope/presets.h"

using namespace irqscope;

namespace {

struct Lat {
    double p50 = 0, p95 = 0, p98 = 0, p99 = 0, max = 0; // microseconds
    std::size_t n = 0;
};

Lat submitLatency(std::initializer_list<std::pair<const char*, const char*>> kv) {
    auto s = loadPreset("panthor-submit");
    if (!s) qFatal("%s", s.error().toString().c_str());
    for (const auto& [k, v] : kv)
        if (auto st = s->set(k, v); !st) qFatal("%s", st.error().toString().c_str());
    RunOptions o;
    o.duration = 1'000'000'000; // 1 s: ~450-500 submissions
    o.recordTrace = false;
    auto r = test::runOrDie(*s, o);
    const auto it = r.metrics.latency.find("submit");
    if (it == r.metrics.latency.end()) qFatal("no submit series");
    const auto& h = it->second;
    return Lat{h.percentile(50) / 1e3, h.percentile(95) / 1e3, h.percentile(98) / 1e3,
               h.percentile(99) / 1e3, double(h.max()) / 1e3, h.count()};
}

void show(const char* what, const Lat& l) {
    qInfo("%-28s n=%zu p50=%.1f p95=%.1f p98=%.1f p99=%.1f max=%.1f us", what, l.n, l.p50, l.p95, l.p98, l.p99, l.max);
}

} // namespace

class TestSeedPanthor : public QObject {
    Q_OBJECT
private slots:
    // WQ_HIGHPRI: medians of microseconds to tens of them, tails of hundreds of us to ms.
    void highpriHasLongTails() {
        for (auto pol : {std::pair{"submitter.policy", "other"}, std::pair{"submitter.nice", "-1"},
                         std::pair{"submitter.policy", "fifo"}}) {
            const Lat l = submitLatency({{"drm.submit_wq", "highpri"}, pol});
            show(pol.second, l);
            QVERIFY(l.n > 400);
            QVERIFY2(l.p50 >= 3 && l.p50 <= 100, "median: microseconds to tens of them");
            QVERIFY2(l.p95 >= 100 && l.p95 <= 3000, "p95: hundreds of us");
            QVERIFY2(l.p98 >= 100 && l.p98 <= 5000, "p98: hundreds of us to a few ms");
            QVERIFY2(l.p98 >= 5 * l.p50, "the tail is far from the median");
        }
    }

    // The FIFO 1 submitter gives the worst tail: a CFS worker woken next to it
    // cannot preempt it, whatever its nice value.
    void fifoSubmitterTailIsWorst() {
        const Lat other = submitLatency({{"drm.submit_wq", "highpri"}, {"submitter.policy", "other"}});
        const Lat fifo = submitLatency({{"drm.submit_wq", "highpri"}, {"submitter.policy", "fifo"}});
        show("highpri other", other);
        show("highpri fifo", fifo);
        QVERIFY(fifo.p99 >= other.p99);
        QVERIFY(fifo.max >= 1000); // a ms-scale outlier
        QVERIFY(fifo.max > 2 * other.max);
    }

    // WQ_RT: the worker preempts CFS at once; tight percentiles.
    void rtWorkersAreTight() {
        for (auto pol : {std::pair{"submitter.policy", "other"}, std::pair{"submitter.nice", "-1"},
                         std::pair{"submitter.policy", "fifo"}}) {
            const Lat rt = submitLatency({{"drm.submit_wq", "rt"}, pol});
            const Lat hp = submitLatency({{"drm.submit_wq", "highpri"}, pol});
            show(pol.second, rt);
            QVERIFY2(rt.p50 >= 3 && rt.p50 <= 40, "median of microseconds (seed: 14 us)");
            QVERIFY2(rt.p98 <= 2.5 * rt.p50 + 1, "p98 within about twice the median");
            QVERIFY2(rt.p98 * 10 < hp.p98, "an order of magnitude better tail than WQ_HIGHPRI");
        }
    }

    // Mechanism: without background load there is always an idle CPU; the tail goes.
    void noHogsNoTail() {
        const Lat l = submitLatency({{"drm.submit_wq", "highpri"}, {"load.hogs", "0"}});
        show("highpri, no hogs", l);
        QVERIFY(l.p98 < 50);
    }

    // Mechanism: the SCHED_OTHER tail is RUN_TO_PARITY protecting the running
    // task's slice against the eligible nice -20 worker. Switch it off and that
    // tail collapses; the FIFO submitter's does not (nothing in CFS preempts FIFO).
    void runToParityMakesTheOtherTail() {
        const Lat other = submitLatency({{"drm.submit_wq", "highpri"}, {"kernel.sched.run_to_parity", "false"}});
        const Lat fifo = submitLatency({{"drm.submit_wq", "highpri"},
                                        {"submitter.policy", "fifo"},
                                        {"kernel.sched.run_to_parity", "false"}});
        show("other, NO_RUN_TO_PARITY", other);
        show("fifo, NO_RUN_TO_PARITY", fifo);
        QVERIFY(other.p95 < 50);
        QVERIFY(fifo.p95 >= 100);
    }

    // Mechanism: the tail scales with how long the submitter keeps its CPU.
    void tailFollowsSubmitterWork() {
        const Lat shortWork = submitLatency({{"drm.submit_wq", "highpri"}, {"submitter.policy", "fifo"}, {"submitter.work_ns", "40us"}});
        const Lat longWork = submitLatency({{"drm.submit_wq", "highpri"}, {"submitter.policy", "fifo"}, {"submitter.work_ns", "400us"}});
        show("fifo, work 40us", shortWork);
        show("fifo, work 400us", longWork);
        QVERIFY(longWork.p95 > 3 * shortWork.p95);
    }

    void deterministic() {
        const Lat a = submitLatency({});
        const Lat b = submitLatency({});
        QCOMPARE(a.n, b.n);
        QCOMPARE(a.p99, b.p99);
    }
};

QTEST_GUILESS_MAIN(TestSeedPanthor)
#include "test_seed_panthor.moc"
