// Writing what a run produced: metrics JSON, the trace, a timeline image.
#pragma once

#include "irqscope/engine.h"
#include "irqscope/metrics.h"
#include "irqscope/scenario.h"
#include "irqscope/state_log.h"
#include "irqscope/trace.h"
#include "table.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace irqscope::cli {

class Args;

// The output flags of run and import (--metrics, --trace, --image): each at
// most once, and no two naming the same file; checked before anything runs.
struct OutputPaths {
    std::string metrics, trace, image;
    std::string imagePreset; // --image-preset paper|slide (empty: 1600 x 900 px)
    bool any() const { return !metrics.empty() || !trace.empty() || !image.empty(); }
    // Takes the value of `flag` if it is an output flag; false if it is not one.
    bool take(const std::string& flag, Args& args);
    // Throws UsageError for a bad image name, a directory, two flags naming one file.
    void check() const;
};

// "-" means standard output. Each returns 0 or 1 (after printing why).
// FILE.csv: the metrics in long format (run, metric, value); else JSON.
int writeMetrics(const Metrics& m, const std::string& path);
// FILE.pftrace (.perfetto-trace, .pb): Perfetto protobuf, with counters from
// `log` when given; else Chrome trace JSON.
int writeTrace(const Trace& t, const StateLog* log, const std::string& path);
bool isPerfettoPath(const std::string& path);
// The metrics JSON's numeric values as (dotted path, value); the CSV of
// several runs' metrics in long format.
std::vector<std::pair<std::string, std::string>> metricsLong(const Metrics& m);
std::string metricsLongCsv(const std::vector<std::pair<std::string, const Metrics*>>& runs);
// Titled with the scenario and what differs from its preset; `preset` "paper" or
// "slide" sets the page (empty: 1600 x 900 px).
int writeImage(const Trace& t, const Metrics& m, const Scenario& s, const std::string& path,
               const std::string& preset = {});
std::optional<std::string> checkImagePath(const std::string& path);
void printSummary(const Metrics& m);
// One row per run and latency series (count, mean, p50, p95, p99, max,
// throughput); a failed run prints its error. Returns the number failed.
int printPercentileTable(const std::vector<std::string>& labels, const std::vector<std::optional<Metrics>>& results,
                         const std::vector<std::string>& errors, TableFormat format);
// run --rtapp-logs DIR (rtapp_logs_out.cpp): a reason DIR cannot be used, and
// one rt-app log per thread (<log_basename>-<thread>.log), 0 or 1.
std::optional<std::string> checkRtappLogDir(const std::string& dir);
int writeRtappLogs(const RunResult& r, const Scenario& s, const std::string& dir);
// 0, or 1 after saying on stderr that standard output could not be written
// (a full disk, a closed descriptor): called last by main.
int checkStdout();

} // namespace irqscope::cli
