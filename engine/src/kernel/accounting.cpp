#include "kernel/accounting.h"

#include "kernel/machine.h"

namespace irqscope::kern {

Accounting::Accounting(Machine& m) : q_(m.q()), cfg_(m.cfg()), sched_(m.sched()) {}

} // namespace irqscope::kern
