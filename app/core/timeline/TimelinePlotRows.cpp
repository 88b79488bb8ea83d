// The timeline's vertical extent: rows keep a readable minimum height, and
// when the lanes shown do not fit, the plot shows a window of them that
// scrolls (scroll bar, Ctrl+wheel or the wheel over the lane names, Up/Down).
// Only lanes in the window are painted (LaneRenderer skips the others), so a
// repaint costs pixels times visible lanes, whatever the machine's size. An
// export (draw() through toPainter/toPixmap) lays out every lane shown.
#include "core/timeline/TimelinePlot.h"

#include <QFontMetricsF>
#include <QScrollBar>
#include <QStyle>

#include <cmath>

namespace irqscope::app {

namespace {
constexpr double kMinRowPxFloor = 4.0; // a depth row stays a visible strip
} // namespace

double TimelinePlot::minRowPx() const {
    // The smallest lane pitch shown (marker strip, depth rows, gap: 2.25 rows
    // for one depth, 4.25 for a CPU's task/softirq/hardirq) keeps a name's
    // height, the 0.92 line LaneTicker needs between two names.
    double pitch = 1e9;
    for (const LaneSlot& s : scene_.layout.laneSlots())
        if (!s.collapsed) pitch = std::min(pitch, s.bottom - s.top + LaneLayout::kGapRows);
    if (pitch > 1e8) return kMinRowPxFloor;
    return std::max(kMinRowPxFloor, QFontMetricsF(yAxis->tickLabelFont()).height() * 0.92 / pitch);
}

bool TimelinePlot::applyRows() {
    const double total = std::max(1.0, scene_.layout.totalRows());
    const double h = axisRect()->height();
    const double rowPx = minRowPx();
    const bool wasScrollable = scrollable_;
    const QCPRange before = yAxis->range();
    scrollable_ = !allRows_ && h > 0 && total * rowPx > h;
    if (scrollable_) {
        const double visible = h / rowPx;
        scrollRow_ = std::clamp(scrollRow_, 0.0, total - visible);
        yAxis->setRange(scrollRow_, scrollRow_ + visible);
    } else {
        if (!allRows_) scrollRow_ = 0;
        yAxis->setRange(0, total);
    }
    if (allRows_) return yAxis->range() != before;

    const int barW = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    if (scrollable_ && !vbar_) {
        vbar_ = new QScrollBar(Qt::Vertical, this);
        vbar_->setObjectName(QStringLiteral("laneScroll"));
        vbar_->setToolTip(tr("Lanes (Ctrl+wheel, or the wheel over the lane names)"));
        connect(vbar_, &QScrollBar::valueChanged, this, [this](int v) { scrollToRow(v / minRowPx()); });
    }
    if (vbar_) {
        const QSignalBlocker block(vbar_);
        vbar_->setVisible(scrollable_);
        if (scrollable_) {
            vbar_->setGeometry(width() - barW, axisRect()->top(), barW, axisRect()->height());
            vbar_->setRange(0, static_cast<int>(std::lround((total - yAxis->range().size()) * rowPx)));
            vbar_->setPageStep(static_cast<int>(h));
            vbar_->setSingleStep(static_cast<int>(std::lround(kScrollStepRows * rowPx)));
            vbar_->setValue(static_cast<int>(std::lround(scrollRow_ * rowPx)));
        }
    }
    // the scroll bar gets its own column at the right edge
    const QMargins m(0, 0, scrollable_ ? barW : 0, 0);
    const bool marginChanged = plotLayout()->margins() != m;
    if (marginChanged) plotLayout()->setMargins(m);
    return yAxis->range() != before || marginChanged || wasScrollable != scrollable_;
}

void TimelinePlot::updateLayout() {
    QCustomPlot::updateLayout();
    if (applyRows()) QCustomPlot::updateLayout(); // ticks and margins for the new range
}

void TimelinePlot::draw(QCPPainter* painter) {
    const QCPRange screen = yAxis->range();
    allRows_ = true;
    QCustomPlot::draw(painter);
    allRows_ = false;
    yAxis->setRange(screen);
    replot(rpQueuedReplot); // the layout is the export's until the next replot
}

void TimelinePlot::scrollToRow(double row) {
    if (!scrollable_) return;
    scrollRow_ = row;
    applyRows();
    replot(rpQueuedReplot);
}

void TimelinePlot::scrollRowsBy(double rows) {
    scrollToRow(scrollRow_ + rows);
}

void TimelinePlot::ensureLaneVisible(std::uint32_t lane) {
    const LaneSlot* s = scene_.layout.slotOfLane(lane);
    if (!s || !scrollable_) return;
    const QCPRange r = yAxis->range();
    if (s->top < r.lower) scrollToRow(s->top);
    else if (s->bottom > r.upper) scrollToRow(std::min(s->top, s->bottom + LaneLayout::kGapRows - r.size()));
}

} // namespace irqscope::app
