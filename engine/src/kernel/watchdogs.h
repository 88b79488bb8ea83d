// Lockup and stall detectors (kernel/watchdog.c, kernel/rcu/tree_stall.h).
//
// Soft lockup: every CPU's watchdog hrtimer (period thresh/5) queues a
// stopper work (kernel/stop_machine.c stop_one_cpu_nowait()); the stopper
// thread runs in the stop class, above every RT priority (it shows as FIFO
// 99), and touches the CPU's timestamp.
// A CPU that never schedules never runs it; when the hrtimer finally runs and
// the timestamp is older than the threshold, it reports a soft lockup. A CPU
// in an interrupt storm still takes timer interrupts, so it is a soft lockup,
// not a hard one.
// The stopper also runs other cpu_stop works (stop_one_cpu()): the migration of
// a thread whose CPU left its affinity mask (migration_cpu_stop()).
// RCU stall: a CPU passes a quiescent state by context switching, idling, or
// being in user mode at a tick (with PREEMPT_RCU also in preemptible kernel
// code at a tick). A grace period waits for every CPU to pass one after it
// started; the stall detector (kernel/rcu/tree_stall.h check_cpu_stall(),
// v6.12, the same rule back to v4.4) runs from every CPU's tick and reports
// once per deadline: the first deadline is the timeout after the grace period
// started (record_gp_stall_check_time()), each report moves it to
// 3 x timeout + 3 jiffies later, and the next grace period sets a new one. A
// stalled CPU whose tick gets there reports itself ("self-detected", naming
// only itself); any CPU two jiffies later names every holdout ("detected
// stalls"). rcu_stall.cpp.
#pragma once

#include "kernel/cpu.h"
#include "kernel/kctx.h"
#include "kernel/task.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

namespace irqscope::kern {

class Machine;

class Watchdogs {
public:
    explicit Watchdogs(Machine& m);

    // migration/N, the stopper thread that touches the soft-lockup timestamp.
    void createStopper(int cpu);
    // stop_one_cpu(): queue `work` for the CPU's stopper and wake it; it runs
    // above every other class, once the CPU can schedule.
    void stopOneCpu(int cpu, std::function<Proc<void>(Kctx&)> work);
    // The CPU passed an RCU quiescent state now (context switch, idle).
    void quiescentState(int cpu);
    // The soft-lockup timestamp is touched now (the stopper ran, or the CPU idles).
    void touch(int cpu);
    // rcu_sched_clock_irq(): is the tick that interrupted this CPU a quiescent state?
    void rcuTick(const Cpu& k);
    // From the tick: kick the stopper, report a soft lockup or an RCU stall.
    void check(Kctx& c);
    // Grace periods ended so far (rcu_state.gp_seq / 4, for tests).
    std::uint64_t gracePeriods() const { return gp_.seq; }
    // rcu_pending() with a grace-period kthread (rcu_gp.cpp): the CPU has not
    // noted the current grace period yet, or owes it a quiescent state it has
    // passed. False while no task waits in rcuGpWait().
    bool rcuPending(int cpu) const;
    // The grace-period kthread's wait in rcu_gp_fqs_loop() (rcu_gp.cpp): the
    // calling task becomes rcu_state.gp_kthread. Timeouts in jiffies
    // (jiffies_till_first_fqs, jiffies_till_next_fqs).
    Proc<void> rcuGpWait(Kctx& c, std::uint64_t firstFqs, std::uint64_t nextFqs);

private:
    struct PerCpu {
        Task* stopper = nullptr;
        bool softlockupQueued = false; // the watchdog's softlockup_fn() work
        std::deque<std::function<Proc<void>(Kctx&)>> works;
        Time lastKick = 0;
        Time lastTouch = 0;
        Time lastQs = 0;
        Time softWarnedAt = -1;
        // rcu_data with a grace-period kthread: the grace period this CPU
        // noted (->gp_seq), when, and whether it still owes it a quiescent
        // state (its ->qsmask bit).
        std::uint64_t notedGp = 0;
        Time notedAt = 0;
        bool owes = false;
    };
    // rcu_state: one grace period at a time; the model assumes there is always
    // a callback waiting, so the next one starts as soon as one ends.
    struct GracePeriod {
        std::uint64_t seq = 0;    // grace periods ended
        Time start = 0;           // a quiescent state counts from here (ns)
        std::uint64_t startJ = 0; // ->gp_start (jiffies)
        std::uint64_t stallJ = 0; // ->jiffies_stall: the next report's deadline
        std::uint64_t scannedJ = ~std::uint64_t{0};
    };
    // rcu_state as the grace-period kthread drives it (rcu_gp.cpp).
    struct GpKthread {
        Task* task = nullptr;      // rcu_state.gp_kthread; nullptr: not modelled
        std::uint64_t gp = 0;      // the grace period in progress or last ended (1, 2, ...)
        bool inProgress = false;   // rcu_gp_in_progress()
        bool waiting = false;      // asleep in the FQS wait
        std::uint64_t waitSeq = 0; // which wait a timeout belongs to
    };
    PerCpu& at(int cpu) { return cpus_[static_cast<std::size_t>(cpu)]; }
    const PerCpu& at(int cpu) const { return cpus_[static_cast<std::size_t>(cpu)]; }
    // rcu_gp.cpp
    bool anyOwes() const;
    void gpInit(int cpu);
    void gpCleanup();
    void forceQuiescentStates();
    Task* rcuCheckQuiescentState(int cpu);
    bool stopWorkQueued(int cpu);
    Proc<void> runStopWorks(Kctx& k);
    // rcu_stall.cpp
    bool quiescentThisGp(int cpu) const;
    void advanceGracePeriod();
    void checkCpuStall(Kctx& c);
    std::uint64_t stallTimeoutJiffies() const;

    Machine& m_;
    std::vector<PerCpu> cpus_;
    GracePeriod gp_;
    GpKthread gpk_;
};

} // namespace irqscope::kern
