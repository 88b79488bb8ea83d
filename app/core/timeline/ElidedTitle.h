// The timeline's run title (a QCustomPlot text element), shared by its drawing
// and its tooltips.
#pragma once

#include <qcustomplot.h>

namespace irqscope::app {

// The run title, elided on the right to the plot's width: a long scenario
// title must not widen the layout (QCPTextElement asks for its full text
// width) and end up centred and cut at both edges. text() stays the full title.
class ElidedTitle : public QCPTextElement {
public:
    using QCPTextElement::QCPTextElement;
    bool isElided() const { return elided_; }

protected:
    QSize minimumOuterSizeHint() const override {
        QSize s = QCPTextElement::minimumOuterSizeHint();
        s.setWidth(mMargins.left() + mMargins.right());
        return s;
    }
    void draw(QCPPainter* painter) override {
        painter->setFont(mainFont());
        painter->setPen(QPen(mainTextColor()));
        const QString shown = painter->fontMetrics().elidedText(mText, Qt::ElideRight, mRect.width());
        elided_ = shown != mText;
        painter->drawText(mRect, mTextFlags, shown, &mTextBoundingRect);
    }

private:
    bool elided_ = false;
};

} // namespace irqscope::app
