// Kernel costs the scenario may give as distributions (Costs' DrawableCost
// fields, from ParamType::Distribution parameters). Each draws from its own random stream,
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
    DrawnCost(const DrawableCost& cost, sim::Rng rng) : cost_(&cost), rng_(rng) {}
    Time next() { return cost_->dist ? cost_->dist->sample(rng_) : cost_->fixed; }

private:
    const DrawableCost* cost_; // in the machine's Config
    sim::Rng rng_;
};

struct CostDraws {
    DrawnCost irqExit;     // at every hardirq's exit (GenIrq::entry())
    DrawnCost reschedExit; // at an interrupt's exit that reschedules (Exec::returnPath())
};

} // namespace irqscope::kern
