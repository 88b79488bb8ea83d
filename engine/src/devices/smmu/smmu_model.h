// DMA unmap through the SMMU (drivers/iommu/dma-iommu.c, arm-smmu-v3.c):
//   off     dma-direct: a few loads and stores.
//   strict  io-pgtable unmap, then TLBI + CMD_SYNC on the SMMU's command
//           queue, of which the machine has ONE, shared by every CPU.
//           arm_smmu_cmdq_issue_cmdlist() (lock-free since v5.4, commit
//           587e6c10a7ce), with local IRQs saved throughout: (1) reserve
//           space with a cmpxchg on the shared producer index — one CPU at a
//           time gets the cache line (iommu.cost.cmdq_insert_ns); the CPU
//           that finds no owner becomes the owner, later ones are gathered
//           into its batch; (2)-(3) write TLBI + its own CMD_SYNC, mark them
//           valid; (4) the owner waits for the previous owner, closes the
//           batch, writes the hardware prod register once for everyone
//           (iommu.cost.cmdq_prod_write_ns); (5) every CPU polls until the
//           SMMU has consumed its own CMD_SYNC. The SMMU completes the
//           TLBI + CMD_SYNC pairs one after another, iommu.cost.cmdq_sync_ns
//           each.
//   lazy    io-pgtable unmap; the IOVA goes on this CPU's flush queue, and
//           the IOTLB is invalidated once per iommu.lazy_batch entries (or
//           when iommu.lazy_timeout_ns has passed), with one CMD_SYNC.
#pragma once

#include "devices/smmu/smmu.h"
#include "kernel/kctx.h"

#include <vector>

namespace irqscope::devices {

// The SMMU's one command queue: hardware every device behind the SMMU
// shares (Machine::platform()), so their unmaps wait for each other. Its
// costs are the first device's (the scenario checks that they agree).
class SmmuCmdq {
public:
    SmmuCmdq(kern::Machine& m, const SmmuParams& p);
    // arm_smmu_cmdq_issue_cmdlist(): one TLBI + CMD_SYNC, polled IRQs off.
    // One piece of work whose length is known when it starts: an awaiter,
    // not a coroutine (no frame made and freed per unmap).
    struct [[nodiscard]] SyncAwaiter {
        SmmuCmdq& q;
        kern::Kctx& c;
        kern::Label before{};
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) noexcept;
        void await_resume() noexcept { c.label(before.kind, before.entity, before.detail); }
    };
    SyncAwaiter sync(kern::Kctx& c) { return SyncAwaiter{*this, c}; }

private:
    // Reserves the slot, decides when the SMMU consumes the CMD_SYNC and
    // starts the poll (the label it replaces in before).
    void issue(kern::Kctx& c, std::coroutine_handle<> h, kern::Label& before);

    SmmuParams p_;
    Time llqFreeAt_ = 0;               // the prod cache line is free from then (cmpxchg)
    Time batchCloseAt_ = -1;           // the current owner closes its batch then (-1: no owner)
    Time batchPublishAt_ = 0;          // ... and the batch reaches the SMMU then
    Time hwFreeAt_ = 0;                // the SMMU has completed every published pair by then
    std::uint64_t* batches_ = nullptr; // counter: prod writes
    std::uint64_t* syncs_ = nullptr;   // counter: CMD_SYNCs
    StringId sCmdq_ = kNoString;
};

// One device's DMA domain: its unmaps by iommu.mode (a domain's own type,
// strict or lazy flush queue: drivers/iommu/iommu.c iommu_group_store_type()),
// through the machine's shared command queue.
class Smmu {
public:
    Smmu(kern::Machine& m, const SmmuParams& p);
    // dma_unmap_page() of one buffer, in the caller's context, as
    // __iommu_dma_unmap() (drivers/iommu/dma-iommu.c, 6.12) takes it:
    //     co_await smmu.unmapFast(c);                    // iommu_unmap_fast()
    //     if (smmu.syncNow(c)) co_await smmu.sync(c);    // iommu_iotlb_sync() / the flush queue's flush
    // Awaiters, not a coroutine: no frame is made and freed per unmap.
    kern::Kctx::WorkAwaiter unmapFast(kern::Kctx& c) const {
        return c.work(p_.mode == SmmuParams::Mode::Off ? p_.directUnmapNs : p_.unmapNs);
    }
    // After unmapFast(): whether a TLBI + CMD_SYNC is due now (strict: every
    // unmap; lazy: queue_iova() filled this CPU's flush queue or its timeout
    // passed; off: never).
    bool syncNow(kern::Kctx& c);
    SmmuCmdq::SyncAwaiter sync(kern::Kctx& c) { return cmdq_.sync(c); }

private:
    SmmuParams p_;
    SmmuCmdq& cmdq_;
    std::vector<int> fqCount_;      // lazy: per-CPU flush queue entries
    std::vector<Time> fqLastFlush_; // lazy: per-CPU last flush
};

} // namespace irqscope::devices
