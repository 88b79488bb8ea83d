#include "parts/task_parts.h"

#include "kernel/machine.h"

namespace irqscope::parts {

using nlohmann::json;

Result<std::vector<ResourcePart>> readResourceParts(const json& list, const PartNames&, const std::string& source,
                                                    int) {
    std::vector<ResourcePart> out;
    if (!list.empty()) return Error{source, "resources", "not supported yet"};
    return out;
}

Result<std::vector<TaskPart>> readTaskParts(const json& list, const PartNames&, const std::string& source, int) {
    std::vector<TaskPart> out;
    if (!list.empty()) return Error{source, "tasks", "not supported yet"};
    return out;
}

void installResourceParts(kern::Machine&, const std::vector<ResourcePart>&, PartsRuntime&) {}
void installTaskParts(kern::Machine&, const std::vector<TaskPart>&, PartsRuntime&) {}

} // namespace irqscope::parts
