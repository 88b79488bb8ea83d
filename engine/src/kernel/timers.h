// The per-CPU local timer (arch_timer PPI 27 on arm64, the LAPIC timer on
// x86): one programmable comparator per CPU carries both the periodic
// scheduler tick (CONFIG_HZ) and the hrtimers. Its interrupt goes through the
// interrupt controller like any other, so it waits while the CPU has
// interrupts disabled — which is how an interrupt storm delays a latency
// probe's wake-up. With NO_HZ_IDLE an idle CPU stops its tick
// (kernel/time/tick-sched.c, kernel/time/hrtimer.c).
#pragma once

#include "kernel/irq.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace irqscope::kern {

class Machine;

class Timers {
public:
    using HrtimerFn = std::function<void(Kctx&, Time expiry)>;
    explicit Timers(Machine& m);

    // Each CPU's local timer interrupt line (the machine requests it).
    void setLocalTimerLine(int cpu, hw::IrqLine& line);
    // Boot: the first tick one period in; an idle CPU starts with it stopped (NO_HZ_IDLE).
    void start(Cpu& c);
    // An hrtimer on `cpu` expiring at `when`; fn runs in the timer hardirq.
    // Returns its id (never 0) for hrtimerCancel(). With `slack`
    // (hrtimer_start_range_ns()) it may run any time in [when, when + slack]:
    // the comparator is set for when + slack, and an interrupt from when on
    // runs it.
    std::uint64_t hrtimerStart(int cpu, Time when, HrtimerFn fn, Time slack = 0);
    // hrtimer_try_to_cancel(): a timer that has not fired yet is removed.
    void hrtimerCancel(int cpu, std::uint64_t id);
    std::uint64_t jiffies() const;
    // A periodic timer-wheel timer on `cpu`, first due at jiffy `first`
    // (add_timer_on(); its callback re-arms it `period` jiffies later).
    void addPeriodicTimer(int cpu, std::uint64_t first, std::uint64_t period);
    // schedule_timeout(): a one-shot timer-wheel timer on `cpu`, `timeout`
    // jiffies from now, in the bucket calc_wheel_index() puts it in; the TIMER
    // softirq of the first tick at or after the bucket's expiry runs fn.
    // Returns its id (never 0) for cancelWheelTimer().
    std::uint64_t addWheelTimer(int cpu, std::uint64_t timeout, HrtimerFn fn);
    // del_timer(): a one-shot wheel timer that has not run yet is removed
    // (schedule_timeout() after a wake-up that came first).
    void cancelWheelTimer(int cpu, std::uint64_t id);
    // calc_wheel_index() (kernel/time/timer.c, 6.12): the jiffy at which the
    // bucket of a timer for `expires`, armed when the base's clock is `clk`,
    // expires: its level's granularity (8^level jiffies) rounded up, plus one.
    static std::uint64_t wheelBucketExpiry(std::uint64_t expires, std::uint64_t clk);

    bool tickStopped(int cpu) const { return at(cpu).tickStopped; }
    // tick_nohz_idle_exit(): the tick restarts on the next period boundary.
    void restartTick(Cpu& c);
    // tick_nohz_idle_stop_tick()
    void stopTick(Cpu& c);

    // The local timer's handler (hrtimer_interrupt() and tick_sched_timer()).
    Proc<IrqReturn> interrupt(Kctx& c);
    void onComparator(Cpu& c);

private:
    struct HrTimer {
        Time when;   // the soft expiry (_softexpires)
        Time latest; // the hard expiry (node.expires): when + slack
        std::uint64_t seq;
        HrtimerFn fn;
    };
    static constexpr Time kNoHrtimer = INT64_MAX;
    // hrtimer_interrupt() runs its queues at most this many times per interrupt
    // before it gives up and programs the device anyway (kernel/time/hrtimer.c).
    static constexpr int kHrtimerPasses = 3;
    static constexpr std::uint64_t kNoWheelTimer = UINT64_MAX;
    // Aligned to a cache line, what arm() reads at every NO_HZ stop and
    // restart and after every hrtimer change fills the first 40 bytes: it
    // keeps the earliest expiry of the hrtimers and of the timer wheel, so
    // that programming the comparator reads neither vector's buffer. The
    // hrtimers' vector ends the line, so that starting and cancelling one
    // reads no other line of it than its buffer's.
    struct alignas(64) PerCpu {
        sim::EventId comparator;
        Time nextTick = 0;
        Time hrNext = kNoHrtimer;                // the earliest hard expiry of `hrtimers`
        std::uint64_t wheelNext = kNoWheelTimer; // the earliest `expires` of `wheel`
        bool tickStopped = false;
        // The comparator fired and its interrupt is not handled yet, or
        // hrtimer_interrupt() runs: it reprograms the comparator at its end.
        bool fired = false, inHandler = false;
        std::vector<HrTimer> hrtimers; // unsorted (few)
        hw::IrqLine* line = nullptr;
        struct WheelTimer {
            std::uint64_t expires, period; // jiffies; period 0: one-shot
            HrtimerFn fn;                  // one-shot: its callback
            std::uint64_t id = 0;          // one-shot: for cancelWheelTimer()
        };
        std::vector<WheelTimer> wheel; // unsorted (few)
        void hrtimersChanged();
        void wheelChanged();
    };
    static_assert(offsetof(PerCpu, hrtimers) + sizeof(std::vector<HrTimer>) == 64,
                  "the hrtimers' vector ends the first line");
    PerCpu& at(int cpu) { return cpus_[static_cast<std::size_t>(cpu)]; }
    const PerCpu& at(int cpu) const { return cpus_[static_cast<std::size_t>(cpu)]; }
    // Program the comparator for the earliest of the tick and the hrtimers.
    void arm(Cpu& c);
    // run_local_timers(): is a timer-wheel timer due on this CPU?
    bool wheelDue(int cpu) const;
    Proc<void> runTimerSoftirq(Kctx& c);

    Machine& m_;
    std::vector<PerCpu> cpus_;
    std::uint64_t hrSeq_ = 0;
    std::uint64_t wheelSeq_ = 0;
};

} // namespace irqscope::kern
