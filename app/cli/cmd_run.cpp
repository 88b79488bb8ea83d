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

namespace {
// --seed and --duration are checked against run.seed and run.duration_ns
// (their ranges, their parsing), so the flag and the parameter accept the same.
void checkAsParameter(const Scenario& base, const char* flag, const char* param, const std::string& text) {
    Scenario probe = base;
    if (auto st = probe.set(param, text); !st)
        throw UsageError{std::string(flag) + " (" + param + "): " + st.error().message};
}
} // namespace

int cmdRun(Args& a) {
    ScenarioArgs sa;
    OutputPaths out;
    std::optional<std::string> seedText, durationText, rtappLogs;
    std::optional<std::uint64_t> seed;
    std::optional<Time> duration;
    bool quiet = false;
    auto once = [](std::optional<std::string>& slot, const std::string& flag, Args& args) {
        std::string v = args.value(flag);
        if (slot) throw UsageError{flag + " is given twice ('" + *slot + "' and '" + v + "')"};
        slot = v;
    };
    sa.extra = [&](const std::string& flag, Args& args) {
        if (out.take(flag, args)) return true;
        if (flag == "--quiet" || flag == "-q") quiet = true;
        else if (flag == "--seed") once(seedText, flag, args);
        else if (flag == "--duration") once(durationText, flag, args);
        else if (flag == "--rtapp-logs") once(rtappLogs, flag, args);
        else return false;
        return true;
    };
    if (int rc = sa.parse(a, true); rc != 0) return rc;
    if (seedText) {
        const std::string& v = *seedText;
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
        checkAsParameter(sa.scenario, "--seed", "run.seed", v);
    }
    if (durationText) {
        auto d = parseDuration(*durationText);
        if (!d || *d <= 0)
            throw UsageError{"--duration expects a duration such as 500ms or 2s, found '" + *durationText + "'"};
        checkAsParameter(sa.scenario, "--duration", "run.duration_ns", *durationText);
        duration = d;
    }
    out.check();
    if (rtappLogs) {
        if (rtappLogs->empty()) throw UsageError{"--rtapp-logs needs a directory"};
        if (auto why = checkRtappLogDir(*rtappLogs)) throw UsageError{*why};
    }

    RunOptions opt;
    opt.seed = seed;
    opt.duration = duration;
    opt.cancel = &gInterrupted;
    opt.recordTrace = !out.trace.empty() || !out.image.empty();
    opt.recordTaskLogs = rtappLogs.has_value();
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
    if (!out.metrics.empty()) rc |= writeMetrics(result->metrics, out.metrics);
    if (!out.trace.empty()) rc |= writeTrace(result->trace, &result->stateLog, out.trace);
    if (!out.image.empty()) rc |= writeImage(result->trace, result->metrics, sa.scenario, out.image, out.imagePreset);
    if (rtappLogs) rc |= writeRtappLogs(*result, sa.scenario, *rtappLogs);
    if (!out.any()) printSummary(result->metrics);
    if (result->metrics.cancelled) {
        std::fprintf(stderr, "irqscope-cli run: partial result: %s of %s simulated\n",
                     formatDuration(result->metrics.simTimeNs).c_str(), formatDuration(total).c_str());
        return rc ? rc : kExitInterrupted;
    }
    return rc;
}

} // namespace irqscope::cli
