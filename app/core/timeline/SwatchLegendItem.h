// A legend entry that is just a coloured swatch and a name (the timeline's
// context kinds are not separate plottables).
#pragma once

#include <qcustomplot.h>

namespace irqscope::app {

class SwatchLegendItem : public QCPAbstractLegendItem {
    Q_OBJECT
public:
    SwatchLegendItem(QCPLegend* legend, const QColor& color, const QString& text, bool hatched = false);
    void setColor(const QColor& c) { color_ = c; }

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QColor color_;
    QString text_;
    bool hatched_;
};

} // namespace irqscope::app
