#include "core/timeline/TimelinePlottable.h"

#include <QPolygonF>

#include <algorithm>

namespace irqscope::app {

namespace {
// A lesson's highlight: the selection outline plus a triangle in the lane's
// marker strip, so the class finds it even when it is one pixel wide.
void drawHighlight(QPainter& p, const LaneRenderContext& c, const SegmentRef& h) {
    LaneRenderer::drawSelection(p, c, h);
    const LaneSlot* s = c.layout->slotOfLane(h.lane);
    if (!s) return;
    const double x = c.time.toPixel((double(h.segment.start) + double(h.segment.end)) / 2);
    const double top = c.rows.toY(s->top), bottom = c.rows.toY(s->rowsTop);
    const double half = std::clamp((bottom - top) * 0.4, 5.0, 4.0 + 4.0 * c.palette.lineWidth());
    p.save();
    p.setClipRect(c.clip);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(Qt::white, c.palette.lineWidth()));
    p.setBrush(c.palette.selection());
    p.drawPolygon(
        QPolygonF({QPointF(x - half, top - half * 0.4), QPointF(x + half, top - half * 0.4), QPointF(x, bottom)}));
    p.restore();
}
} // namespace

TimelinePlottable::TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis, const TimelineScene* scene)
    : QCPAbstractPlottable(keyAxis, valueAxis), scene_(scene) {
    setSelectable(QCP::stNone);
    setAntialiased(false);
}

LaneRenderContext TimelinePlottable::context() const {
    LaneRenderContext c;
    c.trace = scene_->trace();
    c.layout = &scene_->layout;
    c.palette = scene_->palette;
    c.font = scene_->font;
    const QCPAxis* k = keyAxis();
    const QCPAxis* v = valueAxis();
    if (!k || !v) return c;
    const QRect r = k->axisRect()->rect();
    c.clip = QRectF(r);
    c.time.range = {k->range().lower, k->range().upper};
    c.time.x0 = r.left();
    c.time.width = r.width();
    c.rows.y0 = v->coordToPixel(0);
    c.rows.rowPx = v->coordToPixel(1) - c.rows.y0;
    return c;
}

void TimelinePlottable::draw(QCPPainter* painter) {
    if (!scene_->trace()) return;
    const LaneRenderContext c = context();
    if (c.time.range.span() <= 0 || c.clip.isEmpty()) return;
    LaneRenderer::drawLanes(*painter, c);
    for (const SegmentRef& h : scene_->highlights) drawHighlight(*painter, c, h);
    if (scene_->selection && scene_->selection->type == TimelineItem::Type::Segment)
        LaneRenderer::drawSelection(*painter, c, scene_->selection->ref());
    if (!scene_->flows.empty()) LaneRenderer::drawFlows(*painter, c, scene_->flows);
    if (cursor_) drawCursor(*painter, c, *cursor_);
}

void TimelinePlottable::drawCursor(QCPPainter& p, const LaneRenderContext& c, Time t) const {
    const double x = c.time.toPixel(double(t));
    if (x < c.clip.left() || x > c.clip.right()) return;
    // dark red, wide enough for a projector, with a light halo so it reads over any colour
    const double w = std::max(2.0, scene_->palette.lineWidth() * 1.5);
    p.save();
    p.setPen(QPen(QColor(255, 255, 255, 200), w + 2));
    p.drawLine(QPointF(x, c.clip.top()), QPointF(x, c.clip.bottom()));
    p.setPen(QPen(QColor(0xB0, 0x10, 0x10), w));
    p.drawLine(QPointF(x, c.clip.top()), QPointF(x, c.clip.bottom()));
    p.restore();
}

void TimelinePlottable::drawLegendIcon(QCPPainter*, const QRectF&) const {}

double TimelinePlottable::selectTest(const QPointF&, bool, QVariant*) const {
    return -1;
}

QCPRange TimelinePlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    const Trace* t = scene_->trace();
    foundRange = t != nullptr;
    return t ? QCPRange(double(t->startTime()), double(t->endTime())) : QCPRange();
}

QCPRange TimelinePlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const {
    foundRange = true;
    return QCPRange(0, std::max(1.0, scene_->layout.totalRows()));
}

} // namespace irqscope::app
