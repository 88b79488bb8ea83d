// irqscope-cli import TRACE [--metrics FILE|-] [--trace FILE.json] [--image FILE]
// Reads a real ftrace text capture into the same Trace/Metrics a simulated run
// produces and writes what is asked. What the importer could not interpret is
// summarised on stderr; without any output flag the metrics summary is printed.
#include "commands.h"

#include "irqscope/ftrace.h"
#include "irqscope/scenario.h"
#include "output.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace irqscope::cli {

namespace {
void printReport(const std::string& path, const ImportReport& rep) {
    std::fprintf(stderr, "irqscope-cli import: %s: %s format, %llu lines, %llu events, %d CPUs\n", path.c_str(),
                 rep.format.c_str(), static_cast<unsigned long long>(rep.lines),
                 static_cast<unsigned long long>(rep.events), rep.cpus);
    std::uint64_t skipped = 0;
    for (const auto& [kind, n] : rep.skipped) skipped += n;
    if (skipped == 0) std::fprintf(stderr, "  nothing skipped\n");
    // the most frequent kinds; the rest in one line (a garbled file has many)
    std::vector<std::pair<std::string, std::uint64_t>> kinds(rep.skipped.begin(), rep.skipped.end());
    std::stable_sort(kinds.begin(), kinds.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    constexpr std::size_t kShown = 20;
    std::uint64_t rest = 0;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (i < kShown)
            std::fprintf(stderr, "  skipped %-40s %llu\n", validUtf8(kinds[i].first).c_str(),
                         static_cast<unsigned long long>(kinds[i].second));
        else rest += kinds[i].second;
    }
    if (kinds.size() > kShown)
        std::fprintf(stderr, "  skipped %zu more kinds, %llu lines in all\n", kinds.size() - kShown,
                     static_cast<unsigned long long>(rest));
    if (rep.lostEvents)
        std::fprintf(stderr, "  events lost by the kernel: %llu\n", static_cast<unsigned long long>(rep.lostEvents));
    for (const auto& [kind, n] : rep.notes)
        std::fprintf(stderr, "  repaired %-39s %llu\n", kind.c_str(), static_cast<unsigned long long>(n));
    for (const auto& [cpu, ns] : rep.untracedNs)
        if (ns > 0) std::fprintf(stderr, "  CPU %d not covered for %s\n", cpu, formatDuration(ns).c_str());
}
} // namespace

int cmdImport(Args& a) {
    if (a.empty()) throw UsageError{"needs an ftrace text file (tracefs 'trace' or 'trace-cmd report' output)"};
    std::string path = a.take();
    if (path.rfind("--", 0) == 0) throw UsageError{"needs an ftrace text file before " + path};
    OutputPaths out;
    while (!a.empty()) {
        const std::string flag = a.take();
        if (!out.take(flag, a)) throw UsageError{"unknown argument '" + flag + "'"};
    }
    out.check();

    auto result = importFtraceFile(path);
    if (!result) {
        std::fprintf(stderr, "irqscope-cli import: %s\n", result.error().toString().c_str());
        return 2;
    }
    printReport(path, result->report);
    if (result->metrics.droppedSegments)
        std::fprintf(stderr, "  memory budget reached (run.trace_budget_mb): %llu records dropped\n",
                     static_cast<unsigned long long>(result->metrics.droppedSegments));

    int rc = 0;
    if (!out.metrics.empty()) rc |= writeMetrics(result->metrics, out.metrics);
    if (!out.trace.empty()) rc |= writeTrace(result->trace, result->metrics, out.trace);
    if (!out.image.empty()) {
        Scenario label; // the image title names the capture
        const auto slash = path.find_last_of('/');
        label.setName(slash == std::string::npos ? path : path.substr(slash + 1));
        rc |= writeImage(result->trace, result->metrics, label, out.image);
    }
    if (!out.any()) printSummary(result->metrics);
    return rc;
}

} // namespace irqscope::cli
