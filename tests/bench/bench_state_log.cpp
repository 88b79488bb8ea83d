// The machine-state log: what recording it costs the simulation (target: less
// than the run without it, i.e. a ratio under 2) and how fast stateAt()
// answers at any moment of a long run (target: well under 2 ms a query).
// These were wall-clock assertions in test_state_log; a ctest asserts no time.
#include "bench_tiny.h"

#include "irqscope/engine.h"
#include "irqscope/presets.h"
#include "irqscope/state_log.h"

#include <benchmark/benchmark.h>

#include <memory>

using namespace irqscope;

namespace {
void BM_Run(benchmark::State& state, std::string preset, bool recordState) {
    auto s = loadPreset(preset);
    if (!s) {
        state.SkipWithError(s.error().toString().c_str());
        return;
    }
    RunOptions o;
    o.duration = benchTiny() ? 2 * kMs : 200 * kMs;
    o.recordState = recordState;
    std::size_t records = 0;
    for (auto _ : state) {
        auto r = run(*s, o);
        if (!r) {
            state.SkipWithError(r.error().toString().c_str());
            return;
        }
        records = r->stateLog.records().size();
    }
    state.counters["records"] = double(records);
}

void BM_StateAt(benchmark::State& state) {
    static const auto result = [] {
        auto s = loadPreset("basics");
        RunOptions o;
        o.duration = benchTiny() ? 10 * kMs : 1000 * kMs;
        auto r = run(*s, o);
        return std::make_unique<RunResult>(std::move(*r));
    }();
    const Time span = result->trace.endTime() - result->trace.startTime();
    std::uint64_t i = 0;
    for (auto _ : state) {
        // spread over the run, off the checkpoints
        const Time t = result->trace.startTime() + Time((i++ * 7919) % 2000) * (span / 2000) + 777;
        benchmark::DoNotOptimize(stateAt(result->trace, result->stateLog, t).cpus.size());
    }
    state.counters["records"] = double(result->stateLog.records().size());
}

int registerAll() {
    for (const char* preset : {"basics", "i915-execlists"})
        for (bool on : {false, true})
            benchmark::RegisterBenchmark((std::string("run/") + preset + (on ? "/state_log" : "/no_state_log")).c_str(),
                                         BM_Run, std::string(preset), on)
                ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stateAt/basics", BM_StateAt)->Unit(benchmark::kMicrosecond);
    return 0;
}
const int registered = registerAll();
} // namespace

BENCHMARK_MAIN();
