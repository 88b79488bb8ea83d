// Widget-free pieces of the timeline: time <-> pixel mapping, view operations,
// history, lane layout hit-testing, axis ticks, and level-of-detail drawing
// through Trace::queryBins (checked by sampling the pixels it paints).
#include "core/compare/MetricsDelta.h"
#include "core/metrics/LatencyPlot.h"
#include "core/run/ScenarioDiff.h"
#include "core/timeline/LaneRenderer.h"
#include "core/timeline/TimeAxisTicker.h"
#include "core/timeline/ViewHistory.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

namespace {
// CPU 0: a task all along, a softirq on top of it, a hardirq on top of that.
Trace nestedTrace() {
    Trace t;
    const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
    t.addSegment(lane, 0, 0, 1000 * kUs, ContextKind::User, t.intern("server"));
    t.addSegment(lane, 1, 400 * kUs, 600 * kUs, ContextKind::Softirq, t.intern("NET_RX"));
    t.addSegment(lane, 2, 450 * kUs, 500 * kUs, ContextKind::Hardirq, t.intern("eth0"));
    t.addInstant(lane, 450 * kUs, InstantKind::IrqRaise, t.intern("eth0"));
    t.addFlow({lane, lane, 470 * kUs, 520 * kUs, FlowKind::RaiseSoftirq});
    t.setTimeRange(0, 1000 * kUs);
    t.finalize();
    return t;
}

QImage render(const Trace& t, TimeRange range, int width, int height, LaneLayout& layout) {
    QImage img(width, height, QImage::Format_RGB32);
    img.fill(Qt::white);
    layout.build(t, LaneFilter{});
    LaneRenderContext c;
    c.trace = &t;
    c.layout = &layout;
    c.clip = QRectF(0, 0, width, height);
    c.time = {range, 0, double(width)};
    c.rows = {0, height / layout.totalRows()};
    QPainter p(&img);
    LaneRenderer::drawLanes(p, c);
    return img;
}

bool near(QColor a, QColor b, int tol = 40) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) <= tol;
}
} // namespace

