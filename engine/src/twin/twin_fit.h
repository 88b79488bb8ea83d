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
nlohmann::json fitTasks(const CaptureStats& cs, const std::set<std::string>& skip, TwinFit& fit);

// The timer interrupt of the capture ("local_timer", "27:arch_timer"), or "".
std::string timerLine(const CaptureStats& cs);

} // namespace irqscope::twin
