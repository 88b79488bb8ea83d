// The scheduler (kernel/sched/): per-CPU run queues, classes picked in order
// RT (SCHED_FIFO/RR, priority 1-99) > fair > idle.
//
// Fair class, EEVDF (6.6+, default): a task is eligible when its vruntime is
// not ahead of the queue's weighted average (lag >= 0); among eligible tasks
// the earliest virtual deadline (vruntime + slice*1024/weight) runs. A woken
// task preempts only if EEVDF would pick it now, and RUN_TO_PARITY keeps the
// current task until it has used the slice it was picked with — so a nice -20
// kworker can still wait a slice or a tick behind a nice-0 hog (§7, seed c).
// CFS (<6.6): pick the smallest vruntime; a waker preempts only when ahead by
// more than the (weighted) wake-up granularity; the tick preempts after the
// ideal slice. Slices scale by 1+ilog2(min(CPUs, 8)) like the kernel's sysctls.
//
// A wake-up only sets need_resched (remotely through a reschedule IPI unless
// the target is idle); exec.cpp applies the preemption model.
#include "kernel/machine.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace irqscope::kern {

namespace {
// kernel/sched/core.c sched_prio_to_weight[]: nice -20 .. 19
constexpr std::uint32_t kNiceWeight[40] = {88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
                                           9548,  7620,  6100,  4904,  3906,  3121,  2501,  1991,  1586,  1277,
                                           1024,  820,   655,   526,   423,   335,   272,   215,   172,   137,
                                           110,   87,    70,    56,    45,    36,    29,    23,    18,    15};
} // namespace

CpuMask Machine::allCpus() const {
    CpuMask m;
    for (int i = 0; i < cfg_.cpus; ++i) m.set(static_cast<std::size_t>(i));
    return m;
}

CpuMask Machine::oneCpu(int cpu) const {
    CpuMask m;
    m.set(static_cast<std::size_t>(cpu));
    return m;
}

Task& Machine::createTask(std::string name, ContextKind kind, Policy policy, int prioOrNice, CpuMask affinity,
                          CodeFn body) {
    auto t = std::make_unique<Task>();
    t->pid = nextPid_++;
    t->name = std::move(name);
    t->nameId = intern(t->name);
    t->kind = kind;
    t->policy = policy;
    if (policy == Policy::Fifo || policy == Policy::RR) {
        t->rtPrio = std::clamp(prioOrNice, 1, 99);
    } else {
        t->nice = std::clamp(prioOrNice, -20, 19);
        t->weight = kNiceWeight[t->nice + 20];
    }
    if (affinity.none()) affinity = allCpus();
    t->affinity = affinity;
    for (int i = 0; i < cfg_.cpus; ++i)
        if (affinity.test(static_cast<std::size_t>(i))) {
            t->cpu = &cpu(i);
            break;
        }
    t->slice = cfg_.baseSlice * cfg_.schedScale();
    t->rrLeft = cfg_.rrTimeslice;
    t->state = Task::State::Blocked;
    t->peltAt = now();
    Frame& f = t->frame;
    f.type = Frame::Type::Task;
    f.task = t.get();
    f.label = Label{kind, t->nameId};
    f.ctx = std::make_unique<Kctx>(*this, f);
    if (body) {
        f.body = std::move(body);
        f.root = f.body(*f.ctx);
        f.resumePoint = f.root.handle();
        f.hasWork = true;
    }
    tasks_.push_back(std::move(t));
    return *tasks_.back();
}

double Machine::avgVruntime(const Cpu& c) const {
    double sw = 0, svw = 0;
    for (const Task* t : c.fairQueue) {
        sw += t->weight;
        svw += t->vruntime * t->weight;
    }
    const Task* cur = c.curr;
    if (cur && !cur->isIdle && !cur->isRt() && cur->state == Task::State::Running) {
        sw += cur->weight;
        svw += cur->vruntime * cur->weight;
    }
    return sw > 0 ? svw / sw : c.minVruntime;
}

