// Whole-model speed: simulated time per wall time for every preset, with the
// full trace and state log recorded (preset/NAME, what the window asks for;
// target: faster than real time), and with metrics only (metrics/NAME, what
// `irqscope-cli run` and sweeps ask for), so the cost of recording is the
// difference of the two; and every run a lesson makes (lesson/FILE-stepN, full
// trace, the lesson's own duration; lesson-metrics/FILE-stepN, metrics only).
#include "bench_tiny.h"

#include "irqscope/engine.h"
#include "irqscope/presets.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace irqscope;

namespace {
void BM_Scenario(benchmark::State& state, Scenario scenario, bool record, bool ownDuration);

void BM_Preset(benchmark::State& state, std::string name, std::vector<std::pair<std::string, std::string>> sets,
               bool record) {
    auto s = loadPreset(name);
    if (!s) {
        state.SkipWithError(s.error().toString().c_str());
        return;
    }
    for (auto& [k, v] : sets)
        if (auto st = s->set(k, v); !st) {
            state.SkipWithError(st.error().toString().c_str());
            return;
        }
    BM_Scenario(state, *s, record, false);
}

// ownDuration: the scenario's run.duration_ns (a lesson run), not 200 ms.
void BM_Scenario(benchmark::State& state, Scenario scenario, bool record, bool ownDuration) {
    const Scenario* s = &scenario;
    RunOptions o;
    o.recordTrace = record;
    o.duration = benchTiny() ? 2 * kMs : 200 * kMs;
    if (ownDuration) o.duration = benchTiny() ? 2 * kMs : s->getDuration("run.duration_ns");
    // IRQSCOPE_BENCH_MS: another simulated duration (profiles, long runs)
    if (const char* ms = std::getenv("IRQSCOPE_BENCH_MS")) o.duration = std::atoll(ms) * kMs;
    std::uint64_t events = 0;
    std::size_t segments = 0;
    Trace::MemoryUse mem;
    double simSeconds = 0, wallSeconds = 0;
    for (auto _ : state) {
        auto r = run(*s, o);
        if (!r) {
            state.SkipWithError(r.error().toString().c_str());
            return;
        }
        events += r->metrics.events;
        segments = r->trace.segmentCount();
        mem = r->trace.memoryUse();
        simSeconds += double(r->metrics.simTimeNs) / 1e9;
        wallSeconds += r->metrics.wallTimeS;
    }
    state.counters["events/s"] = benchmark::Counter(double(events), benchmark::Counter::kIsRate);
    state.counters["sim_s/wall_s"] = benchmark::Counter(simSeconds, benchmark::Counter::kIsRate);
    state.counters["segments"] = double(segments);
    // the run's own wall time as its metrics report it (wall_time_s), per run
    state.counters["wall_time_s"] = wallSeconds / double(std::max<benchmark::IterationCount>(state.iterations(), 1));
    // Trace memory per recorded segment: all of it, and the segment columns
    // with their level-of-detail index alone.
    const double n = segments ? double(segments) : 1.0;
    state.counters["B/seg"] = double(mem.total()) / n;
    state.counters["B/seg(columns)"] = double(mem.segments + mem.index) / n;
    state.counters["B/seg(instants)"] = double(mem.instants) / n;
    state.counters["B/seg(flows)"] = double(mem.flows) / n;
}

// The runs a lesson makes, as the window's lesson reader builds them (and
// test_golden): a step's preset, then its knob changes on top of the previous
// step's scenario. Lesson runs take their own duration.
void registerLessons() {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(IRQSCOPE_SOURCE_DIR "/resources/lessons"))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        std::ifstream in(path);
        const auto lesson = nlohmann::json::parse(in);
        Scenario current;
        int stepNo = 0;
        for (const auto& step : lesson.at("steps")) {
            ++stepNo;
            if (!step.contains("scenario")) continue;
            const auto& sc = step["scenario"];
            if (sc.contains("preset"))
                if (auto p = loadPreset(sc["preset"].get<std::string>())) current = *p;
            if (sc.contains("set"))
                for (const auto& [key, value] : sc["set"].items()) (void)current.setJson(key, value);
            const std::string name = path.stem().string() + "-step" + std::to_string(stepNo);
            benchmark::RegisterBenchmark(("lesson/" + name).c_str(), BM_Scenario, current, true, true)
                ->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark(("lesson-metrics/" + name).c_str(), BM_Scenario, current, false, true)
                ->Unit(benchmark::kMillisecond);
        }
    }
}

int registerAll() {
    for (const auto& p : listPresets())
        for (const bool record : {true, false})
            benchmark::RegisterBenchmark(((record ? "preset/" : "metrics/") + p.name).c_str(), BM_Preset, p.name,
                                         std::vector<std::pair<std::string, std::string>>{}, record)
                ->Unit(benchmark::kMillisecond);
    for (const char* bh : {"hardirq", "tasklet", "kthread"})
        benchmark::RegisterBenchmark((std::string("i915/bottom_half=") + bh).c_str(), BM_Preset,
                                     std::string("i915-execlists"),
                                     std::vector<std::pair<std::string, std::string>>{{"gpu.bottom_half", bh}}, true)
            ->Unit(benchmark::kMillisecond);
    registerLessons();
    return 0;
}
const int registered = registerAll();
} // namespace

BENCHMARK_MAIN();
