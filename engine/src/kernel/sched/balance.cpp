// newidle_balance() / pull_rt_task(), simplified: a CPU about to go idle pulls
// a waiting task that may run here — the most important RT task waiting
// anywhere, else a fair task from the CPU with the most waiting.
#include "kernel/sched/sched.h"

#include "kernel/machine.h"

namespace irqscope::kern {

void Scheduler::newidleBalance(Cpu& c) {
    Task* pick = nullptr;
    Cpu* from = nullptr;
    std::size_t most = 0;
    const auto mayRunHere = [&](const Task* t) {
        return t->affinity.test(static_cast<std::size_t>(c.id)) && !t->migrationDisabled;
    };
    // Only CPUs where a task waits can give one (the kernel's rd->overload
    // and rto_mask tell the same): the others are not looked at, in CPU order.
    const CpuMask waiting = fair_.waiting() | rt_.waiting();
    for (std::size_t b = waiting.first(); b < waiting.size(); b = waiting.next(b)) {
        const int i = static_cast<int>(b);
        Cpu& other = m_.cpu(i);
        if (&other == &c) continue;
        // pull_rt_task() pulls only from overloaded CPUs (more than one RT
        // task); the one RT task of a throttled CPU waits for its period.
        const bool rtWaits = rt_.queued(i) && !bandwidth_.throttled(i);
        for (int p = rtWaits ? rt_.highest(i) : 0; p >= 1; p = rt_.below(i, p))
            for (Task* t : rt_.list(i, p))
                if (mayRunHere(t) && (!pick || !pick->isRt() || t->rtPrio > pick->rtPrio)) {
                    pick = t, from = &other;
                    break;
                }
        if (pick && pick->isRt()) continue;
        if (fair_.queued(i) > most)
            for (Task* t : fair_.queue(i))
                if (mayRunHere(t)) {
                    pick = t, from = &other, most = fair_.queued(i);
                    break;
                }
    }
    if (!pick) return;
    dequeue(*from, *pick);
    const bool place = !pick->isRt() && fair_.migrate(*pick, *from, c);
    enqueue(c, *pick, place);
}

void Scheduler::migrateQueued(Task& t, Cpu& from, Cpu& to) {
    dequeue(from, t);
    const bool place = !t.isRt() && fair_.migrate(t, from, to);
    enqueue(to, t, place);
    checkPreemptWakeup(to, t, from.id); // attach_task() -> wakeup_preempt()
}

} // namespace irqscope::kern
