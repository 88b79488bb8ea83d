// "workqueues": alloc_workqueue() with the user's flags (bound/unbound,
// WQ_HIGHPRI, ordered, max_active, and the seed proposal's WQ_RT). Work is
// queued on them by source handlers ("then": {"queue_work": ...}) and by
// tasks (a "queue_work" event).
#pragma once

#include "irqscope/result.h"
#include "parts/part_names.h"
#include "parts/registry.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace irqscope::kern {
class Machine;
struct Workqueue;
} // namespace irqscope::kern

namespace irqscope::parts {

struct WorkqueuePart {
    std::string name;
    bool unbound = false; // WQ_UNBOUND
    bool highpri = false; // WQ_HIGHPRI: the nice -20 pools
    bool ordered = false; // alloc_ordered_workqueue(): WQ_UNBOUND | __WQ_ORDERED, max_active 1
    bool rt = false;      // WQ_RT (the seed proposal, not in mainline): SCHED_FIFO workers
    int maxActive = 0;    // 0: WQ_DFL_ACTIVE (kernel.wq.max_active)
};

// An installed workqueue, found by name in PartsRuntime.
class UserWorkqueue {
public:
    std::string name;
    kern::Workqueue* wq = nullptr;
};

Result<std::vector<WorkqueuePart>> readWorkqueueParts(const nlohmann::json& list, const PartNames& names,
                                                      const std::string& source, int cpus);
void installWorkqueueParts(kern::Machine& m, const std::vector<WorkqueuePart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
