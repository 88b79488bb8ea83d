// The device models and workloads, each in its own folder with its scenario
// parameters, its typed parameter struct and its model:
//   load/       CPU hogs and latency probes (cyclictest / gem_syslatency)
//   nic/        the introductory network card (NET_RX, a receiver, a kworker)
//   i915/       an i915 GPU driven through execlists
//   nvme/       NVMe SSDs with fio-like jobs, unmapping through...
//   smmu/       ...the SMMU's one shared command queue
//   drm_sched/  the DRM GPU scheduler (run_job / free_job work)
//   panthor/    a panthor-like GPU and the frame submitter feeding it
//   gic_bench/  the raise/wait GIC interrupt benchmark
// Parameters are read from the Scenario once, here; device code reads plain
// fields and reaches the kernel only through Machine's public calls. None of
// them knows which preset is running.
#pragma once

#include "devices/drm_sched/drm_sched.h"
#include "devices/gic_bench/gic_bench.h"
#include "devices/i915/i915.h"
#include "devices/load/load.h"
#include "devices/nic/nic.h"
#include "devices/nvme/nvme.h"
#include "devices/panthor/panthor.h"
#include "devices/smmu/smmu.h"

#include <optional>
#include <string>
#include <vector>

namespace irqscope::devices {

struct DeviceParams {
    HogParams hogs;
    ProbeParams probes;
    NicParams nic;
    I915Params i915;
    NvmeParams nvme;
    SmmuParams smmu;
    DrmSchedParams drmSched;
    PanthorParams panthor;
    GicBenchParams gicBench;
};

// Every device's parameter specs, in the order the knob panel shows them.
void appendDeviceParams(std::vector<ParamSpec>& v);

DeviceParams readDeviceParams(const Scenario& s);

// Checks between a device's parameters and the machine (Scenario::validate).
std::optional<ParamProblem> checkDeviceParams(const DeviceParams& p, int cpus);

// An SPI a device of the tree is wired to (a fixed INTID), and the parameter
// that turns the device on: a source's own "intid" may not take it.
struct WiredSpi {
    int intid = 0;
    const char* param = "";
    const char* device = "";
};
std::vector<WiredSpi> wiredSpis(const DeviceParams& p);

// Creates every enabled device on the machine. The order is fixed: it decides
// the order of tasks, lines and events, so a run stays the same run.
void installDevices(kern::Machine& m, const DeviceParams& p);

} // namespace irqscope::devices
