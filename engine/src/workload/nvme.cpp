// The nvme model: installed when its section of the scenario is enabled.
#include "workload/install.h"

namespace irqscope::work {
void installNvme(kern::Machine&) {}
} // namespace irqscope::work
