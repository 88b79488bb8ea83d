#include "kernel/timers.h"

#include "kernel/machine.h"

#include <algorithm>
#include <cstdlib>

namespace irqscope::kern {

namespace {
// Whether a CPU's comparator event is scheduled, from its timer line alone:
// arm() keeps the id valid exactly while the event is pending (it cancels
// the event before scheduling another, onComparator() clears it), so the
// event's slot in the queue is not read.
bool programmed(const sim::EventId& comparator, [[maybe_unused]] const sim::EventQueue& q) {
    IRQSCOPE_CHECK(if (comparator.valid() != q.isPending(comparator)) std::abort());
    return comparator.valid();
}
} // namespace

Timers::Timers(Machine& m) : m_(m), cpus_(static_cast<std::size_t>(m.cpuCount())) {
    m_.softirq().setHandler(TIMER, [this](Kctx& k) { return runTimerSoftirq(k); });
}

void Timers::PerCpu::hrtimersChanged() {
    hrNext = kNoHrtimer;
    for (const HrTimer& h : hrtimers) hrNext = std::min(hrNext, h.latest);
}

void Timers::PerCpu::wheelChanged() {
    wheelNext = kNoWheelTimer;
    for (const WheelTimer& w : wheel) wheelNext = std::min(wheelNext, w.expires);
}

void Timers::addPeriodicTimer(int cpu, std::uint64_t first, std::uint64_t period) {
    at(cpu).wheel.push_back({first, std::max<std::uint64_t>(period, 1), {}, 0});
    at(cpu).wheelNext = std::min(at(cpu).wheelNext, first);
    arm(m_.cpu(cpu));
}

std::uint64_t Timers::wheelBucketExpiry(std::uint64_t expires, std::uint64_t clk) {
    constexpr unsigned kClkShift = 3, kBits = 6,
                       kDepth = 9; // LVL_CLK_SHIFT, LVL_BITS, LVL_DEPTH (HZ > 100)
    const auto levelStart = [](unsigned n) { return ((std::uint64_t(1) << kBits) - 1) << ((n - 1) * kClkShift); };
    const std::uint64_t delta = expires > clk ? expires - clk : 0;
    unsigned lvl = 0;
    while (lvl + 1 < kDepth && delta >= levelStart(lvl + 1)) ++lvl;
    const unsigned shift = lvl * kClkShift;
    return ((expires >> shift) + 1) << shift; // calc_index(): never early
}

std::uint64_t Timers::addWheelTimer(int cpu, std::uint64_t timeout, HrtimerFn fn) {
    const std::uint64_t now = jiffies();
    const std::uint64_t expires = wheelBucketExpiry(now + timeout, now);
    const std::uint64_t id = ++wheelSeq_;
    at(cpu).wheel.push_back({expires, 0, std::move(fn), id});
    at(cpu).wheelNext = std::min(at(cpu).wheelNext, expires);
    if (!at(cpu).inHandler && !at(cpu).fired) arm(m_.cpu(cpu));
    return id;
}

void Timers::cancelWheelTimer(int cpu, std::uint64_t id) {
    auto& v = at(cpu).wheel;
    const auto it =
        std::find_if(v.begin(), v.end(), [id](const PerCpu::WheelTimer& w) { return w.period == 0 && w.id == id; });
    if (it == v.end()) return;
    v.erase(it);
    at(cpu).wheelChanged();
}

bool Timers::wheelDue(int cpu) const {
    return at(cpu).wheelNext <= jiffies(); // the earliest kept (kNoWheelTimer: none)
}

// run_timer_softirq() -> __run_timers(): expire what is due; each periodic
// callback re-arms its timer, a one-shot's callback runs (process_timeout()
// wakes its task, which owes try_to_wake_up()). cost.timer_softirq_ns is the
// whole run but for those wake-ups.
Proc<void> Timers::runTimerSoftirq(Kctx& c) {
    co_await c.work(m_.cfg().cost.timerSoftirq);
    const std::uint64_t now = jiffies();
    auto& wheel = at(c.cpu().id).wheel;
    std::vector<HrtimerFn> due;
    for (auto it = wheel.begin(); it != wheel.end();) {
        if (it->period == 0 && it->expires <= now) {
            due.push_back(std::move(it->fn));
            it = wheel.erase(it);
            continue;
        }
        while (it->expires <= now) it->expires += it->period;
        ++it;
    }
    at(c.cpu().id).wheelChanged();
    for (auto& fn : due) fn(c, m_.now());
    if (!due.empty()) co_await c.work(0); // pay what the callbacks owe
    arm(c.cpu());
}

void Timers::setLocalTimerLine(int cpu, hw::IrqLine& line) {
    at(cpu).line = &line;
}

std::uint64_t Timers::jiffies() const {
    return static_cast<std::uint64_t>(m_.now() / m_.cfg().tickPeriod);
}

void Timers::start(Cpu& c) {
    PerCpu& t = at(c.id);
    t.nextTick = m_.cfg().tickPeriod;
    t.tickStopped = m_.cfg().nohzIdle; // every CPU starts idle
    if (const Time p = m_.cfg().timerPeriodic; p > 0) {
        const Time tick = m_.cfg().tickPeriod;
        const auto period = static_cast<std::uint64_t>((p + tick - 1) / tick); // msecs_to_jiffies
        t.wheel.push_back({period, std::max<std::uint64_t>(period, 1), {}, 0});
        t.wheelNext = std::min(t.wheelNext, period);
    }
    arm(c);
}

// The comparator is reprogrammed only when the earliest hard expiry moves:
// hrtimer_reprogram() returns when the new timer expires at or after
// cpu_base->expires_next, and a cancel reprograms only through
// hrtimer_force_reprogram(cpu_base, skip_equal = 1), which returns when the
// next expiry is unchanged (kernel/time/hrtimer.c, 6.12). So a programmed
// comparator is left alone (its event neither cancelled nor scheduled again)
// when hrNext stays what it was.
std::uint64_t Timers::hrtimerStart(int cpu, Time when, HrtimerFn fn, Time slack) {
    const std::uint64_t id = ++hrSeq_;
    const Time latest = when + std::max<Time>(slack, 0);
    PerCpu& t = at(cpu);
    t.hrtimers.push_back(HrTimer{when, latest, id, std::move(fn)});
    const Time before = t.hrNext;
    t.hrNext = std::min(before, latest);
    if (!t.inHandler && !t.fired && !(t.hrNext == before && programmed(t.comparator, m_.q()))) arm(m_.cpu(cpu));
    return id;
}

void Timers::hrtimerCancel(int cpu, std::uint64_t id) {
    PerCpu& t = at(cpu);
    auto& v = t.hrtimers;
    const auto it = std::find_if(v.begin(), v.end(), [id](const HrTimer& h) { return h.seq == id; });
    if (it == v.end()) return;
    v.erase(it);
    const Time before = t.hrNext;
    t.hrtimersChanged();
    if (!t.inHandler && !t.fired && !(t.hrNext == before && programmed(t.comparator, m_.q()))) arm(m_.cpu(cpu));
}

void Timers::restartTick(Cpu& c) {
    PerCpu& t = at(c.id);
    const Time period = m_.cfg().tickPeriod;
    t.tickStopped = false;
    t.nextTick = (m_.now() / period + 1) * period;
    arm(c);
}

void Timers::stopTick(Cpu& c) {
    at(c.id).tickStopped = true;
    m_.watchdogs().quiescentState(c.id); // idle is an RCU quiescent state
    arm(c);
}

void Timers::arm(Cpu& c) {
    PerCpu& t = at(c.id);
    Time next = -1;
    if (!t.tickStopped) next = t.nextTick;
    // the hard expiry (hrtimer_get_expires())
    if (t.hrNext != kNoHrtimer && (next < 0 || t.hrNext < next)) next = t.hrNext;
    // A stopped tick is reprogrammed for the next timer-wheel expiry
    // (tick_nohz_stop_tick(): timers are not deferrable here).
    // A due timer is the pending TIMER softirq's, which re-arms once it ran:
    // the earliest kept is then due, and the others are looked at.
    if (t.tickStopped && t.wheelNext != kNoWheelTimer) {
        const std::uint64_t now = jiffies();
        const auto consider = [&](std::uint64_t expires) {
            const Time when = static_cast<Time>(expires) * m_.cfg().tickPeriod;
            if (next < 0 || when < next) next = when;
        };
        if (t.wheelNext > now) consider(t.wheelNext);
        else
            for (const auto& w : t.wheel)
                if (w.expires > now) consider(w.expires);
    }
    sim::EventQueue& q = m_.q();
    if (programmed(t.comparator, q)) {
        q.cancel(t.comparator);
        t.comparator = {};
    }
    if (next < 0) return;
    t.comparator = q.schedule<&Timers::onComparator>(std::max(next, m_.now()), *this, c);
}

void Timers::onComparator(Cpu& c) {
    PerCpu& t = at(c.id);
    t.comparator = {};
    t.fired = true;
    m_.irq().raise(*t.line);
}

Proc<IrqReturn> Timers::interrupt(Kctx& c) {
    Cpu& k = c.cpu();
    PerCpu& t = at(k.id);
    const Config& cfg = m_.cfg();
    t.inHandler = true;
    t.fired = false;
    // hrtimer_interrupt() runs the queues, then programs the next expiry; when
    // that expiry has already passed (the callbacks or the tick took that
    // long), tick_program_event() fails with -ETIME and it runs the queues
    // again, three passes at most (kernel/time/hrtimer.c, 6.12): a timer that
    // comes due while the interrupt runs is served in it, not by another one.
    for (int pass = 1;; ++pass) {
        // __hrtimer_run_queues(): in hard-expiry order, run each timer whose
        // soft expiry has passed; stop at the first that has not.
        for (;;) {
            auto it = std::min_element(t.hrtimers.begin(), t.hrtimers.end(), [](const HrTimer& a, const HrTimer& b) {
                return a.latest < b.latest || (a.latest == b.latest && a.seq < b.seq);
            });
            if (it == t.hrtimers.end() || it->when > m_.now()) break;
            HrTimer h = std::move(*it);
            t.hrtimers.erase(it);
            t.hrtimersChanged();
            co_await c.work(cfg.cost.hrtimer);
            h.fn(c, h.when);
        }
        if (!t.tickStopped && m_.now() >= t.nextTick) {
            // tick_sched_timer(): update_process_times() -> scheduler_tick(),
            // run_local_timers() (TIMER softirq), rcu_sched_clock_irq().
            co_await c.work(cfg.cost.tick);
            while (t.nextTick <= m_.now()) t.nextTick += cfg.tickPeriod;
            m_.watchdogs().rcuTick(k);
            m_.sched().tick(k);
            // run_local_timers(): from v5.9 only when a timer is due
            // (base->next_expiry)
            if (cfg.timerSoftirqEveryTick || wheelDue(k.id)) m_.softirq().raise(k, TIMER);
            // rcu_pending(): the every-fourth-jiffy raise stands for callbacks
            // ready to invoke; with a grace-period kthread (rcu_gp) also a
            // grace period this CPU has not noted yet or a quiescent state it
            // has to report (rcu_gp.cpp).
            if (jiffies() % 4 == static_cast<std::uint64_t>(k.id % 4) || m_.watchdogs().rcuPending(k.id))
                m_.softirq().raise(k, RCU);
            m_.watchdogs().check(c);
        } else if (pass == 1 && t.tickStopped && wheelDue(k.id)) {
            m_.softirq().raise(k, TIMER); // an idle CPU woken for its timer (tick_nohz_handler)
        }
        const bool expiryPassed = t.hrNext <= m_.now() || (!t.tickStopped && t.nextTick <= m_.now());
        if (pass == kHrtimerPasses || !expiryPassed) break;
    }
    // hrtimer_interrupt() then programs the clock event device for the next
    // expiry (tick_program_event(), kernel/time/hrtimer.c): a register write on
    // bare metal, a trapped MSR write (a VM exit) in a KVM guest. 0 by default.
    if (cfg.cost.hrtimerReprogram > 0) co_await c.work(cfg.cost.hrtimerReprogram);
    t.inHandler = false;
    arm(k);
    co_return IrqReturn::Handled;
}

} // namespace irqscope::kern
