// Rebuilding what each CPU executed from ftrace events.
//
// Each CPU has a context stack: the task at the bottom (from sched_switch, or
// from the task named in each line's header), then whatever interrupted it
// (softirq, tasklet, hardirq, irq_vectors handlers), innermost on top. An
// entry pushes a frame, the matching exit pops it and appends the segment to
// the Trace at the frame's depth, so within each (lane, depth) track segments
// come in time order and never overlap.
//
// The hard part is the beginning. A capture starts at an arbitrary moment: a
// CPU may be inside a hardirq that interrupted a softirq, and all we see is an
// irq_handler_exit followed by a softirq_exit. To place those at the right
// depth, each CPU first *buffers* its events (the prologue) until its first
// sched_switch -- a switch only happens in task context, so at that moment the
// stack above the task is known to be empty. Scanning the prologue, an exit
// that matches no entry seen so far while nothing opened in the capture is
// still open was already running when the capture began: these "orphans",
// first one innermost, form the initial stack. They are back-filled from the
// CPU's first covered instant (the start of the capture) and the buffered
// events are replayed. Exits that match nothing later on are counted and
// skipped. The same prologue logic restarts a CPU after a lost-events marker,
// where everything open is first closed at the CPU's last seen event.
//
// Cross-CPU cause -> effect pairs (sched_waking -> switch-in, queue_work ->
// execute_start) are matched by key with FlowMatcher, which accepts either
// order of arrival: a CPU in its prologue replays its events late.
#pragma once

#include "irqscope/ftrace.h"
#include "trace/ftrace_line.h"
#include "trace/ftrace_metrics.h"

#include <array>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace irqscope::ftrace {

class FlowMatcher {
public:
    struct End {
        std::uint32_t lane = 0;
        Time t = 0;
    };
    struct Match {
        End cause, effect;
    };
    std::optional<Match> cause(std::int64_t key, End c);
    std::optional<Match> effect(std::int64_t key, End e);
    bool hasCause(std::int64_t key) const { return causes_.count(key) != 0; }
    void dropCause(std::int64_t key) { causes_.erase(key); }

private:
    std::unordered_map<std::int64_t, End> causes_;  // earliest unmatched cause per key
    std::unordered_map<std::int64_t, End> effects_; // latest unmatched effect per key
};

ContextKind taskKind(std::string_view comm, int pid);

class StackBuilder {
public:
    StackBuilder(Trace& trace, MetricsBuilder& metrics, ImportReport& report);

    void declareCpus(int n);
    void onEvent(FtraceEvent e); // in file order
    void onLost(int cpu);
    void onBufferStarted(int cpu);
    void finish(Time end);
    int cpuCount() const { return static_cast<int>(cpus_.size()); }

private:
    struct Frame {
        ContextKind kind = ContextKind::Idle;
        EventType opener = EventType::Switch; // what pushed it (Switch = the task)
        std::int64_t key = 0;                 // irq, vec, tasklet, vector; pid for tasks
        StringId entity = kNoString;
        StringId detail = kNoString;
        Time start = 0;
        Time childNs = 0;
    };
    struct Cpu {
        std::uint32_t lane = 0;
        bool live = false;      // false: in the prologue, buffering
        bool seen = false;      // any event or marker seen
        bool gap = false;       // what precedes the next event is not covered
        Time lastT = 0;         // the last event read (a CPU in its prologue reads ahead)
        Time lastProcessed = 0; // the last event put on the stack
        Time gapStart = 0;
        std::vector<Frame> stack;
        std::vector<FtraceEvent> prologue;
        std::array<std::optional<Time>, 16> raised{}; // first pending raise per vector
    };

    Trace& trace_;
    MetricsBuilder& metrics_;
    ImportReport& report_;
    std::vector<Cpu> cpus_;
    std::unordered_map<std::int64_t, StringId> comms_;    // pid -> latest comm
    std::unordered_map<std::int64_t, StringId> irqNames_; // irq -> "27:arch_timer"
    std::unordered_map<std::int64_t, StringId> works_;    // kworker pid -> running work fn
    std::unordered_map<std::int64_t, int> running_;       // pid -> CPU it runs on
    FlowMatcher wakes_, queued_;

    Cpu& cpu(int n);
    void goLive(int n, const FtraceEvent* current);
    void process(int n, const FtraceEvent& e);
    void push(Cpu& c, Frame f);
    void closeTop(int n, Time t);
    void closeAll(int n, Time t, const char* why);
    bool popMatching(int n, const FtraceEvent& e);
    void openTask(int n, std::int64_t pid, Time t);
    void splitTask(int n, Time t, StringId detail);
    void learnComm(std::int64_t pid, StringId comm);
    StringId taskEntity(int n, std::int64_t pid);
    void note(const std::string& what) { ++report_.notes[what]; }
    void addFlow(const FlowMatcher::Match& m, FlowKind kind, const char* series);
};

} // namespace irqscope::ftrace
