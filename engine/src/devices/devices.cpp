#include "devices/devices.h"

#include "devices/gic_bench/gic_bench.h"
#include "devices/i915/i915.h"
#include "devices/load/load.h"
#include "devices/nic/nic.h"
#include "devices/nvme/nvme.h"
#include "devices/panthor/panthor.h"
#include "kernel/machine.h"

#include <set>

namespace irqscope::devices {

void appendDeviceParams(std::vector<ParamSpec>& v) {
    appendNicParams(v);
    appendI915Params(v);
    appendNvmeParams(v);
    appendSmmuParams(v);
    appendDrmSchedParams(v);
    appendPanthorParams(v);
    appendGicBenchParams(v);
    appendLoadParams(v);
}

DeviceParams readDeviceParams(const Scenario& s) {
    DeviceParams p;
    p.hogs = readHogParams(s);
    p.probes = readProbeParams(s);
    p.nic = readNicParams(s);
    p.i915 = readI915Params(s);
    p.nvme = readNvmeParams(s);
    p.smmu = readSmmuParams(s);
    p.drmSched = readDrmSchedParams(s);
    p.panthor = readPanthorParams(s);
    p.gicBench = readGicBenchParams(s);
    return p;
}

std::optional<ParamProblem> checkDeviceParams(const DeviceParams& p, int cpus) {
    if (auto problem = checkI915Params(p.i915, cpus)) return problem;
    if (auto problem = checkGicBenchParams(p.gicBench, cpus)) return problem;
    return checkNicParams(p.nic, cpus);
}

int freeIntid(const kern::Machine& m, bool lpi) {
    std::set<int> used;
    for (const auto& l : m.gic().lines()) used.insert(l->intid);
    int id = lpi ? 8192 : 96;
    while (used.contains(id)) ++id;
    return id;
}

std::vector<WiredSpi> wiredSpis(const DeviceParams& p) {
    std::vector<WiredSpi> v;
    if (p.nic.enabled) v.push_back({kNicIntid, "net.enabled", "the network card"});
    if (p.i915.enabled) v.push_back({kGpuIntid, "gpu.enabled", "the i915 GPU"});
    if (p.panthor.submitter.enabled) v.push_back({kJobIntid, "submitter.enabled", "the panthor GPU's job IRQ"});
    if (p.gicBench.enabled) v.push_back({kBenchIntid, "bench.enabled", "the GIC benchmark"});
    return v;
}

void installDevices(kern::Machine& m, const DeviceParams& p) {
    installHogs(m, p.hogs);
    installProbes(m, p.probes);
    installNic(m, p.nic);
    installI915(m, p.i915);
    installNvme(m, p.nvme, p.smmu);
    installPanthor(m, p.panthor, p.drmSched);
    installGicBench(m, p.gicBench);
}

} // namespace irqscope::devices
