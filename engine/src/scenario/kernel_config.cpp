// Reading the kernel's configuration out of a scenario, once, before a run.
#include "scenario/kernel_config.h"

#include "parts/distribution.h"

namespace irqscope {

namespace {
// A cost parameter of type distribution: its mean, and what to draw from
// unless it is a plain duration.
kern::DrawableCost drawable(const Scenario& s, const char* name) {
    kern::DrawableCost c;
    c.fixed = s.getDuration(name); // a distribution's mean
    if (const auto d = s.getDistribution(name); !d.is_null())
        if (auto read = parts::readDistribution(d, s.source(), name)) // checked when it was set
            c.dist = std::make_shared<const parts::Distribution>(std::move(*read));
    return c;
}
} // namespace

kern::Config kernelConfig(const Scenario& s) {
    using namespace kern;
    Config c;
    c.cpus = static_cast<int>(s.getInt("machine.cpus"));
    c.littleCpus = static_cast<int>(s.getInt("machine.little_cpus"));
    c.littleSpeed = s.getDouble("machine.little_speed");
    c.hz = static_cast<int>(s.getInt("machine.hz"));
    c.tickPeriod = 1'000'000'000 / c.hz;
    c.nohzIdle = s.getBool("machine.nohz_idle");
    const std::string pm = s.getString("kernel.preempt");
    c.preempt = pm == "none"        ? PreemptModel::None
                : pm == "voluntary" ? PreemptModel::Voluntary
                : pm == "full"      ? PreemptModel::Full
                : pm == "lazy"      ? PreemptModel::Lazy
                                    : PreemptModel::Rt;
    c.irqTimeAccounting = s.getBool("kernel.irq_time_accounting");
    c.threadirqs = s.getBool("kernel.threadirqs") || c.preempt == PreemptModel::Rt;
    c.irqForcedSecondaryPrio = static_cast<int>(s.getInt("kernel.irq.forced_secondary_prio"));
    c.ksoftirqdGate = s.getBool("kernel.ksoftirqd_gate");
    c.softirqMaxTime = s.getDuration("kernel.softirq.max_time_ns");
    c.softirqMaxRestart = static_cast<int>(s.getInt("kernel.softirq.max_restart"));
    c.timerSoftirqEveryTick = s.getBool("kernel.timer.softirq_every_tick");
    c.timerPeriodic = s.getDuration("kernel.timer.periodic_ns");
    c.timerSlack = s.getDuration("kernel.timer.slack_ns");
    c.fair = s.getString("kernel.sched.fair") == "cfs" ? FairClass::Cfs : FairClass::Eevdf;
    c.baseSlice = s.getDuration("kernel.sched.base_slice_ns");
    c.runToParity = s.getBool("kernel.sched.run_to_parity");
    c.delayDequeue = s.getBool("kernel.sched.delay_dequeue");
    c.wakeAffineWeight = s.getString("kernel.sched.wake_affine") == "weight";
    c.asymCapacityWakeup = s.getBool("kernel.sched.asym_capacity_wakeup");
    c.periodicBalance = s.getBool("kernel.sched.periodic_balance");
    c.balanceBusyFactor = static_cast<int>(s.getInt("kernel.sched.balance_busy_factor"));
    c.balanceBusySkew = s.getBool("kernel.sched.balance_busy_skew");
    c.cfsLatency = s.getDuration("kernel.sched.cfs_latency_ns");
    c.cfsMinGran = s.getDuration("kernel.sched.cfs_min_granularity_ns");
    c.cfsWakeupGran = s.getDuration("kernel.sched.cfs_wakeup_granularity_ns");
    const std::string rl = s.getString("kernel.sched.rt_limit");
    c.rtLimit = rl == "throttling" ? RtLimit::Throttling : rl == "off" ? RtLimit::Off : RtLimit::FairServer;
    c.rtRuntime = s.getDuration("kernel.sched.rt_runtime_ns");
    c.rtPeriod = s.getDuration("kernel.sched.rt_period_ns");
    c.fairServerRuntime = s.getDuration("kernel.sched.fair_server_runtime_ns");
    c.fairServerPeriod = s.getDuration("kernel.sched.fair_server_period_ns");
    c.rtRuntimeShare = s.getBool("kernel.sched.rt_runtime_share");
    c.rrTimeslice = s.getDuration("kernel.sched.rr_timeslice_ns");
    c.wqCpuIntensive = s.getDuration("kernel.wq.cpu_intensive_thresh_ns");
    c.wqCpuIntensiveDetect = s.getBool("kernel.wq.cpu_intensive_detect");
    c.wqMaxActive = static_cast<int>(s.getInt("kernel.wq.max_active"));
    c.wqRtPriority = static_cast<int>(s.getInt("kernel.wq.rt_priority"));
    c.watchdog = s.getBool("kernel.watchdog.enabled");
    c.softLockupThresh = s.getDuration("kernel.watchdog.soft_thresh_ns");
    c.rcuStallTimeout = s.getDuration("kernel.rcu.stall_timeout_ns");
    // PREEMPT_RCU defaults to y with PREEMPTION (kernel/rcu/Kconfig): full, lazy and rt.
    const std::string prcu = s.getString("kernel.rcu.preempt_rcu");
    c.preemptRcu =
        prcu == "on" || (prcu == "auto" && (c.preempt == PreemptModel::Full || c.preempt == PreemptModel::Lazy ||
                                            c.preempt == PreemptModel::Rt));
    c.gicV3 = s.getString("gic.version") == "v3";
    c.eoimode = static_cast<int>(s.getInt("gic.eoimode"));
    c.activeBitMasking = s.getString("gic.masking") == "active-bit";
    c.rwpPollEveryWrite = s.getString("gic.rwp_poll") == "every-write";
    Costs& k = c.cost;
    k.irqEntry = s.getDuration("cost.irq_entry_ns");
    k.irqExit = drawable(s, "cost.irq_exit_ns");
    k.reschedExit = drawable(s, "cost.resched_exit_ns");
    k.flowHandler = s.getDuration("cost.flow_handler_ns");
    k.softirqLoop = s.getDuration("cost.softirq_loop_ns");
    k.softirqRaise = s.getDuration("cost.softirq_raise_ns");
    k.taskletDispatch = s.getDuration("cost.tasklet_dispatch_ns");
    k.wakeup = s.getDuration("cost.wakeup_ns");
    // try_to_wake_up() per waker context: unset, the one cost.wakeup_ns
    const char* const wakeIn[] = {"cost.wakeup_hardirq_ns", "cost.wakeup_softirq_ns", "cost.wakeup_task_ns"};
    for (int i = 0; i < 3; ++i) k.wakeupIn[i] = s.isUserSet(wakeIn[i]) ? s.getDuration(wakeIn[i]) : k.wakeup;
    k.ipiSend = s.getDuration("cost.ipi_send_ns");
    k.ipiHandler = s.getDuration("cost.ipi_handler_ns");
    k.contextSwitch = s.getDuration("cost.context_switch_ns");
    k.queueWork = s.getDuration("cost.queue_work_ns");
    k.workerDispatch = s.getDuration("cost.worker_dispatch_ns");
    k.tick = s.getDuration("cost.tick_ns");
    k.timerSoftirq = s.getDuration("cost.timer_softirq_ns");
    k.rcuSoftirq = s.getDuration("cost.rcu_softirq_ns");
    k.hrtimer = s.getDuration("cost.hrtimer_ns");
    k.hrtimerReprogram = s.getDuration("cost.hrtimer_reprogram_ns");
    k.loadBalance = s.getDuration("cost.load_balance_ns");
    k.idleExit = s.getDuration("machine.idle_exit_ns");
    k.iar = s.getDuration("gic.cost.iar_ns");
    k.eoir = s.getDuration("gic.cost.eoir_ns");
    k.dir = s.getDuration("gic.cost.dir_ns");
    k.distWrite = s.getDuration("gic.cost.dist_write_ns");
    k.rwpWait = c.gicV3 ? s.getDuration("gic.cost.rwp_wait_ns") : 0;
    return c;
}

} // namespace irqscope
