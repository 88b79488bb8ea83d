// Kernel costs the scenario gave as distributions (Costs::irqExitDraw, from a
// ParamType::Distribution parameter). Each draws from its own random stream,
// named after its parameter (Machine::rng), so a drawn cost moves no other
// random number; a cost given as a plain duration draws nothing, and the run
// is the one it was before costs could be drawn.
#pragma once

#include "kernel/config.h"
#include "parts/distribution.h"
#include "sim/rng.h"

namespace irqscope::kern {

class DrawnCost {
public:
    DrawnCost(Time fixed, const parts::Distribution* dist, sim::Rng rng) : fixed_(fixed), dist_(dist), rng_(rng) {}
    Time next() { return dist_ ? dist_->sample(rng_) : fixed_; }

private:
    Time fixed_;
    const parts::Distribution* dist_; // owned by the machine's Config
    sim::Rng rng_;
};

struct CostDraws {
    DrawnCost irqExit;
};

} // namespace irqscope::kern
