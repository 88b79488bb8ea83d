// The twin's targets on the captures of the idle machine (tests/data/twin/idle-*,
// docs/twin.md, How good it is): nothing but the recorded task set ran, so the
// twin has every task that competed for the CPUs. On CPU 1 the kernel recorded
// no switch out of idle (docs/real-traces.md, implicit_switch): these captures
// check that the woken tasks still run, and wake, where they did.
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"
#include "twin_capture_text.h"

#include <QTest>

#include <string>

using namespace irqscope;

namespace {

struct Checked {
    TwinReport rep;
    int p50Met = 0, p50Rows = 0;
};

Checked check(const std::string& folder) {
    const std::string path = std::string(IRQSCOPE_TEST_DATA) + "/twin/" + folder + "/capture.txt";
    auto cap = importFtraceFile(path);
    if (!cap) qFatal("%s", cap.error().toString().c_str());
    TwinOptions o;
    o.capturePath = path;
    auto fit = fitTwin(*cap, o);
    if (!fit) qFatal("%s", fit.error().toString().c_str());
    Checked c{compareTwin(*cap, *fit, test::runTwin(*fit)), 0, 0};
    for (const auto& r : c.rep.rows)
        if (r.metric.starts_with("wakeup/") && r.metric.ends_with(".p50") && !r.target.empty()) {
            ++c.p50Rows;
            c.p50Met += r.met;
        }
    return c;
}

std::string said(const TwinRow& r) {
    return r.metric + ": " + std::to_string(r.capture) + " vs " + std::to_string(r.twin);
}

} // namespace

class TestTwinIdle : public QObject {
    Q_OBJECT
private slots:
    // fifo-cfs on the idle machine: the time split on both CPUs, the timer's rate,
    // the three FIFO tasks' wake-up p50 and most CFS rows.
    void idleFifoCfs() {
        const Checked c = check("idle-fifo-cfs");
        for (const auto& r : c.rep.rows) {
            if (r.target.empty()) continue;
            if (r.metric.starts_with("cpu") || r.metric.starts_with("irq_rate/")) QVERIFY2(r.met, said(r).c_str());
        }
        for (const char* t : {"wakeup/fifo1ms.p50", "wakeup/fifo2ms.p50", "wakeup/fifo5ms.p50"}) {
            const TwinRow* r = test::row(c.rep, t);
            QVERIFY2(r && r->met, r ? said(*r).c_str() : t);
        }
        QVERIFY2(c.p50Rows >= 9 && c.p50Met >= 7, (std::to_string(c.p50Met) + "/" + std::to_string(c.p50Rows)).c_str());
    }

    // fifo-cfs-io: dd's 3,800 virtio-blk interrupts a second on CPU 1; the rates,
    // CPU 0's time split and the FIFO tasks' p50. The batch threads' p50 (9-10 us
    // captured: no other session competes) within twice the capture's: the lost
    // switches out of idle made them wait for their own next event (82-93 us).
    void idleFifoCfsIo() {
        const Checked c = check("idle-fifo-cfs-io");
        int batch = 0;
        for (const auto& r : c.rep.rows) {
            if (r.target.empty()) continue;
            if (r.metric.starts_with("cpu0.") || r.metric.starts_with("irq_rate/")) QVERIFY2(r.met, said(r).c_str());
            if (r.metric.starts_with("wakeup/batch-") && r.metric.ends_with(".p50")) {
                ++batch;
                QVERIFY2(r.twin <= 2 * r.capture && r.capture <= 2 * r.twin, said(r).c_str());
            }
        }
        QCOMPARE(batch, 3);
        for (const char* t : {"wakeup/fifo1ms.p50", "wakeup/fifo2ms.p50", "wakeup/fifo5ms.p50"}) {
            const TwinRow* r = test::row(c.rep, t);
            QVERIFY2(r && r->met, r ? said(*r).c_str() : t);
        }
    }
};

QTEST_MAIN(TestTwinIdle)
#include "test_twin_idle.moc"
