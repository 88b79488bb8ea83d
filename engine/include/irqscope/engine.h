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
#include <map>
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
    bool recordTaskLogs = false;               // rt-app-style per-thread logs of the scenario's tasks
};

// One row of an rt-app per-thread log (rt-app's log_timing(), one per loop of
// a task's events), with rt-app's columns; times in ns from the start of the
// run (rt-app writes µs; the writer converts).
struct TaskLogRow {
    int idx = 0;             // the thread's index (rt-app's ind: start order over every task and instance)
    std::int64_t perf = 0;   // work done, in rt-app "loops" of its calibration
    Time run = 0;            // time spent running the run events of this loop
    Time period = 0;         // time from the start of this loop to the start of the next
    Time start = 0, end = 0; // this loop's start and end
    Time relStart = 0;       // start relative to the task's first loop
    Time slack = 0;          // the timer's next expiry minus the end (negative: overrun)
    Time cDuration = 0;      // configured run time of this loop
    Time cPeriod = 0;        // configured timer period
    Time wuLat = 0;          // wake-up latency of the timer event (rt-app's wu_lat)
};

struct RunResult {
    Trace trace;
    Metrics metrics;
    StateLog stateLog;                                       // empty for imported runs and when not recorded
    std::map<std::string, std::vector<TaskLogRow>> taskLogs; // by task (thread) name, when recordTaskLogs
};

Result<RunResult> run(const Scenario& scenario, const RunOptions& options = {});

} // namespace irqscope
