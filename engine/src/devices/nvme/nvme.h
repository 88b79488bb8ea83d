// NVMe SSDs with one managed MSI-X vector per completion queue, driven by
// fio-like jobs; DMA unmaps go through the SMMU (smmu/).
#pragma once

#include "devices/device_params.h"
#include "devices/smmu/smmu.h"

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

} // namespace irqscope::devices
