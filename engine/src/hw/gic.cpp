#include "hw/gic.h"

#include <algorithm>
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

IrqLine* Gic::firstDeliverable(std::size_t cpu) const {
    for (IrqLine* l : perCpu_[cpu]) {
        if (!l->pending || !l->enabled) continue;
        if (l->active && l->type != IntType::LPI) continue;
        return l;
    }
    return nullptr;
}

void Gic::acknowledge(int cpu, IrqLine& l) {
    // counted here, where pending ends: raised = handled + merged + pending at every instant
    ++l.handled;
    l.pending = false;
    --pendingOn_[static_cast<std::size_t>(l.cpu)];
    if (l.type != IntType::LPI) l.active = true;
    ++cpuBusyPrio_[static_cast<std::size_t>(cpu)];
}

} // namespace irqscope::hw
