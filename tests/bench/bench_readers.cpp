// The readers over the fuzzing corpora: the slowest file of each corpus
// (target: well under 1 s; regression-huge-unknown-key.json once took seconds
// in the scenario reader, regression-timestamp-jump.txt minutes in the
// importer). test_fuzz_corpus replays the same files for correctness; a ctest
// asserts no wall-clock time, so the time is watched here.
#include "irqscope/ftrace.h"
#include "irqscope/scenario.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace irqscope;

namespace {
std::vector<std::string> corpus(const char* name) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(std::string(IRQSCOPE_SOURCE_DIR "/tests/fuzz/") + name))
        if (e.is_regular_file()) {
            std::ifstream in(e.path(), std::ios::binary);
            out.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        }
    return out;
}

template <class Read> void readEach(benchmark::State& state, const char* name, Read read) {
    const auto files = corpus(name);
    double slowestMs = 0;
    for (auto _ : state)
        for (const auto& f : files) {
            const auto t0 = std::chrono::steady_clock::now();
            read(f);
            slowestMs = std::max(
                slowestMs, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        }
    state.counters["files"] = double(files.size());
    state.counters["slowest_ms"] = slowestMs;
}

void BM_ScenarioCorpus(benchmark::State& state) {
    readEach(state, "scenario", [](const std::string& text) {
        benchmark::DoNotOptimize(Scenario::fromJsonText(text, "corpus.json").ok());
    });
}
void BM_FtraceCorpus(benchmark::State& state) {
    readEach(state, "ftrace", [](const std::string& text) {
        std::istringstream in(text);
        benchmark::DoNotOptimize(importFtrace(in, "corpus.txt").ok());
    });
}
} // namespace

BENCHMARK(BM_ScenarioCorpus)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FtraceCorpus)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
