// Writing what a capture measured as scenario values: durations with a unit,
// costs as the empirical histograms of docs/scenarios.md, and a timer's period.
#pragma once

#include "irqscope/time.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace irqscope::twin {

// "850ns", "12.345us", "4.2ms": exact to the nanosecond below 1 ms, to 0.1 µs above.
std::string durationText(Time ns);

// The empirical distribution of the samples as {"empirical": [[value, weight], ...]}:
// the sorted samples cut into at most `maxBins` groups of equal count, each
// written as its mean, so the distribution's mean is the samples' mean. All
// samples equal: that duration. No sample: "0ns".
nlohmann::json empiricalCost(std::vector<Time> samples, std::size_t maxBins = 64);

// A heavy-tailed cost as {"empirical": ...} with its tail kept: the samples
// up to the `body` quantile cut into `bodyBins` groups of equal count, those
// above into log-spaced bins (20 a decade), each written as its mean with its
// count, so the mean and the rare long samples survive (equal-count bins
// alone would fold the last percent into one bin's mean).
nlohmann::json tailedCost(std::vector<Time> samples, std::size_t bodyBins = 32, double body = 0.9);

// Gaps as the "shuffle" arrival's [[gap, count], ...]: log-spaced bins, 20 a
// decade (each within 12 % of its samples), each written as its samples' mean
// with their count, so the gaps keep their sum (the capture's duration).
nlohmann::json shuffleGaps(const std::vector<Time>& gaps);

Time quantile(std::vector<Time> v, double q); // 0 for no sample
double meanOf(const std::vector<Time>& v);

// Whether wake-ups at `starts` come from a periodic timer (nine gaps in ten
// within a tenth of the median gap), and its period (the mean of those gaps).
bool periodicStarts(const std::vector<Time>& starts, Time& period);

} // namespace irqscope::twin
