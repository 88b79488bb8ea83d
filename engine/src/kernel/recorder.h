// What devices and workloads measure: named latency series and throughput
// counters, reported in the run's metrics.
#pragma once

#include "irqscope/metrics.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace irqscope::kern {

struct Recorder {
    std::map<std::string, LatencyHistogram> latency;
    std::map<std::string, std::uint64_t> counters;
    // Waits still open at the end of the run (a probe that never got the CPU):
    // key -> (series, since). The end of the run adds them as samples of
    // (end - since), so a starved probe shows up instead of vanishing from the
    // statistics.
    std::map<std::string, std::pair<std::string, Time>> openWaits;
};

} // namespace irqscope::kern
