// The bench model: installed when its section of the scenario is enabled.
#include "workload/install.h"

namespace irqscope::work {
void installBench(kern::Machine&) {}
} // namespace irqscope::work
