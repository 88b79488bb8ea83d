// Export speed: bytes of Chrome JSON and Perfetto protobuf written per second
// of wall time, from a recorded i915-execlists trace (the heaviest preset to
// export), into a sink that only counts (the disk is not measured).
#include "bench_tiny.h"

#include "irqscope/engine.h"
#include "irqscope/export.h"
#include "irqscope/presets.h"

#include <benchmark/benchmark.h>

#include <ostream>
#include <streambuf>

using namespace irqscope;

namespace {

class CountingBuf : public std::streambuf {
public:
    std::uint64_t bytes = 0;

protected:
    std::streamsize xsputn(const char*, std::streamsize n) override {
        bytes += std::uint64_t(n);
        return n;
    }
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) ++bytes;
        return traits_type::not_eof(c);
    }
};

const RunResult& recorded() {
    static RunResult r = [] {
        auto s = loadPreset("i915-execlists");
        RunOptions o;
        o.duration = benchTiny() ? 2 * kMs : 200 * kMs;
        auto result = run(*s, o);
        return std::move(*result);
    }();
    return r;
}

template <typename Write> void measure(benchmark::State& state, Write write) {
    const RunResult& r = recorded();
    std::uint64_t bytes = 0;
    for (auto _ : state) {
        CountingBuf buf;
        std::ostream out(&buf);
        write(r, out);
        bytes += buf.bytes;
    }
    state.SetBytesProcessed(std::int64_t(bytes));
    state.counters["segments"] = double(r.trace.segmentCount());
}

void BM_ChromeJson(benchmark::State& state) {
    measure(state, [](const RunResult& r, std::ostream& out) { writeChromeJson(r.trace, out); });
}
void BM_PerfettoProto(benchmark::State& state) {
    measure(state, [](const RunResult& r, std::ostream& out) { writePerfettoProto(r.trace, &r.stateLog, out); });
}

} // namespace

BENCHMARK(BM_ChromeJson)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerfettoProto)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
