// "tasks": threads with a policy and an rt-app-style behaviour (phases of
// run / runtime / sleep / timer / lock / unlock / wait / signal / suspend /
// resume / barrier / yield, plus kernel actions), and "resources": the
// mutexes, conditions, barriers and completions they share.
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

struct ResourcePart {
    std::string name;
};

struct TaskPart {
    std::string name;
};

Result<std::vector<ResourcePart>> readResourceParts(const nlohmann::json& list, const PartNames& names,
                                                    const std::string& source, int cpus);
Result<std::vector<TaskPart>> readTaskParts(const nlohmann::json& list, const PartNames& names,
                                            const std::string& source, int cpus);
void installResourceParts(kern::Machine& m, const std::vector<ResourcePart>& parts, PartsRuntime& rt);
void installTaskParts(kern::Machine& m, const std::vector<TaskPart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
