// Seed (a), "drm/i915: Move execlists irq handler to a bottom half" (intel-gfx,
// March 2016): the i915-execlists preset must reproduce the thread's findings
// from the model — and the effects must move when the costs behind them move.
//
//   seed (gem_syslatency, 2C/4T Broadwell)     what is checked here
//   hardirq: irqs off 10-25% "under load",      irqs-off >= 10% on the IRQ CPU
//            latency mean 0.4-1.5 s, max 2.5-5 s  mean-of-CPU-means >= 30x tasklet
//   tasklet: mean ~55 us, max ~2 ms             max >= 10x smaller than hardirq
//            fewer cycles (0.85M vs 1.5M)       hardirq retires more requests
//   kthread: "independent entries in top"       the kthread is charged its time
//   no IRQ_TIME_ACCOUNTING: charged to whoever  the interrupted task pays
//            was running
//
// Durations are short (the stall of the IRQ CPU grows with the run, the
// tasklet numbers do not), so the bounds are on orders of magnitude.
#include "sim_helpers.h"

#include "irqscope/presets.h"

#include <string>

using namespace irqscope;

namespace {

using KV = std::initializer_list<std::pair<const char*, const char*>>;

Scenario i915(KV kv) {
    auto s = loadPreset("i915-execlists");
    if (!s) qFatal("preset: %s", s.error().toString().c_str());
    for (const auto& [k, v] : kv)
        if (auto st = s->set(k, v); !st) qFatal("bad override: %s", st.error().toString().c_str());
    return *s;
}

Metrics runFor(const Scenario& s, Time duration) {
    RunOptions o;
    o.duration = duration;
    o.recordTrace = false;
    return test::runOrDie(s, o).metrics;
}

// gem_syslatency's "latency mean": the mean over CPUs of each thread's mean.
double sysMean(const Metrics& m) {
    double sum = 0;
    int n = 0;
    for (const auto& c : m.cpus) {
        auto it = m.latency.find("syslatency/cpu" + std::to_string(c.cpu));
        if (it == m.latency.end() || it->second.count() == 0) continue;
        sum += it->second.mean();
        ++n;
    }
    return n ? sum / n : 0;
}
Time sysMax(const Metrics& m) {
    return m.latency.at("syslatency").max();
}
double irqsOff(const Metrics& m, int cpu) {
    return double(m.cpus.at(static_cast<std::size_t>(cpu)).irqsOffNs) / double(m.simTimeNs);
}
double count(const Metrics& m, const char* name) {
    auto it = m.throughput.find(name);
    return it == m.throughput.end() ? 0.0 : double(it->second.count);
}
const TaskMetrics& task(const Metrics& m, const std::string& name) {
    for (const auto& t : m.tasks)
        if (t.name == name) return t;
    qFatal("no task %s", name.c_str());
}
bool hasWarning(const Metrics& m, const std::string& kind, int cpu) {
    for (const auto& w : m.warnings)
        if (w.kind == kind && w.cpu == cpu) return true;
    return false;
}

} // namespace

class TestSeedI915 : public QObject {
    Q_OBJECT
    Metrics hard_, tasklet_, kthread_;

private slots:
    void initTestCase() {
        // The preset's 200 ms soft-lockup threshold, shortened to fit the run.
        const KV common = {{"kernel.watchdog.soft_thresh_ns", "60ms"}};
        Scenario h = i915(common), t = i915(common), k = i915(common);
        QVERIFY(t.set("gpu.bottom_half", "tasklet").ok());
        QVERIFY(k.set("gpu.bottom_half", "kthread").ok());
        hard_ = runFor(h, 150 * kMs);
        tasklet_ = runFor(t, 150 * kMs);
        kthread_ = runFor(k, 150 * kMs);
    }

    void hardirqKeepsTheIrqCpuWithInterruptsOff() {
        const double off = irqsOff(hard_, 0);
        qInfo("irqs-off on CPU 0: hardirq %.1f%%, tasklet %.1f%%", 100 * off, 100 * irqsOff(tasklet_, 0));
        QVERIFY(off >= 0.10);                 // seed: 10-25% "under heavy load"
        QVERIFY(off > irqsOff(tasklet_, 0));  // the CSB work left the hardirq
        QVERIFY(irqsOff(hard_, 1) < off / 2); // other CPUs only pay their irqsave ELSP writes
        // A CPU that never schedules: the soft-lockup detector fires (seed's splat).
        QVERIFY(hasWarning(hard_, "soft_lockup", 0));
        QVERIFY(!hasWarning(tasklet_, "soft_lockup", 0));
    }

