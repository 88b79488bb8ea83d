// The CSV a sweep writes, shared by `sweep` and `merge` so that a sweep run in
// shards and merged is byte-for-byte the sweep run in one process (but for
// the wall-clock column). Columns:
//   run     index of the combination in the cross product (0-based; the first
//           --vary changes slowest), the row's identity
//   runs    how many combinations the whole sweep has (merge checks all are there)
//   sweep   a fingerprint of scenario, axes and options: shards of different
//           sweeps are not merged
//   <each --vary path>, error, then the union of the metric columns, sorted.
#pragma once

#include "irqscope/metrics.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace irqscope::cli {

inline constexpr int kSweepFixedColumns = 3; // run, runs, sweep

struct SweepRow {
    std::size_t run = 0;
    std::vector<std::string> values; // one per axis
    std::string error;               // empty when the run succeeded
    std::map<std::string, std::string> metrics;
};

// The metric columns of one finished run, by name.
std::map<std::string, std::string> metricColumns(const Metrics& m);

// Rows in the order given (callers sort by run).
std::string sweepCsv(const std::vector<std::string>& axes, std::size_t runs, const std::string& sweepId,
                     const std::vector<SweepRow>& rows);

// 16 hex digits (FNV-1a 64) of the text that defines the sweep.
std::string sweepFingerprint(const std::string& definition);

} // namespace irqscope::cli