class TestTimelineMath : public QObject {
    Q_OBJECT
private slots:
    void mappingRoundTrip() {
        TimeMapping m{{1000, 5000}, 100, 400};
        QCOMPARE(m.toPixel(1000), 100.0);
        QCOMPARE(m.toPixel(5000), 500.0);
        QCOMPARE(m.toTime(300), 3000.0);
        QCOMPARE(m.nsPerPixel(), 10.0);
        for (double t : {1000.0, 1234.5, 4999.0}) QVERIFY(std::abs(m.toTime(m.toPixel(t)) - t) < 1e-6);
    }
    void zoomKeepsAnchor() {
        const TimeRange r{0, 1000};
        const TimeRange z = r.zoomedAt(250, 0.5);
        QCOMPARE(z.span(), 500.0);
        // the anchor stays at the same fraction of the view (25 %)
        QCOMPARE((250 - z.t0) / z.span(), 0.25);
    }
    void clampStaysInTrace() {
        QCOMPARE((TimeRange{-50, 100}.clamped(0, 1000, 10)), (TimeRange{0, 150}));
        QCOMPARE((TimeRange{950, 1100}.clamped(0, 1000, 10)), (TimeRange{850, 1000}));
        QCOMPARE((TimeRange{-10, 5000}.clamped(0, 1000, 10)), (TimeRange{0, 1000}));
        QCOMPARE((TimeRange{500, 501}.clamped(0, 1000, 20)).span(), 20.0);
    }
    void history() {
        ViewHistory h;
        h.push({0, 100});
        h.push({0, 50});
        h.push({0, 50}); // duplicate ignored
        h.push({10, 20});
        QCOMPARE(h.size(), std::size_t(3));
        QCOMPARE(*h.back(), (TimeRange{0, 50}));
        QCOMPARE(*h.back(), (TimeRange{0, 100}));
        QVERIFY(!h.back());
        QCOMPARE(*h.forward(), (TimeRange{0, 50}));
        h.push({5, 6}); // drops the forward part
        QVERIFY(!h.canForward());
        QCOMPARE(h.size(), std::size_t(3));
    }
    void layoutHitTest() {
        const Trace t = nestedTrace();
        LaneLayout l;
        l.build(t, LaneFilter{});
        QCOMPARE(l.laneSlots().size(), std::size_t(1));
        const LaneSlot& s = l.laneSlots()[0];
        QCOMPARE(s.depths, 3);
        QCOMPARE(l.hitTest(s.top + 0.1)->depth, -1);    // marker strip
        QCOMPARE(l.hitTest(s.bottom - 0.5)->depth, 0);  // task row at the bottom
        QCOMPARE(l.hitTest(s.rowsTop + 0.5)->depth, 2); // hardirq row on top
        QVERIFY(!l.hitTest(s.bottom + 1));
    }
    void axisTicks() {
        QCOMPARE(TimeAxisTicker::niceStep(60e6, 8), 1e7); // 60 ms -> 10 ms steps
        QCOMPARE(TimeAxisTicker::niceStep(1000, 8), 100.0);
        QCOMPARE(TimeAxisTicker::niceStep(3, 8), 1.0); // never below 1 ns
        QCOMPARE(TimeAxisTicker::label(20e6, 1e7, 60e6), QStringLiteral("20 ms"));
        QCOMPARE(TimeAxisTicker::label(12.35e6, 5e4, 12.5e6), QStringLiteral("12.35 ms"));
        QCOMPARE(TimeAxisTicker::label(500, 100, 900), QStringLiteral("500 ns"));
        QCOMPARE(TimeAxisTicker::label(2.5e9, 5e8, 3e9), QStringLiteral("2.5 s"));
    }
    void nestedContextsDrawnInKindColours() {
        const Trace t = nestedTrace();
        LaneLayout layout;
        const QImage img = render(t, {0, 1000 * kUs}, 1000, 200, layout);
        const Palette pal;
        const LaneSlot& s = layout.laneSlots()[0];
        const double rowPx = 200 / layout.totalRows();
        auto yOf = [&](int depth) { return int((s.depthTop(depth) + 0.5) * rowPx); };
        QVERIFY(near(img.pixelColor(100, yOf(0)), pal.kind(ContextKind::User)));
        QVERIFY(near(img.pixelColor(420, yOf(1)), pal.kind(ContextKind::Softirq)));
        QVERIFY(near(img.pixelColor(475, yOf(2)), pal.kind(ContextKind::Hardirq)));
        QVERIFY(!near(img.pixelColor(300, yOf(2)), pal.kind(ContextKind::Hardirq))); // nothing there
        // irqs-off shading tints the task row under the hardirq
        QVERIFY(img.pixelColor(475, yOf(0)) != img.pixelColor(100, yOf(0)));
    }
    void lodDrawsMillionsFromBins() {
        // 1M segments of 100 ns every 1 us: drawn from bins, not one by one (how fast is
        // tests/bench/app/bench_repaint's business; a ctest asserts no wall-clock time).
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        const auto e = t.intern("eth0");
        for (Time i = 0; i < 1000000; ++i) t.addSegment(lane, 0, i * kUs, i * kUs + 100, ContextKind::Hardirq, e);
        t.setTimeRange(0, 1000000 * kUs);
        t.finalize();
        LaneLayout layout;
        const QImage img = render(t, {0, 1000000.0 * kUs}, 1200, 120, layout);
        // every column has a hardirq in it, so every column is painted (partially covered -> translucent red)
        const int y = int((layout.laneSlots()[0].depthTop(0) + 0.5) * 120 / layout.totalRows());
        int red = 0;
        for (int x = 0; x < 1200; ++x) {
            const QColor c = img.pixelColor(x, y);
            if (c.red() > c.green() + 30 && c.red() > c.blue() + 30) ++red;
        }
        QVERIFY2(red > 1150, qPrintable(QString::number(red)));
    }
    void binEdges() {
        const auto lin = LatencyPlot::binEdges(0, 100, 4, false);
        QCOMPARE(lin.size(), std::size_t(5));
        QCOMPARE(lin[2], 50.0);
        const auto lg = LatencyPlot::binEdges(10, 1000, 2, true);
        QVERIFY(std::abs(lg[1] - 100) < 1e-6);
    }
    void scenarioDiff() {
        Scenario a, b;
        QVERIFY(b.set("machine.cpus", "8").ok());
        const auto d = diffScenarios(a, b);
        QCOMPARE(d.size(), std::size_t(1));
        QCOMPARE(d[0].path, QStringLiteral("machine.cpus"));
        QCOMPARE(d[0].after, QStringLiteral("8"));
    }
    void metricDeltas() {
        Metrics a, b;
        a.simTimeNs = b.simTimeNs = kMs;
        for (Time v : {10, 20, 30}) a.latency["rx"].add(v * kUs);
        for (Time v : {20, 40, 60}) b.latency["rx"].add(v * kUs);
        b.warnings.push_back({5, 0, "soft_lockup", "BUG"});
        const auto rows = MetricsDelta::compute(a, b);
        bool sawMax = false, sawWarn = false;
        for (const DeltaRow& r : rows) {
            if (r.name == QStringLiteral("max")) {
                sawMax = true;
                QCOMPARE(*r.delta(), 30.0 * kUs);
            }
            if (r.group == QStringLiteral("warnings") && r.name == QStringLiteral("total")) {
                sawWarn = true;
                QCOMPARE(*r.delta(), 1.0);
            }
        }
        QVERIFY(sawMax && sawWarn);
    }
};

QTEST_MAIN(TestTimelineMath)
#include "test_timeline_math.moc"
