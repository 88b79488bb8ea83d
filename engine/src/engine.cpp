#include "irqscope/engine.h"

#include "check/invariant_observer.h"
#include "devices/devices.h"
#include "kernel/machine.h"
#include "parts/parts.h"
#include "scenario/checked_scenario.h"
#include "scenario/kernel_config.h"
#include "state/state_log_recorder.h"
#include "trace/trace_recorder.h"

#include <optional>

#include <chrono>
#include <thread>

namespace irqscope {

Result<RunResult> run(const Scenario& scenario, const RunOptions& options) {
    auto checked = checkScenario(scenario);
    if (!checked) return checked.error();
    const auto started = std::chrono::steady_clock::now();
    const std::uint64_t seed = options.seed ? *options.seed : static_cast<std::uint64_t>(scenario.getInt("run.seed"));
    const Time duration = options.duration ? *options.duration : scenario.getDuration("run.duration_ns");
    if (duration <= 0) return Error{scenario.source(), "run.duration_ns", "expected a positive duration"};

    RunResult r;
    Trace* trace = options.recordTrace ? &r.trace : nullptr;
    const std::size_t budgetBytes = options.traceBudgetBytes
                                        ? options.traceBudgetBytes
                                        : static_cast<std::size_t>(scenario.getInt("run.trace_budget_mb")) << 20;
    if (trace) trace->setMemoryBudget(budgetBytes);
    // Outlives the machine: its recording thread finalizes the trace while
    // this thread finalizes the state log.
    std::optional<TraceRecorder> traceRecorder;
    {
        // The machine, then its observers (recording and checks), then the devices.
        kern::Machine m(kernelConfig(scenario), seed, trace ? &trace->strings() : nullptr);
        std::optional<StateLogRecorder> stateRecorder;
        check::Invariants invariants;
        std::optional<check::InvariantObserver> checker;
        if (trace) m.attach(traceRecorder.emplace(*trace, m, true));
        if (trace && options.recordState) {
            r.stateLog.setMemoryBudget(budgetBytes / 4);
            m.attach(stateRecorder.emplace(r.stateLog, m));
        }
        if (check::Invariants::compiledIn()) {
            m.attach(checker.emplace(invariants, m));
            m.setChecker(&invariants);
        }
        devices::installDevices(m, checked->devices);
        parts::installParts(m, checked->parts, options.recordTaskLogs ? &r.taskLogs : nullptr);
        if (const auto& no = m.refused()) return Error{scenario.source(), no->first, no->second};
        m.start();
        m.runUntil(duration, options.cancel, options.progress);
        r.metrics.cancelled = options.cancel && options.cancel->load();
        m.finish(duration, r.metrics);
        if (const auto& why = m.stalled()) return Error{scenario.source(), "cost", *why};
        if (const auto& v = invariants.violation()) // a model bug: never a silent pass
            return Error{scenario.source(), "invariant " + v->check, v->toString()};
    }
    r.metrics.scenario = scenario.name();
    r.metrics.seed = seed;
    if (trace) {
        {
            // The state log's checkpoints and the trace's columns and index
            // do not share data: the recording thread finalizes the trace
            // while a long log's checkpoints are built on another thread.
            std::thread stateLog;
            if (options.recordState && r.stateLog.records().size() < 16384) r.stateLog.finalize(r.metrics.simTimeNs);
            else if (options.recordState) stateLog = std::thread([&r] { r.stateLog.finalize(r.metrics.simTimeNs); });
            try {
                traceRecorder->wait();
            } catch (...) {
                if (stateLog.joinable()) stateLog.join();
                throw;
            }
            if (stateLog.joinable()) stateLog.join();
        }
        trace->setTimeRange(0, r.metrics.simTimeNs);
        r.metrics.droppedSegments = trace->droppedSegments() + trace->droppedInstants() + trace->droppedFlows();
    }
    r.metrics.wallTimeS = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (options.progress) options.progress(1.0);
    return r;
}

} // namespace irqscope
