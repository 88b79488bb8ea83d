// A scenario's "rtapp": an rt-app file whose tasks and resources join the
// scenario's lists (docs/scenarios.md, "An rt-app file in a scenario").
#pragma once

#include "irqscope/result.h"

#include <nlohmann/json.hpp>

#include <string>

namespace irqscope::detail {

// `ref` is the file's path (relative to the scenario file `source`) or
// {"file": path, "start": {thread: delay, ...}}: each named thread's initial
// delay replaces its task's `delay`. Sets `file` to the path as written.
Status mergeRtapp(const nlohmann::json& ref, const std::string& source, nlohmann::json& parts, std::string& file);

} // namespace irqscope::detail
