// Softirqs and tasklets (kernel/softirq.c).
//
// Ten vectors per CPU, run in ascending order. raise_softirq() sets a bit on
// the raising CPU; outside interrupt context it also wakes ksoftirqd. Pending
// softirqs run (1) at irq_exit() when the hardirq did not interrupt a softirq
// or a BH-disabled section, (2) at local_bh_enable() in a task, or (3) in
// ksoftirqd/N, a SCHED_NORMAL nice-0 kthread.
// __do_softirq() snapshots and clears the pending mask, runs the set vectors
// with interrupts enabled, and restarts while new ones are pending — unless
// MAX_SOFTIRQ_TIME (2 ms, counted in jiffies) has passed, need_resched is set,
// or MAX_SOFTIRQ_RESTART (10) passes are done; then leftovers go to ksoftirqd,
// where an RT task can preempt them (pitfall 2, seed a).
// 4.9-6.4 also had the "ksoftirqd gate": while ksoftirqd is runnable, irq_exit
// leaves everything but HI and TASKLET to it (kernel.ksoftirqd_gate).
// Tasklets: per-CPU lists, coalesced by TASKLET_STATE_SCHED, serialised by
// TASKLET_STATE_RUN (a tasklet running elsewhere is re-queued), never migrated.
#include "kernel/machine.h"

