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
    const QString& text() const { return text_; }
    // Drawn as an instant marker (a small down-pointing triangle, or the
    // warning's yellow up-pointing one) instead of a swatch.
    void setMarker(bool warning) {
        marker_ = true;
        warning_ = warning;
    }

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QColor color_;
    QString text_;
    bool hatched_;
    bool marker_ = false;
    bool warning_ = false;
};

} // namespace irqscope::app
