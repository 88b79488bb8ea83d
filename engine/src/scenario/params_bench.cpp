// Scenario parameters of the bench model (see schema_params.cpp for the rest).
#include "schema_helpers.h"

namespace irqscope::detail {

void appendBenchParams(std::vector<ParamSpec>& v) {
    const std::string bench = "IRQ benchmark";
    v.push_back(boolean("bench.enabled", false, bench,
                        "Raise/wait benchmark: a thread sets an SPI pending and waits; a force-threaded ONESHOT "
                        "handler completes it."));
    v.push_back(
        integer("bench.cpu", 1, 0, 255, "", bench, "CPU the bench thread, the IRQ and its thread are pinned to."));
    v.push_back(duration("bench.handler_ns", 500, 0, 1 * kMsD, bench, "Threaded handler work (complete())."));
}

} // namespace irqscope::detail
