// Workloads and devices: each installer reads its section of the scenario and,
// when enabled, creates its tasks, interrupt lines and handlers on the machine.
// None of them knows which preset is running.
#pragma once

#include "kernel/machine.h"

namespace irqscope::work {

void installHogs(kern::Machine& m);
void installProbes(kern::Machine& m);
void installNet(kern::Machine& m);
void installGpu(kern::Machine& m);
void installNvme(kern::Machine& m);
void installDrm(kern::Machine& m);
void installBench(kern::Machine& m);

inline void installAll(kern::Machine& m) {
    installHogs(m);
    installProbes(m);
    installNet(m);
    installGpu(m);
    installNvme(m);
    installDrm(m);
    installBench(m);
}

} // namespace irqscope::work