    void hardirqLatencyIsOrdersOfMagnitudeWorse() {
        const double hm = sysMean(hard_), tm = sysMean(tasklet_);
        const Time hx = sysMax(hard_), tx = sysMax(tasklet_);
        qInfo("syslatency mean of CPU means: hardirq %.3f ms, tasklet %.1f us (ratio %.0f)", hm / 1e6, tm / 1e3,
              hm / tm);
        qInfo("syslatency max: hardirq %.3f ms, tasklet %.3f ms", double(hx) / 1e6, double(tx) / 1e6);
        QVERIFY(hm >= 10.0 * kMs); // seed 0.4-1.5 s over longer runs; here the whole run is stolen
        QVERIFY(tm <= 2.0 * kMs);  // seed ~55 us
        // The hardirq figure grows with the run (the victim waits all of it):
        // ~100x at 150 ms, ~400x at the preset's 500 ms.
        QVERIFY(hm >= 30 * tm);
        QVERIFY(hx >= 100 * kMs); // the victim on CPU 0 waits (nearly) the whole 150 ms
        QVERIFY(tx <= 20 * kMs);  // seed ~2 ms
        QVERIFY(hx >= 10 * tx);
    }

    void taskletCostsGpuThroughput() {
        const double h = count(hard_, "gpu_requests"), t = count(tasklet_, "gpu_requests");
        qInfo("gpu_requests: hardirq %.0f, tasklet %.0f, kthread %.0f", h, t, count(kthread_, "gpu_requests"));
        QVERIFY(t > 0);
        QVERIFY(h >= 1.2 * t); // seed: 1.5M vs 0.85M cycles
        QVERIFY(h <= 5.0 * t);
    }

    void kthreadIsChargedItsOwnTime() {
        const TaskMetrics& k = task(kthread_, "i915/execlists");
        const double share = double(k.chargedNs) / double(kthread_.simTimeNs);
        qInfo("i915/execlists charged %.1f%% of the run", 100 * share);
        QVERIFY(share >= 0.2);
        QCOMPARE(k.chargedNs, k.runNs); // its own code, not interrupt time
        // The IRQ CPU keeps only the handler (IIR ack + wake-up) in its hardirq column.
        const int hardirq = static_cast<int>(TimeBucket::Hardirq);
        QVERIFY(kthread_.cpus.at(0).ns[hardirq] < hard_.cpus.at(0).ns[hardirq]);
    }

    void withoutIrqTimeAccountingTheInterruptedTaskPays() {
        // Tasklet: the HI softirq runs at irq_exit on top of whoever CPU 0 was
        // running (Chris Wilson's "accounted to the process").
        const Metrics on = runFor(i915({{"gpu.bottom_half", "tasklet"}}), 60 * kMs);
        const Metrics off =
            runFor(i915({{"gpu.bottom_half", "tasklet"}, {"kernel.irq_time_accounting", "false"}}), 60 * kMs);
        auto blamed = [](const Metrics& m) {
            Time extra = 0;
            for (const auto& t : m.tasks) extra += t.chargedNs - t.runNs;
            return extra;
        };
        qInfo("interrupt time charged to tasks: accounting on %.3f ms, off %.3f ms", double(blamed(on)) / 1e6,
              double(blamed(off)) / 1e6);
        QCOMPARE(blamed(on), Time(0));
        QVERIFY(blamed(off) >= 10 * kMs); // CPU 0 spends most of 60 ms in hardirq + softirq
        // The victim thread itself is charged far more than it ran.
        const TaskMetrics& v = task(off, "syslatency/0");
        QVERIFY(v.chargedNs > 10 * v.runNs);
    }

    // ---- mechanisms: move the cost, the effect moves ----------------------

