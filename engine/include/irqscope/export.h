// Writing a trace for other tools.
#pragma once

#include "irqscope/state_log.h"
#include "irqscope/trace.h"

#include <ostream>

namespace irqscope {

// Chrome trace-event JSON, which Perfetto UI and chrome://tracing open:
// one thread per lane with complete ("X") events nested by depth, instant
// ("i") events, and flow ("s"/"f") events for cause -> effect.
void writeChromeJson(const Trace& trace, std::ostream& out);

// Perfetto's native protobuf trace (TracePackets with track events), which
// Perfetto UI and trace_processor open without the JSON size limits: a track
// per lane with nested slices, instants and flows, and per CPU the counters
// "softirqs pending" and "run queue" from `log` (null or empty: none).
// Written packet by packet, never held whole in memory.
void writePerfettoProto(const Trace& trace, const StateLog* log, std::ostream& out);

} // namespace irqscope
