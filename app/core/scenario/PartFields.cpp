// The form rows of each part list in the Parts tab (PartsModel.h): which
// fields a newcomer edits most, in the order docs/scenarios.md lists them.
// Labels and explanations are translated in the context "PartEditor".
#include "core/scenario/PartsModel.h"

#include <QCoreApplication>

namespace irqscope::app {

const std::vector<PartField>& partFields(const std::string& list) {
    using K = FieldKind;
    static const std::vector<PartField> sources = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The line's name in /proc/interrupts and the trace; its IRQ thread is "
                                         "irq/<intid>-<name>")},
        {"/line",
         K::Enum,
         QT_TRANSLATE_NOOP("PartEditor", "line"),
         QT_TRANSLATE_NOOP("PartEditor", "spi: a wired interrupt; lpi: through the ITS; msi: a PCI MSI (an LPI on "
                                         "GICv3)"),
         "spi",
         {"spi", "msi", "lpi"}},
        {"/cpus", K::Cpus, QT_TRANSLATE_NOOP("PartEditor", "CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "The line's affinity: CPU numbers (\"1\" or \"0, 2\"); the GIC delivers to "
                                         "the lowest. Empty: all CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "all CPUs")},
        {"/arrival", K::Value, QT_TRANSLATE_NOOP("PartEditor", "arrival"),
         QT_TRANSLATE_NOOP("PartEditor", "When the device interrupts: {\"periodic\": \"333us\"}, {\"poisson\": "
                                         "{\"rate_hz\": 3000}}, {\"bursts\": {...}}, {\"replay\": \"file\"} or "
                                         "{\"on_submit\": {\"latency\": cost}}")},
        {"/arrival/poisson/rate_hz",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "rate (Hz)"),
         QT_TRANSLATE_NOOP("PartEditor", "Interrupts per second of the Poisson arrivals"),
         "",
         {},
         "/arrival/poisson"},
        {"/arrival/periodic",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "period"),
         QT_TRANSLATE_NOOP("PartEditor", "Time between two interrupts (\"333us\"), or {\"period\", \"start\"}"),
         "",
         {},
         "/arrival/periodic"},
        {"/handler/cost", K::Value, QT_TRANSLATE_NOOP("PartEditor", "handler cost"),
         QT_TRANSLATE_NOOP("PartEditor", "The primary handler's own work in hardirq context: a duration (\"3us\") "
                                         "or a distribution ({\"uniform\": [\"1us\", \"3us\"]})"),
         QT_TRANSLATE_NOOP("PartEditor", "none: only a thread step (ONESHOT)")},
        {"/then", K::Json, QT_TRANSLATE_NOOP("PartEditor", "then"),
         QT_TRANSLATE_NOOP("PartEditor", "What the handler does next, in order: softirq, tasklet, thread, "
                                         "queue_work, wake, complete steps, each with its cost and then"),
         "[]"},
    };
    static const std::vector<PartField> tasks = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The thread's name (comm) in the trace")},
        {"/policy",
         K::Enum,
         QT_TRANSLATE_NOOP("PartEditor", "policy"),
         QT_TRANSLATE_NOOP("PartEditor", "The scheduling policy (SCHED_OTHER, BATCH, IDLE, FIFO, RR, DEADLINE)"),
         "other",
         {"other", "batch", "idle", "fifo", "rr", "deadline"}},
        {"/priority", K::Value, QT_TRANSLATE_NOOP("PartEditor", "priority"),
         QT_TRANSLATE_NOOP("PartEditor", "The RT priority, 1–99; fifo and rr only"),
         QT_TRANSLATE_NOOP("PartEditor", "10 (fifo, rr)")},
        {"/nice", K::Value, QT_TRANSLATE_NOOP("PartEditor", "nice"),
         QT_TRANSLATE_NOOP("PartEditor", "The nice value, −20–19; other, batch and idle only"),
         QT_TRANSLATE_NOOP("PartEditor", "0 (other, batch, idle)")},
        {"/dl", K::Value, QT_TRANSLATE_NOOP("PartEditor", "deadline"),
         QT_TRANSLATE_NOOP("PartEditor", "deadline only: {\"runtime\": \"2ms\", \"deadline\": \"10ms\", "
                                         "\"period\": \"10ms\"}"),
         QT_TRANSLATE_NOOP("PartEditor", "deadline policy only")},
        {"/cpus", K::Cpus, QT_TRANSLATE_NOOP("PartEditor", "CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "The task's affinity: CPU numbers (\"1\" or \"0, 2\"). Empty: all CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "all CPUs")},
        {"/instance", K::Value, QT_TRANSLATE_NOOP("PartEditor", "instances"),
         QT_TRANSLATE_NOOP("PartEditor", "That many threads, named name-0, name-1, …"), "1"},
        {"/loop", K::Value, QT_TRANSLATE_NOOP("PartEditor", "loop"),
         QT_TRANSLATE_NOOP("PartEditor", "How many times the phases run; −1: until the run ends"),
         QT_TRANSLATE_NOOP("PartEditor", "−1 (forever)")},
        {"/delay", K::Value, QT_TRANSLATE_NOOP("PartEditor", "delay"),
         QT_TRANSLATE_NOOP("PartEditor", "The task sleeps this long before its first phase"), "0"},
        {"/phases",
         K::Json,
         QT_TRANSLATE_NOOP("PartEditor", "phases"),
         QT_TRANSLATE_NOOP("PartEditor", "rt-app-style phases: {\"loop\": n, \"events\": [{\"run\": \"50us\"}, "
                                         "{\"sleep\": \"1ms\"}, …]}"),
         "",
         {},
         "/phases"},
        {"/events",
         K::Json,
         QT_TRANSLATE_NOOP("PartEditor", "events"),
         QT_TRANSLATE_NOOP("PartEditor", "The events of the task's one phase: run, runtime, sleep, timer, lock, "
                                         "unlock, wait, signal, suspend, resume, barrier, yield, syscall, submit, "
                                         "queue_work"),
         "",
         {},
         "/events"},
    };
    static const std::vector<PartField> workqueues = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The workqueue's name (alloc_workqueue()'s fmt)")},
        {"/unbound", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "unbound"),
         QT_TRANSLATE_NOOP("PartEditor", "WQ_UNBOUND: the unbound pool, no concurrency management")},
        {"/highpri", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "highpri"),
         QT_TRANSLATE_NOOP("PartEditor", "WQ_HIGHPRI: the nice −20 worker pools")},
        {"/ordered", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "ordered"),
         QT_TRANSLATE_NOOP("PartEditor", "alloc_ordered_workqueue(): one item at a time, in queue order")},
        {"/rt", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "rt"),
         QT_TRANSLATE_NOOP("PartEditor", "WQ_RT (the seed proposal, not in mainline): SCHED_FIFO workers")},
        {"/max_active", K::Value, QT_TRANSLATE_NOOP("PartEditor", "max_active"),
         QT_TRANSLATE_NOOP("PartEditor", "Items active at once (0: the default, 256; at most 512)"), "0"},
    };
    static const std::vector<PartField> resources = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The name the tasks' events use")},
        {"/type",
         K::Enum,
         QT_TRANSLATE_NOOP("PartEditor", "type"),
         QT_TRANSLATE_NOOP("PartEditor", "A pthread mutex, condition variable, rt-app barrier or struct completion"),
         "",
         {"mutex", "condition", "barrier", "completion"}},
        {"/pi", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "priority inheritance"),
         QT_TRANSLATE_NOOP("PartEditor", "mutex only: a PI futex (rt_mutex), the owner runs at its top waiter's "
                                         "priority")},
    };
    static const std::vector<PartField> probes = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The latency series' name in the run's metrics")},
        {"/wakeup",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "wake-up of task"),
         QT_TRANSLATE_NOOP("PartEditor", "From try_to_wake_up() of this task to the switch that runs it"),
         "",
         {},
         "/wakeup"},
        {"/irq_to_thread",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "IRQ to thread of"),
         QT_TRANSLATE_NOOP("PartEditor", "From this source's interrupt to its IRQ thread starting"),
         "",
         {},
         "/irq_to_thread"},
        {"/raise_to_run/source",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "source"),
         QT_TRANSLATE_NOOP("PartEditor", "The source whose step is measured from raise to run"),
         "",
         {},
         "/raise_to_run"},
        {"/raise_to_run/step",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "step"),
         QT_TRANSLATE_NOOP("PartEditor", "A step kind (softirq, tasklet, thread, queue_work) or a path "
                                         "(then[0].then[1])"),
         "",
         {},
         "/raise_to_run"},
    };
    static const std::vector<PartField> none;
    if (list == "sources") return sources;
    if (list == "tasks") return tasks;
    if (list == "workqueues") return workqueues;
    if (list == "resources") return resources;
    if (list == "probes") return probes;
    return none;
}

} // namespace irqscope::app
