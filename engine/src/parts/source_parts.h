// "sources": interrupt sources — an arrival process, the line they signal
// (SPI / MSI / LPI) and its affinity, the handler's cost, and what the handler
// does next ("then": raise a softirq, schedule a tasklet, wake its IRQ thread,
// queue work, wake a task, complete a completion), chained as deep as written.
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

struct SourcePart {
    std::string name;
};

Result<std::vector<SourcePart>> readSourceParts(const nlohmann::json& list, const PartNames& names,
                                                const std::string& source, int cpus);
void installSourceParts(kern::Machine& m, const std::vector<SourcePart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
