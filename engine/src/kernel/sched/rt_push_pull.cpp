// RT push/pull (kernel/sched/rt.c, v6.12): an RT task that is queued but cannot
// run where it is goes to a CPU running something less important.
//
// push_rt_task(): the most important queued, migratable RT task of a CPU whose
// current task outranks it moves to find_lowest_rq()'s CPU — one whose highest
// priority (cpupri: idle, then fair, then the lowest RT) is below the task's —
// and that CPU reschedules (an IPI). It runs after a switch to an RT task
// (set_next_task_rt() queues push_rt_tasks() as a balance callback) and when a
// woken RT task will not preempt (task_woken_rt()). pull_rt_task(): a CPU whose
// RT task blocks and that has nothing as important queued (balance_rt(),
// need_pull_rt_task()) takes the most important queued RT task of another CPU
// that outranks what it would run, if that CPU's current task outranks it
// (rt_overloaded; only CPUs with a queued RT task, rd->rto_mask, are looked
// at). Simplified: cpupri is the idle CPUs' mask, then a scan of every CPU;
// find_lowest_rq()'s
// preference for the task's previous CPU and cache topology is not modelled;
// throttled CPUs neither push nor are pulled from.
#include "kernel/sched/sched.h"

#include "kernel/machine.h"

namespace irqscope::kern {

namespace {
// cpupri of a CPU: the priority of the most important task there (-2 idle, -1 fair,
// 1-99 RT, 100 deadline/stop), running or queued.
int cpuPrio(Machine& m, int cpu) {
    const Task* cur = m.cpu(cpu).curr;
    const int curr = cur->isIdle ? -2 : cur->isStop || cur->isDl() ? 100 : cur->isRt() ? cur->rtPrio : -1;
    return std::max(curr, m.sched().rt().highest(cpu) > 0 ? m.sched().rt().highest(cpu) : -2);
}

// More than one CPU allowed.
bool migratable(const Task& t) {
    return t.affinity.next(t.affinity.first()) < t.affinity.size() && !t.migrationDisabled;
}
} // namespace

bool Scheduler::pushRtTask(Cpu& c) {
    if (bandwidth_.throttled(c.id)) return false;
    Task* p = nullptr;
    for (int prio = rt_.highest(c.id); prio >= 1 && !p; prio = rt_.below(c.id, prio))
        for (Task* t : rt_.list(c.id, prio))
            if (migratable(*t)) {
                p = t;
                break;
            }
    if (!p) return false;
    const Task* cur = c.curr;
    if (cur->isIdle || cur->isFair() || (cur->isRt() && p->rtPrio > cur->rtPrio)) return false; // it runs here
    // find_lowest_rq(): an idle CPU with no RT task queued (cpupri's lowest
    // class) wins at once, the lowest number first; only without one are the
    // others' priorities compared.
    const CpuMask idle = idleCurr_ & p->affinity & ~rt_.waiting();
    for (std::size_t b = idle.first(); b < idle.size(); b = idle.next(b)) {
        const int i = static_cast<int>(b);
        if (i == c.id || bandwidth_.throttled(i)) continue;
        migrateQueued(*p, c, m_.cpu(i));
        return true;
    }
    int best = -1, bestPrio = p->rtPrio;
    for (int i = 0; i < m_.cpuCount(); ++i) {
        if (i == c.id || !p->affinity.test(static_cast<std::size_t>(i)) || bandwidth_.throttled(i)) continue;
        const int prio = cpuPrio(m_, i);
        if (prio < bestPrio) bestPrio = prio, best = i;
    }
    if (best < 0) return false;
    migrateQueued(*p, c, m_.cpu(best)); // resched_curr(lowest_rq)
    return true;
}

void Scheduler::pushRtTasks(Cpu& c) {
    for (int n = 0; n < m_.cpuCount() && pushRtTask(c); ++n) {
    }
}

void Scheduler::pullRtTask(Cpu& c) {
    const int here = rt_.highest(c.id);
    Task* pick = nullptr;
    Cpu* from = nullptr;
    const CpuMask& overloaded = rt_.waiting(); // rd->rto_mask: only CPUs with a queued RT task can give one
    for (std::size_t b = overloaded.first(); b < overloaded.size(); b = overloaded.next(b)) {
        const int i = static_cast<int>(b);
        if (i == c.id || bandwidth_.throttled(i)) continue;
        const Task* srcCurr = m_.cpu(i).curr;
        for (int prio = rt_.highest(i); prio > here; prio = rt_.below(i, prio)) {
            Task* found = nullptr;
            for (Task* t : rt_.list(i, prio))
                if (migratable(*t) && t->affinity.test(static_cast<std::size_t>(c.id))) {
                    found = t;
                    break;
                }
            if (!found) continue;
            // the source CPU runs it next itself unless its current task outranks it
            const bool outranked = srcCurr->isStop || srcCurr->isDl() || (srcCurr->isRt() && srcCurr->rtPrio >= prio);
            if (outranked && (!pick || prio > pick->rtPrio)) pick = found, from = &m_.cpu(i);
            break;
        }
    }
    if (!pick) return;
    dequeue(*from, *pick); // this CPU is in schedule(): it picks next anyway
    enqueue(c, *pick, false);
}

} // namespace irqscope::kern
