#include "core/timeline/LaneRenderer.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace irqscope::app {

namespace {
bool isIrqsOff(ContextKind k) {
    return k == ContextKind::Hardirq || k == ContextKind::Nmi;
}

QString segmentLabel(const Trace& t, const Segment& s) {
    const auto e = t.str(s.entity), d = t.str(s.detail);
    if (!e.empty() && !d.empty())
        return QString::fromUtf8(e.data(), qsizetype(e.size())) + QStringLiteral(" · ") +
               QString::fromUtf8(d.data(), qsizetype(d.size()));
    if (!e.empty()) return QString::fromUtf8(e.data(), qsizetype(e.size()));
    return QString::fromUtf8(d.data(), qsizetype(d.size()));
}

// Text colour readable on a fill colour.
QColor textOn(const QColor& fill) {
    return fill.lightnessF() > 0.6 ? QColor(0x10, 0x10, 0x10) : Qt::white;
}

void mergeInterval(std::vector<std::pair<double, double>>& v, double x0, double x1) {
    if (!v.empty() && x0 <= v.back().second + 0.5) v.back().second = std::max(v.back().second, x1);
    else v.emplace_back(x0, x1);
}
} // namespace

std::optional<double> LaneRenderer::depthCenterY(const LaneRenderContext& c, std::uint32_t lane, int depth) {
    const LaneSlot* s = c.layout->slotOfLane(lane);
    if (!s) return std::nullopt;
    return c.rows.toY(s->depthTop(std::clamp(depth, 0, s->depths - 1)) + 0.5);
}

void LaneRenderer::drawLanes(QPainter& p, const LaneRenderContext& c) {
    p.save();
    p.setClipRect(c.clip);
    p.setFont(c.font);
    const auto& laneSlots = c.layout->laneSlots();
    for (std::size_t i = 0; i < laneSlots.size(); ++i) {
        const LaneSlot& s = laneSlots[i];
        const double yTop = c.rows.toY(s.top), yBottom = c.rows.toY(s.bottom);
        if (yBottom < c.clip.top() || yTop > c.clip.bottom()) continue;
        QColor bg = c.palette.laneBackground(static_cast<int>(i));
        bg.setAlpha(200);
        p.fillRect(QRectF(c.clip.left(), yTop, c.clip.width(), yBottom - yTop), bg);

        // Tracks first; the translucent irqs-off shading then goes over the rows below.
        std::vector<std::pair<double, double>> irqsOff;
        for (int d = 0; d < s.depths; ++d) drawTrack(p, c, s, d, irqsOff);
        if (!irqsOff.empty()) {
            std::sort(irqsOff.begin(), irqsOff.end());
            std::vector<std::pair<double, double>> merged;
            for (auto [a, b] : irqsOff) mergeInterval(merged, a, b);
            const double y0 = c.rows.toY(s.rowsTop), y1 = yBottom;
            QBrush hatch(c.palette.irqsOff(), Qt::BDiagPattern);
            for (auto [a, b] : merged) {
                // a tinted band over the rows below the interrupting context, and
                // a solid bar in the marker strip: "interrupts are off here"
                const QRectF band(a, y0, std::max(b - a, 1.0), y1 - y0);
                p.fillRect(band, c.palette.irqsOff());
                p.fillRect(band, hatch);
                p.fillRect(QRectF(a, yTop + (y0 - yTop) * 0.75, std::max(b - a, 1.0), (y0 - yTop) * 0.25),
                           c.palette.kind(ContextKind::Hardirq));
            }
        }
        drawInstants(p, c, s);
        p.setPen(QPen(QColor(0, 0, 0, 40), 1));
        p.drawLine(QPointF(c.clip.left(), yBottom), QPointF(c.clip.right(), yBottom));
    }
    p.restore();
}

