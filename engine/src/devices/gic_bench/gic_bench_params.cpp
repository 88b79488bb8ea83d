// Scenario parameters of the GIC benchmark (bench.*).
#include "devices/gic_bench/gic_bench.h"

namespace irqscope::devices {

void appendGicBenchParams(std::vector<ParamSpec>& v) {
    const std::string bench = "IRQ benchmark";
    v.push_back(boolean("bench.enabled", false, bench,
                        "Raise/wait benchmark: a thread sets an SPI pending and waits; a force-threaded ONESHOT "
                        "handler completes it."));
    v.push_back(
        integer("bench.cpu", 1, 0, 255, "", bench, "CPU the bench thread, the IRQ and its thread are pinned to."));
    v.push_back(duration("bench.handler_ns", 500, 0, 1 * kMsD, bench, "Threaded handler work (complete())."));
}

GicBenchParams readGicBenchParams(const Scenario& s) {
    GicBenchParams p;
    p.enabled = s.getBool("bench.enabled");
    p.cpu = static_cast<int>(s.getInt("bench.cpu"));
    p.handlerNs = s.getDuration("bench.handler_ns");
    return p;
}

std::optional<ParamProblem> checkGicBenchParams(const GicBenchParams& p, int cpus) {
    return p.enabled ? checkCpuExists("bench.cpu", p.cpu, cpus) : std::nullopt;
}

} // namespace irqscope::devices
