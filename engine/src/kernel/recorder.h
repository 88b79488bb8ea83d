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

    // A wait that may be open when the run ends (a probe's timer is armed, an
    // I/O is submitted): if the run ends while it is open, `series` gets a
    // sample of (end - since), so a starved probe shows up instead of
    // vanishing from the statistics. Made once per key (map nodes do not
    // move); opening and closing it is then two stores, not a lookup by name.
    struct Wait {
        std::string series;
        Time since = 0;
        bool open = false;
        void start(Time t) { since = t, open = true; }
        void stop() { open = false; }
    };
    Wait& wait(const std::string& key, const std::string& series) {
        Wait& w = waits_[key];
        w.series = series;
        return w;
    }
    // At the end of the run: every wait still open, in the order of its key,
    // as a sample of its series.
    void closeOpenWaits(Time end) {
        for (auto& [key, w] : waits_)
            if (w.open && w.since < end) latency[w.series].add(end - w.since);
        for (auto& [key, w] : waits_) w.open = false;
    }

private:
    std::map<std::string, Wait> waits_; // by key
};

} // namespace irqscope::kern