void Machine::placeEntity(Cpu& c, Task& t) {
    if (cfg_.fair == FairClass::Eevdf) {
        // place_entity(): keep the lag the task had when it left (limit_lag()).
        const double limit = double(std::max<Time>(2 * t.slice, cfg_.tickPeriod)) * 1024.0 / t.weight;
        double lag = std::clamp(t.vlag, -limit, limit);
        // PLACE_LAG: inflate the lag by (W + w) / W so that it survives the
        // task's own effect on the weighted average (only on a non-empty queue).
        double load = 0;
        for (const Task* q : c.fairQueue) load += q->weight;
        const Task* cur = c.curr;
        if (cur && !cur->isIdle && !cur->isRt() && cur->state == Task::State::Running) load += cur->weight;
        if (load > 0) lag = lag * (load + t.weight) / load;
        else lag = 0;
        t.vruntime = avgVruntime(c) - lag;
        t.deadline = t.vruntime + double(t.slice) * 1024.0 / t.weight;
    } else {
        // GENTLE_FAIR_SLEEPERS: a sleeper gets at most half a latency period of credit.
        const double thresh = double(cfg_.cfsLatency * cfg_.schedScale()) / 2;
        t.vruntime = std::max(c.minVruntime + t.vlag, c.minVruntime - thresh);
    }
}

void Machine::enqueue(Cpu& c, Task& t, bool wakeup) {
    t.cpu = &c;
    if (t.isRt()) {
        c.rtQueue[static_cast<std::size_t>(t.rtPrio)].push_back(&t);
        ++c.rtQueued;
        logRunqueue(c, t, true);
        return;
    }
    if (wakeup) placeEntity(c, t);
    c.fairQueue.push_back(&t);
    logRunqueue(c, t, true);
}

void Machine::dequeue(Cpu& c, Task& t) {
    if (t.isRt()) {
        auto& dq = c.rtQueue[static_cast<std::size_t>(t.rtPrio)];
        auto it = std::find(dq.begin(), dq.end(), &t);
        if (it != dq.end()) {
            dq.erase(it);
            --c.rtQueued;
            logRunqueue(c, t, false);
        }
        return;
    }
    auto it = std::find(c.fairQueue.begin(), c.fairQueue.end(), &t);
    if (it != c.fairQueue.end()) {
        c.fairQueue.erase(it);
        logRunqueue(c, t, false);
    }
}

bool Machine::eevdfPicksOther(Cpu& c, const Task* candidate) {
    // pick_eevdf() with the current task still on the queue.
    Task* cur = c.curr;
    // update_curr() runs first: a used-up slice gets its next deadline and loses protection.
    if (cur->vruntime >= cur->deadline) {
        cur->deadline = cur->vruntime + double(cur->slice) * 1024.0 / cur->weight;
        cur->sliceProtected = false;
    }
    // pick_eevdf(): curr is dropped when it is no longer eligible; only an
    // eligible curr keeps its RUN_TO_PARITY slice protection.
    const double avg = avgVruntime(c);
    if (cfg_.runToParity && cur->sliceProtected && cur->vruntime <= avg + 1e-9) return false;
    const Task* best = nullptr;
    auto consider = [&](const Task* t) {
        if (t->vruntime > avg + 1e-9) return; // not eligible
        if (!best || t->deadline < best->deadline) best = t;
    };
    consider(cur);
    for (const Task* t : c.fairQueue) consider(t);
    if (candidate) return best == candidate;
    return best && best != cur;
}

void Machine::checkPreemptWakeup(Cpu& c, Task& woken) {
    Task* cur = c.curr;
    if (cur->isIdle) {
        setNeedResched(c, false);
        return;
    }
    if (woken.isRt()) {
        if (!cur->isRt() || woken.rtPrio > cur->rtPrio) setNeedResched(c, false);
        return;
    }
    if (cur->isRt()) return;
    if (woken.policy == Policy::Batch || woken.policy == Policy::Idle) return;
    if (cfg_.fair == FairClass::Eevdf) {
        if (eevdfPicksOther(c, &woken)) setNeedResched(c, true);
    } else {
        const double gran = double(cfg_.cfsWakeupGran * cfg_.schedScale()) * 1024.0 / woken.weight;
        if (cur->vruntime - woken.vruntime > gran) setNeedResched(c, true);
    }
}

