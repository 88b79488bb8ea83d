// The defaults of a scenario part's fields (docs/scenarios.md): the value the
// engine's reader gives a field that a part leaves out, for an editor to show
// (the Parts tab's placeholders). One answer for every list, taken from where
// the readers take it: a device part's fields from the parameter table and
// the part's own defaults (parts/device_parts.h), the other lists' from the
// parts' typed structs.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace irqscope {

struct PartFieldDefault {
    nlohmann::json value;  // as a scenario file writes it: 16, "hardirq", 70000 (ns)
    bool duration = false; // `value` is a duration in ns
};

// `list`: "sources", "tasks", "workqueues", "resources" or "devices"; `pointer`:
// a JSON pointer below the part ("/iommu/mode"); `model`: a device part's model
// ("nvme"). nullopt when the field has no default value: it is required, or
// leaving it out means something of its own (a task's cpus: every CPU).
std::optional<PartFieldDefault> partFieldDefault(const std::string& list, const std::string& pointer,
                                                 const std::string& model = {});

} // namespace irqscope
