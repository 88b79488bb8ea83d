#include "kernel/sched/placement.h"

#include "kernel/machine.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace irqscope::kern {

Placement::Placement(Machine& m) : m_(m), attached_(static_cast<std::size_t>(m.cpuCount())) {}

void Placement::setCpu(Task& t, Cpu& to) {
    if (t.cpu == &to) return;
    const auto byPid = [](const Task* a, const Task* b) { return a->pid < b->pid; };
    if (t.cpu) {
        auto& from = attached_[static_cast<std::size_t>(t.cpu->id)];
        from.erase(std::lower_bound(from.begin(), from.end(), &t, byPid));
    }
    auto& list = attached_[static_cast<std::size_t>(to.id)];
    list.insert(std::upper_bound(list.begin(), list.end(), &t, byPid), &t);
    t.cpu = &to;
}

// Read from the scheduler's per-CPU bitmaps (32 bytes each for 256 CPUs)
// rather than from each CPU's own objects: idleCurr() is curr->isIdle, the
// RT and fair waiting() masks are queued() > 0 and !empty(), so a CPU that is
// not idle costs no cache line of its own.
bool Placement::cpuIdle(int i) const {
    const auto b = static_cast<std::size_t>(i);
    Scheduler& s = m_.sched();
    const bool idle =
        s.idleCurr().test(b) && !s.rt().waiting().test(b) && !s.fair().waiting().test(b) && !s.dl().runnable(i);
    assert(idle == (m_.cpu(i).curr->isIdle && s.rt().queued(i) == 0 && s.fair().empty(i) && !s.dl().runnable(i)));
    return idle;
}

// select_task_rq_fair(): wake_affine() chooses between the waker's CPU and
// the previous one, then select_idle_sibling() prefers an idle CPU: the
// target, the previous CPU, then a scan of the LLC from target + 1 (one LLC:
// all CPUs share the last-level cache here). On an asymmetric machine (v5.7+)
// the target and the previous CPU must also fit the task's utilization, and
// the scan is select_idle_capacity() over every CPU.
int Placement::selectCpu(Task& t, int fromCpu) {
    const int cpus = m_.cpuCount();
    const int prev = t.cpu ? t.cpu->id : 0;
    auto allowed = [&](int i) { return i >= 0 && i < cpus && t.affinity.test(static_cast<std::size_t>(i)); };
    if (t.affinity.single()) return allowed(prev) ? prev : firstCpu(t.affinity); // exactly one CPU allowed
    if (t.isDl()) return m_.sched().dl().selectCpu(t, prev);
    if (t.isRt()) return m_.sched().rt().selectCpu(t, prev);
    int target = prev;
    if (fromCpu >= 0 && fromCpu != prev && allowed(fromCpu)) target = wakeAffine(t, fromCpu, prev);
    const bool asym = asymCapacity();
    const double util = asym ? taskUtil(t) : 0.0;
    if (allowed(target) && cpuIdle(target) && fits(util, target)) return target;
    if (allowed(prev) && cpuIdle(prev) && fits(util, prev)) return prev;
    if (asym) {
        const int i = selectIdleCapacity(t, util, target);
        return i >= 0 ? i : (allowed(target) ? target : firstCpu(t.affinity));
    }
    // select_idle_cpu(): for_each_cpu_wrap() from target + 1 over the allowed
    // CPUs; only a CPU running its idle task with no RT or fair task queued can
    // be idle, so the scan is a walk over those bits, and only a deadline
    // entity queued there (the fair server) is looked up per CPU.
    Scheduler& s = m_.sched();
    const CpuMask cand = s.idleCurr() & t.affinity & ~s.rt().waiting() & ~s.fair().waiting();
    DlSched& dl = s.dl();
    for (std::size_t b = cand.next(static_cast<std::size_t>(target)); b < std::size_t(cpus); b = cand.next(b))
        if (!dl.runnable(static_cast<int>(b))) return static_cast<int>(b);
    for (std::size_t b = cand.first(); b < std::size_t(target); b = cand.next(b))
        if (!dl.runnable(static_cast<int>(b))) return static_cast<int>(b);
    if (allowed(target)) return target;
    return allowed(prev) ? prev : firstCpu(t.affinity);
}