void Machine::setNeedResched(Cpu& c, bool lazyOk) {
    if (lazyOk && cfg_.preempt == PreemptModel::Lazy) {
        c.needReschedLazy = true;
        if (c.curr->isIdle) c.needResched = true;
    } else {
        c.needResched = true;
    }
    kick(c);
}

// available_idle_cpu(): idle and nothing queued.
bool Machine::cpuIdle(int i) const {
    const Cpu& k = *cpus_[static_cast<std::size_t>(i)];
    return k.curr->isIdle && k.rtQueued == 0 && k.fairQueue.empty();
}

int Machine::selectCpu(Task& t, int fromCpu) {
    const int prev = t.cpu ? t.cpu->id : 0;
    auto allowed = [&](int i) { return i >= 0 && i < cfg_.cpus && t.affinity.test(static_cast<std::size_t>(i)); };
    auto idle = [&](int i) { return cpuIdle(i); };
    if (t.affinity.count() == 1) return allowed(prev) ? prev : static_cast<int>(t.affinity._Find_first());
    if (t.isRt()) {
        // select_task_rq_rt(): stay unless the previous CPU runs an RT task at least as important.
        Cpu& p = cpu(prev);
        if (allowed(prev) && (!p.curr->isRt() || p.curr->rtPrio < t.rtPrio) && p.rtQueued == 0) return prev;
        int best = -1, bestPrio = 1000;
        for (int i = 0; i < cfg_.cpus; ++i) {
            if (!allowed(i)) continue;
            Cpu& k = cpu(i);
            int prio = k.curr->isIdle ? -2 : (k.curr->isRt() ? k.curr->rtPrio : -1);
            if (prio < bestPrio) bestPrio = prio, best = i;
        }
        return best >= 0 ? best : prev;
    }
    // select_task_rq_fair(): wake_affine() chooses between the waker's CPU and
    // the previous one, then select_idle_sibling() prefers an idle CPU: the
    // target, the previous CPU, then a scan of the LLC from target + 1 (one LLC:
    // all CPUs share the last-level cache here).
    int target = prev;
    if (fromCpu >= 0 && fromCpu != prev && allowed(fromCpu)) target = wakeAffine(t, fromCpu, prev);
    if (allowed(target) && idle(target)) return target;
    if (allowed(prev) && idle(prev)) return prev;
    for (int k = 1; k < cfg_.cpus; ++k) {
        const int i = (target + k) % cfg_.cpus;
        if (allowed(i) && idle(i)) return i;
    }
    if (allowed(target)) return target;
    return allowed(prev) ? prev : static_cast<int>(t.affinity._Find_first());
}

// wake_affine(): wake_affine_idle() first (an idle waker CPU or an idle
// previous CPU wins; synchronous wake-ups are not modelled), then
// wake_affine_weight(): the waker's CPU only if, with the task's load added,
// it is less loaded than the previous CPU without it — both scaled by the
// other CPU's capacity, the waker's side biased by WA_BIAS (imbalance_pct 117
// of the MC domain: 100 vs 108). Loads are PELT load averages of CFS tasks, so
// an RT task (a FIFO submitter) adds nothing to its CPU's load.
int Machine::wakeAffine(Task& t, int thisCpu, int prevCpu) {
    if (cpuIdle(thisCpu)) return cpuIdle(prevCpu) ? prevCpu : thisCpu;
    if (cpuIdle(prevCpu)) return prevCpu;
    if (!cfg_.wakeAffineWeight) return thisCpu;
    // cfs_rq->avg.load_avg of both CPUs, in one pass over the tasks: the CFS
    // tasks attached there, runnable or blocked (a blocked task's load decays
    // where it last ran).
    double thisLoad = 0, prevLoad = 0;
    const Cpu* thisRq = &cpu(thisCpu);
    const Cpu* prevRq = &cpu(prevCpu);
    for (const auto& q : tasks_) {
        if (q->isIdle || q->isRt() || q->state == Task::State::Dead) continue;
        if (q->cpu == thisRq) thisLoad += peltLoad(*q);
        else if (q->cpu == prevRq) prevLoad += peltLoad(*q);
    }
    const double taskLoad = peltLoad(t);
    double thisEff = thisLoad + taskLoad;
    thisEff *= 100.0 * cpu(prevCpu).speed;
    double prevEff = prevLoad - taskLoad;
    prevEff *= (100.0 + (117.0 - 100.0) / 2.0) * cpu(thisCpu).speed;
    return thisEff < prevEff ? thisCpu : prevCpu;
}

