#include "core/timeline/LaneRenderer.h"

#include "core/timeline/Hatch.h"

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

} // namespace

std::optional<double> LaneRenderer::depthCenterY(const LaneRenderContext& c, std::uint32_t lane, int depth) {
    const LaneSlot* s = c.layout->slotOfLane(lane);
    if (!s) return std::nullopt;
    return c.rows.toY(s->depthTop(std::clamp(depth, 0, s->depths - 1)) + s->rowH / 2);
}

void LaneRenderer::drawLanes(QPainter& p, const LaneRenderContext& c) {
    p.save();
    p.setClipRect(c.clip);
    p.setFont(c.font);
    const auto& laneSlots = c.layout->laneSlots();
    const int columns = c.time.columns();
    const double colW = c.time.width / columns;
    std::vector<float> irqsOff;
    for (std::size_t i = 0; i < laneSlots.size(); ++i) {
        const LaneSlot& s = laneSlots[i];
        const double yTop = c.rows.toY(s.top), yBottom = c.rows.toY(s.bottom);
        if (yBottom < c.clip.top() || yTop > c.clip.bottom()) continue;
        QColor bg = c.palette.laneBackground(static_cast<int>(i));
        bg.setAlpha(200);
        p.fillRect(QRectF(c.clip.left(), yTop, c.clip.width(), yBottom - yTop), bg);

        // Tracks first; the translucent irqs-off shading then goes over the rows below.
        irqsOff.assign(static_cast<std::size_t>(columns), 0.f);
        bool anyOff = false;
        for (int d = 0; d < s.depths; ++d) anyOff |= drawTrack(p, c, s, d, irqsOff);
        if (anyOff) {
            // Per pixel column, a band whose height is the column's share of time
            // with interrupts off: a tinted, hatched band over the rows, and a
            // bar in the marker strip ("interrupts are off here"). A column that is
            // 0.2 % irqs-off gets 0.2 % of the height, not all of it.
            const double y0 = c.rows.toY(s.rowsTop), y1 = yBottom;
            const double barBottom = y0, barH = (y0 - yTop) * 0.25;
            Hatch hatch(c.palette.irqsOff());
            const QColor bar = c.palette.kind(ContextKind::Hardirq);
            int runStart = -1, runPx = 0;
            auto flush = [&](int end) {
                if (runStart < 0 || runPx == 0) return;
                const double x0 = c.time.x0 + runStart * colW, w = (end - runStart) * colW;
                const double f = runPx / std::max(y1 - y0, 1.0);
                const QRectF band(x0, y1 - runPx, w, runPx);
                p.fillRect(band, c.palette.irqsOff());
                hatch.add(p, band);
                p.fillRect(QRectF(x0, barBottom - barH * f, w, barH * f), bar);
            };
            for (int col = 0; col < columns; ++col) {
                const int px =
                    static_cast<int>(std::lround(std::min(1.f, irqsOff[static_cast<std::size_t>(col)]) * (y1 - y0)));
                if (px != runPx) {
                    flush(col);
                    runStart = col;
                    runPx = px;
                }
            }
            flush(columns);
            hatch.finish(p);
        }
        drawInstants(p, c, s);
        p.setPen(QPen(QColor(0, 0, 0, 40), 1));
        p.drawLine(QPointF(c.clip.left(), yBottom), QPointF(c.clip.right(), yBottom));
    }
    p.restore();
}

namespace {
// Adds the part of [x0, x1) (pixels) that falls in each column to `cols`.
void addCoverage(std::vector<float>& cols, double colX0, double colW, double x0, double x1) {
    const int n = static_cast<int>(cols.size());
    const int a = std::max(0, static_cast<int>(std::floor((x0 - colX0) / colW)));
    const int b = std::min(n - 1, static_cast<int>(std::floor((x1 - colX0) / colW)));
    for (int col = a; col <= b; ++col) {
        const double c0 = colX0 + col * colW, c1 = c0 + colW;
        const double part = (std::min(x1, c1) - std::max(x0, c0)) / colW;
        if (part > 0) cols[static_cast<std::size_t>(col)] += static_cast<float>(part);
    }
}

// Bottom-to-top stacking order of the kinds in a column (the legend's reverse:
// the task at the bottom, hardirq on top, like the depth rows).
const std::vector<ContextKind>& stackOrder() {
    static const std::vector<ContextKind> order = [] {
        std::vector<ContextKind> v;
        for (int k = 0; k < kContextKindCount; ++k)
            if (static_cast<ContextKind>(k) != ContextKind::Idle) v.push_back(static_cast<ContextKind>(k));
        return v;
    }();
    return order;
}
} // namespace

