// The engine checking itself while it runs (IRQSCOPE_INVARIANTS builds: the ci
// and asan presets). The machine reports what it does at a few points -- an
// event dispatched, a frame pushed or popped, a trace segment closed, the end
// of the run -- and the checker compares that against the rules every correct
// run obeys:
//   time          events are dispatched in non-decreasing time
//   overlap       segments of one CPU track (lane + depth) do not overlap
//   nesting       a segment at depth d lies within a segment at depth d-1
//   stack         a hardirq only interrupts a task or a softirq with irqs on;
//                 a softirq only runs over a task; frames pop in LIFO order
//   irqs-off      interrupts are off whenever a hardirq frame is on top
//   events        every scheduled event was dispatched, cancelled or is still
//                 pending at the end (none lost by the queue)
// The first violation is kept (check, time, CPU, detail); the machine stops the
// run and engine::run() returns it as an Error, so a broken rule never passes
// silently. The checker holds no Machine types so tests can feed it directly.
#pragma once

#include "irqscope/time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Call sites in the engine wrap their reports in IRQSCOPE_CHECK so a build
// without invariants pays nothing. The checker's layout never depends on the
// macro (tests include this header without it).
#if defined(IRQSCOPE_INVARIANTS)
#define IRQSCOPE_CHECK(...)                                                                                            \
    do {                                                                                                               \
        __VA_ARGS__;                                                                                                   \
    } while (0)
#else
#define IRQSCOPE_CHECK(...)                                                                                            \
    do {                                                                                                               \
    } while (0)
#endif

namespace irqscope::check {

enum class FrameKind : std::uint8_t { Task, Hardirq, Softirq };

struct Violation {
    std::string check; // "time", "overlap", "nesting", "stack", "irqs-off", "events"
    Time time = 0;
    int cpu = -1; // -1: not tied to one CPU
    std::string detail;
    std::string toString() const;
};

class Invariants {
public:
    // True when the engine was built with IRQSCOPE_INVARIANTS (the reports are live).
    static bool compiledIn();

    void eventDispatched(Time t);
    void framePushed(int cpu, Time t, FrameKind pushed, FrameKind below, bool irqsOnBelow, const void* frame);
    void framePopped(int cpu, Time t, const void* frame);
    void irqsState(int cpu, Time t, FrameKind top, bool irqsEnabled);
    // A segment [start, end) closed at `depth` of a CPU track; parentOpenSince is
    // when the segment one level down opened (-1: it is not open).
    void segmentClosed(int cpu, int depth, Time start, Time end, Time parentOpenSince);
    void eventBalance(Time t, std::uint64_t scheduled, std::uint64_t dispatched, std::uint64_t cancelled,
                      std::uint64_t stillPending);

    std::uint64_t checks() const { return checks_; }
    bool failed() const { return violation_.has_value(); }
    const std::optional<Violation>& violation() const { return violation_; }

private:
    struct Span {
        Time start = -1, end = -1;
    };
    struct CpuState {
        std::vector<const void*> frames; // irq frames pushed and not yet popped
        std::vector<Span> lastByDepth;   // last closed segment per depth
    };
    CpuState& cpuState(int cpu);
    void fail(const char* check, Time t, int cpu, std::string detail);

    std::vector<CpuState> cpus_;
    Time lastEventTime_ = 0;
    std::uint64_t checks_ = 0;
    std::optional<Violation> violation_;
};

} // namespace irqscope::check
