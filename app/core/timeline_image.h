// Rendering a whole run's timeline to PNG, SVG or PDF without a window: the
// CLI's --image and the GUI's export share this.
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
};

bool saveTimelineImage(const Trace& trace, const Metrics& metrics, const TimelineImageOptions& opt,
                       const QString& path, QString* error);

} // namespace irqscope::app
