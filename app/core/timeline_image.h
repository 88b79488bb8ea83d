// Rendering a run's timeline to PNG, SVG or PDF without a window: the CLI's
// --image and the GUI's timeline export share this. With a QApplication it is
// an offscreen TimelinePlot (the very widget the GUI shows) exported through
// PlotExport; under a bare QGuiApplication (no widgets possible) the same
// LaneRenderer, palette and time ticker are composed directly on the painter.
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/trace.h"

#include <QSize>
#include <QString>

namespace irqscope::app {

struct TimelineImageOptions {
    QString title;
    QSize size{1600, 900};
    irqscope::Time t0 = 0; // t1 <= t0: the whole run
    irqscope::Time t1 = 0;
    bool presentation = false; // high-contrast palette, larger fonts
};

bool saveTimelineImage(const Trace& trace, const Metrics& metrics, const TimelineImageOptions& opt, const QString& path,
                       QString* error);

} // namespace irqscope::app
