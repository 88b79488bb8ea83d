// "devices": built-in device models placed as named parts, each with its own
// parameters, beside the user's tasks:
//
//   {"name": "ssd0", "model": "nvme", "queues": 4, "iommu": {"mode": "strict"}}
//
// A device part's fields are the model's parameters from the parameter tree
// without their prefix (nvme.queues -> "queues", gpu.bottom_half ->
// "bottom_half"), plus the parameters of what the model owns under their own
// group (an NVMe controller's SMMU: "iommu": {...}; its fio-like jobs:
// "fio": {...}); nested objects or dotted keys, as in the tree. Each field is
// typed, ranged and defaulted by the same table as the tree (Schema), and an
// error names the part's JSON path ("devices[0].queues"). What a part
// defaults differently: no built-in workload (fio.jobs 0, gpu.submitters 0),
// since its users are the scenario's tasks.
//
// A task's {"submit": "<device>"} event sends one request to the instance and
// sleeps until the device's completion interrupt, through the model's own IRQ
// path, wakes it (DeviceInstance::submit()).
#pragma once

#include "devices/gic_bench/gic_bench.h"
#include "devices/i915/i915.h"
#include "devices/nvme/nvme.h"
#include "devices/panthor/panthor.h"
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

struct DevicePart {
    enum class Model : std::uint8_t { Nvme, I915, GicBench, Panthor } model = Model::Nvme;
    std::string name;
    std::string path; // "devices[0]"
    devices::NvmeParams nvme;
    devices::SmmuParams smmu;
    devices::I915Params i915;
    devices::GicBenchParams gicBench;
    devices::PanthorParams panthor;
    devices::DrmSchedParams drmSched;
};

// A field of a device model: its name in a part ("queues", "iommu.mode") and
// the parameter it stands for ("nvme.queues"). For the editor schema and docs.
struct DeviceField {
    std::string field;
    const ParamSpec* spec = nullptr;
    nlohmann::json partDefault; // the default in a part (the parameter's, or the part's own)
};
// The models a part may name ("nvme", "i915") and their fields.
std::vector<std::string> deviceModels();
std::vector<DeviceField> deviceModelFields(const std::string& model);

Result<std::vector<DevicePart>> readDeviceParts(const nlohmann::json& list, const PartNames& names,
                                                const std::string& source, int cpus);
void installDeviceParts(kern::Machine& m, const std::vector<DevicePart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
