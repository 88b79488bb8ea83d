// "workqueues": alloc_workqueue() with the user's flags (bound/unbound,
// WQ_HIGHPRI, ordered, max_active). Work is queued on them by source handlers
// ("then": {"queue_work": ...}) and by tasks (a "queue_work" phase).
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

struct WorkqueuePart {
    std::string name;
};

Result<std::vector<WorkqueuePart>> readWorkqueueParts(const nlohmann::json& list, const PartNames& names,
                                                      const std::string& source, int cpus);
void installWorkqueueParts(kern::Machine& m, const std::vector<WorkqueuePart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
