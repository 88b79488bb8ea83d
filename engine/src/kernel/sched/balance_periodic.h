// Periodic load balancing of the fair class (kernel/sched/fair.c, v6.12; the
// functions were renamed in 6.10: trigger_load_balance() -> sched_balance_trigger(),
// run_rebalance_domains() -> sched_balance_softirq(), rebalance_domains() ->
// sched_balance_domains(), load_balance() -> sched_balance_rq()).
//
// sched_tick() calls sched_balance_trigger(): when jiffies reach the CPU's
// rq->next_balance it raises SCHED_SOFTIRQ, so the balancing costs CPU time in
// softirq context on the CPU that does it. sched_balance_domains() balances a
// domain when its interval has passed: sd->balance_interval ms (from sd_weight,
// doubled up to 2 x sd_weight while balanced, back to sd_weight after a
// migration), times sd->busy_factor when the CPU is busy (16 since v5.10, 32
// before), minus a jiffy, clamped to [1, HZ x CPUs / 10] jiffies.
// sched_balance_rq() pulls to this CPU from the busiest one: an idle CPU evens
// the number of runnable fair tasks (migrate_task); a busy one pulls only from
// an overloaded CPU whose load per capacity exceeds its own by imbalance_pct
// (117), the PELT load needed to meet the average (migrate_load). Running and
// cache-hot tasks (ran within 500 us) are not pulled.
// A CPU whose tick is stopped (NO_HZ idle) does not balance; a busy CPU with
// two runnable tasks kicks the first such CPU with an IPI (nohz_balancer_kick(),
// kick_ilb()), whose SCHED softirq balances for every tickless idle CPU that is
// due (nohz_idle_balance()).
//
// Simplified: one scheduling domain spanning all CPUs (the engine's one LLC),
// its groups single CPUs; no active balance (a running task is never pushed by
// the stopper), no misfit or asym-packing migration, no NOHZ stats-only kicks.
#pragma once

#include "kernel/kctx.h"

#include <cstdint>
#include <vector>

namespace irqscope::hw {
struct IrqLine;
}

namespace irqscope::kern {

class Machine;
struct Cpu;

class LoadBalance {
public:
    explicit LoadBalance(Machine& m);

    // open_softirq(SCHED_SOFTIRQ, sched_balance_softirq).
    void open();
    // The IPI line that kicks `cpu` for a NOHZ idle balance (IPI_CALL_FUNC).
    void setKickIpi(int cpu, hw::IrqLine& line);
    // sched_balance_trigger() from sched_tick() on `c`.
    void trigger(Cpu& c);
    // nohz_csd_func(): the kick arrived (in the IPI's hardirq).
    void kicked(Cpu& c);

private:
    struct PerCpu {
        std::uint64_t nextBalance = 0; // rq->next_balance, jiffies
        std::uint64_t lastBalance = 0; // sd->last_balance
        int intervalMs = 1;            // sd->balance_interval
        int nrFailed = 0;              // sd->nr_balance_failed
        bool idleAtTick = false;       // rq->idle_balance
        bool nohzKick = false;         // NOHZ_BALANCE_KICK pending
    };
    Proc<void> softirq(Kctx& k);
    // sched_balance_domains() for `cpu` (the one domain).
    void balanceDomains(int cpu, bool idle);
    // sched_balance_rq(): pull to `dst`; true if a task moved.
    bool balanceRq(int dst, bool idle);
    std::uint64_t interval(const PerCpu& s, bool busy) const;
    bool tickless(int cpu) const;
    PerCpu& at(int cpu) { return cpus_[static_cast<std::size_t>(cpu)]; }

    Machine& m_;
    std::vector<PerCpu> cpus_;
    std::vector<hw::IrqLine*> kickLines_;
    std::uint64_t nohzNextBalance_ = 0; // nohz.next_balance
};

} // namespace irqscope::kern
