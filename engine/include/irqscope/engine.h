// Running a scenario. A run is a pure function of (scenario, seed): the same
// inputs give a byte-identical trace. Runs share no state, so several can go on
// at once in one process (compare view, sweeps, tests).
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/result.h"
#include "irqscope/scenario.h"
#include "irqscope/state_log.h"
#include "irqscope/trace.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

namespace irqscope {

struct RunOptions {
    std::optional<std::uint64_t> seed; // overrides run.seed
    std::optional<Time> duration;      // overrides run.duration_ns
    bool recordTrace = true;
    bool recordState = true;          // the machine-state log (needs recordTrace); capped at 1/4 of the trace budget
    std::size_t traceBudgetBytes = 0; // 0: use run.trace_budget_mb
    const std::atomic<bool>* cancel = nullptr; // checked often; a cancelled run returns what it has
    std::function<void(double)> progress;      // 0..1, called from the running thread
};

struct RunResult {
    Trace trace;
    Metrics metrics;
    StateLog stateLog; // empty for imported runs and when not recorded
};

Result<RunResult> run(const Scenario& scenario, const RunOptions& options = {});

} // namespace irqscope
