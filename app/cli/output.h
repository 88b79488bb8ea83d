// Writing what a run produced: metrics JSON, the trace, a timeline image.
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/scenario.h"
#include "irqscope/trace.h"

#include <optional>
#include <string>

namespace irqscope::cli {

class Args;

// The output flags of run and import (--metrics, --trace, --image): each at
// most once, and no two naming the same file; checked before anything runs.
struct OutputPaths {
    std::string metrics, trace, image;
    bool any() const { return !metrics.empty() || !trace.empty() || !image.empty(); }
    // Takes the value of `flag` if it is an output flag; false if it is not one.
    bool take(const std::string& flag, Args& args);
    // Throws UsageError for a bad image name, a directory, two flags naming one file.
    void check() const;
};

// "-" means standard output. Each returns 0 or 1 (after printing why).
int writeMetrics(const Metrics& m, const std::string& path);
int writeTrace(const Trace& t, const Metrics& m, const std::string& path);
int writeImage(const Trace& t, const Metrics& m, const Scenario& s, const std::string& path);
std::optional<std::string> checkImagePath(const std::string& path);
void printSummary(const Metrics& m);
// 0, or 1 after saying on stderr that standard output could not be written
// (a full disk, a closed descriptor): called last by main.
int checkStdout();

} // namespace irqscope::cli
