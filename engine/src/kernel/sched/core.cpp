// The scheduler core: task creation, try_to_wake_up(), resched_curr(),
// __schedule() and scheduler_tick() (kernel/sched/core.c).
#include "kernel/sched/sched.h"

#include "kernel/machine.h"

#include <algorithm>
#include <utility>

namespace irqscope::kern {

namespace {
// kernel/sched/core.c sched_prio_to_weight[]: nice -20 .. 19
constexpr std::uint32_t kNiceWeight[40] = {88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
                                           9548,  7620,  6100,  4904,  3906,  3121,  2501,  1991,  1586,  1277,
                                           1024,  820,   655,   526,   423,   335,   272,   215,   172,   137,
                                           110,   87,    70,    56,    45,    36,    29,    23,    18,    15};
} // namespace

std::uint32_t niceWeight(int nice) {
    return kNiceWeight[std::clamp(nice, -20, 19) + 20];
}

Scheduler::Scheduler(Machine& m)
    : m_(m), rqs_(static_cast<std::size_t>(m.cpuCount())), fair_(m, rqs_), rt_(m, rqs_), dl_(m, rqs_),
      bandwidth_(m, rqs_), placement_(m), balance_(m), ipiLines_(static_cast<std::size_t>(m.cpuCount()), nullptr) {
    for (int i = 0; i < m.cpuCount(); ++i) idleCurr_.set(static_cast<std::size_t>(i)); // every CPU starts idle
}

Task& Scheduler::createTask(std::string name, ContextKind kind, Policy policy, int prioOrNice, CpuMask affinity,
                            CodeFn body) {
    auto t = std::make_unique<Task>();
    t->pid = nextPid_++;
    t->name = std::move(name);
    t->nameId = m_.intern(t->name);
    t->kind = kind;
    t->policy = policy;
    if (policy == Policy::Fifo || policy == Policy::RR) {
        t->rtPrio = std::clamp(prioOrNice, 1, 99);
    } else {
        t->nice = std::clamp(prioOrNice, -20, 19);
        t->weight = kNiceWeight[t->nice + 20];
    }
    if (affinity.none()) affinity = m_.allCpus();
    t->affinity = affinity;
    placement_.setCpu(*t, m_.cpu(firstCpu(affinity)));
    t->slice = fair_.baseSlice();
    t->rrLeft = m_.cfg().rrTimeslice;
    t->state = Task::State::Blocked;
    t->peltAt = m_.now();
    Frame& f = t->frame;
    f.type = Frame::Type::Task;
    f.task = t.get();
    f.label = Label{kind, t->nameId};
    f.ctx = std::make_unique<Kctx>(m_, f);
    if (body) {
        f.body = std::move(body);
        f.root = f.body(*f.ctx);
        f.resumePoint = f.root.handle();
        f.hasWork = true;
    }
    tasks_.push_back(std::move(t));
    return *tasks_.back();
}

void Scheduler::setTaskCpu(Task& t, int cpu) {
    placement_.setCpu(t, m_.cpu(cpu));
}

void Scheduler::setReschedIpi(int cpu, hw::IrqLine& line) {
    ipiLines_[static_cast<std::size_t>(cpu)] = &line;
}

void Scheduler::enqueue(Cpu& c, Task& t, bool wakeup) {
    const Cpu* prev = t.cpu;
    placement_.setCpu(t, c);
    if (t.isStop) {
        rqs_[static_cast<std::size_t>(c.id)].stopQueued = &t;
    } else if (t.isDl()) {
        dl_.enqueue(c, t, wakeup);
    } else if (t.isRt()) {
        rt_.enqueue(c, t);
    } else {
        fair_.enqueue(c, t, wakeup, prev);
        if (c.curr->isIdle) dl_.serverIdle(c);
        dl_.serverStart(c); // dl_server_start(): a fair task is queued
    }
    m_.observers().runqueueChanged(c, t, true);
}

void Scheduler::dequeue(Cpu& c, Task& t) {
    Task*& stop = rqs_[static_cast<std::size_t>(c.id)].stopQueued;
    const bool found = t.isStop   ? std::exchange(stop, nullptr) == &t
                       : t.isDl() ? dl_.dequeue(c, t)
                       : t.isRt() ? rt_.dequeue(c, t)
                                  : fair_.dequeue(c, t);
    if (t.isFair() && fair_.empty(c.id) && !c.curr->isFair()) dl_.serverStop(c);
    if (!found) return;
    m_.observers().runqueueChanged(c, t, false);
}

void Scheduler::checkPreemptWakeup(Cpu& c, Task& woken, int fromCpu) {
    const Task* cur = c.curr;
    if (cur->isIdle) {
        setNeedResched(c, false, fromCpu);
        return;
    }
    if (woken.isStop) { // wakeup_preempt(): a higher class always preempts
        setNeedResched(c, false, fromCpu);
        return;
    }
    if (woken.isDl()) {
        if (!cur->isStop && dl_.wakeupPreempts(c, woken)) setNeedResched(c, false, fromCpu);
        return;
    }
    if (cur->isDl()) return;
    if (woken.isRt()) {
        if (!cur->isStop && RtSched::wakeupPreempts(*cur, woken)) setNeedResched(c, false, fromCpu);
        return;
    }
    if (cur->isRt()) return;
    if (woken.policy == Policy::Batch || woken.policy == Policy::Idle) return;
    if (fair_.wakeupPreempts(c, woken)) setNeedResched(c, true, fromCpu);
}

// __resched_curr() (kernel/sched/core.c, 6.13+; resched_curr() before): the
// idle task is always rescheduled at once; a flag already set sends nothing;
// the local CPU just sets it. Another CPU gets a reschedule IPI
// (set_nr_and_not_polling() -> smp_send_reschedule()) for TIF_NEED_RESCHED
// only: a lazy request is not sent, the target finds it at its next tick
// (sched_tick() promotes it) or on its next return to user mode.
// An idle target is woken without the IPI's interrupt path: the idle loop's
// exit is `machine.idle_exit_ns` (a simplification, see docs/engine.md).
void Scheduler::setNeedResched(Cpu& c, bool lazyOk, int fromCpu) {
    const bool lazy = lazyOk && m_.cfg().preempt == PreemptModel::Lazy && !c.curr->isIdle;
    if (c.needResched || (lazy && c.needReschedLazy)) return;
    if (lazy) c.needReschedLazy = true;
    else c.needResched = true;
    const bool remote = fromCpu >= 0 && fromCpu != c.id && !c.curr->isIdle;
    if (!remote) {
        if (!lazy) m_.exec().kick(c); // checked where this CPU's code next may reschedule
        return;
    }
    if (!lazy) sendReschedIpi(fromCpu, c.id);
}

// smp_send_reschedule(): the sender writes the SGI register (ICC_SGI1R_EL1 on
// arm64 gic_ipi_send_mask(), with its barriers) before it goes on; the target
// takes the interrupt when its interrupts are on, and reschedules on its way
// out (scheduler_ipi()).
void Scheduler::sendReschedIpi(int fromCpu, int target) {
    m_.cpu(fromCpu).top()->owed += m_.cfg().cost.ipiSend;
    m_.observers().flow(FlowKind::Ipi, fromCpu, m_.now(), target, m_.now());
    m_.irq().raise(*ipiLines_[static_cast<std::size_t>(target)]);
}

bool Scheduler::wake(Task& t, int fromCpu, FlowKind flowKind, Time wakingAt) {
    if (t.state == Task::State::Dead) return false;
    if (t.state != Task::State::Blocked) {
        t.wakePending = true;
        return false;
    }
    placement_.peltFold(t); // the sleep ends
    const int target = placement_.selectCpu(t, fromCpu);
    Cpu& c = m_.cpu(target);
    m_.accounting().account(c); // enqueue_entity() -> update_curr(): bring curr's vruntime up to date first
    t.state = Task::State::Runnable;
    t.wokenAt = m_.now();
    t.hasWakeFlow = true;
    t.wakeFlowKind = flowKind;
    t.wakeSrcCpu = fromCpu >= 0 ? fromCpu : target;
    t.wakeSrcTime = wakingAt >= 0 ? wakingAt : m_.now(); // sched_waking: try_to_wake_up()'s start
    if (fromCpu >= 0) m_.observers().instant(fromCpu, InstantKind::Wakeup, t.nameId, kNoString);
    enqueue(c, t, true);
    checkPreemptWakeup(c, t, fromCpu);              // wakeup_preempt(): remote CPUs learn through an IPI
    if (t.isRt() && !c.needResched) pushRtTasks(c); // task_woken_rt(): it will not run here soon
    return true;
}

Task* Scheduler::pickNext(Cpu& c) {
    if (Task* s = std::exchange(rqs_[static_cast<std::size_t>(c.id)].stopQueued, nullptr)) {
        m_.observers().runqueueChanged(c, *s, false);
        return s;
    }
    if (Task* t = dl_.pick(c, fair_)) {
        m_.observers().runqueueChanged(c, *t, false);
        return t;
    }
    if (rt_.queued(c.id) > 0 && !bandwidth_.throttled(c.id)) {
        Task* t = rt_.pick(c);
        m_.observers().runqueueChanged(c, *t, false);
        return t;
    }
    if (Task* t = fair_.pick(c)) {
        m_.observers().runqueueChanged(c, *t, false);
        return t;
    }
    newidleBalance(c);
    if (dl_.runnable(c.id) || (rt_.queued(c.id) > 0 && !bandwidth_.throttled(c.id)) || !fair_.empty(c.id))
        return pickNext(c);
    return nullptr;
}

// put_prev_task(): a preempted task goes back on its queue; one that sleeps
// leaves it (its lag is remembered, a worker tells its pool).
void Scheduler::putPrev(Cpu& c, Task& prev) {
    if (prev.isFair()) dl_.serverPutPrev(c, prev);
    if (prev.state == Task::State::Running) {
        prev.state = Task::State::Runnable;
        if (prev.isStop) rqs_[static_cast<std::size_t>(c.id)].stopQueued = &prev;
        else if (prev.isDl()) dl_.putPrev(c, prev);
        else if (prev.isRt()) rt_.putPrev(c, prev);
        else fair_.putPrev(c, prev);
        m_.observers().runqueueChanged(c, prev, true);
        return;
    }
    if (prev.worker) m_.wq().workerSleeping(prev);
    if (prev.isDl()) {
        dl_.sleep(c, prev);
    } else if (prev.isFair()) {
        fair_.sleep(c, prev);
        if (fair_.empty(c.id)) dl_.serverStop(c); // dl_server_stop(): no fair task left
    }
}

void Scheduler::schedule(Cpu& c) {
    Task* prev = c.curr;
    // __schedule() -> rcu_note_context_switch(): a quiescent state even when
    // prev is picked again (kernel/sched/core.c, kernel/rcu/tree_plugin.h)
    m_.watchdogs().quiescentState(c.id);
    c.needResched = false;
    c.needReschedLazy = false;
    if (!prev->isIdle) putPrev(c, *prev);
    // balance_rt(): an RT task blocks and nothing as important is queued here
    if (prev->isRt() && prev->state != Task::State::Runnable && rt_.highest(c.id) < prev->rtPrio) pullRtTask(c);
    Task* next = pickNext(c);
    if (!next) next = c.idle;
    next->state = Task::State::Running;
    if (next != prev) switchTo(c, *prev, *next);
    if (next->isRt() && rt_.queued(c.id) > 0) pushRtTasks(c); // set_next_task_rt(): push what waits here
}

// context_switch() and what the switch means to the other mechanisms.
void Scheduler::switchTo(Cpu& c, Task& prev, Task& next) {
    ++rqs_[static_cast<std::size_t>(c.id)].nrSwitches;
    m_.exec().closeSegment(c, 0, prev.frame);
    placement_.utilFold(prev, true); // PELT util_avg: prev's running time ends, next's starts
    placement_.utilFold(next, false);
    c.stack[0] = &next.frame;
    c.curr = &next;
    idleCurr_.set(static_cast<std::size_t>(c.id), next.isIdle);
    placement_.setCpu(next, c);
    next.execAtPick = next.sumExec;
    next.sliceProtected = true;
    if (next.worker) m_.wq().workerRunning(next);
    if (prev.isIdle || next.isIdle) m_.watchdogs().touch(c.id); // an idle CPU runs its stopper at once
    if (prev.isIdle) dl_.serverIdle(c);
    if (next.isIdle) dl_.idleStart(c);
    if (prev.isIdle && m_.timers().tickStopped(c.id)) {
        m_.timers().restartTick(c); // leaving NO_HZ idle
    } else if (next.isIdle && m_.cfg().nohzIdle) {
        m_.timers().stopTick(c);
    }
    if (!next.isIdle) {
        // Leaving idle for a task pays the idle-state exit unless an interrupt
        // already did: after it, do_idle() sees need_resched and calls
        // schedule_idle() without entering a C-state again (kernel/sched/idle.c).
        const bool exitIdle = prev.isIdle && !c.idleWoken;
        const Time idleExit = exitIdle ? m_.cfg().cost.idleExit : 0;
        next.frame.remaining += m_.cfg().cost.contextSwitch + idleExit;
        c.idleWoken = false; // spent: the next idle period starts with a C-state
        if (next.hasWakeFlow) {
            // The flow ends where Linux traces sched_switch: in __schedule(),
            // after the idle CPU has left its C-state (do_idle() ->
            // schedule_idle(), kernel/sched/idle.c, 6.12) and before
            // context_switch(). The engine charges the exit with the switch,
            // so the mark is the exit's end.
            next.hasWakeFlow = false;
            m_.observers().flow(next.wakeFlowKind, next.wakeSrcCpu, next.wakeSrcTime, c.id, m_.now() + idleExit);
        }
    }
    fair_.updateMinVruntime(c, next);
}

void Scheduler::tick(Cpu& c) {
    balance_.trigger(c); // sched_balance_trigger()
    Task* t = c.curr;
    if (t->isRt() && bandwidth_.exceeded(c)) setNeedResched(c, false); // update_curr_rt()
    if (c.needReschedLazy) setNeedResched(c, false);                   // lazy requests are honoured at the tick
    if (t->isIdle) return;
    if (t->isDl()) {
        if (dl_.tick(c, *t)) setNeedResched(c, false);
        return;
    }
    if (t->worker) m_.wq().workerTick(*t);
    if (t->isRt()) {
        if (rt_.tick(c, *t)) setNeedResched(c, false);
        return;
    }
    if (dl_.serverCheck(c)) setNeedResched(c, false);
    if (fair_.empty(c.id)) return;
    if (fair_.tickPreempts(c, *t)) setNeedResched(c, true);
}

} // namespace irqscope::kern
