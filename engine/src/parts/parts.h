// A scenario's own parts, declared as named lists beside the parameter tree:
//
//   "devices":    [ {"name": ..., "model": ...} ], device_parts.h (built-in device models, placed)
//   "workqueues": [ {"name": ..., ...} ],   workqueue_parts.h  (alloc_workqueue())
//   "resources":  [ {"name": ..., ...} ],   task_parts.h       (mutexes, conditions, barriers, completions)
//   "tasks":      [ {"name": ..., ...} ],   task_parts.h       (rt-app-style threads)
//   "sources":    [ {"name": ..., ...} ],   source_parts.h     (interrupt sources and what their handlers do)
//   "probes":     [ {"name": ..., ...} ],   probe_parts.h      (latencies the user wants measured)
//
// Reading a list checks every field and every reference to another part by
// name; an error names the file and the JSON path ("sources[1].then[0].task").
// Installing wires the parts into a machine through the kernel's public calls
// (the same ones the built-in device models use), in the order above, so a
// run stays deterministic.
#pragma once

#include "irqscope/result.h"
#include "parts/device_parts.h"
#include "parts/probe_parts.h"
#include "parts/source_parts.h"
#include "parts/task_parts.h"
#include "parts/workqueue_parts.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <string>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope::parts {

// The top-level keys of a scenario that hold part lists, in install order.
inline constexpr std::array<const char*, 6> kPartLists = {"devices", "workqueues", "resources",
                                                          "tasks",   "sources",    "probes"};

struct Parts {
    // net.core.netdev_budget and netdev_budget_usecs (the tree's net.netdev_budget
    // and net.netdev_budget_ns, set by the engine): a napi step's net_rx_action.
    std::int64_t netdevBudget = 300;
    Time netdevBudgetNs = 2'000'000;
    std::vector<DevicePart> devices;
    std::vector<WorkqueuePart> workqueues;
    std::vector<ResourcePart> resources;
    std::vector<TaskPart> tasks;
    std::vector<SourcePart> sources;
    std::vector<ProbePart> probes;
    bool empty() const {
        return devices.empty() && workqueues.empty() && resources.empty() && tasks.empty() && sources.empty() &&
               probes.empty();
    }
};

// `lists` is the object {"tasks": [...], ...} of the lists a scenario declares
// (absent lists are empty); `source` names the file; `cpus` is machine.cpus.
Result<Parts> readParts(const nlohmann::json& lists, const std::string& source, int cpus);

// `taskLogs`: where the tasks write rt-app-style log rows, or null.
void installParts(kern::Machine& m, const Parts& parts, std::map<std::string, std::vector<TaskLogRow>>* taskLogs);

} // namespace irqscope::parts
