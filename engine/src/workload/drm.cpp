// The drm model: installed when its section of the scenario is enabled.
#include "workload/install.h"

namespace irqscope::work {
void installDrm(kern::Machine&) {}
} // namespace irqscope::work
