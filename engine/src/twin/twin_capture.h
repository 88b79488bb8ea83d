// What a twin is fitted from: one pass over an imported capture's Trace (the
// rebuilt per-CPU context stacks) collecting, per interrupt line, softirq
// vector, tasklet, work function and task, the times and *exclusive* costs
// (a context's duration minus what ran nested on it), and who caused what:
// the context a softirq_raise, a queue_work or a wake-up happened in.
// A second, light pass over the text reads what the Trace does not keep:
// task priorities (sched_switch prio) and whether a task left the CPU to sleep
// (prev_state) or was preempted, and the task groups record-trace appends.
#pragma once

#include "irqscope/ftrace.h"
#include "irqscope/result.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace irqscope::twin {

struct Cause {
    enum class Kind : std::uint8_t { None, Line, Softirq, Task } kind = Kind::None;
    std::string name; // line entity, vector, task entity
    Time at = 0;      // start of the causing context (a hardirq: its entry)
};

struct LineStats {
    std::string entity;        // "36:virtio1-requests", "local_timer"
    std::vector<Time> entries; // sorted
    std::vector<int> cpuOf;    // the CPU of each entry
    std::vector<Time> cost;    // exclusive handler time per entry
    std::map<int, std::uint64_t> perCpu;
    bool vector = false; // an x86 irq_vectors handler (not irq_handler_entry)
    std::set<Time> woke; // entries whose handler woke a task (on a timer line: hrtimer expiries)
};

struct SoftirqRun {
    int cpu = 0;
    Time start = 0, cost = 0;
    std::vector<std::string> raisers;                   // line entities (or "") of the raises it ran
    std::vector<std::pair<std::string, Time>> tasklets; // function, exclusive cost
};

struct WorkRun {
    std::string fn, wq;
    Time cost = 0;
    Cause queuedBy; // from the queue_work instant matched by its flow
};

struct TaskChunk {
    Time start = 0, end = 0, cost = 0; // on CPU, and exclusive of interrupts
    int cpu = 0;
};

struct TaskStats {
    std::string entity; // "comm/pid"
    std::string comm;
    int pid = 0;
    ContextKind kind = ContextKind::User;
    std::vector<TaskChunk> chunks; // sorted by start
    std::vector<Time> wakings;     // sched_waking of this task
    std::vector<Time> wheelWoken;  // those from the TIMER softirq (process_timeout())
    std::vector<Time> sleeps;      // switched out to sleep (prev_state not R), or a lost switch-out before a waking
    std::vector<Time> switchOuts;  // every sched_switch away from it (asleep or preempted), as traced
    int prio = 120;                // kernel prio (0-99 RT, 100-139 fair); -1 deadline
    bool exited = false;           // prev_state X / Z seen
    std::set<int> cpus;
    // who woke it: a line entity (its hardirq), "softirq:<VEC>", or "task"
    std::map<std::string, std::uint64_t> wokenBy;
    // the wake-ups it did of other tasks from its own context (a futex, a pipe,
    // its exit waking the parent): time and the wakee's entity
    std::vector<std::pair<Time, std::string>> woke;
    std::map<std::string, std::uint64_t> wokenByTask; // waker entity -> wake-ups of this task
    // Its scheduling group at the end of the capture (scripts/record-trace's
    // "# irqscope-task-group:" lines; hasGroupLine false in a capture without them).
    bool hasGroupLine = false;
    std::string autogroup; // "/autogroup-57"; empty: none of its own
    int autogroupNice = 0;
    std::string cgroup = "/"; // its cpu cgroup
    int cgroupWeight = 100;   // that cgroup's cpu.weight
};

struct CaptureStats {
    int cpus = 0;
    Time duration = 0;
    std::map<std::string, LineStats> lines;
    std::map<std::string, std::vector<SoftirqRun>> softirqs; // vector -> runs
    std::map<std::string, std::vector<WorkRun>> works;       // fn -> runs
    std::map<std::string, TaskStats> tasks;                  // entity -> stats
    std::map<std::string, std::uint64_t> raisesOutsideLines; // vector -> raises from task/softirq context
    // A task woken from a hardirq that runs next on that CPU, the exit having
    // rescheduled: from the hardirq's exit to the switch (irq_exit(), the
    // return path, __schedule() up to the sched_switch tracepoint).
    std::vector<Time> exitToSwitch;
    // try_to_wake_up() on the waker's CPU: sched_waking (its start) to
    // sched_wakeup (ttwu_do_wakeup(), its end) of the same task on the same CPU;
    // and the same by the waker's context as the event's flags give it
    // ("hardirq", "softirq", "task"; none without flags).
    std::vector<Time> wakingToWakeup;
    std::map<std::string, std::vector<Time>> wakingToWakeupIn;
    // A task woken onto an idle CPU from another CPU: sched_waking to its
    // sched_switch there (the idle CPU's exit and schedule_idle()).
    std::vector<Time> idleRemoteWake;
    // Timer interrupts that woke a task (hrtimer_interrupt() running a task's
    // hrtimer_wakeup()): from the entry to the first sched_waking (expiring the
    // timer), and from the last sched_wakeup to the exit (programming the next
    // expiry, tick_program_event()).
    std::vector<Time> hrtimerToWake, wakeToTimerExit;
};

Result<CaptureStats> scanCapture(const ImportResult& capture, const std::string& capturePath);

// Exclusive time of segment s of (lane, depth): its duration minus the nested depth + 1 segments.
Time exclusiveNs(const Trace& t, std::uint32_t lane, int depth, const Segment& s);

} // namespace irqscope::twin
