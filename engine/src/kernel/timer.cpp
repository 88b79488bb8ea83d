// The per-CPU local timer (arch_timer PPI 27 on arm64, the LAPIC timer on
// x86): one programmable comparator per CPU carries both the periodic
// scheduler tick (CONFIG_HZ) and the hrtimers. Its interrupt goes through the
// interrupt controller like any other, so it waits while the CPU has
// interrupts disabled — which is how an interrupt storm delays a latency
// probe's wake-up. With NO_HZ_IDLE an idle CPU stops its tick.
#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

void Machine::hrtimerStart(int cpuId, Time when, std::function<void(Kctx&, Time)> fn) {
    hrtimers_[static_cast<std::size_t>(cpuId)].push_back(HrTimer{when, hrSeq_++, std::move(fn)});
    armLocalTimer(cpu(cpuId));
}

void Machine::armLocalTimer(Cpu& c) {
    Time next = -1;
    if (!c.tickStopped) next = c.nextTick;
    for (const auto& t : hrtimers_[static_cast<std::size_t>(c.id)])
        if (next < 0 || t.when < next) next = t.when;
    if (q_.isPending(c.timerEvent)) {
        q_.cancel(c.timerEvent);
        c.timerEvent = {};
    }
    if (next < 0) return;
    c.timerEvent =
        q_.schedule(std::max(next, now()), &Machine::onLocalTimer, &c, reinterpret_cast<std::uint64_t>(this));
}

void Machine::onLocalTimer(void* cpu, std::uint64_t machine) {
    auto* m = reinterpret_cast<Machine*>(machine);
    auto& c = *static_cast<Cpu*>(cpu);
    c.timerEvent = {};
    m->raiseLine(*m->timerLines_[static_cast<std::size_t>(c.id)]);
}

Proc<IrqReturn> Machine::localTimerHandler(Kctx& c) {
    Cpu& k = c.cpu();
    // hrtimer_interrupt(): run every expired hrtimer in expiry order.
    auto& timers = hrtimers_[static_cast<std::size_t>(k.id)];
    for (;;) {
        auto it = std::min_element(timers.begin(), timers.end(), [](const HrTimer& a, const HrTimer& b) {
            return a.when < b.when || (a.when == b.when && a.seq < b.seq);
        });
        if (it == timers.end() || it->when > now()) break;
        HrTimer t = std::move(*it);
        timers.erase(it);
        co_await c.work(cfg_.cost.hrtimer);
        t.fn(c, t.when);
    }
    if (!k.tickStopped && now() >= k.nextTick) {
        // tick_sched_timer(): update_process_times() -> scheduler_tick(),
        // run_local_timers() (TIMER softirq), rcu_sched_clock_irq().
        co_await c.work(cfg_.cost.tick);
        while (k.nextTick <= now()) k.nextTick += cfg_.tickPeriod;
        const Frame* below = k.stack[k.stack.size() - 2];
        if (k.stack.size() == 2 && below->type == Frame::Type::Task &&
            (below->task->isIdle || (below->hasWork && (below->flags & kUser))))
            k.lastQs = now(); // the tick interrupted user mode or idle: a quiescent state
        schedTick(k);
        raiseSoftirq(k, TIMER);
        if (jiffies() % 4 == static_cast<std::uint64_t>(k.id % 4)) raiseSoftirq(k, RCU);
        watchdogCheck(c);
    }
    armLocalTimer(k);
    co_return IrqReturn::Handled;
}

} // namespace irqscope::kern
