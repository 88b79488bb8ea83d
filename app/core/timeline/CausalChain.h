// Cause -> effect chains of one segment, from the trace's recorded flows: what
// led to it (followed upstream recursively: a kworker <- queue_work in a task
// <- wake-up from a softirq <- raise in a hardirq) and what it caused.
#pragma once

#include "irqscope/trace.h"

#include <optional>
#include <vector>

namespace irqscope::app {

// A segment of a lane: the unit of selection on the timeline.
struct SegmentRef {
    std::uint32_t lane = 0;
    Segment segment;
};

// The deepest segment at a flow endpoint ("the segment containing that time").
std::optional<SegmentRef> flowSource(const Trace& trace, const Flow& f);
std::optional<SegmentRef> flowTarget(const Trace& trace, const Flow& f);

struct CausalChain {
    std::vector<Flow> causes;  // upstream, nearest first
    std::vector<Flow> effects; // downstream, nearest first
};

CausalChain causalChain(const Trace& trace, const SegmentRef& seg, int maxSteps = 32);

} // namespace irqscope::app
