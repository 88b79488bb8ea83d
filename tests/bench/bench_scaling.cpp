// Cost per simulated event as the machine grows: the same load per CPU on 2,
// 4, ..., 256 CPUs (docs/performance.md, "Cost per event from 2 to 256
// CPUs"). The target is a cost per event within 2x of the 2-CPU figure: the
// engine's work must grow with the events, not with the machine's size.
//
// The scenario is written in the open language (docs/scenarios.md) by
// scalingScenario(); per CPU i it has
//   - a device `dev<i>`: an MSI to CPU i, Poisson 2,000/s, a 2 us handler that
//     raises NET_RX (4 us), which wakes the server `srv<i>`;
//   - `srv<i>` (SCHED_OTHER, any CPU): 20 us of work per wake-up, then sleeps;
//   - `per<i>` (SCHED_OTHER, any CPU): 100 us of work every 1 ms;
//   - `rt<i>` (SCHED_FIFO 50, any CPU): 50 us of work every 4 ms.
// About 16 % of each CPU is busy, so wake-ups choose among idle CPUs,
// RT tasks are placed and pushed, idle CPUs stop their tick (NO_HZ) and the
// periodic balance runs. Each run simulates 200 ms without recording (metrics
// only, what `irqscope-cli run` and sweeps ask for).
//
//   build/release/tests/bench_scaling                       # ns/event per N
//   IRQSCOPE_SCALING_WRITE=DIR build/release/tests/bench_scaling --benchmark_filter=x
//                                                           # writes scaling-N.json
//   scripts/bench-scaling-misses                            # D1/L2 misses per event
#include "bench_tiny.h"

#include "irqscope/engine.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>

using namespace irqscope;

namespace {

std::string scalingScenario(int cpus) {
    std::string sources, tasks;
    for (int i = 0; i < cpus; ++i) {
        const std::string n = std::to_string(i);
        if (i) {
            sources += ",\n";
            tasks += ",\n";
        }
        sources += R"(  {"name": "dev)" + n + R"(", "line": "msi", "cpus": [)" + n +
                   R"(], "arrival": {"poisson": {"rate_hz": 2000}}, "handler": {"cost": "2us"},)"
                   R"( "then": [{"softirq": "NET_RX", "cost": "4us", "then": [{"wake": "srv)" +
                   n + R"("}]}]})";
        tasks +=
            R"(  {"name": "srv)" + n +
            R"(", "events": [{"suspend": true}, {"run": "20us"}]},)"
            "\n"
            R"(  {"name": "per)" +
            n +
            R"(", "events": [{"run": "100us"}, {"timer": {"ref": "unique", "period": "1ms"}}]},)"
            "\n"
            R"(  {"name": "rt)" +
            n +
            R"(", "policy": "fifo", "priority": 50, "events": [{"run": "50us"}, {"timer": {"ref": "unique", "period": "4ms"}}]})";
    }
    const std::string c = std::to_string(cpus);
    return "{\n \"schema\": \"irqscope.scenario/1\",\n \"name\": \"scaling-" + c +
           "\",\n \"machine\": {\"cpus\": " + c + "},\n \"gic\": {\"version\": \"v3\"},\n \"tasks\": [\n" + tasks +
           "\n ],\n \"sources\": [\n" + sources + "\n ]\n}\n";
}

// The same simulated time on every machine, so that the events (and the
// parts to install) grow with the CPUs and the run's set-up weighs the same
// per event on each.
// IRQSCOPE_SCALING_MS=N simulates N ms instead (shorter runs under valgrind's
// cache simulator).
Time duration() {
    if (const char* ms = std::getenv("IRQSCOPE_SCALING_MS")) return std::atoll(ms) * kMs;
    return benchTiny() ? 5 * kMs : 200 * kMs;
}

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

void BM_Scaling(benchmark::State& state) {
    const int cpus = static_cast<int>(state.range(0));
    auto s = Scenario::fromJsonText(scalingScenario(cpus), "scaling-" + std::to_string(cpus));
    if (!s) {
        state.SkipWithError(s.error().toString().c_str());
        return;
    }
    RunOptions o;
    o.recordTrace = false;
    o.duration = duration();
    std::uint64_t events = 0;
    double cpu = 0;
    for (auto _ : state) {
        const double c0 = cpuSeconds();
        auto r = run(*s, o);
        cpu += cpuSeconds() - c0;
        if (!r) {
            state.SkipWithError(r.error().toString().c_str());
            return;
        }
        events += r->metrics.events;
    }
    const double iters = double(state.iterations());
    state.counters["events"] = double(events) / iters;
    state.counters["events/s"] = benchmark::Counter(double(events), benchmark::Counter::kIsRate);
    state.counters["ns/event"] = events ? cpu * 1e9 / double(events) : 0.0; // CPU time of run() per event
}

int writeScenarios() {
    if (const char* dir = std::getenv("IRQSCOPE_SCALING_WRITE"))
        for (int n = 2; n <= 256; n *= 2)
            std::ofstream(std::string(dir) + "/scaling-" + std::to_string(n) + ".json") << scalingScenario(n);
    return 0;
}
const int written = writeScenarios();

} // namespace

BENCHMARK(BM_Scaling)->Name("scaling/cpus")->RangeMultiplier(2)->Range(2, 256)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