// wake_affine(): wake_affine_idle() first (an idle waker CPU or an idle
// previous CPU wins; synchronous wake-ups are not modelled), then
// wake_affine_weight(): the waker's CPU only if, with the task's load added,
// it is less loaded than the previous CPU without it — both scaled by the
// other CPU's capacity, the waker's side biased by WA_BIAS (imbalance_pct 117
// of the MC domain: 100 vs 108). Loads are PELT load averages of CFS tasks, so
// an RT task (a FIFO submitter) adds nothing to its CPU's load.
int Placement::wakeAffine(Task& t, int thisCpu, int prevCpu) {
    if (cpuIdle(thisCpu)) return cpuIdle(prevCpu) ? prevCpu : thisCpu;
    if (cpuIdle(prevCpu)) return prevCpu;
    if (!m_.cfg().wakeAffineWeight) return thisCpu;
    // cfs_rq->avg.load_avg of both CPUs: the CFS tasks attached there,
    // runnable or blocked (a blocked task's load decays where it last ran).
    // Each CPU keeps its attached tasks, so this costs what the two CPUs hold,
    // not the machine's size.
    const auto cfsLoad = [this](int cpu) {
        double load = 0;
        for (const Task* q : attached_[static_cast<std::size_t>(cpu)])
            if (q->isFair() && q->state != Task::State::Dead) load += peltLoad(*q);
        return load;
    };
    const double thisLoad = cfsLoad(thisCpu), prevLoad = cfsLoad(prevCpu);
    const double taskLoad = peltLoad(t);
    double thisEff = thisLoad + taskLoad;
    thisEff *= 100.0 * m_.cpu(prevCpu).speed;
    double prevEff = prevLoad - taskLoad;
    prevEff *= (100.0 + (117.0 - 100.0) / 2.0) * m_.cpu(thisCpu).speed;
    return thisEff < prevEff ? thisCpu : prevCpu;
}

// PELT's decay per nanosecond: y^32ms = 1/2.
double Placement::decayOf(Time dt) {
    return std::exp2(-double(dt) / 32e6);
}

// sched_asym_cpucap_active(): CPUs of more than one capacity (SD_ASYM_CPUCAPACITY),
// and the wake-up path that knows it (select_idle_capacity(), v5.7+).
bool Placement::asymCapacity() const {
    const Config& c = m_.cfg();
    return c.asymCapacityWakeup && c.littleCpus > 0 && c.littleCpus < c.cpus && c.littleSpeed < 1.0;
}

// task_util_est() without util_est: the task's util_avg (running time, 32 ms
// half-life), scaled by the capacity of the CPU it last ran on (PELT is
// capacity invariant), in units of a big CPU's 1024. A blocked task's decays.
double Placement::taskUtil(const Task& t) const {
    const double speed = t.cpu ? t.cpu->speed : 1.0;
    return t.peltUtil * peltDecay(m_.now() - t.peltUtilAt) * 1024.0 * speed;
}

void Placement::utilFold(Task& t, bool wasRunning) {
    if (t.isIdle) return;
    const double y = peltDecay(m_.now() - t.peltUtilAt);
    t.peltUtil = t.peltUtil * y + (wasRunning ? 1.0 - y : 0.0);
    t.peltUtilAt = m_.now();
}

// asym_fits_cpu() / util_fits_cpu() without uclamp: fits_capacity(), util
// below 80 % of the CPU's capacity (capacity_orig: no RT/IRQ pressure).
bool Placement::fits(double util, int cpu) const {
    if (!asymCapacity()) return true;
    return util * 1280.0 < m_.cpu(cpu).speed * 1024.0 * 1024.0;
}

// select_idle_capacity(): scan sd_asym_cpucapacity (all CPUs) from target for
// an idle CPU the task fits; failing that the idle CPU of largest capacity;
// -1 when none is idle.
int Placement::selectIdleCapacity(const Task& t, double util, int target) const {
    const int cpus = m_.cpuCount();
    int best = -1;
    double bestCap = 0;
    for (int k = 0; k < cpus; ++k) {
        const int i = (target + k) % cpus;
        if (!t.affinity.test(static_cast<std::size_t>(i)) || !cpuIdle(i)) continue;
        if (fits(util, i)) return i;
        if (m_.cpu(i).speed > bestCap) {
            bestCap = m_.cpu(i).speed;
            best = i;
        }
    }
    return best;
}

// The task's runnable average now: the stored one with the time since the
// last change folded in, under the state the task had during that time.
double Placement::peltRunnableNow(const Task& t) const {
    const double y = peltDecay(m_.now() - t.peltAt);
    return t.peltRunnable * y + (t.runnable() ? 1.0 - y : 0.0);
}

void Placement::peltFold(Task& t) {
    t.peltRunnable = peltRunnableNow(t);
    t.peltAt = m_.now();
}

double Placement::peltLoad(const Task& t) const {
    return double(t.weight) * peltRunnableNow(t);
}

} // namespace irqscope::kern
