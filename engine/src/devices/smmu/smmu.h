// An Arm SMMU between the devices and memory: how a DMA unmap invalidates the
// IOTLB (iommu.mode), through the machine's one shared command queue.
// The model is smmu_model.h; a device driver (nvme/) owns one.
#pragma once

#include "devices/device_params.h"

#include <string>
#include <vector>

namespace irqscope::devices {

struct SmmuParams {
    enum class Mode { Off, Strict, Lazy } mode = Mode::Off;
    Time directUnmapNs = 0;   // dma-direct, no IOMMU
    Time unmapNs = 0;         // io-pgtable unmap
    Time cmdqSyncNs = 0;      // the SMMU completes one TLBI + CMD_SYNC
    Time cmdqInsertNs = 0;    // cmpxchg on the shared prod index + writing the entries
    Time cmdqProdWriteNs = 0; // the owner's MMIO write of the prod register
    int lazyBatch = 1;
    Time lazyTimeoutNs = 0;
};

// The machine has one SMMU command queue, so devices behind it must agree on
// its costs: the first field that differs ("iommu.cost.cmdq_sync_ns"), or "".
std::string cmdqMismatch(const SmmuParams& a, const SmmuParams& b);

void appendSmmuParams(std::vector<ParamSpec>& v);
SmmuParams readSmmuParams(const Scenario& s);

} // namespace irqscope::devices
