// rt-app's per-thread log files (rt-app 1.0, rt-app.c: "<logdir>/<log_basename>-
// <thread>-<index>.log"; rt-app_utils.c, log_timing()), written from a run's
// TaskLogRow rows so that existing rt-app analysis reads a simulation as it
// reads a real run. Times in µs, as rt-app writes them.
#pragma once

#include "irqscope/engine.h"
#include "irqscope/scenario.h"

#include <ostream>
#include <string>
#include <vector>

namespace irqscope {

// global.log_basename of the rt-app file the scenario was read from ("rt-app"
// when it was not read from one, or the file sets none).
std::string rtappLogBasename(const Scenario& s);
// "<basename>-<thread>.log": the scenario's rt-app threads are named
// "<task>-<index>" as rt-app names them, so this is rt-app's file name.
std::string rtappLogFileName(const std::string& basename, const std::string& thread);
// The header ("# Policy : ...", "#idx perf run ...") and one line per row.
// `task` is the task part (its policy, priority, nice); null: SCHED_OTHER.
// rt-app's idx column is the thread's index (thread_body(): data->ind), the
// order in which rt-app creates its threads: `threadIndex` when >= 0, else
// each row's idx.
void writeRtappLog(std::ostream& out, const std::vector<TaskLogRow>& rows, const nlohmann::json* task,
                   int threadIndex = -1);

} // namespace irqscope
