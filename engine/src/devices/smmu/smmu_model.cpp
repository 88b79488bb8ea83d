#include "devices/smmu/smmu_model.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::devices {

using namespace kern;

SmmuCmdq::SmmuCmdq(Machine& m, const SmmuParams& p) : p_(p), sCmdq_(m.intern("arm_smmu_cmdq_issue_cmdlist")) {
    batches_ = &m.rec().counters["cmdq_batches"];
    syncs_ = &m.rec().counters["cmdq_syncs"];
}

Smmu::Smmu(Machine& m, const SmmuParams& p)
    : p_(p), cmdq_(m.platform<SmmuCmdq>(m, p)), fqCount_(static_cast<std::size_t>(m.cpuCount()), 0),
      fqLastFlush_(static_cast<std::size_t>(m.cpuCount()), 0) {}

void SmmuCmdq::SyncAwaiter::await_suspend(std::coroutine_handle<> h) noexcept {
    q.issue(c, h, before);
}

// arm_smmu_cmdq_issue_cmdlist(cmds = one TLBI, sync = true). The times are
// decided when the CPU reserves its slot: insertions are serialised on the
// producer index, batches are published in owner order, and the SMMU
// completes pairs in queue order, so nothing that happens later can change
// them. Interrupts are off throughout (local_irq_save in the driver).
void SmmuCmdq::issue(Kctx& c, std::coroutine_handle<> h, Label& before) {
    const Time now = c.now();
    // 1. cmpxchg on cmdq->q.llq: one CPU at a time
    const Time reserved = std::max(now, llqFreeAt_) + p_.cmdqInsertNs;
    llqFreeAt_ = reserved;
    // owner = !(llq.prod & CMDQ_PROD_OWNED_FLAG): gathered while the current owner has not closed its batch
    if (batchCloseAt_ < 0 || reserved > batchCloseAt_) {
        // 4a-e. wait for the previous owner, close the batch, write prod
        batchCloseAt_ = std::max(reserved, batchPublishAt_);
        batchPublishAt_ = batchCloseAt_ + p_.cmdqProdWriteNs;
        ++*batches_;
    }
    // the SMMU consumes this CPU's TLBI + CMD_SYNC after everything before it
    const Time done = std::max(hwFreeAt_, batchPublishAt_) + p_.cmdqSyncNs;
    hwFreeAt_ = done;
    ++*syncs_;
    before = c.frame().label; // shown again when the poll ends (SyncAwaiter::await_resume)
    c.label(before.kind, before.entity, sCmdq_);
    c.work(done - now, kIrqsOff).await_suspend(h); // 5. poll until our CMD_SYNC is consumed
}

bool Smmu::syncNow(Kctx& c) {
    switch (p_.mode) {
    case SmmuParams::Mode::Off: return false;   // dma-direct: no IOTLB
    case SmmuParams::Mode::Strict: return true; // TLBI VA + CMD_SYNC, strictly before the IOVA is freed
    case SmmuParams::Mode::Lazy: {
        const auto cpu = static_cast<std::size_t>(c.cpu().id);
        ++fqCount_[cpu]; // queue_iova(): freed after the next flush
        if (fqCount_[cpu] < p_.lazyBatch && c.now() - fqLastFlush_[cpu] < p_.lazyTimeoutNs) return false;
        fqCount_[cpu] = 0;
        fqLastFlush_[cpu] = c.now();
        return true; // one TLBI ASID + CMD_SYNC for the whole batch
    }
    }
    return false;
}

} // namespace irqscope::devices
