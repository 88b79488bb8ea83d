// Where "next event" and "previous event" go: the nearest segment boundary
// (a context starting or ending at any nesting depth) or instant marker on the
// given lanes, strictly after / before t. Pure functions over the trace, so the
// player and its tests agree on what an event is.
#pragma once

#include "irqscope/trace.h"

#include <optional>
#include <vector>

namespace irqscope::app {

std::optional<Time> nextEventAfter(const Trace& trace, const std::vector<std::uint32_t>& lanes, Time t);
std::optional<Time> previousEventBefore(const Trace& trace, const std::vector<std::uint32_t>& lanes, Time t);

} // namespace irqscope::app