void LaneRenderer::drawTrack(QPainter& p, const LaneRenderContext& c, const LaneSlot& s, int depth,
                             std::vector<std::pair<double, double>>& irqsOff) {
    const Trace& t = *c.trace;
    const double rowTop = c.rows.toY(s.depthTop(depth));
    const double rowH = c.rows.rowPx;
    const double pad = std::min(2.0, rowH * 0.08);
    const double y = rowTop + pad, h = std::max(1.0, rowH - 2 * pad);
    const Time t0 = static_cast<Time>(std::floor(c.time.range.t0));
    const Time t1 = static_cast<Time>(std::ceil(c.time.range.t1));
    if (t1 <= t0) return;
    const int columns = c.time.columns();
    const auto [first, last] = t.segmentRange(s.lane, depth, t0, t1);
    if (first >= last) return;

    if (last - first <= static_cast<std::size_t>(std::max(columns / 4, 1))) {
        const QFontMetricsF fm(c.font);
        for (std::size_t i = first; i < last; ++i) {
            const Segment seg = t.segment(s.lane, depth, i);
            if (seg.kind == ContextKind::Idle) continue;
            double x0 = std::max(c.time.toPixel(double(seg.start)), c.clip.left() - 2);
            double x1 = std::min(c.time.toPixel(double(seg.end)), c.clip.right() + 2);
            if (x1 - x0 < 1) x1 = x0 + 1;
            const QColor fill = c.palette.kind(seg.kind);
            const QRectF r(x0, y, x1 - x0, h);
            if (isIrqsOff(seg.kind)) irqsOff.emplace_back(x0, x1);
            p.fillRect(r, fill);
            if (r.width() >= 4) {
                p.setPen(QPen(fill.darker(150), c.palette.presentation() ? 1.5 : 1.0));
                p.setBrush(Qt::NoBrush);
                p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
            }
            if (r.width() > 24 && h >= fm.height() * 0.8) {
                const QString label = fm.elidedText(segmentLabel(t, seg), Qt::ElideRight, r.width() - 6);
                if (label.size() > 1) {
                    p.setPen(textOn(fill));
                    p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
                }
            }
        }
        return;
    }

    std::vector<TraceBin> bins;
    t.queryBins(s.lane, depth, t0, t1, columns, bins);
    const double colW = c.time.width / columns;
    int runStart = -1;
    ContextKind runKind = ContextKind::Idle;
    int runAlpha = 0;
    auto flush = [&](int end) {
        if (runStart < 0) return;
        const double x0 = c.time.x0 + runStart * colW, x1 = c.time.x0 + end * colW;
        QColor fill = c.palette.kind(runKind);
        fill.setAlpha(runAlpha);
        p.fillRect(QRectF(x0, y, x1 - x0, h), fill);
        if (isIrqsOff(runKind)) irqsOff.emplace_back(x0, x1);
        runStart = -1;
    };
    for (int b = 0; b < columns; ++b) {
        const TraceBin& bin = bins[static_cast<std::size_t>(b)];
        const bool visible = bin.count > 0 && bin.kind != ContextKind::Idle && bin.coverage > 0;
        // Opacity follows how much of the column is covered, so a CPU that is 10 %
        // in hardirq does not look like one that is 100 % in it; a floor keeps a
        // 50 ns hardirq in a 10 µs column visible.
        const int alpha =
            !visible
                ? 0
                : std::min(255, 80 + static_cast<int>(std::lround(175.0 * std::min(1.0f, bin.coverage) / 16.0)) * 16);
        if (runStart >= 0 && (!visible || bin.kind != runKind || alpha != runAlpha)) flush(b);
        if (visible && runStart < 0) {
            runStart = b;
            runKind = bin.kind;
            runAlpha = alpha;
        }
    }
    flush(columns);
}

