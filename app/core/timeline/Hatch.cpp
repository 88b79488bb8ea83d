#include "core/timeline/Hatch.h"

#include <QPaintEngine>
#include <QPainter>

#include <cmath>

namespace irqscope::app {

bool paintsVector(const QPainter& p) {
    const QPaintEngine* e = p.paintEngine();
    if (!e) return false;
    switch (e->type()) {
    case QPaintEngine::SVG:
    case QPaintEngine::Pdf:
    case QPaintEngine::Picture: return true;
    default: return false;
    }
}

void Hatch::add(QPainter& p, const QRectF& r) {
    if (r.isEmpty()) return;
    if (!paintsVector(p)) {
        p.fillRect(r, QBrush(color_, Qt::BDiagPattern));
        return;
    }
    // Lines x + y = k (rising to the right on screen), k on a multiple of the
    // spacing, cut to the rectangle.
    const double s = spacing_;
    for (double k = std::ceil((r.left() + r.top()) / s) * s; k < r.right() + r.bottom(); k += s) {
        // where x + y = k enters and leaves r
        const double xa = std::max(r.left(), k - r.bottom()), xb = std::min(r.right(), k - r.top());
        if (xb <= xa) continue;
        lines_.moveTo(xa, k - xa);
        lines_.lineTo(xb, k - xb);
    }
}

void Hatch::finish(QPainter& p) {
    if (lines_.isEmpty()) return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    QColor c = color_;
    c.setAlphaF(std::min(1.0f, c.alphaF() * 2.5f)); // thin lines: a little stronger than the brush's pixels
    p.strokePath(lines_, QPen(c, 0.8));
    p.restore();
    lines_.clear();
}

} // namespace irqscope::app
