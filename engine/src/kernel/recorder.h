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

    // A wait has begun (a probe's timer is armed, an I/O is submitted): if the
    // run ends before closeWait(key), `series` gets a sample of (end - since),
    // so a starved probe shows up instead of vanishing from the statistics.
    void openWait(const std::string& key, const std::string& series, Time since) { openWaits_[key] = {series, since}; }
    void closeWait(const std::string& key) { openWaits_.erase(key); }
    // At the end of the run: every wait still open, as a sample of its series.
    void closeOpenWaits(Time end) {
        for (auto& [key, wait] : openWaits_)
            if (wait.second < end) latency[wait.first].add(end - wait.second);
        openWaits_.clear();
    }

private:
    std::map<std::string, std::pair<std::string, Time>> openWaits_; // key -> (series, since)
};

} // namespace irqscope::kern
