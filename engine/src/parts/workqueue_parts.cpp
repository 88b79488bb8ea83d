#include "parts/workqueue_parts.h"

#include "kernel/machine.h"

#include <memory>

namespace irqscope::parts {

using nlohmann::json;

namespace {

// include/linux/workqueue.h: WQ_MAX_ACTIVE. alloc_workqueue() clamps a larger
// max_active with a warning (wq_clamp_max_active()); a scenario says so instead.
constexpr int kWqMaxActive = 512;

Result<bool> readFlag(const json& part, const char* key, const std::string& source, const std::string& path) {
    auto it = part.find(key);
    if (it == part.end()) return false;
    if (!it->is_boolean()) return Error{source, path, "expected true or false, found " + describeValue(*it)};
    return it->get<bool>();
}

} // namespace

Result<std::vector<WorkqueuePart>> readWorkqueueParts(const json& list, const PartNames&, const std::string& source,
                                                      int) {
    std::vector<WorkqueuePart> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& part = list[i];
        WorkqueuePart w;
        w.name = part["name"].get<std::string>();
        for (const auto& [key, value] : part.items()) {
            if (key == "name" || key == "unbound" || key == "highpri" || key == "ordered" || key == "rt" ||
                key == "max_active")
                continue;
            const std::string why = key == "bh" || key == "WQ_BH"
                                        ? "WQ_BH workqueues (6.9) are not modelled; queue the work on a tasklet "
                                          "step instead"
                                        : "unknown field; expected name, unbound, highpri, ordered, rt, max_active";
            return Error{source, jsonPath("workqueues", i, key), why};
        }
        struct Flag {
            const char* key;
            bool* value;
        };
        for (Flag f : {Flag{"unbound", &w.unbound}, Flag{"highpri", &w.highpri}, Flag{"ordered", &w.ordered},
                       Flag{"rt", &w.rt}}) {
            auto v = readFlag(part, f.key, source, jsonPath("workqueues", i, f.key));
            if (!v) return v.error();
            *f.value = *v;
        }
        if (auto it = part.find("max_active"); it != part.end()) {
            if (!it->is_number_integer() || it->get<int>() < 0 || it->get<int>() > kWqMaxActive)
                return Error{source, jsonPath("workqueues", i, "max_active"),
                             "expected 0 (the default, kernel.wq.max_active) to 512 (WQ_MAX_ACTIVE), found " +
                                 describeValue(*it)};
            w.maxActive = it->get<int>();
        }
        if (w.ordered) {
            if (part.contains("unbound") && !w.unbound)
                return Error{source, jsonPath("workqueues", i, "unbound"),
                             "an ordered workqueue is unbound: alloc_ordered_workqueue() adds WQ_UNBOUND"};
            if (w.maxActive > 1)
                return Error{source, jsonPath("workqueues", i, "max_active"),
                             "an ordered workqueue runs one item at a time: max_active is 1"};
            w.unbound = true;
            w.maxActive = 1;
        }
        out.push_back(std::move(w));
    }
    return out;
}

void installWorkqueueParts(kern::Machine& m, const std::vector<WorkqueuePart>& parts, PartsRuntime& rt) {
    if (parts.empty()) return;
    auto owned = std::make_shared<std::vector<UserWorkqueue>>(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const WorkqueuePart& p = parts[i];
        UserWorkqueue& u = (*owned)[i];
        u.name = p.name;
        u.wq = &m.wq().alloc(p.name, p.unbound, p.highpri, p.rt, p.maxActive);
        rt.workqueues[u.name] = &u;
    }
    m.keepAlive(owned);
}

} // namespace irqscope::parts