void LaneRenderer::drawInstants(QPainter& p, const LaneRenderContext& c, const LaneSlot& s) {
    const Trace& t = *c.trace;
    const auto all = t.instants(s.lane);
    const Time t0 = static_cast<Time>(std::floor(c.time.range.t0));
    const Time t1 = static_cast<Time>(std::ceil(c.time.range.t1));
    const auto [first, last] = t.instantRange(s.lane, t0, t1);
    if (first >= last) return;
    const double yTop = c.rows.toY(s.top) + 1;
    const double stripH = std::max(3.0, (c.rows.toY(s.rowsTop) - yTop) * 0.72);
    const int columns = c.time.columns();
    p.setRenderHint(QPainter::Antialiasing, true);
    if (last - first <= static_cast<std::size_t>(std::max(columns / 6, 1))) {
        const double half = std::clamp(stripH * 0.4, 2.5, 6.0);
        // backwards, so the first of several instants at one spot (the raise) ends up on top
        for (std::size_t i = last; i-- > first;) {
            const Instant& in = all[i];
            const double x = c.time.toPixel(double(in.t));
            const QColor col = c.palette.instant(in.kind);
            if (in.kind == InstantKind::Warning) {
                QPolygonF tri{{x, yTop}, {x - half * 1.3, yTop + stripH * 1.2}, {x + half * 1.3, yTop + stripH * 1.2}};
                p.setPen(QPen(Qt::black, 1));
                p.setBrush(QColor(0xFF, 0xC8, 0x00));
                p.drawPolygon(tri);
                continue;
            }
            QPolygonF tri{{x - half, yTop}, {x + half, yTop}, {x, yTop + stripH}};
            p.setPen(QPen(col.darker(130), 0.8));
            p.setBrush(col);
            p.drawPolygon(tri);
        }
    } else {
        // One tick per pixel column, coloured by the first instant in it.
        const double colW = c.time.width / columns;
        for (int col = 0; col < columns; ++col) {
            const Time a = static_cast<Time>(c.time.toTime(c.time.x0 + col * colW));
            const Time b = static_cast<Time>(c.time.toTime(c.time.x0 + (col + 1) * colW));
            const auto [i, j] = t.instantRange(s.lane, a, std::max(b, a + 1));
            if (i >= j) continue;
            const bool warn = std::any_of(all.begin() + static_cast<std::ptrdiff_t>(i),
                                          all.begin() + static_cast<std::ptrdiff_t>(std::min(j, i + 8)),
                                          [](const Instant& in) { return in.kind == InstantKind::Warning; });
            const QColor cl = warn ? QColor(0xFF, 0xC8, 0x00) : c.palette.instant(all[i].kind);
            p.fillRect(QRectF(c.time.x0 + col * colW, yTop, std::max(colW, 1.0), stripH), cl);
        }
    }
    p.setRenderHint(QPainter::Antialiasing, false);
}

void LaneRenderer::drawSelection(QPainter& p, const LaneRenderContext& c, const SegmentRef& sel) {
    const LaneSlot* s = c.layout->slotOfLane(sel.lane);
    if (!s) return;
    p.save();
    p.setClipRect(c.clip);
    double x0 = c.time.toPixel(double(sel.segment.start)), x1 = c.time.toPixel(double(sel.segment.end));
    if (x1 - x0 < 3) {
        const double m = (x0 + x1) / 2;
        x0 = m - 1.5, x1 = m + 1.5;
    }
    const double y = c.rows.toY(s->depthTop(sel.segment.depth));
    const QRectF r(x0 - 1.5, y - 1.5, x1 - x0 + 3, c.rows.rowPx + 3);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(Qt::white, c.palette.lineWidth() * 4));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r);
    p.setPen(QPen(c.palette.selection(), c.palette.lineWidth() * 2));
    p.drawRect(r);
    p.restore();
}

void LaneRenderer::drawFlows(QPainter& p, const LaneRenderContext& c, const std::vector<Flow>& flows) {
    p.save();
    p.setClipRect(c.clip);
    p.setRenderHint(QPainter::Antialiasing, true);
    const double w = c.palette.lineWidth() * 1.6;
    for (const Flow& f : flows) {
        const auto src = flowSource(*c.trace, f), dst = flowTarget(*c.trace, f);
        const auto ys = depthCenterY(c, f.srcLane, src ? src->segment.depth : 0);
        const auto yd = depthCenterY(c, f.dstLane, dst ? dst->segment.depth : 0);
        if (!ys || !yd) continue;
        const QPointF a(c.time.toPixel(double(f.srcTime)), *ys), b(c.time.toPixel(double(f.dstTime)), *yd);
        QPainterPath path(a);
        const double dx = std::max(std::abs(b.x() - a.x()) * 0.5, 20.0);
        path.cubicTo(a + QPointF(dx, 0), b - QPointF(dx, 0), b);
        p.setPen(QPen(QColor(255, 255, 255, 200), w + 3));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setPen(QPen(c.palette.flow(), w));
        p.drawPath(path);
        // arrow head along the curve's last tangent
        const QPointF tip = b, dir = b - path.pointAtPercent(0.95);
        const double len = std::hypot(dir.x(), dir.y());
        if (len > 0.01) {
            const QPointF u = dir / len, n(-u.y(), u.x());
            const double sz = 6 + 2 * w;
            QPolygonF head{tip, tip - u * sz + n * sz * 0.5, tip - u * sz - n * sz * 0.5};
            p.setBrush(c.palette.flow());
            p.setPen(Qt::NoPen);
            p.drawPolygon(head);
        }
        p.setBrush(c.palette.flow());
        p.drawEllipse(a, 2.5 + w / 2, 2.5 + w / 2);
    }
    p.restore();
}

} // namespace irqscope::app
