#include "parts/source_parts.h"

#include "kernel/machine.h"

namespace irqscope::parts {

using nlohmann::json;

Result<std::vector<SourcePart>> readSourceParts(const json& list, const PartNames&, const std::string& source, int) {
    std::vector<SourcePart> out;
    if (!list.empty()) return Error{source, "sources", "not supported yet"};
    return out;
}

void installSourceParts(kern::Machine&, const std::vector<SourcePart>&, PartsRuntime&) {}

} // namespace irqscope::parts
