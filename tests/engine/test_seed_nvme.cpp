// Seed (b), NVMe behind a strict SMMU: fewer IOPS, a worse completion-latency
// tail, and interrupt CPUs stuck in nvme_irq() tripping the soft-lockup and
// RCU-stall detectors; threaded completion on the managed mask avoids them.
// Runs are short (40 ms, detector thresholds 15 ms) to stay fast.
#include "sim_helpers.h"

#include "irqscope/presets.h"

#include <algorithm>

using namespace irqscope;

namespace {

struct Nv {
    double iops = 0;
    double p50 = 0, p999 = 0, max = 0; // clat, microseconds
    int softLockups = 0, rcuStalls = 0, otherWarnings = 0;
    double maxHardirq = 0;  // largest per-CPU hardirq share
    int completionCpus = 0; // CPUs spending > 10% in hardirq + IRQ threads
    double maxCompletion = 0;
};

Nv runNvme(std::initializer_list<std::pair<const char*, const char*>> kv) {
    auto s = loadPreset("nvme-smmu");
    if (!s) qFatal("%s", s.error().toString().c_str());
    for (const auto& [k, v] :
         {std::pair{"kernel.watchdog.soft_thresh_ns", "15ms"}, std::pair{"kernel.rcu.stall_timeout_ns", "15ms"}})
        if (auto st = s->set(k, v); !st) qFatal("%s", st.error().toString().c_str());
    for (const auto& [k, v] : kv)
        if (auto st = s->set(k, v); !st) qFatal("%s", st.error().toString().c_str());
    RunOptions o;
    o.duration = 40'000'000;
    o.recordTrace = false;
    auto r = test::runOrDie(*s, o);
    Nv n;
    n.iops = r.metrics.throughput.at("iops").perSecond;
    const auto& h = r.metrics.latency.at("clat");
    n.p50 = double(h.percentile(50)) / 1e3;
    n.p999 = double(h.percentile(99.9)) / 1e3;
    n.max = double(h.max()) / 1e3;
    for (const auto& w : r.metrics.warnings) {
        if (w.kind == "soft_lockup") ++n.softLockups;
        else if (w.kind == "rcu_stall") ++n.rcuStalls;
        else ++n.otherWarnings;
    }
    const double T = double(r.metrics.simTimeNs);
    for (const auto& c : r.metrics.cpus) {
        const double hard = double(c.ns[static_cast<int>(TimeBucket::Hardirq)]) / T;
        const double comp = hard + double(c.ns[static_cast<int>(TimeBucket::IrqThread)]) / T;
        n.maxHardirq = std::max(n.maxHardirq, hard);
        n.maxCompletion = std::max(n.maxCompletion, comp);
        if (comp > 0.10) ++n.completionCpus;
    }
    qInfo("iops=%.0fk clat p50=%.0f p99.9=%.0f max=%.0f us | soft=%d rcu=%d | max hardirq %.0f%% | %d completion CPUs, "
          "max %.0f%%",
          n.iops / 1e3, n.p50, n.p999, n.max, n.softLockups, n.rcuStalls, n.maxHardirq * 100, n.completionCpus,
          n.maxCompletion * 100);
    return n;
}

} // namespace

class TestSeedNvme : public QObject {
    Q_OBJECT
    Nv off_, strict_; // the two runs most tests compare against, run once
private slots:
    void initTestCase() {
        off_ = runNvme({{"iommu.mode", "off"}});
        strict_ = runNvme({{"iommu.mode", "strict"}});
    }

    // Seed: 1539k IOPS with the SMMU off, 1183k with it on (strict).
    void strictCostsThroughputAndTail() {
        const Nv& off = off_;
        const Nv& strict = strict_;
        QVERIFY2(off.iops > 1.0e6 && off.iops < 2.0e6, "about 1.5M IOPS without the SMMU");
        QVERIFY2(strict.iops < 0.92 * off.iops, "markedly fewer IOPS under strict");
        QVERIFY2(strict.iops > 0.5 * off.iops, "same order of magnitude (seed: -23%)");
        QVERIFY(off.p50 > 100 && off.p50 < 500); // seed: 237 us
        QVERIFY2(strict.p999 > 1.5 * off.p999, "a worse clat tail");
        QVERIFY2(strict.max > 10'000, "jobs on the stuck CPUs wait for milliseconds and more");
    }

    // A CPU saturated in hardirq never schedules: soft lockup + RCU stall, not hard lockup.
    void strictLocksUpInterruptCpus() {
        const Nv& off = off_;
        const Nv& strict = strict_;
        QVERIFY(strict.maxHardirq > 0.95);
        QVERIFY(strict.softLockups > 0);
        QVERIFY(strict.rcuStalls > 0);
        QCOMPARE(strict.otherWarnings, 0);
        QVERIFY(off.maxHardirq < 0.8);
        QCOMPARE(off.softLockups + off.rcuStalls + off.otherWarnings, 0);
    }

    // Threaded completion with the thread on the managed mask (the RFC): the
    // work spreads over the queue's CPUs, and nothing locks up.
    void threadedManagedSpreadsAndAvoidsWarnings() {
        const Nv& hard = strict_;
        const Nv managed =
            runNvme({{"iommu.mode", "strict"}, {"nvme.completion", "threaded"}, {"nvme.thread_affinity", "managed"}});
        QCOMPARE(managed.softLockups + managed.rcuStalls, 0);
        QVERIFY(managed.maxHardirq < 0.5);
        QVERIFY2(managed.completionCpus > hard.completionCpus, "completion work on more CPUs");
        QVERIFY(managed.iops > 0.9 * hard.iops); // the SMMU queue still bounds throughput
    }

    // Mechanism: the contended resource is the SMMU command queue. Make a
    // CMD_SYNC nearly free and strict behaves like no IOMMU.
    void cheapCmdqSyncMakesStrictLikeOff() {
        const Nv& off = off_;
        const Nv cheap = runNvme({{"iommu.mode", "strict"}, {"iommu.cost.cmdq_sync_ns", "50"}});
        QVERIFY(cheap.iops > 0.97 * off.iops);
        QCOMPARE(cheap.softLockups + cheap.rcuStalls, 0);
    }

    // Mechanism: the command queue caps strict throughput at 1/cmdq_sync_ns;
    // a slower CMD_SYNC costs IOPS in proportion.
    void cmdqBoundsStrictThroughput() {
        const Nv slow = runNvme({{"iommu.mode", "strict"}, {"iommu.cost.cmdq_sync_ns", "1600"}});
        QVERIFY(slow.iops <= 1e9 / 1600 * 1.02);
        QVERIFY(slow.iops > 1e9 / 1600 * 0.8);
    }

    // Lazy mode batches invalidations: one CMD_SYNC per 256 unmaps per CPU.
    void lazyIsCloseToOff() {
        const Nv& off = off_;
        const Nv lazy = runNvme({{"iommu.mode", "lazy"}});
        QVERIFY(lazy.iops > 0.95 * off.iops);
        QCOMPARE(lazy.softLockups + lazy.rcuStalls, 0);
    }
};

QTEST_GUILESS_MAIN(TestSeedNvme)
#include "test_seed_nvme.moc"
