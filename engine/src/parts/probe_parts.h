// "probes": latencies the user wants measured, each a named series in the
// run's metrics (wake-up latency of a task, raise-to-run of a chain step,
// time from an interrupt to the thread it wakes).
#pragma once

#include "irqscope/result.h"
#include "parts/part_names.h"
#include "parts/registry.h"
#include "parts/source_parts.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope::parts {

struct ProbePart {
    enum class Kind : std::uint8_t { Wakeup, IrqToThread, RaiseToRun } kind = Kind::Wakeup;
    std::string name;   // the series in the metrics
    std::string target; // the task (wakeup) or the source
    std::string step;   // raise_to_run: the step's JSON path ("sources[0].then[0]")
};

// `sources`: the scenario's sources, already read (a probe names their steps).
Result<std::vector<ProbePart>> readProbeParts(const nlohmann::json& list, const PartNames& names,
                                              const std::vector<SourcePart>& sources, const std::string& source,
                                              int cpus);
void installProbeParts(kern::Machine& m, const std::vector<ProbePart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
