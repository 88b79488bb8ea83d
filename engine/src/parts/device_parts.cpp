#include "parts/device_parts.h"

#include "irqscope/scenario.h"
#include "kernel/machine.h"

#include <algorithm>
#include <array>

namespace irqscope::parts {

using nlohmann::json;

namespace {

// A model: the prefix of its own parameters in the tree, the groups it owns
// whole, the parameters a part does not take (one instance is one device),
// and what a part defaults differently (no built-in workload).
struct ModelSpec {
    const char* name;
    DevicePart::Model model;
    const char* own;
    std::vector<std::string> companions;
    std::vector<std::string> excluded; // parameter paths
    std::vector<std::pair<std::string, json>> partDefaults;
};

const std::vector<ModelSpec>& models() {
    static const std::vector<ModelSpec> m = {
        {"nvme",
         DevicePart::Model::Nvme,
         "nvme",
         {"iommu", "fio"},
         {"nvme.enabled", "nvme.devices"},
         {{"fio.jobs", 0}}},
        {"i915", DevicePart::Model::I915, "gpu", {}, {"gpu.enabled"}, {{"gpu.submitters", 0}}},
        {"gic_bench", DevicePart::Model::GicBench, "bench", {}, {"bench.enabled"}, {}},
        {"panthor", DevicePart::Model::Panthor, "drm", {"submitter"}, {}, {}},
    };
    return m;
}

const ModelSpec* findModel(const std::string& name) {
    for (const ModelSpec& m : models())
        if (name == m.name) return &m;
    return nullptr;
}

// The parameter a part's field stands for, or "" when the model has no such field.
std::string paramOf(const ModelSpec& m, const std::string& field) {
    std::string path = std::string(m.own) + "." + field;
    for (const std::string& c : m.companions)
        if (field.starts_with(c + ".")) path = field;
    if (std::find(m.excluded.begin(), m.excluded.end(), path) != m.excluded.end()) return {};
    return Schema::builtin().find(path) ? path : std::string{};
}

std::vector<DeviceField> fieldsOf(const ModelSpec& m) {
    std::vector<DeviceField> out;
    for (const ParamSpec& p : Schema::builtin().params()) {
        std::string field;
        if (p.path.starts_with(std::string(m.own) + ".")) field = p.path.substr(std::string(m.own).size() + 1);
        for (const std::string& c : m.companions)
            if (p.path.starts_with(c + ".")) field = p.path;
        if (field.empty() || paramOf(m, field) != p.path) continue;
        json def = p.defaultValue;
        for (const auto& [path, value] : m.partDefaults)
            if (path == p.path) def = value;
        out.push_back({field, &p, def});
    }
    return out;
}

// {"iommu": {"mode": "strict"}, "cost.cqe_ns": 900} -> "iommu.mode", "cost.cqe_ns".
void flatten(const json& v, const std::string& prefix, std::vector<std::pair<std::string, const json*>>& out) {
    for (const auto& [key, value] : v.items()) {
        const std::string field = prefix.empty() ? key : prefix + "." + key;
        if (value.is_object()) flatten(value, field, out);
        else out.emplace_back(field, &value);
    }
}

std::string fieldList(const ModelSpec& m) {
    std::string s;
    std::vector<std::string> seen;
    for (const DeviceField& f : fieldsOf(m)) {
        const std::string top = f.field.substr(0, f.field.find('.'));
        if (std::find(seen.begin(), seen.end(), top) != seen.end()) continue;
        seen.push_back(top);
        s += (s.empty() ? "" : ", ") + top;
    }
    return s;
}

} // namespace

std::vector<std::string> deviceModels() {
    std::vector<std::string> out;
    for (const ModelSpec& m : models()) out.emplace_back(m.name);
    return out;
}

std::vector<DeviceField> deviceModelFields(const std::string& model) {
    const ModelSpec* m = findModel(model);
    return m ? fieldsOf(*m) : std::vector<DeviceField>{};
}

Result<std::vector<DevicePart>> readDeviceParts(const json& list, const PartNames& names, const std::string& source,
                                                int cpus) {
    std::vector<DevicePart> out;
    std::string known;
    for (const auto& n : deviceModels()) known += (known.empty() ? "" : ", ") + n;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& v = list[i];
        DevicePart d;
        d.name = v.at("name").get<std::string>(); // checked by PartNames::collect
        d.path = jsonPath("devices", i);
        if (names.has("sources", d.name))
            return Error{source, jsonPath("devices", i, "name"),
                         "the name '" + d.name + "' is also a source's; a task's submit names one of them"};
        auto model = v.find("model");
        if (model == v.end())
            return Error{source, jsonPath("devices", i, "model"), "missing; expected one of " + known};
        const ModelSpec* m = model->is_string() ? findModel(model->get<std::string>()) : nullptr;
        if (!m)
            return Error{source, jsonPath("devices", i, "model"),
                         "expected one of " + known + ", found " + describeValue(*model)};
        d.model = m->model;
        // The model's parameters on a scenario of their own: the tree's types,
        // ranges and defaults, on a machine with this one's CPUs.
        Scenario s;
        if (auto st = s.setJson("machine.cpus", cpus); !st) return st.error();
        std::vector<std::pair<std::string, const json*>> fields;
        json rest = v;
        rest.erase("name");
        rest.erase("model");
        flatten(rest, "", fields);
        std::vector<std::string> given;
        for (const auto& [field, value] : fields) {
            const std::string param = paramOf(*m, field);
            if (param.empty())
                return Error{source, jsonPath("devices", i, field),
                             std::string("not a field of an ") + m->name + " device; expected " + fieldList(*m)};
            if (auto st = s.setJson(param, *value); !st)
                return Error{source, jsonPath("devices", i, field), st.error().message};
            given.push_back(param);
        }
        for (const auto& [param, value] : m->partDefaults)
            if (std::find(given.begin(), given.end(), param) == given.end()) (void)s.setJson(param, value);
        switch (d.model) {
        case DevicePart::Model::Nvme:
            d.nvme = devices::readNvmeParams(s);
            d.smmu = devices::readSmmuParams(s);
            break;
        case DevicePart::Model::I915:
            d.i915 = devices::readI915Params(s);
            if (d.i915.irqCpu >= cpus)
                return Error{source, jsonPath("devices", i, "irq_cpu"),
                             "expected a CPU below machine.cpus (" + std::to_string(cpus) + "), found " +
                                 std::to_string(d.i915.irqCpu)};
            break;
        case DevicePart::Model::Panthor:
            d.panthor = devices::readPanthorParams(s);
            d.drmSched = devices::readDrmSchedParams(s);
            break;
        case DevicePart::Model::GicBench:
            d.gicBench = devices::readGicBenchParams(s);
            if (d.gicBench.cpu >= cpus)
                return Error{source, jsonPath("devices", i, "cpu"),
                             "expected a CPU below machine.cpus (" + std::to_string(cpus) + "), found " +
                                 std::to_string(d.gicBench.cpu)};
            break;
        }
        out.push_back(std::move(d));
    }
    // Every NVMe sits behind the machine's one SMMU: one command queue, one set of its costs.
    const DevicePart* firstNvme = nullptr;
    for (const DevicePart& d : out) {
        if (d.model != DevicePart::Model::Nvme) continue;
        if (!firstNvme) {
            firstNvme = &d;
            continue;
        }
        if (const std::string field = devices::cmdqMismatch(firstNvme->smmu, d.smmu); !field.empty())
            return Error{source, d.path + "." + field,
                         "the machine has one SMMU command queue, shared by every NVMe behind it; its cost "
                         "differs from " +
                             firstNvme->path + "'s"};
    }
    return out;
}

void installDeviceParts(kern::Machine& m, const std::vector<DevicePart>& parts, PartsRuntime& rt) {
    for (const DevicePart& d : parts) {
        std::shared_ptr<devices::DeviceInstance> inst;
        switch (d.model) {
        case DevicePart::Model::Nvme: inst = devices::placeNvme(m, d.nvme, d.smmu, {d.name}); break;
        case DevicePart::Model::I915: inst = devices::placeI915(m, d.i915, {d.name}); break;
        case DevicePart::Model::GicBench: inst = devices::placeGicBench(m, d.gicBench, {d.name}); break;
        case DevicePart::Model::Panthor: inst = devices::placePanthor(m, d.panthor, d.drmSched, {d.name}); break;
        }
        rt.devices[d.name] = inst.get(); // the machine keeps it alive
    }
}

} // namespace irqscope::parts
