#include "devices/smmu/smmu_model.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::devices {

using namespace kern;

Smmu::Smmu(Machine& m, const SmmuParams& p)
    : p_(p), fqCount_(static_cast<std::size_t>(m.cpuCount()), 0),
      fqLastFlush_(static_cast<std::size_t>(m.cpuCount()), 0), sCmdq_(m.intern("arm_smmu_cmdq_issue_cmdlist")) {}

// Take the command queue: spin until it is free, then hold it for the
// CMD_SYNC. Interrupts are off throughout (local_irq_save in the driver).
Proc<void> Smmu::cmdqSync(Kctx& c) {
    const Time start = std::max(c.now(), cmdqFreeAt_);
    cmdqFreeAt_ = start + p_.cmdqSyncNs;
    const Label before = c.frame().label;
    c.label(before.kind, before.entity, sCmdq_);
    co_await c.work(start - c.now() + p_.cmdqSyncNs, kIrqsOff);
    c.label(before.kind, before.entity, before.detail);
}

Proc<void> Smmu::unmap(Kctx& c) {
    switch (p_.mode) {
    case SmmuParams::Mode::Off: co_await c.work(p_.directUnmapNs); break;
    case SmmuParams::Mode::Strict:
        co_await c.work(p_.unmapNs); // io-pgtable: clear the PTE
        co_await cmdqSync(c);        // TLBI VA + CMD_SYNC, strictly before the IOVA is freed
        break;
    case SmmuParams::Mode::Lazy: {
        co_await c.work(p_.unmapNs);
        const auto cpu = static_cast<std::size_t>(c.cpu().id);
        ++fqCount_[cpu]; // queue_iova(): freed after the next flush
        if (fqCount_[cpu] >= p_.lazyBatch || c.now() - fqLastFlush_[cpu] >= p_.lazyTimeoutNs) {
            fqCount_[cpu] = 0;
            fqLastFlush_[cpu] = c.now();
            co_await cmdqSync(c); // one TLBI ASID + CMD_SYNC for the whole batch
        }
        break;
    }
    }
}

} // namespace irqscope::devices
