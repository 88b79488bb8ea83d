#include "kernel/tasklet.h"

#include "kernel/machine.h"

namespace irqscope::kern {

Tasklets::Tasklets(Machine& m) : m_(m), lists_(static_cast<std::size_t>(m.cpuCount())) {
    m_.softirq().setHandler(HI, [this](Kctx& k) { return action(k, true); });
    m_.softirq().setHandler(TASKLET, [this](Kctx& k) { return action(k, false); });
}

Tasklet& Tasklets::create(std::string name, CodeFn fn) {
    auto t = std::make_unique<Tasklet>();
    t->name = std::move(name);
    t->nameId = m_.intern(t->name);
    t->fn = std::move(fn);
    tasklets_.push_back(std::move(t));
    return *tasklets_.back();
}

void Tasklets::schedule(Cpu& c, Tasklet& t, bool hi) {
    m_.observers().instant(c.id, InstantKind::TaskletSchedule, t.nameId, kNoString);
    if (t.scheduled) return; // TASKLET_STATE_SCHED already set: coalesced
    t.scheduled = true;
    t.scheduledAt = m_.now();
    t.scheduledCpu = c.id;
    list(c.id, hi).push_back(&t);
    m_.softirq().raise(c, hi ? HI : TASKLET);
}

Proc<void> Tasklets::action(Kctx& c, bool hi) {
    Cpu& k = c.cpu();
    std::deque<Tasklet*> pending;
    pending.swap(list(k.id, hi));
    const Label soft = c.frame().label;
    const bool inKsoftirqd = soft.kind == ContextKind::Ksoftirqd;
    while (!pending.empty()) {
        Tasklet* t = pending.front();
        pending.pop_front();
        co_await c.work(m_.cfg().cost.taskletDispatch);
        if (t->running || t->disabled) {
            // tasklet_trylock() failed: put it back and try again later
            list(k.id, hi).push_back(t);
            m_.softirq().markPending(k, hi ? HI : TASKLET);
            continue;
        }
        t->running = true;
        t->scheduled = false;
        c.label(inKsoftirqd ? ContextKind::Ksoftirqd : ContextKind::Tasklet, t->nameId,
                inKsoftirqd ? soft.entity : kNoString);
        m_.observers().flow(FlowKind::ScheduleTasklet, t->scheduledCpu, t->scheduledAt, k.id, m_.now());
        co_await t->fn(c);
        t->running = false;
        c.label(soft.kind, soft.entity, soft.detail);
    }
}

} // namespace irqscope::kern