namespace {
// PELT's decay per nanosecond: y^32ms = 1/2.
double peltDecay(Time dt) {
    return std::exp2(-double(dt) / 32e6);
}
} // namespace

// The task's runnable average now: the stored one with the time since the
// last change folded in, under the state the task had during that time.
double Machine::peltRunnableNow(const Task& t) const {
    const double y = peltDecay(now() - t.peltAt);
    const bool runnable = t.state == Task::State::Runnable || t.state == Task::State::Running;
    return t.peltRunnable * y + (runnable ? 1.0 - y : 0.0);
}

// Called before the task's state changes (wake-up, sleep).
void Machine::peltFold(Task& t) {
    t.peltRunnable = peltRunnableNow(t);
    t.peltAt = now();
}

double Machine::peltLoad(const Task& t) const {
    return double(t.weight) * peltRunnableNow(t);
}

bool Machine::wake(Task& t, int fromCpu, FlowKind flowKind) {
    if (t.state == Task::State::Dead) return false;
    if (t.state != Task::State::Blocked) {
        t.wakePending = true;
        return false;
    }
    peltFold(t); // the sleep ends
    const int target = selectCpu(t, fromCpu);
    Cpu& c = cpu(target);
    account(c); // enqueue_entity() -> update_curr(): bring curr's vruntime up to date first
    t.state = Task::State::Runnable;
    t.wokenAt = now();
    t.hasWakeFlow = true;
    t.wakeFlowKind = flowKind;
    t.wakeSrcLane = fromCpu >= 0 ? cpu(fromCpu).lane : c.lane;
    t.wakeSrcTime = now();
    if (fromCpu >= 0) instant(cpu(fromCpu), InstantKind::Wakeup, t.nameId);
    enqueue(c, t, true);
    // The woken task is placed; does it preempt? Remote CPUs learn through an IPI.
    const bool wasResched = c.needResched;
    checkPreemptWakeup(c, t);
    if (!wasResched && c.needResched && fromCpu >= 0 && fromCpu != target && !c.curr->isIdle)
        sendReschedIpi(fromCpu, c);
    return true;
}

Task* Machine::pickFair(Cpu& c) {
    if (c.fairQueue.empty()) return nullptr;
    Task* best = nullptr;
    if (cfg_.fair == FairClass::Eevdf) {
        const double avg = avgVruntime(c);
        for (Task* t : c.fairQueue)
            if (t->vruntime <= avg + 1e-9 && (!best || t->deadline < best->deadline)) best = t;
    }
    if (!best)
        for (Task* t : c.fairQueue)
            if (!best || t->vruntime < best->vruntime) best = t;
    dequeue(c, *best);
    return best;
}

