#include "kernel/softirq.h"

#include "kernel/machine.h"

namespace irqscope::kern {

namespace {
constexpr const char* kSoftirqNames[kSoftirqCount] = {"HI",       "TIMER",   "NET_TX", "NET_RX",  "BLOCK",
                                                      "IRQ_POLL", "TASKLET", "SCHED",  "HRTIMER", "RCU"};
constexpr std::uint32_t kSoftirqNowMask = (1u << HI) | (1u << TASKLET);
} // namespace

const char* softirqName(int vec) {
    return kSoftirqNames[vec];
}

Softirqs::Softirqs(Machine& m) : m_(m), cpus_(static_cast<std::size_t>(m.cpuCount())) {
    for (int v = 0; v < kSoftirqCount; ++v) names_[static_cast<std::size_t>(v)] = m_.intern(softirqName(v));
    sSoftirq_ = m_.intern("softirq");
}

void Softirqs::createKsoftirqd(int cpu) {
    at(cpu).ksoftirqd =
        &m_.sched().createTask("ksoftirqd/" + std::to_string(cpu), ContextKind::Ksoftirqd, Policy::Normal, 0,
                               m_.oneCpu(cpu), [this](Kctx& k) { return ksoftirqdBody(k); });
}

void Softirqs::raise(Cpu& c, int vec) {
    PerCpu& s = at(c.id);
    if (!(s.pending & (1u << vec))) s.raisedAt[static_cast<std::size_t>(vec)] = m_.now();
    s.pending |= 1u << vec;
    m_.observers().instant(c.id, InstantKind::SoftirqRaise, names_[static_cast<std::size_t>(vec)], kNoString);
    if (!m_.exec().inInterrupt(c) && shouldWakeKsoftirqd(c.id)) wakeupSoftirqd(c);
}

void Softirqs::wakeupSoftirqd(Cpu& c) {
    Task* ksd = at(c.id).ksoftirqd;
    if (ksd && ksd->state == Task::State::Blocked) m_.sched().wake(*ksd, c.id);
}

void Softirqs::runOnTop(Cpu& c) {
    m_.exec().pushIrqFrame(
        c, Frame::Type::Softirq, [this](Kctx& k) { return doSoftirq(k, false); },
        Label{ContextKind::Softirq, sSoftirq_});
}

void Softirqs::irqExit(Cpu& c) {
    const PerCpu& s = at(c.id);
    if (!s.pending || m_.exec().inInterrupt(c)) return;
    if (rt()) {
        // invoke_softirq() on RT: the BH lock's holder runs them when it
        // re-enables BH; otherwise ksoftirqd does.
        if (shouldWakeKsoftirqd(c.id)) wakeupSoftirqd(c);
        return;
    }
    const bool ksdRunnable = s.ksoftirqd && s.ksoftirqd->runnable();
    if (m_.cfg().ksoftirqdGate && ksdRunnable && !(s.pending & kSoftirqNowMask)) return;
    if (m_.cfg().threadirqs) {
        wakeupSoftirqd(c); // force_irqthreads: hardirq-raised softirqs go to ksoftirqd
        return;
    }
    runOnTop(c);
}

Proc<void> Softirqs::doSoftirq(Kctx& c, bool inKsoftirqd) {
    Cpu& k = c.cpu();
    PerCpu& s = at(k.id);
    const Config& cfg = m_.cfg();
    const Time maxJiffies = (cfg.softirqMaxTime + cfg.tickPeriod - 1) / cfg.tickPeriod; // msecs_to_jiffies
    const std::uint64_t end = m_.timers().jiffies() + static_cast<std::uint64_t>(maxJiffies);
    int restart = cfg.softirqMaxRestart;
    const ContextKind kind = inKsoftirqd ? ContextKind::Ksoftirqd : ContextKind::Softirq;
    co_await c.work(cfg.cost.softirqLoop / 2, kIrqsOff);
    for (;;) {
        const std::uint32_t pending = s.pending;
        s.pending = 0;
        for (int vec = 0; vec < kSoftirqCount; ++vec) {
            if (!(pending & (1u << vec))) continue;
            const auto v = static_cast<std::size_t>(vec);
            // detail: the thread that lends its context (ksoftirqd, or on RT the task re-enabling BH)
            c.label(kind, names_[v], c.task() ? c.task()->nameId : kNoString);
            m_.observers().flow(FlowKind::RaiseSoftirq, k.id, s.raisedAt[v], k.id, m_.now());
            if (const auto& h = handlers_[v]) co_await h(c);
            else co_await c.work(0);
        }
        if (!s.pending) break;
        if (m_.timers().jiffies() < end && !k.needResched && --restart > 0) continue;
        wakeupSoftirqd(k);
        break;
    }
    co_await c.work(cfg.cost.softirqLoop / 2, kIrqsOff);
}

Proc<void> Softirqs::ksoftirqdBody(Kctx& c) {
    for (;;) {
        while (!at(c.cpu().id).pending) co_await c.block();
        // run_ksoftirqd(): ksoftirqd_run_begin() (BH disabled; on RT the local
        // lock, which may block), __do_softirq(), ksoftirqd_run_end(), cond_resched().
        co_await localBhDisable(c);
        if (at(c.cpu().id).pending) co_await doSoftirq(c, true);
        bhUnlock(c);
        c.label(ContextKind::Ksoftirqd, c.task()->nameId);
        co_await c.condResched();
    }
}

} // namespace irqscope::kern
