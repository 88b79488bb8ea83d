// Workloads and devices: each installer reads its section of the scenario and,
// when enabled, creates its tasks, interrupt lines and handlers on the machine.
// None of them knows which preset is running.
#pragma once

#include "irqscope/scenario.h"
#include "kernel/machine.h"

namespace irqscope::work {

void installHogs(kern::Machine& m, const Scenario& s);
void installProbes(kern::Machine& m, const Scenario& s);
void installNet(kern::Machine& m, const Scenario& s);
void installGpu(kern::Machine& m, const Scenario& s);
void installNvme(kern::Machine& m, const Scenario& s);
void installDrm(kern::Machine& m, const Scenario& s);
void installBench(kern::Machine& m, const Scenario& s);

inline void installAll(kern::Machine& m, const Scenario& s) {
    installHogs(m, s);
    installProbes(m, s);
    installNet(m, s);
    installGpu(m, s);
    installNvme(m, s);
    installDrm(m, s);
    installBench(m, s);
}

} // namespace irqscope::work
