// The kernel's configuration: build options, sysctls and the cost of each
// step, as plain typed fields. The scenario reader fills it once
// (scenario/kernel_config.cpp); the kernel never looks a parameter up by name.
#pragma once

#include "irqscope/time.h"

#include <cstdint>
#include <memory>

namespace irqscope::parts {
struct Distribution;
}

namespace irqscope::kern {

enum class PreemptModel : std::uint8_t { None, Voluntary, Full, Lazy, Rt };
enum class FairClass : std::uint8_t { Eevdf, Cfs };
enum class RtLimit : std::uint8_t { Throttling, FairServer, Off };
// A write to one interrupt's bit in the GIC distributor (or redistributor).
enum class DistWrite : std::uint8_t { ClearEnable, Other }; // ICENABLER (mask) / ISENABLER, ISPENDR, ...

// The context a try_to_wake_up() runs in, as a trace's flags tell them apart
// (hardirq, softirq, task): each may have its own cost.wakeup.
enum class WakeCtx : std::uint8_t { Hardirq, Softirq, Task };

// A cost given as a plain duration (`fixed`, dist null) or as a distribution
// (`dist`; `fixed` is then its mean, for whatever reads a single value).
struct DrawableCost {
    Time fixed = 0;
    std::shared_ptr<const parts::Distribution> dist;
};

struct Costs {
    Time irqEntry, flowHandler, softirqLoop, softirqRaise, taskletDispatch, wakeup, ipiSend, ipiHandler, contextSwitch,
        queueWork, workerDispatch, tick, timerSoftirq, rcuSoftirq, hrtimer, hrtimerReprogram, idleExit, loadBalance;
    // try_to_wake_up() from each WakeCtx: cost.wakeup_{hardirq,softirq,task}_ns,
    // each cost.wakeup_ns unless the scenario sets it
    Time wakeupIn[3];
    // interrupt controller
    Time iar, eoir, dir, distWrite, rwpWait;
    // Costs a scenario may give as a distribution, drawn where they are paid
    // (Machine::draws(), kernel/cost_draw.h).
    DrawableCost irqExit;     // cost.irq_exit_ns: each hardirq's irq_exit()
    DrawableCost reschedExit; // cost.resched_exit_ns: an exit that reschedules, to __schedule()
};

inline Time wakeupCost(const Costs& c, WakeCtx ctx) {
    return c.wakeupIn[static_cast<int>(ctx)];
}

struct Config {
    int cpus = 4;
    int littleCpus = 0;
    double littleSpeed = 1.0;
    int hz = 250;
    Time tickPeriod = 4'000'000;
    bool nohzIdle = true;
    PreemptModel preempt = PreemptModel::Voluntary;
    bool irqTimeAccounting = true;
    bool threadirqs = false;
    int irqForcedSecondaryPrio = 50; // setup_irq_thread() / irq_thread(): sched_set_fifo() since 5.9
    bool ksoftirqdGate = false;
    Time softirqMaxTime = 2'000'000;
    bool timerSoftirqEveryTick = false; // before v5.9: TIMER raised on every tick of a busy CPU
    Time timerPeriodic = 0;             // a periodic timer-wheel timer per CPU (0: none)
    Time timerSlack = 50'000;           // a fair task's hrtimer sleeps: its timer_slack_ns
    int softirqMaxRestart = 10;
    FairClass fair = FairClass::Eevdf;
    Time baseSlice = 750'000;
    bool runToParity = true;
    bool delayDequeue = true;
    bool wakeAffineWeight = true;   // wake_affine_weight(); false: always the waker's CPU
    bool asymCapacityWakeup = true; // select_idle_capacity() on big.LITTLE (v5.7+)
    bool periodicBalance = true;    // sched_balance_trigger() / SCHED_SOFTIRQ load balancing
    int balanceBusyFactor = 16;     // sd->busy_factor: 16 since v5.10, 32 before
    bool balanceBusySkew = true;    // busy interval one jiffy short (v5.10+)
    Time cfsLatency = 6'000'000, cfsMinGran = 750'000, cfsWakeupGran = 1'000'000;
    RtLimit rtLimit = RtLimit::FairServer;
    Time rtRuntime = 950'000'000, rtPeriod = 1'000'000'000, fairServerRuntime = 50'000'000,
         fairServerPeriod = 1'000'000'000;
    bool rtRuntimeShare = false; // RT_RUNTIME_SHARE
    Time rrTimeslice = 100'000'000;
    Time wqCpuIntensive = 10'000'000;
    bool wqCpuIntensiveDetect = true; // 6.5+: wq_worker_tick() auto-detection
    int wqMaxActive = 256;
    int wqRtPriority = 1;
    bool watchdog = true;
    Time softLockupThresh = 20'000'000'000;
    Time rcuStallTimeout = 21'000'000'000;
    bool preemptRcu = false; // CONFIG_PREEMPT_RCU
    bool gicV3 = true;
    int eoimode = 0;
    bool activeBitMasking = false;
    bool rwpPollEveryWrite = false; // GICv3 driver before v5.19: RWP polled after every gic_poke_irq()
    Costs cost{};

    // sysctl_sched_base_slice etc. scale by 1 + ilog2(min(ncpus, 8)).
    int schedScale() const;
    // MMIO write plus the RWP poll the GICv3 driver does after it (0 on GICv2).
    Time distWriteCost(DistWrite w) const;
};

} // namespace irqscope::kern
