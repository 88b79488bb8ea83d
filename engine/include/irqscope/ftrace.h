// Reading real Linux ftrace captures into a Trace, so every view that works on
// a simulated run works on real data.
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/result.h"
#include "irqscope/trace.h"

#include <cstddef>
#include <cstdint>
#include <istream>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace irqscope {

struct ImportReport {
    std::uint64_t lines = 0;
    std::uint64_t events = 0;                     // events understood
    std::map<std::string, std::uint64_t> skipped; // what could not be interpreted, by kind
    std::string format;                           // "tracefs" or "trace-cmd"
    // Repairs made to reconstruct the CPU context stacks (not failures), by kind:
    // "backfilled:hardirq" (an exit whose entry precedes the capture: the context is
    // taken to run from the CPU's first covered instant), "closed_at_lost:softirq",
    // "missing_exit:tasklet", "implicit_switch", ... See docs/real-traces.md.
    std::map<std::string, std::uint64_t> notes;
    std::uint64_t lostEvents = 0; // sum of the counts in "[LOST n EVENTS]" markers
    Time timeOffsetNs = 0;        // trace time 0 = this ftrace timestamp (ns)
    int cpus = 0;                 // CPU lanes created
    // Per CPU: time the capture does not cover (after lost events, before a
    // "buffer started" marker). Those CPUs' metric buckets sum to
    // sim_time_ns minus this.
    std::map<int, Time> untracedNs;
};

// For reports of an import (the CLI's and the window's): the number of lines
// of all kinds together, and the kinds by count, most frequent first (equal
// counts in name order).
std::uint64_t totalCount(const std::map<std::string, std::uint64_t>& kinds);
std::vector<std::pair<std::string, std::uint64_t>> byFrequency(const std::map<std::string, std::uint64_t>& kinds);

struct ImportResult {
    Trace trace;
    Metrics metrics; // same schema as a simulated run
    ImportReport report;
};

// Streams the text (tracefs `trace` format or `trace-cmd report` output).
// Fails only when the input is not an ftrace text at all (error names the
// file and line); oddities inside a trace are counted in the report.
// A rewindable stream (a file) is read twice: first for its time order, so
// that time 0 is the earliest event and a file whose CPUs go back in time is
// sorted (in memory, up to 512 MiB of text) before it is read; both are said
// in the report's notes. The Trace keeps at most `budgetBytes` (0: the
// default of run.trace_budget_mb, as for a simulated run); what it drops is
// counted in metrics.droppedSegments.
Result<ImportResult> importFtrace(std::istream& in, const std::string& sourceName, std::size_t budgetBytes = 0);
Result<ImportResult> importFtraceFile(const std::string& path, std::size_t budgetBytes = 0);

} // namespace irqscope
