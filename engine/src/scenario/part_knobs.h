// A knob path that addresses a field of one of the scenario's parts, so that
// --set, --vary, a lesson's "set" and the what-if panel reach the parts as
// they reach the parameter tree: the list, the part by name or index, then
// the field's path as errors write it:
//
//   sources[eth0].arrival.poisson.rate_hz     (the form the run list shows)
//   sources.eth0.arrival.poisson.rate_hz      (the same)
//   tasks[0].phases[1].events[2].run          (by index)
//
// The value of a --set text is JSON when it reads as JSON (300000, true,
// {"uniform": ["1us", "3us"]}), else the text itself ("3us", "fifo"). The
// edited lists are then read by the engine, whose errors name the file and
// the JSON path ("sources[0].arrival.poisson.rate_hz").
#pragma once

#include "irqscope/result.h"

#include <nlohmann/json.hpp>

#include <string_view>

namespace irqscope::scenario_detail {

// Does `path` begin with a part list's name ("sources.", "tasks[")?
bool isPartKnob(std::string_view path);
// `parts` with the field at `path` set to `value`; an error names "<--set>"
// and the path (no such part, a path that does not fit the part's JSON).
Result<nlohmann::json> setPartKnob(const nlohmann::json& parts, std::string_view path, const nlohmann::json& value);
// The value a --set text stands for.
nlohmann::json partKnobValue(std::string_view text);

} // namespace irqscope::scenario_detail
