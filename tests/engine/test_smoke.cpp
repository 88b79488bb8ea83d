// The basics preset runs end to end and its bookkeeping adds up.
#include "sim_helpers.h"

#include "irqscope/presets.h"

using namespace irqscope;

class TestSmoke : public QObject {
    Q_OBJECT
private slots:
    void basicsRunsAndBucketsSumToSimTime() {
        auto s = loadPreset("basics");
        QVERIFY(s.ok());
        auto r = test::runOrDie(*s);
        QCOMPARE(r.metrics.cpus.size(), std::size_t(2));
        for (const auto& c : r.metrics.cpus) {
            Time sum = 0;
            for (Time v : c.ns) sum += v;
            QCOMPARE(sum, r.metrics.simTimeNs);
        }
        QVERIFY(r.metrics.throughput.at("napi_packets/eth0").count > 0);
        QVERIFY(r.metrics.latency.at("rx").count() > 0);
        QVERIFY(r.trace.segmentCount() > 100);
    }
};

QTEST_GUILESS_MAIN(TestSmoke)
#include "test_smoke.moc"
