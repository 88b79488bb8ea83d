#include "core/timeline/TimelinePlottable.h"

#include "core/util/TimeFormat.h"

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
    if (cursorB_) drawCursorB(*painter, c, *cursorB_);
    if (!scene_->layout.hiddenIdle().empty()) drawHiddenNote(*painter, c);
}

void TimelinePlottable::drawCursorB(QPainter& p, const LaneRenderContext& c, Time t) const {
    const double x = c.time.toPixel(double(t));
    const double w = std::max(2.0, scene_->palette.lineWidth() * 1.5);
    p.save();
    p.setClipRect(c.clip);
    if (x >= c.clip.left() && x <= c.clip.right()) {
        p.setPen(QPen(QColor(255, 255, 255, 200), w + 2));
        p.drawLine(QPointF(x, c.clip.top()), QPointF(x, c.clip.bottom()));
        p.setPen(QPen(QColor(0x10, 0x40, 0xB0), w, Qt::DashLine));
        p.drawLine(QPointF(x, c.clip.top()), QPointF(x, c.clip.bottom()));
    }
    if (cursor_) {
        // the time between the two cursors, on a box at the top between them
        const double xa = c.time.toPixel(double(*cursor_));
        const double delta = double(t) - double(*cursor_);
        const QString text = QStringLiteral("\u0394 %1").arg(formatTime(std::abs(delta)));
        QFont f = c.font;
        f.setBold(true);
        p.setFont(f);
        const QFontMetricsF fm(f);
        const double tw = fm.horizontalAdvance(text) + 10;
        const double mid = std::clamp((xa + x) / 2, c.clip.left() + tw / 2, c.clip.right() - tw / 2);
        const double y = c.clip.top() + 2;
        p.setPen(QPen(QColor(0x10, 0x40, 0xB0), 1));
        p.drawLine(QPointF(std::clamp(xa, c.clip.left(), c.clip.right()), y + fm.height() / 2),
                   QPointF(std::clamp(x, c.clip.left(), c.clip.right()), y + fm.height() / 2));
        const QRectF box(mid - tw / 2, y, tw, fm.height());
        p.fillRect(box, QColor(255, 255, 255, 235));
        p.drawRect(box);
        p.drawText(box, Qt::AlignCenter, text);
    }
    p.restore();
}

QString TimelinePlottable::hiddenNote(const Trace& t, const std::vector<std::uint32_t>& lanes, bool menuHint) {
    // "CPU 20-47" for runs of consecutive CPUs
    QStringList runs;
    for (std::size_t i = 0; i < lanes.size();) {
        std::size_t j = i;
        while (j + 1 < lanes.size() && t.lane(lanes[j + 1]).cpu == t.lane(lanes[j]).cpu + 1) ++j;
        const int a = t.lane(lanes[i]).cpu, b = t.lane(lanes[j]).cpu;
        runs << (a == b ? QString::number(a) : QStringLiteral("%1\u2013%2").arg(a).arg(b));
        i = j + 1;
    }
    const QString cpus = runs.join(QStringLiteral(", "));
    if (!menuHint) return tr("idle CPUs not shown: %1").arg(cpus);
    if (lanes.size() == 1) return tr("1 idle CPU hidden (CPU %1) \u2014 View \u25B8 Hide idle CPUs").arg(cpus);
    return tr("%1 idle CPUs hidden (CPU %2) \u2014 View \u25B8 Hide idle CPUs").arg(lanes.size()).arg(cpus);
}

void TimelinePlottable::drawHiddenNote(QPainter& p, const LaneRenderContext& c) const {
    QFont f = c.font;
    f.setItalic(true);
    const QFontMetricsF fm(f);
    const QString text = hiddenNote(*c.trace, scene_->layout.hiddenIdle(), !scene_->figure);
    // In the note row under the lanes; when rows are thin, at the bottom edge on a white box.
    // Lanes scrolled, more below the view: the note waits at the end, over no lane.
    const double row = c.rows.toY(scene_->layout.noteRow()) + 1;
    if (row > c.clip.bottom()) return;
    const double y = std::min(row, c.clip.bottom() - fm.height() - 1);
    const QRectF r(c.clip.left() + 4, y, std::min(fm.horizontalAdvance(text) + 8, c.clip.width() - 8), fm.height());
    p.save();
    p.fillRect(r, QColor(255, 255, 255, 225));
    p.setPen(QColor(0x44, 0x44, 0x44));
    p.setFont(f);
    p.drawText(r.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
    p.restore();
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
