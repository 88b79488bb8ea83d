#include "commands.h"
#include "scenario_args.h"

#include "irqscope/engine.h"
#include "irqscope/presets.h"
#include "output.h"

#include "interrupt.h"
#include "progress.h"

#include <cctype>
#include <cstdio>
#include <iostream>

namespace irqscope::cli {

int cmdRun(Args& a) {
    ScenarioArgs sa;
    std::string metricsPath, tracePath, imagePath;
    std::optional<std::uint64_t> seed;
    std::optional<Time> duration;
    bool quiet = false;
    sa.extra = [&](const std::string& flag, Args& args) {
        if (flag == "--metrics") metricsPath = args.value(flag);
        else if (flag == "--quiet" || flag == "-q") quiet = true;
        else if (flag == "--trace") tracePath = args.value(flag);
        else if (flag == "--image") imagePath = args.value(flag);
        else if (flag == "--seed") {
            std::string v = args.value(flag);
            try {
                std::size_t used = 0;
                // stoull accepts "-1" (and wraps it to 2^64-1): a sign is refused first
                if (v.empty() || !std::isdigit(static_cast<unsigned char>(v[0]))) throw std::invalid_argument(v);
                unsigned long long n = std::stoull(v, &used);
                if (used != v.size()) throw std::invalid_argument(v);
                seed = n;
            } catch (const std::exception&) {
                throw UsageError{"--seed expects a non-negative integer, found '" + v + "'"};
            }
        } else if (flag == "--duration") {
            std::string v = args.value(flag);
            auto d = parseDuration(v);
            if (!d || *d <= 0) throw UsageError{"--duration expects a duration such as 500ms or 2s, found '" + v + "'"};
            duration = d;
        } else return false;
        return true;
    };
    if (int rc = sa.parse(a, true); rc != 0) return rc;
    if (!imagePath.empty())
        if (auto err = checkImagePath(imagePath)) throw UsageError{*err};

    RunOptions opt;
    opt.seed = seed;
    opt.duration = duration;
    opt.cancel = &gInterrupted;
    opt.recordTrace = !tracePath.empty() || !imagePath.empty();
    const Time total = duration ? *duration : sa.scenario.getDuration("run.duration_ns");
    auto result = [&] {
        // rate: simulated time per wall-clock time ("0.25x real time")
        Progress bar(
            "run " + sa.scenario.name(), double(total),
            [](double nsPerS) {
                char b[40];
                std::snprintf(b, sizeof b, "%.3gx real time", nsPerS / 1e9);
                return std::string(b);
            },
            progressWanted(quiet));
        opt.progress = [&](double f) { bar.update(f * double(total)); };
        InterruptGuard ctrlC;
        return run(sa.scenario, opt);
    }();
    if (!result) {
        std::fprintf(stderr, "irqscope-cli run: %s\n", result.error().toString().c_str());
        return 2;
    }
    if (result->metrics.cancelled)
        std::fprintf(stderr, "irqscope-cli run: interrupted at %s of simulated time; writing the partial result\n",
                     formatDuration(result->metrics.simTimeNs).c_str());
    int rc = 0;
    if (!metricsPath.empty()) rc |= writeMetrics(result->metrics, metricsPath);
    if (!tracePath.empty()) rc |= writeTrace(result->trace, &result->stateLog, tracePath);
    if (!imagePath.empty()) rc |= writeImage(result->trace, result->metrics, sa.scenario, imagePath);
    if (metricsPath.empty() && tracePath.empty() && imagePath.empty()) printSummary(result->metrics);
    if (result->metrics.cancelled) {
        std::fprintf(stderr, "irqscope-cli run: partial result: %s of %s simulated\n",
                     formatDuration(result->metrics.simTimeNs).c_str(), formatDuration(total).c_str());
        return rc ? rc : kExitInterrupted;
    }
    return rc;
}

} // namespace irqscope::cli
