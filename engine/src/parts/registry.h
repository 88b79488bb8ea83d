// The installed parts of one run, by name: how a source's handler finds the
// task it wakes or the workqueue it queues on, and how a task finds the
// resource it locks or the source it submits to. Filled by the install
// functions (in parts.h's order); names were checked when the scenario was
// read, so a lookup never fails at run time.
#pragma once

#include "irqscope/engine.h"
#include "kernel/proc.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace irqscope::kern {
struct Task;
class Kctx;
} // namespace irqscope::kern

namespace irqscope::devices {
class DeviceInstance; // devices/device_instance.h: a built-in model placed as a part
class NetRx;          // devices/nic/napi.h: NET_RX and the CPUs' poll lists
} // namespace irqscope::devices

namespace irqscope::parts {

class UserWorkqueue; // workqueue_parts.h
class Resource;      // task_parts.h
class UserSource;    // source_parts.h
class ChainRuntime;  // chain.h: what the chains' steps own at run time

// An arrival a chain hands on: the source and when its packet arrived (a
// napi step) or its interrupt was raised. A source's complete step gives it to
// the completion, whose waiter takes it (arrival_to_task probes).
struct Stamp {
    const std::string* source = nullptr; // the source's name
    Time at = 0;
};

// An arrival_to_task probe: a task's thread that took a stamp of `source`
// from a completion and then ended a run event adds `now - stamp.at`.
struct ArrivalProbe {
    std::string source, task;
    std::function<void(Time)> add;
};

struct PartsRuntime {
    std::map<std::string, UserWorkqueue*, std::less<>> workqueues;
    std::map<std::string, Resource*, std::less<>> resources;
    std::map<std::string, kern::Task*, std::less<>> tasks;
    std::map<std::string, UserSource*, std::less<>> sources;
    std::map<std::string, devices::DeviceInstance*, std::less<>> devices;
    // The machine's net_rx_action, when a source has a napi step.
    devices::NetRx* netRx = nullptr;
    // Where tasks append their rt-app log rows (RunOptions::recordTaskLogs), or null.
    std::map<std::string, std::vector<TaskLogRow>>* taskLogs = nullptr;
    std::vector<ArrivalProbe> arrivalProbes;
    // The tasklets, work items, softirq lists and probes of the chains' steps (chain.h).
    std::shared_ptr<ChainRuntime> chains;
};

// complete() of the completion resource `name` (a chain's {"complete": name}):
// wakes one waiter, or counts the completion when nobody waits; `stamp`: the
// arrival the chain carries, which the waiter that takes this count gets.
// Defined by the resources (task_events.cpp).
kern::Proc<void> completeResource(kern::Kctx& c, PartsRuntime& rt, const std::string& name,
                                  std::optional<Stamp> stamp = std::nullopt);

} // namespace irqscope::parts
