#include "core/timeline/TimelinePlottable.h"

namespace irqscope::app {

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
    if (scene_->selection && scene_->selection->type == TimelineItem::Type::Segment)
        LaneRenderer::drawSelection(*painter, c, scene_->selection->ref());
    if (!scene_->flows.empty()) LaneRenderer::drawFlows(*painter, c, scene_->flows);
}

void TimelinePlottable::drawLegendIcon(QCPPainter*, const QRectF&) const {}

double TimelinePlottable::selectTest(const QPointF&, bool, QVariant*) const { return -1; }

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
