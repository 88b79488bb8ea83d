#include "kernel/accounting.h"

#include "kernel/machine.h"

namespace irqscope::kern {

Accounting::Accounting(Machine& m)
    : q_(m.q()), cfg_(m.cfg()), sched_(m.sched()), cpus_(static_cast<std::size_t>(m.cpuCount())) {}

} // namespace irqscope::kern
