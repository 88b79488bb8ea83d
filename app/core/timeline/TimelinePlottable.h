// A QCustomPlot plottable that draws the lanes of a TimelineScene with
// LaneRenderer: key axis = time in ns, value axis = lane rows (reversed).
#pragma once

#include "core/timeline/LaneRenderer.h"
#include "core/timeline/TimelineScene.h"

#include <qcustomplot.h>

namespace irqscope::app {

class TimelinePlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis, const TimelineScene* scene);

    // The render context for the current axes (also used for hit-testing).
    LaneRenderContext context() const;
    // The slow-motion player's time cursor: a vertical line over every lane.
    void setCursor(std::optional<Time> t) { cursor_ = t; }
    std::optional<Time> cursor() const { return cursor_; }
    // The second cursor (Ctrl+click): with the first, the time between them is drawn.
    void setCursorB(std::optional<Time> t) { cursorB_ = t; }
    std::optional<Time> cursorB() const { return cursorB_; }
    // "28 idle CPUs hidden (CPU 20-47) ..." under the lanes.
    // Without the menu hint in an exported figure: "idle CPUs not shown: 20-47".
    static QString hiddenNote(const Trace& t, const std::vector<std::uint32_t>& lanes, bool menuHint = true);

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;
    void drawCursor(QCPPainter& p, const LaneRenderContext& c, Time t) const;
    void drawHiddenNote(QPainter& p, const LaneRenderContext& c) const;

private:
    const TimelineScene* scene_;
    std::optional<Time> cursor_;
    std::optional<Time> cursorB_;
    void drawCursorB(QPainter& p, const LaneRenderContext& c, Time t) const;
};

} // namespace irqscope::app
