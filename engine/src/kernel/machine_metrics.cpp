// The end of a run: close what each CPU still shows and gather the metrics
// every mechanism kept (time by context, switches, interrupts, tasks, what
// devices measured, the kernel log, the interrupt lines).
#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

void Machine::finish(Time end, Metrics& out) {
    const Time stop = std::min(end, now());
    for (auto& c : cpus_) {
        accounting_.account(*c);
        for (std::size_t d = 0; d < c->stack.size(); ++d) exec_.closeSegment(*c, d, *c->stack[d]);
        CpuMetrics cm;
        cm.cpu = c->id;
        cm.nsByKind = Accounting::nsByKind(*c);
        for (int k = 0; k < kContextKindCount; ++k)
            cm.ns[static_cast<int>(bucketOf(static_cast<ContextKind>(k)))] += cm.nsByKind[static_cast<std::size_t>(k)];
        cm.irqsOffNs = Accounting::irqsOffNs(*c);
        cm.contextSwitches = sched_.contextSwitches(c->id);
        cm.interrupts = irq_.entries(c->id);
        out.cpus.push_back(cm);
    }
    observers_.finished();
    for (const auto& t : sched_.tasks()) {
        if (t->isIdle) continue;
        out.tasks.push_back(TaskMetrics{t->name, t->pid, t->chargedNs, t->runNs});
    }
    std::stable_sort(out.tasks.begin(), out.tasks.end(),
                     [](const TaskMetrics& a, const TaskMetrics& b) { return a.chargedNs > b.chargedNs; });
    rec_.closeOpenWaits(stop);
    for (auto& [name, h] : rec_.latency) out.latency[name] = h;
    const double secs = double(stop) / 1e9;
    for (auto& [name, n] : rec_.counters) out.throughput[name] = Throughput{n, secs > 0 ? double(n) / secs : 0};
    out.warnings = warnings_;
    for (const auto& l : gic_.lines())
        if (l->raised > 0)
            out.irqLines.push_back(
                IrqLineMetrics{l->name, l->intid, l->cpu, l->raised, l->handled, l->merged, l->pending});
    out.simTimeNs = stop;
    out.events = q_.dispatched();
    IRQSCOPE_CHECK(if (checker_) checker_->eventBalance(now(), q_.scheduledTotal(), q_.dispatched(),
                                                        q_.cancelledTotal(), q_.countStoredLive()));
    out.invariantChecks = checker_ ? checker_->checks() : 0;
}

} // namespace irqscope::kern
