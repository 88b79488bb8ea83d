// RCU grace periods and the CPU stall detector (kernel/rcu/tree_stall.h, v6.12).
//
// check_cpu_stall() runs from rcu_pending(), which rcu_sched_clock_irq() calls
// on every tick of every CPU. It does nothing before rcu_state.jiffies_stall;
// from then on the first CPU that still owes the grace period a quiescent
// state (its bit in ->qsmask) and takes a tick reports itself
// (print_cpu_stall(): "self-detected stall on CPU", this CPU only), or, from
// RCU_STALL_RAT_DELAY (2) jiffies after the deadline, any CPU reports every
// holdout at once (print_other_cpu_stall(): "detected stalls on CPUs/tasks").
// The reporter wins a cmpxchg on jiffies_stall and, after printing, sets it to
// jiffies + 3 * rcu_jiffies_till_stall_check() + 3: one report per deadline
// for the whole machine, however many CPUs stall. record_gp_stall_check_time()
// sets the first deadline, timeout jiffies after the grace period starts; once
// it ends (!rcu_gp_in_progress()) nothing is reported until the next one
// sets its own. The same rule holds in every version the engine offers
// (v4.4 kernel/rcu/tree.c check_cpu_stall() and its print_*_stall()).
//
// Without a grace-period kthread (a task's rcu_gp event, rcu_gp.cpp) the
// kthread, its start-up delay and its force-quiescent-state scans are not
// modelled: the next grace period starts at the first tick after every CPU
// passed a quiescent state since the last one started (the model assumes a
// callback is always waiting), and a CPU in the idle loop counts as quiescent
// (dynticks idle, seen by the FQS scan). With one, the kthread starts and
// ends them and a CPU is quiescent once its report cleared its ->qsmask bit.
#include "kernel/machine.h"
#include "kernel/watchdogs.h"

#include <cstdio>
#include <string>

namespace irqscope::kern {

namespace {
constexpr std::uint64_t kStallRatDelay = 2; // RCU_STALL_RAT_DELAY, kernel/rcu/tree.h
} // namespace

// rcu_jiffies_till_stall_check(): rcu_cpu_stall_timeout in jiffies. The kernel
// takes whole seconds (3..300, CONFIG_RCU_CPU_STALL_TIMEOUT default 21); the
// model's shortened timeouts round up, as msecs_to_jiffies() does.
std::uint64_t Watchdogs::stallTimeoutJiffies() const {
    const Config& cfg = m_.cfg();
    return static_cast<std::uint64_t>((cfg.rcuStallTimeout + cfg.tickPeriod - 1) / cfg.tickPeriod);
}

// Has the CPU passed a quiescent state since the grace period started (its
// ->qsmask bit is clear)? The idle loop is an extended quiescent state.
bool Watchdogs::quiescentThisGp(int cpu) const {
    if (gpk_.task) return !at(cpu).owes;
    const Cpu& k = m_.cpu(cpu);
    if (k.curr->isIdle && k.stack.size() == 1) return true;
    return cpus_[static_cast<std::size_t>(cpu)].lastQs >= gp_.start;
}

// Once a jiffy: if no CPU holds the grace period, it ends and the next one
// starts now (rcu_gp_cleanup(), then rcu_gp_init() -> record_gp_stall_check_time()).
void Watchdogs::advanceGracePeriod() {
    if (gpk_.task) return; // the grace-period kthread drives them (rcu_gp.cpp)
    const std::uint64_t j = m_.timers().jiffies();
    if (gp_.scannedJ == j) return;
    gp_.scannedJ = j;
    for (int i = 0; i < m_.cpuCount(); ++i)
        if (!quiescentThisGp(i)) return;
    ++gp_.seq;
    gp_.start = m_.now();
    gp_.startJ = j;
    gp_.stallJ = j + stallTimeoutJiffies();
}

void Watchdogs::checkCpuStall(Kctx& c) {
    advanceGracePeriod();
    const std::uint64_t j = m_.timers().jiffies();
    if (j < gp_.stallJ || gp_.startJ >= gp_.stallJ) return; // ULONG_CMP_LT(j, js) || ULONG_CMP_GE(gps, js)
    Cpu& k = c.cpu();
    const bool selfDetected = !quiescentThisGp(k.id);
    if (!selfDetected && j < gp_.stallJ + kStallRatDelay) return;
    const Config& cfg = m_.cfg();
    // kernel/rcu/tree.c RCU_NAME: the flavour's name
    const char* flavour = cfg.preemptRcu ? "rcu_preempt" : "rcu_sched";
    const long long t = static_cast<long long>(j - gp_.startJ); // jiffies - gps
    char buf[160];
    if (selfDetected) {
        std::snprintf(buf, sizeof buf, "rcu: INFO: %s self-detected stall on CPU%d (t=%lld jiffies)", flavour, k.id, t);
        m_.warn(k, "rcu_stall", buf);
        // print_cpu_stall(): "Attempt to revive the RCU machinery by forcing a
        // context switch" (set_tsk_need_resched(current)).
        m_.sched().setNeedResched(k, false);
    } else {
        std::string msg = std::string("rcu: INFO: ") + flavour + " detected stalls on CPUs/tasks: {";
        int detected = 0;
        for (int i = 0; i < m_.cpuCount(); ++i)
            if (!quiescentThisGp(i)) {
                msg += " " + std::to_string(i) + "-....";
                ++detected;
            }
        std::snprintf(buf, sizeof buf, " } (detected by %d, t=%lld jiffies)", k.id, t);
        msg += buf;
        if (!detected) msg += " All QSes seen"; // the holdouts passed one since this jiffy's scan
        m_.warn(k, "rcu_stall", msg);
    }
    // check_cpu_stall(): the next report, if the grace period is still stuck.
    gp_.stallJ = j + 3 * stallTimeoutJiffies() + 3;
}

} // namespace irqscope::kern
