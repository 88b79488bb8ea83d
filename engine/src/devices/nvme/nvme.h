// NVMe SSDs with one managed MSI-X vector per completion queue, driven by
// fio-like jobs; DMA unmaps go through the SMMU (smmu/).
#pragma once

#include "devices/device_instance.h"
#include "devices/device_params.h"
#include "devices/smmu/smmu.h"

#include <memory>
#include <vector>

namespace irqscope::devices {

struct NvmeParams {
    bool enabled = false;
    int devices = 2;
    int queues = 16;            // completion queues per device
    bool threaded = false;      // nvme.completion=threaded: drain in the IRQ thread
    bool managedThread = false; // nvme.thread_affinity=managed: the thread may use the whole managed mask
    Time serviceNs = 0;         // device time of one 4 KiB read
    std::int64_t maxIops = 1;   // per device
    Time cqeNs = 0, submitNs = 0, checkNs = 0;
    int fioJobs = 0, fioIodepth = 1, fioBatch = 1;
};

void appendNvmeParams(std::vector<ParamSpec>& v);
NvmeParams readNvmeParams(const Scenario& s);

void installNvme(kern::Machine& m, const NvmeParams& p, const SmmuParams& smmu);

// One NVMe controller placed as the part `naming.name` (p.devices and
// p.enabled are not read): queues "<name>q1".., LPIs from the first free
// INTID, its own SMMU, series clat/<name> and iops/<name>, fio jobs
// "<name>/fio/i". Tasks submit reads to it (DeviceInstance::submit).
std::shared_ptr<DeviceInstance> placeNvme(kern::Machine& m, const NvmeParams& p, const SmmuParams& smmu,
                                          const InstanceNaming& naming);

} // namespace irqscope::devices
