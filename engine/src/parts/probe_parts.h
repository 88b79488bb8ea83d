// "probes": latencies the user wants measured, each a named series in the
// run's metrics (wake-up latency of a task, raise-to-run of a chain, time
// from an interrupt to the thread it wakes).
#pragma once

#include "irqscope/result.h"
#include "parts/part_names.h"
#include "parts/registry.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope::parts {

struct ProbePart {
    std::string name;
};

Result<std::vector<ProbePart>> readProbeParts(const nlohmann::json& list, const PartNames& names,
                                              const std::string& source, int cpus);
void installProbeParts(kern::Machine& m, const std::vector<ProbePart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
