// A twin of a captured machine: a scenario in the open scenario language
// (docs/scenarios.md) fitted from a real ftrace capture, and the side-by-side
// check of the twin against the capture (docs/twin.md).
//
// What is fitted: the CPU count, CONFIG_HZ (from the timer interrupts), the
// tick and kernel softirq costs, each device interrupt line (its arrival
// process -- the empirical inter-arrival histogram, or the replayed times --
// its handler cost, the softirq vectors, tasklets, IRQ thread and work items
// its handler causes, with their costs), the workqueues, and the tasks and
// kthreads with their policy, priority and run/sleep behaviour (or, with a
// workload, the tasks of an rt-app file). Only arrivals may be replayed:
// everything the kernel does in response is the engine's model, so a what-if
// changes it.
#pragma once

#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/result.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace irqscope {

struct TwinOptions {
    std::string capturePath;  // the ftrace text the ImportResult was read from (read again for priorities and states)
    std::string workloadPath; // an rt-app task set: the tasks come from it (written as "rtapp": path)
    bool replayArrivals = false;
    // With replayArrivals: the folder, relative to the twin scenario file, that
    // the timestamps files go to ("twin.arrivals").
    std::string arrivalsDir = "arrivals";
};

struct TwinFit {
    nlohmann::json scenario;                         // the scenario document
    std::map<std::string, std::vector<Time>> replay; // file (relative to the scenario) -> arrival times
    std::vector<std::string> notes;                  // what the capture shows that the twin does not model, and why
    std::map<std::string, std::string> taskNames;    // capture task "comm/pid" -> twin task name
    std::map<std::string, std::string> lineNames;    // capture hardirq entity ("36:virtio1-req") -> twin line name
    Time durationNs = 0;
    int cpus = 0;
    int hz = 0; // 0: no timer interrupt seen, the default kept
    // The wake path the twin runs with (fitted, or the defaults): try_to_wake_up()
    // (cost.wakeup_ns) and an idle CPU's exit (machine.idle_exit_ns).
    Time wakeupNs = 0, idleExitNs = 0;
};

// Fits a twin from an imported capture. Fails (naming the file and place) when
// the capture cannot give a twin: no CPU, no time, an unreadable workload.
Result<TwinFit> fitTwin(const ImportResult& capture, const TwinOptions& options);

// One metric, measured the same way on the capture and on the twin's run.
struct TwinRow {
    std::string metric; // "cpu0.user_pct", "irq_rate/virtio1-requests", "wakeup/dd.p50_us"
    std::string unit;   // "%", "Hz", "us"
    bool hasCapture = false, hasTwin = false;
    double capture = 0, twin = 0;
    std::string target; // "±3 pp", "±5 %", "±30 %", "×2", or "" (shown, no target)
    bool met = false;   // only meaningful with a target and both sides
};

struct TwinReport {
    std::string capture, twin; // names
    Time durationNs = 0;
    std::vector<TwinRow> rows;
    int targets = 0, met = 0; // rows with a target and both sides, and how many meet it
    std::vector<std::string> notes;
};

// Compares the capture with a run of the twin (the run's trace must be recorded).
// rtappWuLat: rt-app's own wu_lat samples of the real run, by thread (from its
// logs), compared with the twin's wu_lat/<thread> series.
TwinReport compareTwin(const ImportResult& capture, const TwinFit& fit, const RunResult& twin,
                       const std::map<std::string, std::vector<Time>>& rtappWuLat = {});
// The same, from the capture's trace and metrics (the window keeps them as a run).
TwinReport compareTwin(const Trace& captureTrace, const Metrics& captureMetrics, const TwinFit& fit,
                       const RunResult& twin, const std::map<std::string, std::vector<Time>>& rtappWuLat = {});
// How far a row is from its target, in units of the target's tolerance: the
// difference over 3 pp, over 5 % or 30 % of the capture, or log2 of the ratio
// for "×2". Above 1: missed. Without a target or a side: nullopt.
std::optional<double> twinMiss(const TwinRow& row);
// The rows' indices, worst first: missed targets by how far they miss, then met
// targets by how close they come to missing, then the rows without a target in
// report order.
std::vector<std::size_t> twinRowsWorstFirst(const TwinReport& r);
std::string twinReportMarkdown(const TwinReport& r);
nlohmann::json toJson(const TwinReport& r);

// rt-app's log file (rt-app_utils.c, log_timing()): the wu_lat column, in ns.
// Fails naming the file and line when it is not an rt-app log.
Result<std::vector<Time>> readRtappLogWuLat(const std::string& path);

} // namespace irqscope
