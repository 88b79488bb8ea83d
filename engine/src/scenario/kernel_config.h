// The kernel's typed configuration, read from a validated scenario.
#pragma once

#include "irqscope/scenario.h"
#include "kernel/config.h"

namespace irqscope {

kern::Config kernelConfig(const Scenario& s);

} // namespace irqscope
