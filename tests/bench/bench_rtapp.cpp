// The speed anchor: SimSo, the reference RT-scheduling simulator,
// needs 5.4-6.0 s on this 2-core machine for one simulated second of the task
// set in tests/data/rtapp/simso-20tasks.json (20 periodic rate-monotonic FIFO
// tasks, 5 per CPU on 4 CPUs). IRQ Scope reads the same set as an rt-app file
// and runs it with the full trace; the target is at most 50 ms of wall time
// per simulated second (docs/performance.md).
#include "bench_tiny.h"

#include "irqscope/engine.h"

#include <benchmark/benchmark.h>

#include <chrono>

using namespace irqscope;

namespace {

void BM_SimsoTaskSet(benchmark::State& state) {
    auto s = Scenario::fromFile(IRQSCOPE_SOURCE_DIR "/tests/data/rtapp/simso-20tasks.json");
    if (!s) {
        state.SkipWithError(s.error().toString().c_str());
        return;
    }
    RunOptions o; // the full trace and the state log, as the window records them
    o.duration = benchTiny() ? 10 * kMs : 1 * kSec;
    double simSeconds = 0, wallSeconds = 0;
    std::uint64_t events = 0;
    std::size_t segments = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        auto r = run(*s, o);
        wallSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!r) {
            state.SkipWithError(r.error().toString().c_str());
            return;
        }
        simSeconds += double(r->metrics.simTimeNs) / 1e9;
        events += r->metrics.events;
        segments = r->trace.segmentCount();
    }
    // the figure compared with SimSo's 5.4-6.0 s: wall milliseconds per simulated second
    state.counters["wall_ms/sim_s"] = simSeconds > 0 ? 1000.0 * wallSeconds / simSeconds : 0.0;
    state.counters["events/s"] = benchmark::Counter(double(events), benchmark::Counter::kIsRate);
    state.counters["segments"] = double(segments);
}

} // namespace

BENCHMARK(BM_SimsoTaskSet)->Name("rtapp/simso-20tasks")->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
