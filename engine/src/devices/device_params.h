// What every device's parameter code shares: the ParamSpec builders and a
// problem report for cross-field checks (Scenario::validate turns it into an
// Error naming the file).
#pragma once

#include "scenario/schema_helpers.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace irqscope::kern {
class Machine;
}

namespace irqscope::devices {

using detail::boolean;
using detail::choice;
using detail::duration;
using detail::integer;
using detail::kMsD;
using detail::kSD;
using detail::kUsD;
using detail::real;

struct ParamProblem {
    std::string path;
    std::string message;
};

// A device's CPU must exist when the device is there.
inline std::optional<ParamProblem> checkCpuExists(const char* path, int cpu, int cpus) {
    if (cpu < cpus) return std::nullopt;
    return ParamProblem{path, "expected a CPU below machine.cpus (" + std::to_string(cpus) + "), found " +
                                  std::to_string(cpu)};
}

} // namespace irqscope::devices
