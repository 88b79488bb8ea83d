// Internal pieces of fitTwin(): the machine and interrupt sources
// (twin_fit.cpp) and the tasks (twin_tasks.cpp).
#pragma once

#include "irqscope/twin.h"
#include "twin/twin_capture.h"

#include <set>

namespace irqscope::twin {

// Tasks of the capture the twin runs as its own tasks (user tasks and kthreads
// the engine does not have: not idle, ksoftirqd, kworkers or IRQ threads),
// minus those in `skip` (a workload's threads). Fills fit.taskNames.
// A task that the capture shows woken mostly (half its wake-ups or more) from
// a device line's handler, or from a softirq that line raises (a block
// completion waking dd): it suspends, and the line's chain wakes it.
struct LineWake {
    std::string line;    // the line's entity
    std::string softirq; // the vector whose action wakes it; "" for the handler
    std::string task;    // the twin task
};
// vectorRaiser: vector -> the line that raised at least half of its raises.
nlohmann::json fitTasks(const CaptureStats& cs, const std::set<std::string>& skip,
                        const std::map<std::string, std::string>& vectorRaiser, const std::set<std::string>& lines,
                        std::vector<LineWake>& wakes, TwinFit& fit);

// The timer interrupt of the capture ("local_timer", "27:arch_timer"), or "".
std::string timerLine(const CaptureStats& cs);

} // namespace irqscope::twin
