// "tasks": threads with a policy and an rt-app-style behaviour (phases of
// run / runtime / sleep / timer / lock / unlock / wait / signal / suspend /
// resume / barrier / yield, plus kernel actions), and "resources": the
// mutexes, conditions, barriers and completions they share.
//
// The reader (task_parts.cpp) turns the JSON into the structs below; the event
// engine (task_events.cpp) runs them with rt-app's semantics (rt-app.c
// run_event(), thread_body()); the resources themselves live in resources.h.
#pragma once

#include "irqscope/result.h"
#include "kernel/task.h"
#include "parts/distribution.h"
#include "parts/part_names.h"
#include "parts/registry.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace irqscope::kern {
class Machine;
class Kctx;
} // namespace irqscope::kern

namespace irqscope::parts {

struct Step; // chain.h

struct ResourcePart {
    enum class Type { Mutex, Condition, Barrier, Completion } type = Type::Mutex;
    std::string name;
    bool pi = false; // mutex: PTHREAD_PRIO_INHERIT (rt-app's pi_enabled)
};

struct TaskEvent {
    enum class Kind {
        Run,
        Runtime,
        Sleep,
        ScheduleTimeout,
        Timer,
        Lock,
        Unlock,
        Wait,
        Signal,
        Broad,
        Sync,
        Suspend,
        Resume,
        Barrier,
        Yield,
        WaitCompletion,
        Complete,
        Syscall,
        Kernel,
        RcuGp
    } kind = Kind::Run;
    Distribution cost;                // run, runtime, sleep, schedule_timeout, syscall
    Time period = 0;                  // timer
    bool absolute = false;            // timer mode
    Time reschedEvery = 0;            // syscall: a cond_resched() every this much work (0: none)
    std::string ref;                  // resource, timer, suspend/resume name
    std::string mutex;                // wait, sync
    std::shared_ptr<const Step> step; // queue_work, submit
    int fqsFirst = 0, fqsNext = 0;    // rcu_gp: jiffies_till_first_fqs, _next_fqs (0: the kernel's default)
};

struct TaskPhase {
    int loop = 1;
    std::vector<int> cpus; // rt-app's per-phase "cpus": sched_setaffinity() at the phase's start; empty: unchanged
    std::vector<TaskEvent> events;
    bool hasTimer = false;
};

struct TaskPart {
    std::string name;
    kern::Policy policy = kern::Policy::Normal;
    int priority = 10; // fifo/rr (rt-app's default for RT classes)
    int nice = 0;
    Time dlRuntime = 0, dlDeadline = 0, dlPeriod = 0;
    std::vector<int> cpus; // empty: every CPU
    int instance = 1;
    int loop = -1;
    Time delay = 0;
    // Its CFS task group (a cgroup's cpu controller or a session's autogroup):
    // empty, none; groupShares is tg->shares (1024: cpu.weight 100, autogroup nice 0).
    std::string group;
    double groupShares = 1024;
    std::vector<TaskPhase> phases;
    std::string path; // "tasks[3]", for install-time refusals
    // Names of the threads this part starts: name, or name-0, name-1, ...
    std::string threadName(int i) const { return instance == 1 ? name : name + "-" + std::to_string(i); }
};

Result<std::vector<ResourcePart>> readResourceParts(const nlohmann::json& list, const PartNames& names,
                                                    const std::string& source, int cpus);
// `resources`: the scenario's resources as read, so an event that names one
// of the wrong type ("lock" of a barrier) is an error at its path.
Result<std::vector<TaskPart>> readTaskParts(const nlohmann::json& list, const PartNames& names,
                                            const std::vector<ResourcePart>& resources, const std::string& source,
                                            int cpus);
void installResourceParts(kern::Machine& m, const std::vector<ResourcePart>& parts, PartsRuntime& rt);
void installTaskParts(kern::Machine& m, const std::vector<TaskPart>& parts, PartsRuntime& rt);

} // namespace irqscope::parts
