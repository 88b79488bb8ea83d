// The GIC raise/wait interrupt benchmark (Valentin Schneider's, from the
// "irqchip/irq-gic: Optimize masking by leveraging EOImode=1" thread): a
// thread sets an SPI pending and waits for its force-threaded handler.
#pragma once

#include "devices/device_params.h"

#include <vector>

namespace irqscope::devices {

struct GicBenchParams {
    bool enabled = false;
    int cpu = 1; // the bench thread, the IRQ and its thread
    Time handlerNs = 0;
};

void appendGicBenchParams(std::vector<ParamSpec>& v);
GicBenchParams readGicBenchParams(const Scenario& s);
std::optional<ParamProblem> checkGicBenchParams(const GicBenchParams& p, int cpus);

void installGicBench(kern::Machine& m, const GicBenchParams& p);

} // namespace irqscope::devices
