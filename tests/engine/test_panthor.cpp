// panthor's job interrupt and workqueues (drivers/gpu/drm/panthor/):
// PANTHOR_IRQ_HANDLER makes the job IRQ threaded — the hardirq masks the source
// at the GPU and wakes irq/92-panthor-job, which reports the FW events to
// process_fw_events_work; panthor_sched_init()'s "panthor-csf-sched" is
// WQ_UNBOUND and not ordered, so drm_sched's run_job and free_job (two work
// items on it) can run at the same time on two workers.
#include "sim_helpers.h"

#include "irqscope/presets.h"

using namespace irqscope;

namespace {

RunResult panthor(std::initializer_list<std::pair<const char*, const char*>> kv) {
    auto s = loadPreset("panthor-submit");
    if (!s) qFatal("%s", s.error().toString().c_str());
    for (const auto& [k, v] : kv)
        if (auto st = s->set(k, v); !st) qFatal("%s", st.error().toString().c_str());
    RunOptions o;
    o.duration = 200 * kMs;
    return test::runOrDie(*s, o);
}

std::vector<Segment> segs(const Trace& t, ContextKind kind, std::string_view name) {
    std::vector<Segment> out;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane)
        for (int d = 0; d < t.depthCount(lane); ++d)
            for (std::size_t i = 0; i < t.segmentCount(lane, d); ++i) {
                auto s = t.segment(lane, d, i);
                if (s.kind == kind && (t.str(s.entity) == name || t.str(s.detail) == name)) out.push_back(s);
            }
    return out;
}

} // namespace

class TestPanthor : public QObject {
    Q_OBJECT
private slots:
    void jobIrqIsThreaded() {
        const RunResult r = panthor({});
        const auto thread = segs(r.trace, ContextKind::IrqThread, "irq/92-panthor-job");
        const auto hard = segs(r.trace, ContextKind::Hardirq, "panthor-job");
        QVERIFY(hard.size() > 50);
        QVERIFY(thread.size() >= hard.size() / 2); // one thread run per interrupt (a pass may take several jobs)
        // the FW events are processed in a kworker, not in the interrupt
        QVERIFY(!segs(r.trace, ContextKind::Kworker, "process_fw_events_work").empty());
        const auto& cpu0 = r.metrics.cpus.at(0).ns;
        QVERIFY(cpu0[static_cast<int>(TimeBucket::IrqThread)] > 0);
    }

    void runJobAndFreeJobRunConcurrently() {
        // not ordered: with a long free_job, a run_job starts while it runs on another worker
        const RunResult r = panthor({{"drm.submit_wq", "highpri"}, {"drm.cost.free_job_ns", "1ms"}});
        const auto run = segs(r.trace, ContextKind::Kworker, "drm_sched_run_job_work");
        const auto freeJob = segs(r.trace, ContextKind::Kworker, "drm_sched_free_job_work");
        QVERIFY(!run.empty() && !freeJob.empty());
        bool overlap = false;
        for (const auto& a : run)
            for (const auto& b : freeJob)
                if (a.start < b.end && b.start < a.end) overlap = true;
        QVERIFY(overlap);
    }
};

QTEST_GUILESS_MAIN(TestPanthor)
#include "test_panthor.moc"
