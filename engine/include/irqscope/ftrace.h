// Reading real Linux ftrace captures into a Trace, so every view that works on
// a simulated run works on real data.
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/result.h"
#include "irqscope/trace.h"

#include <cstdint>
#include <istream>
#include <map>
#include <string>

namespace irqscope {

struct ImportReport {
    std::uint64_t lines = 0;
    std::uint64_t events = 0;                   // events understood
    std::map<std::string, std::uint64_t> skipped; // what could not be interpreted, by kind
    std::string format;                         // "tracefs" or "trace-cmd"
};

struct ImportResult {
    Trace trace;
    Metrics metrics; // same schema as a simulated run
    ImportReport report;
};

// Streams the text (tracefs `trace` format or `trace-cmd report` output).
// Fails only when the input is not an ftrace text at all (error names the
// file and line); oddities inside a trace are counted in the report.
Result<ImportResult> importFtrace(std::istream& in, const std::string& sourceName);
Result<ImportResult> importFtraceFile(const std::string& path);

} // namespace irqscope
