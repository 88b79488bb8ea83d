#include "kernel/config.h"

#include <algorithm>
#include <bit>

namespace irqscope::kern {

int Config::schedScale() const {
    unsigned n = static_cast<unsigned>(std::min(cpus, 8));
    return 1 + static_cast<int>(std::bit_width(n) - 1);
}

// drivers/irqchip/irq-gic-v3.c: before v5.19 gic_poke_irq() polled
// GICD_CTLR.RWP (gic_dist_wait_for_rwp / gic_redist_wait_for_rwp) after every
// write, mask, unmask and set-pending alike. Commit 63f13483f068
// ("irqchip/gic-v3: Relax polling of GIC{R,D}_CTLR.RWP", v5.19) keeps the poll
// only in gic_mask_irq(): RWP tracks clear-enable writes, not the others. The
// poll is a GICD_CTLR read even when RWP is already clear, so it costs the same
// wherever it is done.
Time Config::distWriteCost(DistWrite w) const {
    const bool poll = w == DistWrite::ClearEnable || rwpPollEveryWrite;
    return cost.distWrite + (poll ? cost.rwpWait : 0);
}

} // namespace irqscope::kern
