#include "core/timeline/SwatchLegendItem.h"

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
    painter->fillRect(iconRect, color_);
    if (hatched_) painter->fillRect(iconRect, QBrush(QColor(0, 0, 0, 90), Qt::BDiagPattern));
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