void LaneRenderer::drawBins(QPainter& p, const LaneRenderContext& c, const LaneSlot& s, int depth, double y, double h,
                            std::vector<float>& irqsOff) {
    const Trace& t = *c.trace;
    const Time t0 = static_cast<Time>(std::floor(c.time.range.t0));
    const Time t1 = static_cast<Time>(std::ceil(c.time.range.t1));
    const int columns = c.time.columns();
    std::vector<TraceBin> bins;
    t.queryBins(s.lane, depth, t0, t1, columns, bins);
    const double colW = c.time.width / columns;
    // Each column is a stacked bar: every kind gets the share of the row's
    // height that it had of the column's time, in its own legend colour (no
    // blending, so no colour that is not in the legend). Boundaries are rounded
    // cumulatively, so the bar's total is the column's coverage to half a pixel.
    // Neighbouring columns with the same stack are merged into one rectangle.
    const auto& order = stackOrder();
    std::vector<int> run, cur(order.size());
    int runStart = -1;
    auto flush = [&](int end) {
        if (runStart < 0) return;
        const double x0 = c.time.x0 + runStart * colW, w = (end - runStart) * colW;
        int below = 0;
        for (std::size_t k = 0; k < order.size(); ++k) {
            if (run[k] == below) continue;
            p.fillRect(QRectF(x0, y + h - run[k], w, run[k] - below), c.palette.kind(order[k]));
            below = run[k];
        }
        runStart = -1;
    };
    const double hPx = std::max(1.0, std::round(h));
    for (int b = 0; b < columns; ++b) {
        const TraceBin& bin = bins[static_cast<std::size_t>(b)];
        double cum = 0;
        int px = 0; // a kind with no time here adds nothing: its boundary is the one below
        for (std::size_t k = 0; k < order.size(); ++k) {
            const float f = bin.fraction[static_cast<std::size_t>(order[k])];
            if (f != 0.f) {
                cum += f;
                px = static_cast<int>(std::lround(std::min(1.0, cum) * hPx));
            }
            cur[k] = px;
        }
        const float off = bin.fraction[static_cast<std::size_t>(ContextKind::Hardirq)] +
                          bin.fraction[static_cast<std::size_t>(ContextKind::Nmi)];
        irqsOff[static_cast<std::size_t>(b)] += off;
        const bool empty = cur.back() == 0;
        if (runStart >= 0 && (empty || cur != run)) flush(b);
        if (!empty && runStart < 0) {
            runStart = b;
            run = cur;
        }
    }
    flush(columns);
}

