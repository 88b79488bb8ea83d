#include "core/timeline/SwatchLegendItem.h"

#include "core/timeline/Hatch.h"

namespace irqscope::app {

SwatchLegendItem::SwatchLegendItem(QCPLegend* legend, const QColor& color, const QString& text, bool hatched)
    : QCPAbstractLegendItem(legend), color_(color), text_(text), hatched_(hatched) {
    setSelectable(false);
}

void SwatchLegendItem::draw(QCPPainter* painter) {
    const QSize icon = mParentLegend->iconSize();
    const QRect r = mRect;
    painter->setFont(mFont);
    const QRect iconRect(r.topLeft() + QPoint(0, (r.height() - icon.height()) / 2), icon);
    if (marker_) {
        // the marker as the timeline draws it, centred in the icon box
        const double c = iconRect.center().x() + 0.5, h = std::min(iconRect.height(), 10) * 0.9;
        const double top = iconRect.center().y() - h / 2, half = h * 0.5;
        painter->setRenderHint(QPainter::Antialiasing, true);
        if (warning_) {
            painter->setPen(QPen(Qt::black, 1));
            painter->setBrush(color_);
            painter->drawPolygon(
                QPolygonF({QPointF(c, top), QPointF(c - half * 1.2, top + h), QPointF(c + half * 1.2, top + h)}));
        } else {
            painter->setPen(QPen(color_.darker(130), 0.8));
            painter->setBrush(color_);
            painter->drawPolygon(QPolygonF({QPointF(c - half, top), QPointF(c + half, top), QPointF(c, top + h)}));
        }
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(mTextColor);
        painter->drawText(
            QRect(iconRect.right() + mParentLegend->iconTextPadding() + 1, r.top(), r.width(), r.height()),
            Qt::AlignLeft | Qt::AlignVCenter, text_);
        return;
    }
    painter->fillRect(iconRect, color_);
    if (hatched_) {
        Hatch hatch(QColor(0, 0, 0, 90), 4);
        hatch.add(*painter, iconRect);
        hatch.finish(*painter);
    }
    painter->setPen(QPen(color_.darker(160), 1));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(iconRect.adjusted(0, 0, -1, -1));
    painter->setPen(mTextColor);
    painter->drawText(QRect(iconRect.right() + mParentLegend->iconTextPadding() + 1, r.top(), r.width(), r.height()),
                      Qt::AlignLeft | Qt::AlignVCenter, text_);
}

QSize SwatchLegendItem::minimumOuterSizeHint() const {
    const QFontMetrics fm(mFont);
    const QSize icon = mParentLegend->iconSize();
    return QSize(icon.width() + mParentLegend->iconTextPadding() + fm.horizontalAdvance(text_) + 4,
                 std::max(icon.height(), fm.height())) +
           QSize(mMargins.left() + mMargins.right(), mMargins.top() + mMargins.bottom());
}

} // namespace irqscope::app
