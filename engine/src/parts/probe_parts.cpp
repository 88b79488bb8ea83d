#include "parts/probe_parts.h"

#include "kernel/machine.h"

namespace irqscope::parts {

using nlohmann::json;

Result<std::vector<ProbePart>> readProbeParts(const json& list, const PartNames&, const std::string& source, int) {
    std::vector<ProbePart> out;
    if (!list.empty()) return Error{source, "probes", "not supported yet"};
    return out;
}

void installProbeParts(kern::Machine&, const std::vector<ProbePart>&, PartsRuntime&) {}

} // namespace irqscope::parts
