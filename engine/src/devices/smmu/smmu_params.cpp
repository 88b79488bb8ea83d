// Scenario parameters of the SMMU (iommu.*).
#include "devices/smmu/smmu.h"

namespace irqscope::devices {

void appendSmmuParams(std::vector<ParamSpec>& v) {
    const std::string iommu = "IOMMU";
    v.push_back(
        choice("iommu.mode", "off", {"off", "strict", "lazy"}, iommu,
               "DMA unmap: no IOMMU, strict (invalidate + sync on every unmap) or lazy (batched flush queue)."));
    v.push_back(duration("iommu.cost.direct_unmap_ns", 100, 0, 100 * kUsD, iommu, "dma-direct unmap (no IOMMU)."));
    v.push_back(
        duration("iommu.cost.unmap_ns", 400, 0, 100 * kUsD, iommu, "IOMMU page-table unmap (strict and lazy)."));
    v.push_back(duration("iommu.cost.cmdq_sync_ns", 800, 0, 1 * kMsD, iommu,
                         "SMMU time to complete one TLBI + CMD_SYNC pair; pairs complete one after another. "
                         "ESTIMATE."));
    v.push_back(duration("iommu.cost.cmdq_insert_ns", 100, 0, 100 * kUsD, iommu,
                         "Reserving command-queue space: cmpxchg on the shared producer index and writing the "
                         "entries; one CPU at a time."));
    v.push_back(duration("iommu.cost.cmdq_prod_write_ns", 300, 0, 100 * kUsD, iommu,
                         "The batch owner's MMIO write of the command-queue prod register, once per batch."));
    v.push_back(integer("iommu.lazy_batch", 256, 1, 65536, "entries", iommu,
                        "Lazy: flush queue entries before a global invalidate."));
    v.push_back(
        duration("iommu.lazy_timeout_ns", 10 * kMsD, 1 * kUsD, 1 * kSD, iommu, "Lazy: flush at least this often."));
}

std::string cmdqMismatch(const SmmuParams& a, const SmmuParams& b) {
    if (a.cmdqSyncNs != b.cmdqSyncNs) return "iommu.cost.cmdq_sync_ns";
    if (a.cmdqInsertNs != b.cmdqInsertNs) return "iommu.cost.cmdq_insert_ns";
    if (a.cmdqProdWriteNs != b.cmdqProdWriteNs) return "iommu.cost.cmdq_prod_write_ns";
    return "";
}

SmmuParams readSmmuParams(const Scenario& s) {
    SmmuParams p;
    const std::string mode = s.getString("iommu.mode");
    p.mode = mode == "strict" ? SmmuParams::Mode::Strict
             : mode == "lazy" ? SmmuParams::Mode::Lazy
                              : SmmuParams::Mode::Off;
    p.directUnmapNs = s.getDuration("iommu.cost.direct_unmap_ns");
    p.unmapNs = s.getDuration("iommu.cost.unmap_ns");
    p.cmdqSyncNs = s.getDuration("iommu.cost.cmdq_sync_ns");
    p.cmdqInsertNs = s.getDuration("iommu.cost.cmdq_insert_ns");
    p.cmdqProdWriteNs = s.getDuration("iommu.cost.cmdq_prod_write_ns");
    p.lazyBatch = static_cast<int>(s.getInt("iommu.lazy_batch"));
    p.lazyTimeoutNs = s.getDuration("iommu.lazy_timeout_ns");
    return p;
}

} // namespace irqscope::devices
