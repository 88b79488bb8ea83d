// partFieldDefault(): the readers' defaults, read from the same places the
// readers start from (a default-constructed part, the device field table), so
// an editor never repeats a number the engine may change.
#include "irqscope/part_defaults.h"

#include "irqscope/scenario.h"
#include "parts/device_parts.h"
#include "parts/source_parts.h"
#include "parts/task_parts.h"
#include "parts/workqueue_parts.h"

#include <algorithm>

namespace irqscope {

namespace {

const char* policyName(kern::Policy p) {
    switch (p) {
    case kern::Policy::Normal: return "other";
    case kern::Policy::Batch: return "batch";
    case kern::Policy::Idle: return "idle";
    case kern::Policy::Fifo: return "fifo";
    case kern::Policy::RR: return "rr";
    case kern::Policy::Deadline: return "deadline";
    }
    return "other";
}

const char* lineName(parts::SourcePart::Line l) {
    switch (l) {
    case parts::SourcePart::Line::Spi: return "spi";
    case parts::SourcePart::Line::Msi: return "msi";
    case parts::SourcePart::Line::Lpi: return "lpi";
    }
    return "spi";
}

} // namespace

std::optional<PartFieldDefault> partFieldDefault(const std::string& list, const std::string& pointer,
                                                 const std::string& model) {
    using nlohmann::json;
    if (list == "devices") {
        // "/iommu/mode" is the field "iommu.mode"
        std::string field = pointer.starts_with('/') ? pointer.substr(1) : pointer;
        std::replace(field.begin(), field.end(), '/', '.');
        for (const parts::DeviceField& f : parts::deviceModelFields(model))
            if (f.field == field) return PartFieldDefault{f.partDefault, f.spec->type == ParamType::Duration};
        return std::nullopt;
    }
    if (list == "tasks") {
        const parts::TaskPart t;
        if (pointer == "/policy") return PartFieldDefault{policyName(t.policy)};
        if (pointer == "/priority") return PartFieldDefault{t.priority};
        if (pointer == "/nice") return PartFieldDefault{t.nice};
        if (pointer == "/instance") return PartFieldDefault{t.instance};
        if (pointer == "/loop") return PartFieldDefault{t.loop};
        if (pointer == "/delay") return PartFieldDefault{t.delay, true};
        return std::nullopt;
    }
    if (list == "sources") {
        const parts::SourcePart s;
        if (pointer == "/line") return PartFieldDefault{lineName(s.line)};
        return std::nullopt;
    }
    if (list == "workqueues") {
        const parts::WorkqueuePart w;
        if (pointer == "/unbound") return PartFieldDefault{w.unbound};
        if (pointer == "/highpri") return PartFieldDefault{w.highpri};
        if (pointer == "/ordered") return PartFieldDefault{w.ordered};
        if (pointer == "/rt") return PartFieldDefault{w.rt};
        if (pointer == "/max_active") return PartFieldDefault{w.maxActive};
        return std::nullopt;
    }
    if (list == "resources") {
        const parts::ResourcePart r;
        if (pointer == "/pi") return PartFieldDefault{r.pi};
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace irqscope
