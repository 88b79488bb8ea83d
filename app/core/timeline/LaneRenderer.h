// Paints the lanes of a trace into any QPainter (the timeline widget, an
// offscreen image, SVG or PDF). Level of detail is chosen by pixels, never by
// data size:
//  * a track whose visible segments are fewer than a quarter of its pixel
//    columns is drawn segment by segment (outlined, labelled when wide);
//  * otherwise it is drawn from Trace::queryBins with one bin per pixel column,
//    each column a stacked bar of the kinds in proportion to their time there
//    (so the overview never exaggerates a rare context), neighbouring columns
//    with the same stack merged into one rectangle;
//  * interrupts-off time is shaded per column in proportion to its share too;
//  * instants are drawn one by one when sparse, else one tick per column.
// Nothing outside the visible range is ever visited.
#pragma once

#include "core/timeline/CausalChain.h"
#include "core/timeline/LaneLayout.h"
#include "core/timeline/Palette.h"
#include "core/timeline/TimeMapping.h"

#include <QFont>
#include <QRectF>

#include <optional>

class QPainter;

namespace irqscope::app {

struct LaneRenderContext {
    const Trace* trace = nullptr;
    const LaneLayout* layout = nullptr;
    Palette palette;
    TimeMapping time;
    RowMapping rows;
    QRectF clip; // the plot area in pixels
    QFont font;
};

class LaneRenderer {
public:
    static void drawLanes(QPainter& p, const LaneRenderContext& c);
    static void drawSelection(QPainter& p, const LaneRenderContext& c, const SegmentRef& sel);
    static void drawFlows(QPainter& p, const LaneRenderContext& c, const std::vector<Flow>& flows);

    // Pixel y of the middle of a depth row of a lane (nullopt: lane hidden).
    static std::optional<double> depthCenterY(const LaneRenderContext& c, std::uint32_t lane, int depth);

private:
    // Draws one depth row; adds each pixel column's irqs-off share to `irqsOff`
    // and returns whether there was any.
    static bool drawTrack(QPainter& p, const LaneRenderContext& c, const LaneSlot& s, int depth,
                          std::vector<float>& irqsOff);
    static void drawBins(QPainter& p, const LaneRenderContext& c, const LaneSlot& s, int depth, double y, double h,
                         std::vector<float>& irqsOff);
    static void drawInstants(QPainter& p, const LaneRenderContext& c, const LaneSlot& s);
};

} // namespace irqscope::app
