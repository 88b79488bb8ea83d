#include "hw/gic.h"

#include <algorithm>
#include <cassert>
#include <memory>

namespace irqscope::hw {

IrqLine& Gic::addLine(IntType type, int intid, int cpu, std::string name) {
    auto l = std::make_unique<IrqLine>();
    l->type = type;
    l->intid = intid;
    l->cpu = cpu;
    l->name = std::move(name);
    l->index = static_cast<std::uint32_t>(lines_.size());
    IrqLine& ref = *l;
    lines_.push_back(std::move(l));
    auto& v = perCpu_[static_cast<std::size_t>(cpu)];
    v.insert(std::upper_bound(v.begin(), v.end(), &ref,
                              [](const IrqLine* a, const IrqLine* b) { return a->intid < b->intid; }),
             &ref);
    return ref;
}

namespace {
bool deliverable(const IrqLine& l) {
    return l.pending && l.enabled && !(l.active && l.type != IntType::LPI);
}
} // namespace

// The lowest INTID among the deliverable lines (equal priority); lines of one
// INTID in the order they were added, as perCpu_ keeps them.
IrqLine* Gic::firstDeliverable(const CpuIf& ci, std::size_t cpu) const {
    if (ci.pendingCount > kListed) {
        for (IrqLine* l : perCpu_[cpu])
            if (deliverable(*l)) return l;
        return nullptr;
    }
    IrqLine* best = nullptr;
    for (std::uint32_t i = 0; i < ci.pendingCount; ++i) {
        IrqLine* l = ci.pending[i];
        if (!deliverable(*l)) continue;
        if (!best || l->intid < best->intid || (l->intid == best->intid && l->index < best->index)) best = l;
    }
    return best;
}

void Gic::acknowledge(int cpu, IrqLine& l) {
    // counted here, where pending ends: raised = handled + merged + pending at every instant
    ++l.handled;
    l.pending = false;
    CpuIf& owner = cpuIf_[static_cast<std::size_t>(l.cpu)];
    if (owner.pendingCount <= kListed) {
        auto* end = owner.pending.begin() + owner.pendingCount;
        auto* it = std::find(owner.pending.begin(), end, &l);
        assert(it != end && "an acknowledged line is pending, so listed");
        *it = *(end - 1);
        --owner.pendingCount;
    } else if (--owner.pendingCount == kListed) {
        // Back within the list: list the lines still pending again.
        std::uint32_t n = 0;
        for (IrqLine* p : perCpu_[static_cast<std::size_t>(l.cpu)])
            if (p->pending) owner.pending[n++] = p;
    }
    if (l.type != IntType::LPI) l.active = true;
    ++cpuIf_[static_cast<std::size_t>(cpu)].busyPrio;
}

} // namespace irqscope::hw
