// DMA unmap through the SMMU (drivers/iommu/dma-iommu.c, arm-smmu-v3.c):
//   off     dma-direct: a few loads and stores.
//   strict  io-pgtable unmap, then TLBI + CMD_SYNC on the SMMU's command
//           queue, of which the machine has ONE, shared by every CPU. A CPU
//           that finds it busy spins (arm_smmu_cmdq_issue_cmdlist() runs with
//           local IRQs saved) until its turn, then holds it for cmdq_sync_ns:
//           a ticket-ordered, contended resource.
//   lazy    io-pgtable unmap; the IOVA goes on this CPU's flush queue, and
//           the IOTLB is invalidated once per iommu.lazy_batch entries (or
//           when iommu.lazy_timeout_ns has passed), with one CMD_SYNC.
#pragma once

#include "devices/smmu/smmu.h"
#include "kernel/kctx.h"

#include <vector>

namespace irqscope::devices {

class Smmu {
public:
    Smmu(kern::Machine& m, const SmmuParams& p);
    // dma_unmap_page() of one buffer, in the caller's context.
    kern::Proc<void> unmap(kern::Kctx& c);

private:
    kern::Proc<void> cmdqSync(kern::Kctx& c);

    SmmuParams p_;
    Time cmdqFreeAt_ = 0;           // the command queue is busy until then
    std::vector<int> fqCount_;      // lazy: per-CPU flush queue entries
    std::vector<Time> fqLastFlush_; // lazy: per-CPU last flush
    StringId sCmdq_ = kNoString;
};

} // namespace irqscope::devices
