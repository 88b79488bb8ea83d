// The one table of every scenario parameter. Costs are ESTIMATES (docs/engine.md
// "Costs" says where each comes from) unless a platform profile (profiles.cpp)
// overrides them;
// constants (2 ms softirq budget, 10 restarts, FIFO 50 IRQ threads, 20 s soft
// lockup, ...) come from the kernel source cited in docs/engine.md.
#include "devices/devices.h"
#include "schema_helpers.h"

namespace irqscope::detail {

std::vector<ParamSpec> builtinParams() {
    std::vector<ParamSpec> v;
    const std::string run = "Run", mach = "Machine", kern = "Kernel", sched = "Scheduler", soft = "Softirq",
                      wq = "Workqueues", wd = "Watchdogs", cost = "Kernel costs", gic = "Interrupt controller";

    v.push_back(duration("run.duration_ns", 200 * kMsD, kUsD, 600 * kSD, run, "Simulated time to run."));
    v.push_back(integer("run.seed", 1, 0, 9.0e15, "", run, "Seed of every random stream: same seed, same trace."));
    v.push_back(
        integer("run.trace_budget_mb", 512, 1, 65536, "MiB", run,
                "Memory the recorded trace may use; past it records are dropped and counted, metrics stay exact."));

    v.push_back(choice("machine.platform", "generic", {"generic", "juno", "emag", "kunpeng920", "rk3588"}, mach,
                       "Platform profile: sets the CPU count and interrupt-controller costs it was measured on."));
    v.push_back(integer("machine.cpus", 4, 1, 256, "CPUs", mach, "Number of CPUs."));
    v.push_back(
        integer("machine.little_cpus", 0, 0, 256, "CPUs", mach,
                "How many of the lowest-numbered CPUs are LITTLE cores (big.LITTLE); their work takes longer."));
    v.push_back(
        real("machine.little_speed", 0.45, 0.05, 1.0, "x", mach, "Speed of a little CPU relative to a big one."));
    v.push_back(integer("machine.hz", 250, 100, 1000, "Hz", mach,
                        "CONFIG_HZ: the scheduler tick rate; jiffies advance once per tick."));
    v.push_back(boolean("machine.nohz_idle", true, mach, "CONFIG_NO_HZ_IDLE: an idle CPU stops its tick."));
    v.push_back(duration("machine.idle_exit_ns", 2 * kUsD, 0, 1 * kMsD, mach,
                         "Time for an idle CPU to wake up when an interrupt arrives (shallow C-state exit)."));

    v.push_back(
        choice("kernel.version", "6.12", {"4.4", "4.19", "5.10", "6.1", "6.6", "6.12"}, kern,
               "Kernel version profile: selects the scheduler, the ksoftirqd gate and RT throttling of that release."));
    v.push_back(
        choice("kernel.preempt", "voluntary", {"none", "voluntary", "full", "lazy", "rt"}, kern,
               "Preemption model: when a woken task may run after need_resched is set (rt also force-threads IRQs)."));
    v.push_back(boolean("kernel.irq_time_accounting", true, kern,
                        "CONFIG_IRQ_TIME_ACCOUNTING: hardirq/softirq time is not charged to the interrupted task."));
    v.push_back(boolean("kernel.threadirqs", false, kern,
                        "threadirqs boot option: force-thread every IRQ handler that allows it."));
    v.push_back(integer("kernel.irq.forced_secondary_prio", 50, 1, 99, "", kern,
                        "SCHED_FIFO priority of a forced-threaded driver's secondary thread irq/N-s-name "
                        "(49 before 5.9, 50 from 5.9)."));
    v.push_back(
        boolean("kernel.ksoftirqd_gate", false, soft,
                "4.9-6.4: while ksoftirqd is runnable, irq exit leaves pending softirqs (but HI and TASKLET) to it."));
    v.push_back(duration("kernel.softirq.max_time_ns", 2 * kMsD, 0, 1 * kSD, soft,
                         "MAX_SOFTIRQ_TIME: __do_softirq restarts until jiffies pass this budget (jiffy granular)."));
    v.push_back(integer("kernel.softirq.max_restart", 10, 1, 1000, "", soft,
                        "MAX_SOFTIRQ_RESTART: restarts of the softirq loop before leftovers go to ksoftirqd."));

    v.push_back(
        choice("kernel.sched.fair", "eevdf", {"eevdf", "cfs"}, sched, "Fair class: EEVDF (6.6+) or CFS (before 6.6)."));
    v.push_back(duration("kernel.sched.base_slice_ns", 750 * kUsD, 10 * kUsD, 100 * kMsD, sched,
                         "EEVDF base slice (scaled by 1+ilog2(min(CPUs,8)))."));
    v.push_back(boolean("kernel.sched.run_to_parity", true, sched,
                        "EEVDF RUN_TO_PARITY: the running task keeps the CPU until its slice is used, even against "
                        "earlier deadlines."));
    v.push_back(choice("kernel.sched.wake_affine", "weight", {"weight", "waker"}, sched,
                       "Where a woken fair task goes when neither the waker's CPU nor its previous one is idle: "
                       "wake_affine_weight() compares their PELT loads (the kernel), or always next to the waker (a "
                       "simplification)."));
    v.push_back(boolean("kernel.sched.asym_capacity_wakeup", true, sched,
                        "On big.LITTLE, a waking fair task goes to an idle CPU its utilization fits "
                        "(select_idle_capacity(), 5.7+); off: capacity-blind select_idle_sibling()."));
    v.push_back(boolean("kernel.sched.periodic_balance", true, sched,
                        "Periodic load balancing: the tick raises SCHED_SOFTIRQ when a CPU's balance interval has "
                        "passed, and a busy CPU kicks a tickless idle one (NOHZ idle balance); off: newidle only."));
    v.push_back(integer("kernel.sched.balance_busy_factor", 16, 1, 64, "", sched,
                        "sd->busy_factor: a busy CPU balances this many times less often (16 since 5.10, 32 before)."));
    v.push_back(boolean("kernel.sched.balance_busy_skew", true, sched,
                        "get_sd_balance_interval(): a busy CPU's balance interval is one jiffy short, so the periods "
                        "of the domain levels are not multiples of each other (5.10+; off before)."));
    v.push_back(boolean("kernel.sched.delay_dequeue", true, sched,
                        "EEVDF DELAY_DEQUEUE (6.12+): a sleeper with negative lag stays queued until eligible, so it "
                        "wakes with lag >= 0."));
    v.push_back(
        duration("kernel.sched.cfs_latency_ns", 6 * kMsD, 100 * kUsD, 1 * kSD, sched, "CFS sched_latency (scaled)."));
    v.push_back(duration("kernel.sched.cfs_min_granularity_ns", 750 * kUsD, 10 * kUsD, 100 * kMsD, sched,
                         "CFS minimum granularity (scaled)."));
    v.push_back(duration("kernel.sched.cfs_wakeup_granularity_ns", 1 * kMsD, 0, 100 * kMsD, sched,
                         "CFS wake-up granularity (scaled): a waker preempts only if ahead by more than this."));
    v.push_back(choice("kernel.sched.rt_limit", "fair-server", {"throttling", "fair-server", "off"}, sched,
                       "Starvation protection for fair tasks: RT throttling (before 6.12: RT+DL time capped per CPU "
                       "and period) or the 6.12+ deferred fair server (a deadline entity, 50 ms per 1 s); off = "
                       "sched_rt_runtime_us -1 (no limit, no deadline admission control)."));
    v.push_back(boolean("kernel.sched.rt_runtime_share", false, sched,
                        "RT_RUNTIME_SHARE (on by default before 5.10): a throttled CPU borrows RT runtime from the "
                        "others, up to the whole period."));
    v.push_back(duration("kernel.sched.rt_runtime_ns", 950 * kMsD, 0, 10 * kSD, sched, "sched_rt_runtime_us."));
    v.push_back(duration("kernel.sched.rt_period_ns", 1 * kSD, 1 * kMsD, 10 * kSD, sched, "sched_rt_period_us."));
    v.push_back(duration("kernel.sched.fair_server_runtime_ns", 50 * kMsD, 0, 10 * kSD, sched,
                         "Fair server runtime per period (6.12+)."));
    v.push_back(duration("kernel.sched.fair_server_period_ns", 1 * kSD, 100 * kUsD, 4 * kSD, sched,
                         "Fair server period (6.12+, debugfs sched/fair_server/cpuN/period)."));
    v.push_back(
        duration("kernel.sched.rr_timeslice_ns", 100 * kMsD, 1 * kMsD, 10 * kSD, sched, "SCHED_RR time slice."));

    v.push_back(
        boolean("kernel.timer.softirq_every_tick", false, soft,
                "Before 5.9 the tick raised TIMER on every tick of a busy CPU; since, only when a timer is due."));
    v.push_back(duration("kernel.timer.periodic_ns", 0, 0, 10 * kSD, soft,
                         "A periodic timer-wheel timer on every CPU (e.g. a driver's poll timer); 0: none queued."));
    v.push_back(duration("kernel.timer.slack_ns", 50 * kUsD, 0, 100 * kMsD, soft,
                         "timer_slack_ns of fair tasks (PR_SET_TIMERSLACK): their nanosleep may end that much later, "
                         "on another timer's interrupt; RT and deadline tasks sleep with none."));
    v.push_back(boolean("kernel.wq.cpu_intensive_detect", true, wq,
                        "6.5+: an item running past the threshold is marked CPU_INTENSIVE at a tick; before, only "
                        "WQ_CPU_INTENSIVE workqueues leave concurrency management."));
    v.push_back(duration("kernel.wq.cpu_intensive_thresh_ns", 10 * kMsD, 100 * kUsD, 10 * kSD, wq,
                         "wq_cpu_intensive_thresh_us: an item running longer leaves concurrency management."));
    v.push_back(
        integer("kernel.wq.max_active", 256, 1, 512, "items", wq, "Default max_active per CPU of a workqueue."));
    v.push_back(integer("kernel.wq.rt_priority", 1, 1, 99, "", wq, "SCHED_FIFO priority of WQ_RT workers."));

    v.push_back(boolean("kernel.watchdog.enabled", true, wd, "Soft-lockup and RCU-stall detectors."));
    v.push_back(duration("kernel.watchdog.soft_thresh_ns", 20 * kSD, 10 * kMsD, 600 * kSD, wd,
                         "Soft lockup: warn when a CPU has not scheduled for this long (2 x watchdog_thresh)."));
    v.push_back(duration("kernel.rcu.stall_timeout_ns", 21 * kSD, 10 * kMsD, 300 * kSD, wd,
                         "RCU CPU stall: warn when a grace period has waited this long for a CPU, then every "
                         "3 x this + 3 jiffies (CONFIG_RCU_CPU_STALL_TIMEOUT: 3-300 s, default 21 s)."));
    v.push_back(choice("kernel.rcu.preempt_rcu", "auto", {"auto", "on", "off"}, wd,
                       "CONFIG_PREEMPT_RCU: a tick in preemptible kernel code is a quiescent state. "
                       "auto: on for preempt=full/lazy/rt, as Kconfig defaults it."));

    v.push_back(duration("cost.irq_entry_ns", 500, 0, 100 * kUsD, cost, "Exception entry + irq_enter + dispatch."));
    v.push_back(distribution("cost.irq_exit_ns", 250, 0, 100 * kUsD, cost,
                             "irq_exit when no softirq is pending; a distribution is drawn at each interrupt's "
                             "exit (a VM's host stalls on the return path land here)."));
    v.push_back(distribution("cost.resched_exit_ns", 0, 0, 10 * kMsD, cost,
                             "An interrupt's way back to the interrupted code that reschedules: from the exit "
                             "to __schedule() (the return path, exit_to_user_mode_loop() or "
                             "preempt_schedule_irq(), or the idle loop's schedule_idle()), charged to the "
                             "interrupted task or idle; drawn only on such exits (a VM's host stalls there)."));
    v.push_back(duration("cost.flow_handler_ns", 150, 0, 100 * kUsD, cost,
                         "handle_fasteoi_irq bookkeeping (desc lock, state bits)."));
    v.push_back(duration("cost.softirq_loop_ns", 200, 0, 100 * kUsD, cost, "__do_softirq entry and exit."));
    v.push_back(duration("cost.softirq_raise_ns", 50, 0, 100 * kUsD, cost, "raise_softirq / tasklet_schedule."));
    v.push_back(duration("cost.tasklet_dispatch_ns", 100, 0, 100 * kUsD, cost,
                         "Per-tasklet dispatch inside the TASKLET/HI softirq."));
    v.push_back(duration("cost.wakeup_ns", 600, 0, 100 * kUsD, cost, "try_to_wake_up on the waker's CPU."));
    v.push_back(duration("cost.wakeup_hardirq_ns", 600, 0, 100 * kUsD, cost,
                         "try_to_wake_up from a hardirq (a timer's hrtimer_wakeup, a handler waking its thread); "
                         "unset: cost.wakeup_ns."));
    v.push_back(duration("cost.wakeup_softirq_ns", 600, 0, 100 * kUsD, cost,
                         "try_to_wake_up from a softirq or tasklet (also in ksoftirqd); unset: cost.wakeup_ns."));
    v.push_back(duration("cost.wakeup_task_ns", 600, 0, 100 * kUsD, cost,
                         "try_to_wake_up from a task (an IRQ thread, a kworker, a task resuming another); "
                         "unset: cost.wakeup_ns."));
    v.push_back(duration("cost.ipi_send_ns", 400, 0, 100 * kUsD, cost, "Sending a reschedule / function-call IPI."));
    v.push_back(duration("cost.ipi_handler_ns", 600, 0, 100 * kUsD, cost, "Handling an IPI on the target CPU."));
    v.push_back(duration("cost.context_switch_ns", 2000, 0, 1 * kMsD, cost, "__schedule + context switch."));
    v.push_back(
        duration("cost.queue_work_ns", 400, 0, 100 * kUsD, cost, "queue_work: insert and maybe wake a worker."));
    v.push_back(duration("cost.worker_dispatch_ns", 700, 0, 100 * kUsD, cost,
                         "Worker picks an item (process_one_work overhead)."));
    v.push_back(duration("cost.tick_ns", 2000, 0, 1 * kMsD, cost, "Scheduler tick handler (update_process_times)."));
    v.push_back(
        duration("cost.timer_softirq_ns", 1000, 0, 1 * kMsD, cost, "TIMER softirq run per tick (timer wheel)."));
    v.push_back(duration("cost.rcu_softirq_ns", 800, 0, 1 * kMsD, cost,
                         "RCU softirq run (callbacks, quiescent-state reporting)."));
    v.push_back(duration("cost.hrtimer_ns", 800, 0, 1 * kMsD, cost, "hrtimer interrupt: expire and run a callback."));
    v.push_back(duration("cost.hrtimer_reprogram_ns", 0, 0, 1 * kMsD, cost,
                         "hrtimer interrupt: program the next expiry after the callbacks (tick_program_event)."));
    v.push_back(duration("cost.load_balance_ns", 2000, 0, 1 * kMsD, cost,
                         "SCHED softirq: one CPU's periodic balance pass (blocked load update, sched_balance_rq())."));

    v.push_back(choice("gic.version", "v3", {"v2", "v3"}, gic,
                       "GICv2 (CPU interface over MMIO) or GICv3 (system registers, RWP wait on distributor writes)."));
    v.push_back(
        integer("gic.eoimode", 0, 0, 1, "", gic,
                "EOImode 0: EOIR drops priority and deactivates; 1: EOIR before the handler, DIR deactivates later."));
    v.push_back(choice(
        "gic.masking", "mask", {"mask", "active-bit"}, gic,
        "ONESHOT masking: distributor mask/unmask, or keep the line active until the thread ends (needs EOImode 1)."));
    v.push_back(duration("gic.cost.iar_ns", 60, 0, 100 * kUsD, gic, "Acknowledge (ICC_IAR1_EL1 / GICC_IAR)."));
    v.push_back(duration("gic.cost.eoir_ns", 60, 0, 100 * kUsD, gic, "Priority drop (ICC_EOIR1_EL1 / GICC_EOIR)."));
    v.push_back(duration("gic.cost.dir_ns", 60, 0, 100 * kUsD, gic, "Deactivate (ICC_DIR_EL1 / GICC_DIR)."));
    v.push_back(duration("gic.cost.dist_write_ns", 400, 0, 100 * kUsD, gic,
                         "Distributor MMIO write (enable set/clear, set pending)."));
    v.push_back(duration("gic.cost.rwp_wait_ns", 500, 0, 100 * kUsD, gic,
                         "GICv3: one poll of GICD_CTLR.RWP after a distributor write."));
    v.push_back(choice("gic.rwp_poll", "disable-only", {"every-write", "disable-only"}, gic,
                       "GICv3 driver: poll RWP after every enable/pending write (before 5.19) or only after a mask."));

    devices::appendDeviceParams(v); // net, gpu, nvme, iommu, drm, submitter, bench, load, probe
    return v;
}

} // namespace irqscope::detail
