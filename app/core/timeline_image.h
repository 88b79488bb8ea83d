// Rendering a run's timeline to PNG, SVG or PDF without a window: the CLI's
// --image and the GUI's timeline export share this. With a QApplication it is
// an offscreen TimelinePlot (the very widget the GUI shows) exported through
// PlotExport; under a bare QGuiApplication (no widgets possible) the same
// LaneRenderer, palette and time ticker are composed directly on the painter.
#pragma once

#include "core/export/FigureOptions.h"
#include "core/timeline/ItemText.h"
#include "core/timeline/LaneLayout.h"
#include "irqscope/metrics.h"
#include "irqscope/trace.h"

#include <QSize>
#include <QString>

#include <optional>
#include <vector>

namespace irqscope::app {

class TimelinePlot;

struct TimelineImageOptions {
    QString title;
    QSize size{1600, 900}; // pixels, FigurePreset::Custom only
    FigurePreset preset = FigurePreset::Custom;
    irqscope::Time t0 = 0; // t1 <= t0: the whole run
    irqscope::Time t1 = 0;
    bool presentation = false; // high-contrast palette, larger fonts (Custom; Slide always)
    LaneFilter lanes;          // default: the CPU lanes, idle ones hidden
    // Drawn over the lanes only when given (the window's, when asked).
    std::optional<TimelineItem> selection;
    std::vector<SegmentRef> highlights;
    std::optional<irqscope::Time> cursor;
    std::optional<irqscope::Time> cursorB;
};

bool saveTimelineImage(const Trace& trace, const Metrics& metrics, const TimelineImageOptions& opt, const QString& path,
                       QString* error);

// The options for exporting what `shown` (the window's timeline) shows, as the
// export dialog chose: its view or the whole run, its lanes or every lane, its
// cursors and selection or none.
TimelineImageOptions timelineFigureOptions(const TimelinePlot& shown, const FigureChoices& choices, bool presentation);

} // namespace irqscope::app