    void cheapBottomHalfClosesTheGap() {
        // "Dropping forcewaked MMIO": with forcewake, CSB and ELSP costs tiny the
        // handler finishes before the next CSB event and the victim gets in.
        const KV cheap = {{"gpu.cost.forcewake_ns", "0"},
                          {"gpu.cost.csb_entry_ns", "10"},
                          {"gpu.cost.elsp_write_ns", "100"},
                          {"gpu.cost.dequeue_ns", "100"}};
        Scenario h = i915(cheap), t = i915(cheap);
        QVERIFY(t.set("gpu.bottom_half", "tasklet").ok());
        const Metrics hm = runFor(h, 80 * kMs), tm = runFor(t, 80 * kMs);
        qInfo("cheap bottom half: mean of CPU means hardirq %.1f us, tasklet %.1f us; max hardirq %.1f us",
              sysMean(hm) / 1e3, sysMean(tm) / 1e3, double(sysMax(hm)) / 1e3);
        QVERIFY(sysMax(hm) < 1 * kMs);          // no more stolen run
        QVERIFY(sysMean(hm) < 5 * sysMean(tm)); // the gap (>= 100x by default) is gone
        QVERIFY(sysMean(hm) < sysMean(hard_) / 100);
    }

    void slowerGpuEndsTheLivelock() {
        // Tvrtko: "when I limit the max GPU frequency a bit it can avoid that problem".
        const Metrics m = runFor(i915({{"gpu.request_ns", "50us"}}), 80 * kMs);
        qInfo("request 50 us, hardirq: irqs-off %.1f%%, mean of CPU means %.1f us", 100 * irqsOff(m, 0),
              sysMean(m) / 1e3);
        QVERIFY(irqsOff(m, 0) < 0.9);
        QVERIFY(sysMax(m) < 1 * kMs);
        QVERIFY(count(m, "gpu_requests") < count(hard_, "gpu_requests") * 80 / 150); // and the GPU does less
    }

    void oneInterruptDrainsEveryPendingCsbEntry() {
        // Coalescing emerges: the slower the hardirq bottom half, the more CSB
        // entries each interrupt finds.
        auto perIrq = [](const Metrics& m) { return count(m, "gpu_csb_entries") / count(m, "gpu_irqs"); };
        const Metrics fast = runFor(i915({{"gpu.cost.forcewake_ns", "0"}}), 40 * kMs);
        const Metrics slow = runFor(i915({{"gpu.cost.forcewake_ns", "16us"}}), 40 * kMs);
        qInfo("CSB entries per interrupt: forcewake 0 %.2f, 4 us %.2f, 16 us %.2f", perIrq(fast), perIrq(hard_),
              perIrq(slow));
        QVERIFY(perIrq(fast) > 1.0);
        QVERIFY(perIrq(hard_) > perIrq(fast));
        QVERIFY(perIrq(slow) > perIrq(hard_));
        // With a tasklet the hardirq is short, so each interrupt sees about one
        // entry, and the entries pile up per tasklet run instead.
        QVERIFY(count(tasklet_, "gpu_csb_entries") / count(tasklet_, "gpu_irqs") < 1.5);
        QVERIFY(count(tasklet_, "gpu_csb_entries") / count(tasklet_, "gpu_bottom_halves") > 2.0);
    }

    // Under voluntary preemption a victim woken on a submitter's CPU runs at
    // the submitter's next might_sleep() point in the execbuf ioctl (or its
    // return to user space): without any, it waits for the whole ioctl.
    void victimWaitsForTheNextMightSleepPoint() {
        auto cpu2Max = [](const Metrics& m) { return m.latency.at("syslatency/cpu2").max(); };
        const Metrics none =
            runFor(i915({{"gpu.bottom_half", "tasklet"}, {"gpu.execbuf_might_sleep", "0"}}), 100 * kMs);
        const Metrics many =
            runFor(i915({{"gpu.bottom_half", "tasklet"}, {"gpu.execbuf_might_sleep", "12"}}), 100 * kMs);
        qInfo("CPU 2 syslatency: no might_sleep point max %.2f us mean %.2f us; 12 points max %.2f us mean %.2f us",
              double(cpu2Max(none)) / 1e3, none.latency.at("syslatency/cpu2").mean() / 1e3, double(cpu2Max(many)) / 1e3,
              many.latency.at("syslatency/cpu2").mean() / 1e3);
        QVERIFY(cpu2Max(many) < cpu2Max(none));
        QVERIFY(many.latency.at("syslatency/cpu2").mean() < none.latency.at("syslatency/cpu2").mean());
    }
};

QTEST_GUILESS_MAIN(TestSeedI915)
#include "test_seed_i915.moc"
