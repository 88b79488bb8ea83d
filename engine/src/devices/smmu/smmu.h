// An Arm SMMU between the devices and memory: how a DMA unmap invalidates the
// IOTLB (iommu.mode), through the machine's one shared command queue.
// The model is smmu_model.h; a device driver (nvme/) owns one.
#pragma once

#include "devices/device_params.h"

#include <vector>

namespace irqscope::devices {

struct SmmuParams {
    enum class Mode { Off, Strict, Lazy } mode = Mode::Off;
    Time directUnmapNs = 0; // dma-direct, no IOMMU
    Time unmapNs = 0;       // io-pgtable unmap
    Time cmdqSyncNs = 0;    // TLBI + CMD_SYNC: how long one invalidation holds the command queue
    int lazyBatch = 1;
    Time lazyTimeoutNs = 0;
};

void appendSmmuParams(std::vector<ParamSpec>& v);
SmmuParams readSmmuParams(const Scenario& s);

} // namespace irqscope::devices
