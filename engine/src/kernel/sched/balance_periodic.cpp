#include "kernel/sched/balance_periodic.h"

#include "kernel/machine.h"

#include <algorithm>
#include <cmath>

namespace irqscope::kern {

namespace {
constexpr double kImbalancePct = 117;    // sd_init(): imbalance_pct of an LLC (MC) domain
constexpr Time kMigrationCost = 500'000; // sysctl_sched_migration_cost: task_hot()
constexpr int kCacheNiceTries = 1;       // sd->cache_nice_tries of an LLC domain
constexpr int kNrMigrate = 32;           // sysctl_sched_nr_migrate: env.loop_max

// The fair load of one CPU (one sched group of one CPU), as update_sg_lb_stats() sees it.
struct CpuStats {
    int nr = 0;             // cfs h_nr_running: queued + running fair tasks
    double load = 0;        // cfs_rq->avg.load_avg (PELT, blocked tasks decaying)
    double runnable = 0;    // cfs_rq->avg.runnable_avg, in capacity units
    double capacity = 1024; // capacity_of(): 1024 x speed (no RT/IRQ pressure)
    enum Type { HasSpare, FullyBusy, Overloaded } type = HasSpare;
    double avgLoad() const { return load * 1024.0 / capacity; }
};
} // namespace

LoadBalance::LoadBalance(Machine& m)
    : m_(m), cpus_(static_cast<std::size_t>(m.cpuCount())),
      kickLines_(static_cast<std::size_t>(m.cpuCount()), nullptr) {
    for (auto& s : cpus_) s.intervalMs = m.cpuCount(); // sd_init(): balance_interval = sd_weight
}

void LoadBalance::open() {
    m_.softirq().setHandler(SCHED, [this](Kctx& k) { return softirq(k); });
}

void LoadBalance::setKickIpi(int cpu, hw::IrqLine& line) {
    kickLines_[static_cast<std::size_t>(cpu)] = &line;
}

bool LoadBalance::tickless(int cpu) const {
    return m_.timers().tickStopped(cpu) && m_.sched().placement().cpuIdle(cpu);
}

// get_sd_balance_interval(): ms to jiffies (rounded up), busy x busy_factor
// minus one jiffy (since v5.10, "sched/fair: Minimize concurrent LBs between
// domain level"; cfg.balanceBusySkew), clamped to
// [1, max_load_balance_interval = HZ x CPUs / 10].
std::uint64_t LoadBalance::interval(const PerCpu& s, bool busy) const {
    const Config& cfg = m_.cfg();
    const Time ms = Time(s.intervalMs) * (busy ? cfg.balanceBusyFactor : 1) * 1'000'000;
    auto j = static_cast<std::int64_t>((ms + cfg.tickPeriod - 1) / cfg.tickPeriod);
    if (busy && cfg.balanceBusySkew) j -= 1;
    const std::int64_t maxJ = std::max<std::int64_t>(1, std::int64_t(cfg.hz) * m_.cpuCount() / 10);
    return static_cast<std::uint64_t>(std::clamp<std::int64_t>(j, 1, maxJ));
}

// sched_balance_trigger(): rq->idle_balance, SCHED_SOFTIRQ when rq->next_balance
// is due, then nohz_balancer_kick(): a busy CPU with two runnable tasks (and
// nohz.next_balance due) kicks the first tickless idle CPU, at most once a jiffy
// (kick_ilb() sets nohz.next_balance = jiffies + 1).
void LoadBalance::trigger(Cpu& c) {
    const Config& cfg = m_.cfg();
    if (!cfg.periodicBalance) return;
    PerCpu& s = at(c.id);
    const std::uint64_t now = m_.timers().jiffies();
    s.idleAtTick = c.curr->isIdle;
    if (now >= s.nextBalance) m_.softirq().raise(c, SCHED);
    if (s.idleAtTick || !cfg.nohzIdle || now < nohzNextBalance_) return;
    Scheduler& sc = m_.sched();
    const std::size_t nr = 1 + sc.fair().queued(c.id) + static_cast<std::size_t>(sc.rt().queued(c.id));
    if (nr < 2) return;
    int ilb = -1; // find_new_ilb(): the first CPU of nohz.idle_cpus_mask (tickless CPUs run their idle task)
    const CpuMask& idle = sc.idleCurr();
    for (std::size_t b = idle.first(); b < idle.size() && ilb < 0; b = idle.next(b))
        if (static_cast<int>(b) != c.id && tickless(static_cast<int>(b))) ilb = static_cast<int>(b);
    if (ilb < 0) return;
    nohzNextBalance_ = now + 1;
    PerCpu& t = at(ilb);
    if (t.nohzKick || !kickLines_[static_cast<std::size_t>(ilb)]) return;
    t.nohzKick = true;
    // smp_call_function_single_async(): the sender writes the SGI, the target
    // runs nohz_csd_func() in the IPI and the SCHED softirq at its irq_exit().
    c.top()->owed += cfg.cost.ipiSend;
    m_.observers().flow(FlowKind::Ipi, c.id, m_.now(), ilb, m_.now());
    m_.irq().raise(*kickLines_[static_cast<std::size_t>(ilb)]);
}

void LoadBalance::kicked(Cpu& c) {
    if (at(c.id).nohzKick) m_.softirq().raise(c, SCHED);
}

// sched_balance_softirq(): nohz_idle_balance() first — on a kicked CPU, balance
// for every tickless idle CPU that is due (this one included), in order from
// this CPU + 1, stopping once this CPU has work — else this CPU's own domains.
// Each CPU balanced costs `cost.load_balance_ns` here.
Proc<void> LoadBalance::softirq(Kctx& k) {
    Cpu& c = k.cpu();
    PerCpu& s = at(c.id);
    const Time cost = m_.cfg().cost.loadBalance;
    if (!s.nohzKick) {
        co_await k.work(cost);
        balanceDomains(c.id, s.idleAtTick);
        co_return;
    }
    s.nohzKick = false;
    const int n = m_.cpuCount();
    std::uint64_t next = ~std::uint64_t(0);
    for (int d = 1; d <= n; ++d) {
        const int i = (c.id + d) % n;
        if (i != c.id && (!m_.sched().idleCurr().test(static_cast<std::size_t>(i)) || !tickless(i))) continue;
        if (c.needResched) break; // this CPU got work: leave the rest
        if (m_.timers().jiffies() >= at(i).nextBalance) {
            co_await k.work(cost);
            balanceDomains(i, m_.cpu(i).curr->isIdle);
        }
        next = std::min(next, at(i).nextBalance);
    }
    if (next != ~std::uint64_t(0)) nohzNextBalance_ = next;
}

// sched_balance_domains() for the one domain: balance when its interval has
// passed, then rq->next_balance = last_balance + interval.
void LoadBalance::balanceDomains(int cpu, bool idle) {
    PerCpu& s = at(cpu);
    const std::uint64_t now = m_.timers().jiffies();
    std::uint64_t iv = interval(s, !idle);
    if (now >= s.lastBalance + iv) {
        if (balanceRq(cpu, idle)) idle = false; // it has a task now
        s.lastBalance = now;
        iv = interval(s, !idle);
    }
    s.nextBalance = s.lastBalance + iv;
}

// sched_balance_rq() over single-CPU groups: find_busiest_group() (the highest
// group type, then the highest load per capacity), calculate_imbalance(),
// detach_tasks() from the busiest CPU's queue.
bool LoadBalance::balanceRq(int dst, bool idle) {
    Scheduler& sc = m_.sched();
    Placement& pl = sc.placement();
    const int n = m_.cpuCount();
    std::vector<CpuStats> st(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        CpuStats& g = st[static_cast<std::size_t>(i)];
        g.nr = static_cast<int>(sc.fair().queued(i)) + (m_.cpu(i).curr->isFair() ? 1 : 0);
        g.capacity = 1024.0 * m_.cpu(i).speed;
    }
    for (const auto& t : sc.tasks()) {
        if (!t->isFair() || t->isIdle || t->state == Task::State::Dead || !t->cpu) continue;
        CpuStats& g = st[static_cast<std::size_t>(t->cpu->id)];
        g.load += pl.peltLoad(*t);
        g.runnable += pl.peltRunnableNow(*t) * 1024.0;
    }
    double totalLoad = 0, totalCap = 0;
    for (auto& g : st) {
        // group_is_overloaded() / group_has_capacity(), runnable standing in for util
        if (g.nr >= 2 && g.runnable * 100 > g.capacity * kImbalancePct) g.type = CpuStats::Overloaded;
        else if (g.nr == 0 || g.runnable * kImbalancePct < g.capacity * 100) g.type = CpuStats::HasSpare;
        else g.type = CpuStats::FullyBusy;
        totalLoad += g.load;
        totalCap += g.capacity;
    }
    const CpuStats& local = st[static_cast<std::size_t>(dst)];
    int b = -1;
    for (int i = 0; i < n; ++i) {
        if (i == dst) continue;
        const CpuStats& g = st[static_cast<std::size_t>(i)];
        if (g.nr == 0) continue;
        const CpuStats* cur = b < 0 ? nullptr : &st[static_cast<std::size_t>(b)];
        if (!cur || g.type > cur->type || (g.type == cur->type && g.avgLoad() > cur->avgLoad())) b = i;
    }
    PerCpu& s = at(dst);
    const auto balanced = [&] {
        s.nrFailed = 0;
        if (s.intervalMs < 2 * n) s.intervalMs *= 2; // up to sd->max_interval
        return false;
    };
    if (b < 0) return balanced();
    const CpuStats& busiest = st[static_cast<std::size_t>(b)];
    if (local.type > busiest.type) return balanced();
    if (busiest.type != CpuStats::Overloaded && (!idle || busiest.nr <= 1)) return balanced();
    // calculate_imbalance()
    bool byTasks = false;
    double imbalance = 0;
    const double sdsAvg = totalLoad * 1024.0 / totalCap;
    if (local.type == CpuStats::HasSpare) {
        byTasks = true; // migrate_task, sibling_imbalance(): even out nr_running
        int d = idle ? std::max(busiest.nr - local.nr, 0) : 0;
        if (idle && d <= 1 && local.nr == 0 && busiest.nr > 1) d = 2;
        imbalance = d >> 1;
    } else {
        if (local.avgLoad() >= busiest.avgLoad() || local.avgLoad() >= sdsAvg) return balanced();
        if (local.type == CpuStats::Overloaded && 100 * busiest.avgLoad() <= kImbalancePct * local.avgLoad())
            return balanced();
        imbalance = std::min((busiest.avgLoad() - sdsAvg) * busiest.capacity,
                             (sdsAvg - local.avgLoad()) * local.capacity) /
                    1024.0; // migrate_load
    }
    if (imbalance <= 0) return balanced();
    // detach_tasks(): queued tasks of the busiest CPU that may run here and are not cache hot
    Cpu& from = m_.cpu(b);
    Cpu& to = m_.cpu(dst);
    int moved = 0, loops = 0, left = busiest.nr;
    const std::vector<Task*> candidates = sc.fair().queue(b);
    for (Task* t : candidates) {
        if (imbalance <= 0 || ++loops > kNrMigrate) break;
        if (idle && left <= 1) break; // do not steal the last one
        if (!t->affinity.test(static_cast<std::size_t>(dst)) || t->migrationDisabled) continue;
        if (m_.now() - t->peltUtilAt < kMigrationCost && s.nrFailed <= kCacheNiceTries) continue; // task_hot()
        if (byTasks) {
            imbalance -= 1;
        } else {
            const double load = std::max(pl.peltLoad(*t), 1.0);
            if (std::ldexp(load, -s.nrFailed) > imbalance) continue;
            imbalance -= load;
        }
        sc.migrateQueued(*t, from, to);
        ++moved, --left;
    }
    // Unbalanced: the interval goes back to sd->min_interval, moved or not.
    s.intervalMs = n;
    if (moved == 0) ++s.nrFailed;
    else s.nrFailed = 0;
    return moved > 0;
}

} // namespace irqscope::kern
