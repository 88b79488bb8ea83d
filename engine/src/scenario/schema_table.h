// Internal: the built-in parameter table and profiles (see scenario.h).
#pragma once

#include "irqscope/scenario.h"

#include <vector>

namespace irqscope::detail {
std::vector<ParamSpec> builtinParams();
// {"platform": {"juno": {path: value, ...}, ...}, "kernel": {"6.12": {...}}}
nlohmann::json builtinProfiles();
} // namespace irqscope::detail