void Machine::newidleBalance(Cpu& c) {
    // newidle_balance()/pull_rt_task(), simplified: an idle CPU pulls a waiting
    // task that may run here from the CPU with the most waiting tasks.
    Task* pick = nullptr;
    Cpu* from = nullptr;
    std::size_t most = 0;
    for (auto& other : cpus_) {
        if (other.get() == &c) continue;
        for (int p = 99; p >= 1 && other->rtQueued; --p)
            for (Task* t : other->rtQueue[static_cast<std::size_t>(p)])
                if (t->affinity.test(static_cast<std::size_t>(c.id)) &&
                    (!pick || !pick->isRt() || t->rtPrio > pick->rtPrio)) {
                    pick = t, from = other.get();
                    break;
                }
        if (pick && pick->isRt()) continue;
        if (other->fairQueue.size() > most)
            for (Task* t : other->fairQueue)
                if (t->affinity.test(static_cast<std::size_t>(c.id))) {
                    pick = t, from = other.get(), most = other->fairQueue.size();
                    break;
                }
    }
    if (!pick) return;
    dequeue(*from, *pick);
    if (!pick->isRt()) pick->vlag = 0;
    enqueue(c, *pick, !pick->isRt());
}

Task* Machine::pickNext(Cpu& c) {
    const bool rtAllowed = !c.rtThrottled || c.fairQueue.empty();
    if (c.rtQueued > 0 && rtAllowed) {
        for (int p = 99; p >= 1; --p) {
            auto& dq = c.rtQueue[static_cast<std::size_t>(p)];
            if (dq.empty()) continue;
            Task* t = dq.front();
            dq.pop_front();
            --c.rtQueued;
            logRunqueue(c, *t, false);
            return t;
        }
    }
    if (Task* t = pickFair(c)) return t;
    newidleBalance(c);
    if (c.rtQueued > 0 || !c.fairQueue.empty()) return pickNext(c);
    return nullptr;
}

void Machine::schedule(Cpu& c) {
    Task* prev = c.curr;
    c.needResched = false;
    c.needReschedLazy = false;
    if (!prev->isIdle) {
        if (prev->state == Task::State::Running) {
            prev->state = Task::State::Runnable;
            if (prev->isRt()) {
                // A preempted FIFO task stays at the head of its priority list.
                c.rtQueue[static_cast<std::size_t>(prev->rtPrio)].push_front(prev);
                ++c.rtQueued;
            } else {
                c.fairQueue.push_back(prev);
            }
            logRunqueue(c, *prev, true);
        } else {
            if (prev->worker) wq_->workerSleeping(*prev);
            // Leaving the queue: remember the lag (EEVDF: update_entity_lag(),
            // against the average the task itself is still part of) or the
            // relative vruntime (CFS).
            if (!prev->isRt()) {
                if (cfg_.fair == FairClass::Eevdf) {
                    double sw = prev->weight, svw = prev->vruntime * prev->weight;
                    for (const Task* q : c.fairQueue) sw += q->weight, svw += q->vruntime * q->weight;
                    prev->vlag = svw / sw - prev->vruntime;
                    // DELAY_DEQUEUE (6.12+): a sleeper that ran ahead stays queued
                    // until its negative lag is paid back, so it leaves at lag 0.
                    if (cfg_.delayDequeue) prev->vlag = std::max(prev->vlag, 0.0);
                } else {
                    prev->vlag = prev->vruntime - c.minVruntime;
                }
            }
        }
    }
    Task* next = pickNext(c);
    if (!next) next = c.idle;
    next->state = Task::State::Running;
    if (next == prev) return;

    ++c.contextSwitches;
    c.lastQs = now(); // a context switch is an RCU quiescent state
    closeSegment(c, 0, prev->frame);
    c.stack[0] = &next->frame;
    c.curr = next;
    next->cpu = &c;
    next->execAtPick = next->sumExec;
    next->sliceProtected = true;
    if (next->worker) wq_->workerRunning(*next);
    if (prev->isIdle || next->isIdle) c.lastTouch = now(); // an idle CPU runs its stopper at once
    if (prev->isIdle && c.tickStopped) {
        // leaving NO_HZ idle: restart the tick on the next period boundary
        c.tickStopped = false;
        c.nextTick = (now() / cfg_.tickPeriod + 1) * cfg_.tickPeriod;
        armLocalTimer(c);
    } else if (next->isIdle && cfg_.nohzIdle) {
        c.tickStopped = true;
        c.lastQs = now();
        armLocalTimer(c);
    }
    if (!next->isIdle) {
        next->frame.remaining += cfg_.cost.contextSwitch + (prev->isIdle ? cfg_.cost.idleExit : 0);
        if (next->hasWakeFlow) {
            next->hasWakeFlow = false;
            flow(next->wakeFlowKind, next->wakeSrcLane, next->wakeSrcTime, c.lane, now());
        }
    }
    // keep minVruntime monotonic
    double mv = next->isIdle || next->isRt() ? c.minVruntime : next->vruntime;
    for (const Task* t : c.fairQueue) mv = std::min(mv, t->vruntime);
    c.minVruntime = std::max(c.minVruntime, mv);
}

