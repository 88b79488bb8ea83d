// Timeline level of detail: with ten million segments loaded, one query for a
// 2,000-pixel-wide view at any zoom (target: under 2 ms).
#include "bench_tiny.h"

#include "irqscope/trace.h"

#include <benchmark/benchmark.h>

#include <memory>

using namespace irqscope;

namespace {
std::unique_ptr<Trace> makeTrace(std::size_t n) {
    auto t = std::make_unique<Trace>();
    const auto lane = t->addLane(LaneType::Cpu, "CPU 0", 0);
    std::uint64_t x = 12345;
    Time now = 0;
    for (std::size_t i = 0; i < n; ++i) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        now += Time(x >> 58);
        const Time len = 50 + Time((x >> 40) % 3000);
        t->addSegment(lane, 0, now, now + len, static_cast<ContextKind>(1 + (x >> 33) % 8), kNoString);
        now += len;
    }
    t->setTimeRange(0, now);
    t->finalize();
    return t;
}

const Trace& shared() {
    static const auto t = makeTrace(benchTiny() ? 100000 : 10000000);
    return *t;
}

void BM_QueryBins(benchmark::State& state) {
    const Trace& t = shared();
    const double zoom = 1.0 / double(state.range(0)); // fraction of the trace visible
    const Time span = static_cast<Time>(double(t.endTime()) * zoom);
    std::vector<TraceBin> bins;
    Time offset = 0;
    for (auto _ : state) {
        offset = (offset + span / 3) % std::max<Time>(1, t.endTime() - span);
        t.queryBins(0, 0, offset, offset + span, 2000, bins);
        benchmark::DoNotOptimize(bins.data());
    }
    state.counters["segments"] = double(t.segmentCount());
}
} // namespace

BENCHMARK(BM_QueryBins)->Arg(1)->Arg(10)->Arg(1000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
