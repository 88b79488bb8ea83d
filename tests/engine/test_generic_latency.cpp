// A simulated run measures the generic latency series an import of a real
// trace computes (softirq raise to entry, wake-up to running, queue_work to
// the work's start) from the same causes and effects: every flow of the
// trace is one sample of its series, with or without a trace recorded.
#include "sim_helpers.h"

#include "irqscope/presets.h"

#include <map>

using namespace irqscope;

namespace {
const char* seriesOf(FlowKind k) {
    switch (k) {
    case FlowKind::RaiseSoftirq: return "softirq_raise_to_entry";
    case FlowKind::WakeTask:
    case FlowKind::WakeThread: return "wakeup";
    case FlowKind::QueueWork: return "workqueue_queue_to_start";
    default: return nullptr;
    }
}
} // namespace

class TestGenericLatency : public QObject {
    Q_OBJECT
private slots:
    void everyFlowIsOneSample_data() {
        QTest::addColumn<QString>("preset");
        for (const char* p : {"basics", "i915-execlists", "panthor-submit"}) QTest::newRow(p) << QString(p);
    }
    void everyFlowIsOneSample() {
        QFETCH(QString, preset);
        auto s = loadPreset(preset.toStdString());
        QVERIFY(s.ok());
        RunOptions o;
        o.duration = 100 * kMs;
        auto r = test::runOrDie(*s, o);
        std::map<std::string, std::pair<std::size_t, long double>> fromFlows; // series -> (count, sum)
        for (const Flow& f : r.trace.flows())
            if (const char* name = seriesOf(f.kind)) {
                auto& [n, sum] = fromFlows[name];
                ++n;
                sum += f.dstTime - f.srcTime;
            }
        for (const char* name : {"softirq_raise_to_entry", "wakeup", "workqueue_queue_to_start"}) {
            const auto& h = r.metrics.latency.at(name);
            const auto [n, sum] = fromFlows[name];
            QCOMPARE(h.count(), n);
            if (n) QCOMPARE(h.mean(), double(sum / static_cast<long double>(n)));
        }
        QVERIFY(r.metrics.latency.at("wakeup").count() > 0);

        // the same samples when nothing is recorded
        o.recordTrace = false;
        auto bare = test::runOrDie(*s, o);
        for (const char* name : {"softirq_raise_to_entry", "wakeup", "workqueue_queue_to_start"})
            QCOMPARE(bare.metrics.latency.at(name).distribution(), r.metrics.latency.at(name).distribution());
    }
};

QTEST_GUILESS_MAIN(TestGenericLatency)
#include "test_generic_latency.moc"
