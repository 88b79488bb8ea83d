// What a handler does next: a chain of steps ("then"), each a kernel call
// with its own cost and its own "then" — raise a softirq, schedule a tasklet,
// wake the IRQ thread, queue work, wake a task, complete a completion. Task
// events that act on other parts ("queue_work", "submit") are steps too, so a
// task and a handler queue work the same way.
#pragma once

#include "irqscope/result.h"
#include "kernel/proc.h"
#include "parts/part_names.h"
#include "parts/registry.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace irqscope::kern {
class Kctx;
}

namespace irqscope::parts {

struct Step; // defined in chain.cpp's reader; opaque to tasks

// A task event that is a kernel action: {"queue_work": {...}} or {"submit": "src"}.
// `path` is the event's JSON path for errors.
Result<std::shared_ptr<const Step>> readTaskKernelEvent(const nlohmann::json& event, const PartNames& names,
                                                        const std::string& source, const std::string& path);

// Runs a step (and the chain it starts) in the caller's context.
kern::Proc<void> runStep(kern::Kctx& c, PartsRuntime& rt, const Step& step);

} // namespace irqscope::parts
