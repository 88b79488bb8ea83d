// Timeline repaint: ten million segments loaded (8 or 256 CPU lanes, tasks
// with softirqs and hardirqs nested on top), a full offscreen replot of a
// 2,000-pixel-wide timeline at several zoom levels (target: under 16 ms).
// Arguments: the visible fraction's denominator, the number of CPU lanes.
#include "../bench_tiny.h"
#include "core/timeline/TimelinePlot.h"

#include <benchmark/benchmark.h>

#include <QApplication>

#include <memory>

using namespace irqscope;

namespace {
std::unique_ptr<Trace> makeTrace(std::size_t total, int cpus) {
    auto t = std::make_unique<Trace>();
    const StringId task = t->intern("worker/1"), net = t->intern("NET_RX"), irq = t->intern("IRQ 45 eth0");
    std::uint64_t x = 12345;
    Time end = 0;
    for (int c = 0; c < cpus; ++c) {
        const auto lane = t->addLane(LaneType::Cpu, "CPU " + std::to_string(c), c);
        Time now = 0;
        // each step: one task segment with a softirq and, inside it, a hardirq
        for (std::size_t i = 0; i < total / cpus / 3; ++i) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            const Time len = 2000 + Time((x >> 40) % 6000);
            t->addSegment(lane, 0, now, now + len, ContextKind::User, task);
            const Time s0 = now + len / 4, s1 = now + 3 * len / 4;
            t->addSegment(lane, 1, s0, s1, ContextKind::Softirq, net);
            t->addSegment(lane, 2, s0 + 100, s0 + 400, ContextKind::Hardirq, irq);
            now += len + Time(x >> 60);
        }
        end = std::max(end, now);
    }
    t->setTimeRange(0, end);
    t->finalize();
    return t;
}

struct Fixture {
    std::unique_ptr<Trace> trace;
    app::TimelinePlot plot;
    explicit Fixture(int cpus) : trace(makeTrace(benchTiny() ? 30000 : 10000000, cpus)) {
        plot.resize(2200, 900); // ~2,000 px of timeline beside the lane labels
        plot.setTrace(trace.get(), QStringLiteral("bench"));
    }
};
// One trace at a time: ten million segments take ~230 MB.
Fixture& fixture(int cpus) {
    static std::unique_ptr<Fixture> f;
    static int made = 0;
    if (made != cpus) {
        f.reset();
        f = std::make_unique<Fixture>(cpus);
        made = cpus;
    }
    return *f;
}

void BM_Replot(benchmark::State& state) {
    auto& f = fixture(static_cast<int>(state.range(1)));
    const double visible = 1.0 / double(state.range(0));
    const double span = double(f.trace->endTime()) * visible;
    double offset = 0;
    for (auto _ : state) {
        offset = std::fmod(offset + span / 3, std::max(1.0, double(f.trace->endTime()) - span));
        f.plot.setView(app::TimeRange{offset, offset + span}, false);
        f.plot.replot(QCustomPlot::rpImmediateRefresh);
    }
    state.counters["segments"] = double(f.trace->segmentCount());
    state.counters["lanes"] = double(state.range(1));
}
} // namespace

// Lanes outer, so that each trace is made once.
BENCHMARK(BM_Replot)
    ->Apply([](benchmark::internal::Benchmark* b) {
        for (const std::int64_t lanes : {8, 256})
            for (const std::int64_t fraction : {1, 10, 1000, 100000}) b->Args({fraction, lanes});
    })
    ->ArgNames({"fraction", "lanes"})
    ->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
