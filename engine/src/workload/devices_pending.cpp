// Device installers whose models live in their own files once written.
#include "workload/install.h"

namespace irqscope::work {
void installGpu(kern::Machine&) {}
void installNvme(kern::Machine&) {}
void installDrm(kern::Machine&) {}
void installBench(kern::Machine&) {}
} // namespace irqscope::work
