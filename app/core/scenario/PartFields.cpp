// The form rows of each part list in the Parts tab (PartsModel.h): which
// fields a newcomer edits most, in the order docs/scenarios.md lists them.
// Labels and explanations are translated in the context "PartEditor".
#include "core/scenario/PartsModel.h"
#include "core/util/TimeFormat.h"
#include "irqscope/part_defaults.h"

#include <QCoreApplication>

namespace irqscope::app {

QString engineDefaultText(const std::string& list, const PartField& f) {
    const auto d = partFieldDefault(list, f.pointer, f.model ? f.model : "");
    if (!d) return {};
    if (d->duration && d->value.is_number_integer()) return durationText(d->value.get<Time>());
    if (d->value.is_string()) return QString::fromStdString(d->value.get<std::string>());
    return QString::fromStdString(d->value.dump());
}

QString placeholderText(const std::string& list, const PartField& f) {
    const QString text = QCoreApplication::translate("PartEditor", f.placeholder);
    if (!text.contains(QLatin1String("%1"))) return text;
    return text.arg(engineDefaultText(list, f));
}

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
         kEngineDefault,
         {"spi", "msi", "lpi"}},
        {"/intid", K::Value, QT_TRANSLATE_NOOP("PartEditor", "INTID"),
         QT_TRANSLATE_NOOP("PartEditor", "spi only: the SPI the device is wired to (32–1019), as the board wires it"),
         QT_TRANSLATE_NOOP("PartEditor", "the next free SPI from 96")},
        {"/cpus", K::Cpus, QT_TRANSLATE_NOOP("PartEditor", "CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "The line's affinity: CPU numbers (\"1\" or \"0, 2\"); the GIC delivers to "
                                         "the lowest. Empty: all CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "all CPUs")},
        {"/arrival",
         K::Form,
         QT_TRANSLATE_NOOP("PartEditor", "arrival"),
         QT_TRANSLATE_NOOP("PartEditor", "When the device interrupts; its fields below. Other forms (a periodic start, "
                                         "an empirical histogram) in the part's JSON"),
         "",
         {"periodic", "poisson", "bursts", "gaps", "shuffle", "replay", "on_submit"}},
        {"/stream", K::Text, QT_TRANSLATE_NOOP("PartEditor", "random stream"),
         QT_TRANSLATE_NOOP("PartEditor", "The random stream the arrivals draw from; net: the built-in card's packets"),
         QT_TRANSLATE_NOOP("PartEditor", "the source's own")},
        {"/arrival/periodic",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "period"),
         QT_TRANSLATE_NOOP("PartEditor", "Time between two interrupts (\"333us\"), or {\"period\", \"start\"}"),
         "",
         {},
         "/arrival/periodic"},
        {"/arrival/poisson/rate_hz",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "rate (Hz)"),
         QT_TRANSLATE_NOOP("PartEditor", "Interrupts per second of the Poisson arrivals"),
         "",
         {},
         "/arrival/poisson"},
        {"/arrival/bursts/count",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "burst count"),
         QT_TRANSLATE_NOOP("PartEditor", "Interrupts in one burst"),
         "",
         {},
         "/arrival/bursts"},
        {"/arrival/bursts/gap",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "burst gap"),
         QT_TRANSLATE_NOOP("PartEditor", "Time between the interrupts of a burst"),
         "",
         {},
         "/arrival/bursts"},
        {"/arrival/bursts/every",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "burst every"),
         QT_TRANSLATE_NOOP("PartEditor", "Time from one burst's start to the next's"),
         "",
         {},
         "/arrival/bursts"},
        {"/arrival/bursts/start",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "first burst"),
         QT_TRANSLATE_NOOP("PartEditor", "When the first burst starts"),
         QT_TRANSLATE_NOOP("PartEditor", "one period"),
         {},
         "/arrival/bursts"},
        {"/arrival/gaps",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "gaps"),
         QT_TRANSLATE_NOOP("PartEditor", "Each gap to the next interrupt drawn from this cost: a duration or a "
                                         "distribution ({\"uniform\": [\"500us\", \"1500us\"]})"),
         "",
         {},
         "/arrival/gaps"},
        {"/arrival/shuffle",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "gap deck"),
         QT_TRANSLATE_NOOP("PartEditor", "[[gap, count], …]: every gap its count of times per cycle, in a random "
                                         "order"),
         "",
         {},
         "/arrival/shuffle"},
        {"/arrival/replay",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "timestamps file"),
         QT_TRANSLATE_NOOP("PartEditor", "One time a line (\"120us\"), relative to the scenario file's folder"),
         "",
         {},
         "/arrival/replay"},
        {"/arrival/on_submit/latency",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "latency"),
         QT_TRANSLATE_NOOP("PartEditor", "From a task's submit to the interrupt: a duration or a distribution"),
         "",
         {},
         "/arrival/on_submit"},
        {"/handler/cost", K::Value, QT_TRANSLATE_NOOP("PartEditor", "handler cost"),
         QT_TRANSLATE_NOOP("PartEditor", "The primary handler's own work in hardirq context: a duration (\"3us\") "
                                         "or a distribution ({\"uniform\": [\"1us\", \"3us\"]})"),
         QT_TRANSLATE_NOOP("PartEditor", "none: only a thread step (ONESHOT)")},
        {"/then", K::Json, QT_TRANSLATE_NOOP("PartEditor", "then"),
         QT_TRANSLATE_NOOP("PartEditor", "What the handler does next, in order: softirq, tasklet, thread, napi, "
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
         kEngineDefault,
         {"other", "batch", "idle", "fifo", "rr", "deadline"}},
        {"/priority", K::Value, QT_TRANSLATE_NOOP("PartEditor", "priority"),
         QT_TRANSLATE_NOOP("PartEditor", "The RT priority, 1–99; fifo and rr only"),
         QT_TRANSLATE_NOOP("PartEditor", "%1 (fifo, rr)")},
        {"/nice", K::Value, QT_TRANSLATE_NOOP("PartEditor", "nice"),
         QT_TRANSLATE_NOOP("PartEditor", "The nice value, −20–19; other, batch and idle only"),
         QT_TRANSLATE_NOOP("PartEditor", "%1 (other, batch, idle)")},
        {"/group", K::Named, QT_TRANSLATE_NOOP("PartEditor", "group"),
         QT_TRANSLATE_NOOP("PartEditor", "The CFS task group (a cpu cgroup or an autogroup) by name; other, batch "
                                         "and idle only. Its weight or nice in the part's JSON"),
         QT_TRANSLATE_NOOP("PartEditor", "none: the root group")},
        {"/dl", K::Value, QT_TRANSLATE_NOOP("PartEditor", "deadline"),
         QT_TRANSLATE_NOOP("PartEditor", "deadline only: {\"runtime\": \"2ms\", \"deadline\": \"10ms\", "
                                         "\"period\": \"10ms\"}"),
         QT_TRANSLATE_NOOP("PartEditor", "deadline policy only")},
        {"/cpus", K::Cpus, QT_TRANSLATE_NOOP("PartEditor", "CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "The task's affinity: CPU numbers (\"1\" or \"0, 2\"). Empty: all CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "all CPUs")},
        {"/instance", K::Value, QT_TRANSLATE_NOOP("PartEditor", "instances"),
         QT_TRANSLATE_NOOP("PartEditor", "That many threads, named name-0, name-1, …"), kEngineDefault},
        {"/loop", K::Value, QT_TRANSLATE_NOOP("PartEditor", "loop"),
         QT_TRANSLATE_NOOP("PartEditor", "How many times the phases run; −1: until the run ends"),
         QT_TRANSLATE_NOOP("PartEditor", "%1 (forever)")},
        {"/delay", K::Value, QT_TRANSLATE_NOOP("PartEditor", "delay"),
         QT_TRANSLATE_NOOP("PartEditor", "The task sleeps this long before its first phase"), kEngineDefault},
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
         QT_TRANSLATE_NOOP("PartEditor", "Items active at once (0: the default, 256; at most 512)"), kEngineDefault},
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
        {"/arrival_to_task/source",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "source"),
         QT_TRANSLATE_NOOP("PartEditor", "The source whose arrivals (a packet, an interrupt) are followed to the task"),
         "",
         {},
         "/arrival_to_task"},
        {"/arrival_to_task/task",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "task"),
         QT_TRANSLATE_NOOP("PartEditor", "The task that waits for the source's completion; its next run ends the "
                                         "sample"),
         "",
         {},
         "/arrival_to_task"},
    };
    // A built-in model placed as a part: its name, its model and the fields a
    // newcomer turns first; every other parameter of the model in the part's JSON.
    auto of = [](PartField f, const char* model) {
        f.model = model;
        return f;
    };
    static const std::vector<PartField> devices = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The instance's name: its lines, threads and series are named after it; a "
                                         "task's submit names it")},
        {"/model",
         K::Enum,
         QT_TRANSLATE_NOOP("PartEditor", "model"),
         QT_TRANSLATE_NOOP("PartEditor", "nvme: NVMe controller behind an SMMU; i915: GPU execlists; panthor: GPU fed "
                                         "by the DRM scheduler; gic_bench: the GIC benchmark's SPI"),
         "",
         {"nvme", "i915", "panthor", "gic_bench"}},
        of({"/queues", K::Value, QT_TRANSLATE_NOOP("PartEditor", "queues"),
            QT_TRANSLATE_NOOP("PartEditor", "Completion queues, one MSI-X vector each (1–256)"), kEngineDefault},
           "nvme"),
        of({"/completion",
            K::Enum,
            QT_TRANSLATE_NOOP("PartEditor", "completion"),
            QT_TRANSLATE_NOOP("PartEditor", "nvme_irq() in hardirq, or its threaded form"),
            kEngineDefault,
            {"hardirq", "threaded"}},
           "nvme"),
        of({"/service_ns", K::Value, QT_TRANSLATE_NOOP("PartEditor", "service time"),
            QT_TRANSLATE_NOOP("PartEditor", "The controller's time for one read"), kEngineDefault},
           "nvme"),
        of({"/iommu/mode",
            K::Enum,
            QT_TRANSLATE_NOOP("PartEditor", "IOMMU"),
            QT_TRANSLATE_NOOP("PartEditor", "The SMMU's unmap: off, strict (TLBI and CMD_SYNC per unmap) or lazy"),
            kEngineDefault,
            {"off", "strict", "lazy"}},
           "nvme"),
        of({"/fio/jobs", K::Value, QT_TRANSLATE_NOOP("PartEditor", "fio jobs"),
            QT_TRANSLATE_NOOP("PartEditor", "fio-like jobs keeping the controller busy"), kEngineDefault},
           "nvme"),
        of({"/engines", K::Value, QT_TRANSLATE_NOOP("PartEditor", "engines"),
            QT_TRANSLATE_NOOP("PartEditor", "Execlists engines behind the one GT interrupt (1–16)"), kEngineDefault},
           "i915"),
        of({"/bottom_half",
            K::Enum,
            QT_TRANSLATE_NOOP("PartEditor", "bottom half"),
            QT_TRANSLATE_NOOP("PartEditor", "Where the CSB entries are processed: hardirq, HI tasklet or kthread"),
            kEngineDefault,
            {"hardirq", "tasklet", "kthread"}},
           "i915"),
        of({"/submitters", K::Value, QT_TRANSLATE_NOOP("PartEditor", "submitters"),
            QT_TRANSLATE_NOOP("PartEditor", "gem_exec_nop-like submitter tasks of the instance"), kEngineDefault},
           "i915"),
        of({"/gpu_job_ns", K::Value, QT_TRANSLATE_NOOP("PartEditor", "GPU job time"),
            QT_TRANSLATE_NOOP("PartEditor", "How long the GPU runs one job"), kEngineDefault},
           "panthor"),
        of({"/submit_wq",
            K::Enum,
            QT_TRANSLATE_NOOP("PartEditor", "submit workqueue"),
            QT_TRANSLATE_NOOP("PartEditor", "The run_job workqueue: the ordinary one, WQ_HIGHPRI or WQ_RT"),
            kEngineDefault,
            {"normal", "highpri", "rt"}},
           "panthor"),
        of({"/cpu", K::Value, QT_TRANSLATE_NOOP("PartEditor", "CPU"),
            QT_TRANSLATE_NOOP("PartEditor", "Where the SPI is routed"), kEngineDefault},
           "gic_bench"),
        of({"/handler_ns", K::Value, QT_TRANSLATE_NOOP("PartEditor", "handler cost"),
            QT_TRANSLATE_NOOP("PartEditor", "The handler's work before complete()"), kEngineDefault},
           "gic_bench"),
    };
    static const std::vector<PartField> none;
    if (list == "sources") return sources;
    if (list == "tasks") return tasks;
    if (list == "workqueues") return workqueues;
    if (list == "resources") return resources;
    if (list == "probes") return probes;
    if (list == "devices") return devices;
    return none;
}

} // namespace irqscope::app