void Machine::updateCurr(Cpu& c, Time delta) {
    Task* t = c.curr;
    if (t->isIdle) return;
    t->sumExec += delta;
    if (t->isRt()) {
        c.rtTimeInPeriod += delta;
        if (t->policy == Policy::RR) t->rrLeft -= delta;
        return;
    }
    t->vruntime += double(delta) * 1024.0 / t->weight;
}

void Machine::schedTick(Cpu& c) {
    Task* t = c.curr;
    // RT bandwidth: a new period resets the budget.
    if (now() - c.rtPeriodStart >= cfg_.rtPeriod) {
        c.rtPeriodStart = now() - (now() - c.rtPeriodStart) % cfg_.rtPeriod;
        c.rtTimeInPeriod = 0;
        if (c.rtThrottled) {
            c.rtThrottled = false;
            setNeedResched(c, false);
        }
    }
    if (cfg_.rtLimit != RtLimit::Off && !c.rtThrottled) {
        // Throttling caps RT at rt_runtime per period; the fair server (6.12+)
        // instead guarantees fair tasks their runtime, modelled as RT yielding
        // once only that much of the period is left and fair work is waiting.
        const Time budget =
            cfg_.rtLimit == RtLimit::Throttling ? cfg_.rtRuntime : cfg_.rtPeriod - cfg_.fairServerRuntime;
        if (c.rtTimeInPeriod > budget && !c.fairQueue.empty()) {
            c.rtThrottled = true;
            if (t->isRt()) setNeedResched(c, false);
        }
    }
    if (c.needReschedLazy) setNeedResched(c, false); // lazy requests are honoured at the tick
    if (t->isIdle) return;
    if (t->worker) wq_->workerTick(*t);
    if (t->isRt()) {
        if (t->policy == Policy::RR && t->rrLeft <= 0) {
            t->rrLeft = cfg_.rrTimeslice;
            if (!c.rtQueue[static_cast<std::size_t>(t->rtPrio)].empty()) setNeedResched(c, false);
        }
        return;
    }
    if (c.fairQueue.empty()) return;
    if (cfg_.fair == FairClass::Eevdf) {
        // update_deadline(): a used-up slice gets a new deadline and reschedules.
        if (t->vruntime >= t->deadline) {
            t->deadline = t->vruntime + double(t->slice) * 1024.0 / t->weight;
            t->sliceProtected = false;
            setNeedResched(c, true);
        }
    } else {
        // check_preempt_tick()
        double totalW = t->weight;
        for (const Task* q : c.fairQueue) totalW += q->weight;
        const auto nr = static_cast<Time>(c.fairQueue.size() + 1);
        const Time minGran = cfg_.cfsMinGran * cfg_.schedScale();
        Time period = cfg_.cfsLatency * cfg_.schedScale();
        if (nr > period / std::max<Time>(minGran, 1)) period = nr * minGran;
        const Time ideal = static_cast<Time>(double(period) * t->weight / totalW);
        const Time ran = t->sumExec - t->execAtPick;
        double leftmost = t->vruntime;
        for (const Task* q : c.fairQueue) leftmost = std::min(leftmost, q->vruntime);
        if (ran > ideal || (ran > minGran && t->vruntime - leftmost > double(ideal))) setNeedResched(c, true);
    }
}

} // namespace irqscope::kern
