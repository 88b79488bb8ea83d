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
// code at a tick). Checked from every tick, for every CPU: a CPU
// that has not passed one for the timeout is reported, by itself
// ("self-detected") or by another CPU ("detected stalls").
#pragma once

#include "kernel/cpu.h"
#include "kernel/kctx.h"
#include "kernel/task.h"

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

private:
    struct PerCpu {
        Task* stopper = nullptr;
        bool softlockupQueued = false; // the watchdog's softlockup_fn() work
        std::deque<std::function<Proc<void>(Kctx&)>> works;
        Time lastKick = 0;
        Time lastTouch = 0;
        Time lastQs = 0;
        Time softWarnedAt = -1;
        Time rcuWarnedAt = -1;
    };
    PerCpu& at(int cpu) { return cpus_[static_cast<std::size_t>(cpu)]; }
    bool stopWorkQueued(int cpu);
    Proc<void> runStopWorks(Kctx& k);

    Machine& m_;
    std::vector<PerCpu> cpus_;
};

} // namespace irqscope::kern
