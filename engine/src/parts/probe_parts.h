// "probes": latencies the user wants measured, each a named series in the
// run's metrics (wake-up latency of a task, raise-to-run of a chain step,
// time from an interrupt to the thread it wakes).
#pragma once

#include "irqscope/result.h"
#include "parts/part_names.h"
#include "parts/registry.h"
#include "parts/source_parts.h"
#include "parts/task_parts.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope::parts {

struct ProbePart {
    enum class Kind : std::uint8_t { Wakeup, IrqToThread, RaiseToRun, ArrivalToTask } kind = Kind::Wakeup;
    std::string name;                     // the series in the metrics
    std::string target;                   // the task (wakeup) or the source
    std::string step;                     // raise_to_run: the step's JSON path ("sources[0].then[0]")
    std::string task;                     // arrival_to_task: the task whose run event ends the sample
    std::vector<std::string> completions; // arrival_to_task: what the source's chain completes and the task waits for
};

// `sources`, `tasks`: the scenario's parts, already read (a probe names a
// source's steps; arrival_to_task needs a task that waits on what the source
// completes).
Result<std::vector<ProbePart>> readProbeParts(const nlohmann::json& list, const PartNames& names,
                                              const std::vector<SourcePart>& sources,
                                              const std::vector<TaskPart>& tasks, const std::string& source, int cpus);
void installProbeParts(kern::Machine& m, const std::vector<ProbePart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
