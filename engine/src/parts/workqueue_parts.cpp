#include "parts/workqueue_parts.h"

#include "kernel/machine.h"

namespace irqscope::parts {

using nlohmann::json;

Result<std::vector<WorkqueuePart>> readWorkqueueParts(const json& list, const PartNames&, const std::string& source,
                                                      int) {
    std::vector<WorkqueuePart> out;
    if (!list.empty()) return Error{source, "workqueues", "not supported yet"};
    return out;
}

void installWorkqueueParts(kern::Machine&, const std::vector<WorkqueuePart>&, PartsRuntime&) {}

} // namespace irqscope::parts
