// Writing what a run produced: metrics JSON, the trace, a timeline image.
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/scenario.h"
#include "irqscope/trace.h"

#include <optional>
#include <string>

namespace irqscope::cli {

// "-" means standard output. Each returns 0 or 1 (after printing why).
int writeMetrics(const Metrics& m, const std::string& path);
int writeTrace(const Trace& t, const Metrics& m, const std::string& path);
int writeImage(const Trace& t, const Metrics& m, const Scenario& s, const std::string& path);
std::optional<std::string> checkImagePath(const std::string& path);
void printSummary(const Metrics& m);

} // namespace irqscope::cli
