// Finds, in a run's trace, the lanes and segments a lesson step names. Lane
// names and highlighted segments only exist once the scenario has run, so this
// is the second half of the lesson check (LessonReader is the first).
#pragma once

#include "core/lessons/Lesson.h"
#include "core/timeline/CausalChain.h"

#include <QString>

#include <optional>

namespace irqscope::app {

std::optional<std::uint32_t> laneByName(const Trace& t, const QString& name);
// "CPU 0, CPU 1, IRQ 45 nvme0q1, ..." (for "unknown lane" messages).
QString laneNames(const Trace& t);

struct HighlightMatch {
    std::optional<SegmentRef> ref;
    QString error; // what was not found, when ref is empty
};
// The deepest segment of the highlight's kind/entity on its lane containing
// `at`; failing that, the first one starting in [at, searchEnd).
HighlightMatch resolveHighlight(const Trace& t, const LessonHighlight& h, Time searchEnd);

} // namespace irqscope::app
