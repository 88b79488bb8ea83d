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
        const int height = 300;
        const QImage img = render(t, {0, 1000000.0 * kUs}, 1200, height, layout);
        // every column is 10 % hardirq: every column shows hardirq at the bottom
        // of the row, and only about a tenth of the row's height
        const LaneSlot& s = layout.laneSlots()[0];
        const double rowPx = height / layout.totalRows();
        const int yBottom = int(s.bottom * rowPx) - 3, yMid = int((s.depthTop(0) + 0.5) * rowPx);
        int redBottom = 0, redMid = 0;
        auto red = [](QColor c) { return c.red() > c.green() + 30 && c.red() > c.blue() + 30 && c.green() < 120; };
        for (int x = 0; x < 1200; ++x) {
            redBottom += red(img.pixelColor(x, yBottom));
            redMid += red(img.pixelColor(x, yMid));
        }
        QVERIFY2(redBottom > 1150, qPrintable(QString::number(redBottom)));
        QCOMPARE(redMid, 0);
    }
    // A zoomed-out column shows each context in proportion
    // to its time there, in its own legend colour. CPU 0 runs, every 10 us, a
    // user task for 6 us and ksoftirqd for 3 us (1 us idle); a 200 ns hardirq
    // interrupts the user task every 10 us (2 %). 1000 columns of 100 us each.
    void overviewShowsTimeShares() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        const auto user = t.intern("app"), ksd = t.intern("ksoftirqd/0"), irq = t.intern("eth0");
        for (Time i = 0; i < 10000; ++i) {
            const Time p = i * 10 * kUs;
            t.addSegment(lane, 0, p, p + 6 * kUs, ContextKind::User, user);
            t.addSegment(lane, 0, p + 6 * kUs, p + 9 * kUs, ContextKind::Ksoftirqd, ksd);
            t.addSegment(lane, 1, p + 2 * kUs, p + 2 * kUs + 200, ContextKind::Hardirq, irq);
        }
        t.setTimeRange(0, 100000 * kUs);
        t.finalize();
        LaneLayout layout;
        const int width = 1000, height = 400;
        const QImage img = render(t, {0, 100000.0 * kUs}, width, height, layout);
        const Palette pal;
        const LaneSlot& s = layout.laneSlots()[0];
        const double rowPx = height / layout.totalRows();
        // the inside of a depth row (the renderer pads it by up to 2 px)
        auto rowPixels = [&](int depth, QColor want, int x) {
            const int y0 = int(std::ceil(s.depthTop(depth) * rowPx)) + 2;
            const int y1 = int(std::floor((s.depthTop(depth) + 1) * rowPx)) - 2;
            int n = 0;
            for (int y = y0; y < y1; ++y) n += near(img.pixelColor(x, y), want, 60);
            return std::pair{n, y1 - y0};
        };
        // the legend colours, plain and under the irqs-off tint (once, and again where its hatch lines are)
        std::vector<QColor> legendish;
        auto tinted = [&](QColor c) {
            const QColor o = pal.irqsOff();
            const double a = o.alphaF();
            return QColor::fromRgbF(float(c.redF() * (1 - a) + o.redF() * a),
                                    float(c.greenF() * (1 - a) + o.greenF() * a),
                                    float(c.blueF() * (1 - a) + o.blueF() * a));
        };
        for (ContextKind k : {ContextKind::User, ContextKind::Ksoftirqd, ContextKind::Hardirq})
            legendish.insert(legendish.end(), {pal.kind(k), tinted(pal.kind(k)), tinted(tinted(pal.kind(k)))});
        if (qEnvironmentVariableIsSet("IRQSCOPE_TEST_IMAGES")) img.save(QStringLiteral("overview-shares.png"));
        double hardirqShare = 0;
        for (int x = 5; x < width - 5; ++x) {
            const auto [userPx, h] = rowPixels(0, pal.kind(ContextKind::User), x);
            const auto [ksdPx, h2] = rowPixels(0, pal.kind(ContextKind::Ksoftirqd), x);
            // 60 % and 30 % of the row's height, give or take the rounding and
            // the 2 % irqs-off tint at the row's bottom
            QVERIFY2(std::abs(userPx - 0.6 * h) <= 4,
                     qPrintable(QStringLiteral("x %1: user %2 of %3").arg(x).arg(userPx).arg(h)));
            QVERIFY2(std::abs(ksdPx - 0.3 * h) <= 2,
                     qPrintable(QStringLiteral("x %1: ksoftirqd %2 of %3").arg(x).arg(ksdPx).arg(h)));
            const auto [irqPx, h1] = rowPixels(1, pal.kind(ContextKind::Hardirq), x);
            hardirqShare += double(irqPx) / h1;
            // no pixel of the rows has a colour that is neither a legend colour nor the background
            for (int y = int(s.rowsTop * rowPx) + 3; y < int(s.bottom * rowPx) - 3; ++y) {
                const QColor c = img.pixelColor(x, y);
                const bool known =
                    std::any_of(std::begin(legendish), std::end(legendish), [&](QColor l) { return near(c, l, 90); }) ||
                    c.lightness() > 220;
                QVERIFY2(known, qPrintable(QStringLiteral("x %1 y %2: %3").arg(x).arg(y).arg(c.name())));
            }
        }
        hardirqShare /= (width - 10);
        QVERIFY2(hardirqShare > 0.01 && hardirqShare < 0.04, qPrintable(QString::number(hardirqShare)));
    }
    // A few isolated segments are drawn one by one; one far narrower than a
    // pixel must not be drawn as a full-height pixel column (1 us in 1 ms).
    void sparseSubPixelSegmentsKeepTheirShare() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU 0", 0);
        t.addSegment(lane, 0, 0, 1000 * kMs, ContextKind::User, t.intern("app"));
        for (int i = 1; i <= 5; ++i)
            t.addSegment(lane, 1, i * 150 * kMs, i * 150 * kMs + kUs, ContextKind::Hardirq, t.intern("eth0"));
        // and one that fills its pixel column (1 ms)
        t.addSegment(lane, 1, 900 * kMs, 901 * kMs, ContextKind::Hardirq, t.intern("eth0"));
        t.setTimeRange(0, 1000 * kMs);
        t.finalize();
        LaneLayout layout;
        const QImage img = render(t, {0, 1000.0 * kMs}, 1000, 200, layout);
        const Palette pal;
        const LaneSlot& s = layout.laneSlots()[0];
        const double rowPx = 200 / layout.totalRows();
        int red = 0;
        for (int x = 0; x < 1000; ++x)
            for (int y = int(s.depthTop(1) * rowPx) + 2; y < int((s.depthTop(1) + 1) * rowPx) - 2; ++y)
                red += near(img.pixelColor(x, y), pal.kind(ContextKind::Hardirq), 30);
        const int rowH = int((s.depthTop(1) + 1) * rowPx) - 2 - (int(s.depthTop(1) * rowPx) + 2);
        QVERIFY2(red >= rowH - 2 && red <= rowH + 2,
                 qPrintable(QStringLiteral("%1 red pixels, row %2").arg(red).arg(rowH)));
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
            if (r.key == QStringLiteral("warnings/total")) {
                sawWarn = true;
                QCOMPARE(*r.delta(), 1.0);
            }
        }
        QVERIFY(sawMax && sawWarn);
    }
};

QTEST_MAIN(TestTimelineMath)
#include "test_timeline_math.moc"
