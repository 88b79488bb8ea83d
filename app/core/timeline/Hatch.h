// The interrupts-off hatching ("/" lines). On a screen or a PNG it is Qt's
// pattern brush, one fill per band; an SVG or a PDF gets real lines instead,
// one path per lane: Qt 6 leaves pattern brushes out of SVG (a plain fill) and
// writes them into a PDF as a bitmap, which blurs when a figure is scaled.
#pragma once

#include <QColor>
#include <QPainterPath>
#include <QRectF>

class QPainter;

namespace irqscope::app {

// Paints into a vector format (SVG, PDF, a QPicture) rather than pixels.
bool paintsVector(const QPainter& p);

class Hatch {
public:
    explicit Hatch(QColor color, double spacing = 8) : color_(color), spacing_(spacing) {}
    // Hatches `r`. Lines lie on one grid for the whole picture, so bands side by
    // side join up.
    void add(QPainter& p, const QRectF& r);
    // Draws what `add` collected for a vector device (nothing on a raster one).
    void finish(QPainter& p);

private:
    QColor color_;
    double spacing_;
    QPainterPath lines_;
};

} // namespace irqscope::app
