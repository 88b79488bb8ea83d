// What a TimelinePlot shows: the run, its lane layout, the palette and the
// current selection with its causal chain. The plot owns it; the plottable and
// the image export read it.
#pragma once

#include "core/timeline/ItemText.h"
#include "core/timeline/LaneLayout.h"
#include "core/timeline/Palette.h"
#include "irqscope/engine.h"

#include <QFont>

#include <memory>
#include <optional>

namespace irqscope::app {

using RunPtr = std::shared_ptr<const RunResult>;

struct TimelineScene {
    RunPtr run; // keeps the trace alive (may be null for a borrowed trace)
    const Trace* tracePtr = nullptr;
    const Metrics* metrics = nullptr;
    LaneLayout layout;
    LaneFilter filter;
    Palette palette;
    QFont font;
    std::optional<TimelineItem> selection;
    std::vector<Flow> flows;            // the selection's cause -> effect chain
    std::vector<SegmentRef> highlights; // what a lesson points at
    bool figure = false;                // an exported figure: no hints naming the window's menus
    const Trace* trace() const { return tracePtr; }
};

} // namespace irqscope::app
