// Start-up and sweep scaling, measured on the real programs as a user runs
// them (process launch included):
//  - launch -> default preset simulated and drawn (target: under 1.5 s):
//    `irqscope --exit-when-drawn` on the offscreen platform;
//  - `irqscope-cli sweep` of a preset over 4 combinations with --jobs 1 and
//    --jobs 2 (target: speed-up >= 1.8x on 2 cores).
#include "../bench_tiny.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <string>

namespace {
double runSeconds(const std::string& cmd) {
    const auto t0 = std::chrono::steady_clock::now();
    if (std::system(cmd.c_str()) != 0) return -1;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void BM_LaunchToFirstDraw(benchmark::State& state) {
    // A config directory of its own: the window saves its geometry when it
    // closes, and one saved on the offscreen platform must not end up in the
    // user's settings (on a real display it is rejected as not restorable).
    const char* tmp = std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp";
    const std::string cmd = std::string("XDG_CONFIG_HOME=") + tmp + "/irqscope-bench-config " +
                            "QT_QPA_PLATFORM=offscreen " + IRQSCOPE_GUI_PATH +
                            " --default-layout --exit-when-drawn >/dev/null 2>&1";
    for (auto _ : state) {
        const double s = runSeconds(cmd);
        if (s < 0) {
            state.SkipWithError("irqscope --exit-when-drawn failed");
            return;
        }
        state.SetIterationTime(s);
    }
}

void BM_Sweep(benchmark::State& state) {
    const auto jobs = state.range(0);
    const char* duration = benchTiny() ? "5ms" : "250ms";
    // the CSV is written through a temporary file and a rename: never /dev/null
    const std::string out = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                            "/irqscope-bench-sweep-" + std::to_string(jobs) + ".csv";
    const std::string cmd = std::string(IRQSCOPE_CLI_PATH) +
                            " sweep i915-execlists --vary gpu.bottom_half=hardirq,tasklet" +
                            " --vary kernel.irq_time_accounting=true,false --duration " + duration + " --jobs " +
                            std::to_string(jobs) + " --out " + out + " >/dev/null 2>&1";
    for (auto _ : state) {
        const double s = runSeconds(cmd);
        if (s < 0) {
            state.SkipWithError("irqscope-cli sweep failed");
            return;
        }
        state.SetIterationTime(s);
    }
}
} // namespace

BENCHMARK(BM_LaunchToFirstDraw)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(benchTiny() ? 1 : 5);
BENCHMARK(BM_Sweep)->Arg(1)->Arg(2)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(benchTiny() ? 1 : 3);
BENCHMARK_MAIN();