bool LaneRenderer::drawTrack(QPainter& p, const LaneRenderContext& c, const LaneSlot& s, int depth,
                             std::vector<float>& irqsOff) {
    const Trace& t = *c.trace;
    const double rowTop = c.rows.toY(s.depthTop(depth));
    const double rowH = c.rows.rowPx * s.rowH;
    const double pad = std::min(2.0, rowH * 0.08);
    const double y = rowTop + pad, h = std::max(1.0, rowH - 2 * pad);
    const Time t0 = static_cast<Time>(std::floor(c.time.range.t0));
    const Time t1 = static_cast<Time>(std::ceil(c.time.range.t1));
    if (t1 <= t0) return false;
    const int columns = c.time.columns();
    const auto [first, last] = t.segmentRange(s.lane, depth, t0, t1);
    if (first >= last) return false;

    if (last - first > static_cast<std::size_t>(std::max(columns / 4, 1))) {
        drawBins(p, c, s, depth, y, h, irqsOff);
        return true;
    }
    const QFontMetricsF fm(c.font);
    const double colW = c.time.width / columns;
    bool anyOff = false;
    for (std::size_t i = first; i < last; ++i) {
        const Segment seg = t.segment(s.lane, depth, i);
        if (seg.kind == ContextKind::Idle) continue;
        const double xs = c.time.toPixel(double(seg.start)), xe = c.time.toPixel(double(seg.end));
        if (isIrqsOff(seg.kind)) {
            addCoverage(irqsOff, c.time.x0, colW, xs, xe);
            anyOff = true;
        }
        double x0 = std::max(xs, c.clip.left() - 2);
        double x1 = std::min(xe, c.clip.right() + 2);
        // A segment narrower than a pixel gets one pixel's width and the share of
        // the row's height that its time is of that pixel, so a 1 us interrupt in
        // a 1 ms column is not drawn a thousand times its size.
        double top = y, height = h;
        if (x1 - x0 < 1) {
            x1 = x0 + 1;
            height = h * std::clamp(xe - xs, 0.0, 1.0);
            top = y + h - height;
            if (height < 0.5) continue;
        }
        const QColor fill = c.palette.kind(seg.kind);
        const QRectF r(x0, top, x1 - x0, height);
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
    return anyOff;
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
        // At most ~7 px tall (9 in presentation): a marker marks a moment,
        // it must not dominate a tall lane.
        const double markH = std::min(stripH * 0.85, 5.0 + 2.0 * c.palette.lineWidth());
        const double half = std::clamp(markH * 0.4, 2.0, 4.0);
        // backwards, so the first of several instants at one spot (the raise) ends up on top
        for (std::size_t i = last; i-- > first;) {
            const Instant& in = all[i];
            const double x = c.time.toPixel(double(in.t));
            const QColor col = c.palette.instant(in.kind);
            if (in.kind == InstantKind::Warning) {
                QPolygonF tri{{x, yTop}, {x - half * 1.3, yTop + markH * 1.2}, {x + half * 1.3, yTop + markH * 1.2}};
                p.setPen(QPen(Qt::black, 1));
                p.setBrush(QColor(0xFF, 0xC8, 0x00));
                p.drawPolygon(tri);
                continue;
            }
            QPolygonF tri{{x - half, yTop}, {x + half, yTop}, {x, yTop + markH}};
            p.setPen(QPen(col.darker(130), 0.8));
            p.setBrush(col);
            p.drawPolygon(tri);
        }
    } else {
        // One tick per pixel column, coloured by the first instant in it. The
        // ticks are short and translucent: thousands of interrupt raises in a
        // zoomed-out view must not read as a solid bar of a context colour.
        const double colW = c.time.width / columns;
        const double tickH = std::clamp(stripH * 0.4, 2.0, 6.0);
        for (int col = 0; col < columns; ++col) {
            const Time a = static_cast<Time>(c.time.toTime(c.time.x0 + col * colW));
            const Time b = static_cast<Time>(c.time.toTime(c.time.x0 + (col + 1) * colW));
            const auto [i, j] = t.instantRange(s.lane, a, std::max(b, a + 1));
            if (i >= j) continue;
            const bool warn = std::any_of(all.begin() + static_cast<std::ptrdiff_t>(i),
                                          all.begin() + static_cast<std::ptrdiff_t>(std::min(j, i + 8)),
                                          [](const Instant& in) { return in.kind == InstantKind::Warning; });
            QColor cl = warn ? QColor(0xFF, 0xC8, 0x00) : c.palette.instant(all[i].kind);
            if (!warn) cl.setAlpha(150);
            p.fillRect(QRectF(c.time.x0 + col * colW, yTop, std::max(colW, 1.0), warn ? stripH : tickH), cl);
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
    const QRectF r(x0 - 1.5, y - 1.5, x1 - x0 + 3, c.rows.rowPx * s->rowH + 3);
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