namespace irqscope::kern {

namespace {
constexpr const char* kSoftirqNames[kSoftirqCount] = {"HI",       "TIMER",   "NET_TX", "NET_RX",  "BLOCK",
                                                      "IRQ_POLL", "TASKLET", "SCHED",  "HRTIMER", "RCU"};
constexpr std::uint32_t kSoftirqNowMask = (1u << HI) | (1u << TASKLET);
} // namespace

const char* softirqName(int vec) {
    return kSoftirqNames[vec];
}

void Machine::raiseSoftirq(Cpu& c, int vec) {
    if (!(c.softirqPending & (1u << vec))) c.softirqRaisedAt[static_cast<std::size_t>(vec)] = now();
    c.softirqPending |= 1u << vec;
    instant(c, InstantKind::SoftirqRaise, softirqNames_[static_cast<std::size_t>(vec)]);
    if (!inInterrupt(c)) wakeupSoftirqd(c);
}

void Machine::wakeupSoftirqd(Cpu& c) {
    if (c.ksoftirqd && c.ksoftirqd->state == Task::State::Blocked) wake(*c.ksoftirqd, c.id);
}

void Machine::irqExitSoftirq(Cpu& c) {
    if (!c.softirqPending || inInterrupt(c)) return;
    const Task* ksd = c.ksoftirqd;
    const bool ksdRunnable = ksd && (ksd->state == Task::State::Runnable || ksd->state == Task::State::Running);
    if (cfg_.ksoftirqdGate && ksdRunnable && !(c.softirqPending & kSoftirqNowMask)) return;
    if (cfg_.threadirqs) {
        wakeupSoftirqd(c); // force_irqthreads: hardirq-raised softirqs go to ksoftirqd
        return;
    }
    pushIrqFrame(
        c, Frame::Type::Softirq, [this](Kctx& k) { return doSoftirq(k, false); },
        Label{ContextKind::Softirq, intern("softirq")});
}

Proc<void> Machine::doSoftirq(Kctx& c, bool inKsoftirqd) {
    Cpu& k = c.cpu();
    const Time maxJiffies = (cfg_.softirqMaxTime + cfg_.tickPeriod - 1) / cfg_.tickPeriod; // msecs_to_jiffies
    const std::uint64_t end = jiffies() + static_cast<std::uint64_t>(maxJiffies);
    int restart = cfg_.softirqMaxRestart;
    const ContextKind kind = inKsoftirqd ? ContextKind::Ksoftirqd : ContextKind::Softirq;
    co_await c.work(cfg_.cost.softirqLoop / 2, kIrqsOff);
    for (;;) {
        const std::uint32_t pending = k.softirqPending;
        k.softirqPending = 0;
        for (int vec = 0; vec < kSoftirqCount; ++vec) {
            if (!(pending & (1u << vec))) continue;
            const StringId name = softirqNames_[static_cast<std::size_t>(vec)];
            c.label(kind, name, inKsoftirqd ? k.ksoftirqd->nameId : kNoString);
            flow(FlowKind::RaiseSoftirq, k.lane, k.softirqRaisedAt[static_cast<std::size_t>(vec)], k.lane, now());
            if (const auto& h = softirqHandlers_[static_cast<std::size_t>(vec)]) co_await h(c);
            else co_await c.work(0);
        }
        if (!k.softirqPending) break;
        if (jiffies() < end && !k.needResched && --restart > 0) continue;
        wakeupSoftirqd(k);
        break;
    }
    co_await c.work(cfg_.cost.softirqLoop / 2, kIrqsOff);
}

Proc<void> Machine::localBhEnable(Kctx& c) {
    Cpu& k = c.cpu();
    if (!k.softirqPending || inInterrupt(k)) co_return;
    pushIrqFrame(
        k, Frame::Type::Softirq, [this](Kctx& kc) { return doSoftirq(kc, false); },
        Label{ContextKind::Softirq, intern("softirq")});
    co_await c.work(0); // resumes once the softirq frame on top has finished
}

Proc<void> Machine::ksoftirqdBody(Kctx& c) {
    for (;;) {
        while (!c.cpu().softirqPending) co_await c.block();
        // run_ksoftirqd(): __do_softirq() with BH disabled, then cond_resched().
        c.frame().baseFlags = kBhOff;
        co_await doSoftirq(c, true);
        c.frame().baseFlags = 0;
        c.label(ContextKind::Ksoftirqd, c.task()->nameId);
        co_await c.condResched();
    }
}

Tasklet& Machine::createTasklet(std::string name, CodeFn fn) {
    auto t = std::make_unique<Tasklet>();
    t->name = std::move(name);
    t->nameId = intern(t->name);
    t->fn = std::move(fn);
    tasklets_.push_back(std::move(t));
    return *tasklets_.back();
}

void Machine::taskletSchedule(Cpu& c, Tasklet& t, bool hi) {
    instant(c, InstantKind::TaskletSchedule, t.nameId);
    if (t.scheduled) return; // TASKLET_STATE_SCHED already set: coalesced
    t.scheduled = true;
    t.scheduledAt = now();
    t.scheduledLane = c.lane;
    c.tasklets[hi ? 1 : 0].push_back(&t);
    raiseSoftirq(c, hi ? HI : TASKLET);
}

Proc<void> Machine::taskletAction(Kctx& c, bool hi) {
    Cpu& k = c.cpu();
    const int vec = hi ? HI : TASKLET;
    std::deque<Tasklet*> list;
    list.swap(k.tasklets[hi ? 1 : 0]);
    const ContextKind softKind = c.frame().label.kind;
    const StringId softEntity = c.frame().label.entity, softDetail = c.frame().label.detail;
    while (!list.empty()) {
        Tasklet* t = list.front();
        list.pop_front();
        co_await c.work(cfg_.cost.taskletDispatch);
        if (t->running || t->disabled) {
            // tasklet_trylock() failed: put it back and try again later
            k.tasklets[hi ? 1 : 0].push_back(t);
            k.softirqPending |= 1u << vec;
            continue;
        }
        t->running = true;
        t->scheduled = false;
        c.label(softKind == ContextKind::Ksoftirqd ? ContextKind::Ksoftirqd : ContextKind::Tasklet, t->nameId,
                softKind == ContextKind::Ksoftirqd ? softEntity : kNoString);
        flow(FlowKind::ScheduleTasklet, t->scheduledLane, t->scheduledAt, k.lane, now());
        co_await t->fn(c);
        t->running = false;
        c.label(softKind, softEntity, softDetail);
    }
}

} // namespace irqscope::kern
