// Writing a trace for other tools.
#pragma once

#include "irqscope/trace.h"

#include <ostream>

namespace irqscope {

// Chrome trace-event JSON, which Perfetto UI and chrome://tracing open:
// one thread per lane with complete ("X") events nested by depth, instant
// ("i") events, and flow ("s"/"f") events for cause -> effect.
void writeChromeJson(const Trace& trace, std::ostream& out);

} // namespace irqscope
