// Building the machine's fixed parts (CPUs, idle tasks, ksoftirqd, stopper
// threads, the local-timer and IPI lines) and running the event loop.
#include "kernel/machine.h"

#include <chrono>

namespace irqscope::kern {

namespace {
constexpr int kIpiReschedIntid = 0;  // SGI 0: reschedule
constexpr int kLocalTimerIntid = 27; // PPI 27: arch timer (virtual)
} // namespace

Machine::Machine(const Scenario& s, std::uint64_t seed, Trace* trace)
    : scenario_(s), cfg_(Config::from(s)), seed_(seed), gic_(Config::from(s).cpus), trace_(trace) {
    wq_ = std::make_unique<Workqueues>(*this);
    for (int v = 0; v < kSoftirqCount; ++v) softirqNames_[static_cast<std::size_t>(v)] = intern(softirqName(v));
    sIdle_ = intern("idle");
    hrtimers_.resize(static_cast<std::size_t>(cfg_.cpus));
    for (int i = 0; i < cfg_.cpus; ++i) {
        auto c = std::make_unique<Cpu>();
        c->id = i;
        c->speed = i < cfg_.littleCpus ? cfg_.littleSpeed : 1.0;
        if (trace_) c->lane = trace_->addLane(LaneType::Cpu, "CPU " + std::to_string(i), i);
        cpus_.push_back(std::move(c));
    }
    for (int i = 0; i < cfg_.cpus; ++i) {
        Cpu& c = cpu(i);
        Task& idle = createTask("swapper/" + std::to_string(i), ContextKind::Idle, Policy::Idle, 0, oneCpu(i), {});
        idle.isIdle = true;
        idle.state = Task::State::Running;
        idle.cpu = &c;
        c.idle = &idle;
        c.curr = &idle;
        c.stack.push_back(&idle.frame);
        c.ksoftirqd = &createTask("ksoftirqd/" + std::to_string(i), ContextKind::Ksoftirqd, Policy::Normal, 0,
                                  oneCpu(i), [this](Kctx& k) { return ksoftirqdBody(k); });
        c.stopper = &createTask("migration/" + std::to_string(i), ContextKind::Kthread, Policy::Fifo, 99, oneCpu(i),
                                [](Kctx& k) -> Proc<void> {
                                    for (;;) {
                                        co_await k.block();
                                        co_await k.work(300);
                                        k.cpu().lastTouch = k.now(); // softlockup_fn(): touch the timestamp
                                    }
                                });
        hw::IrqLine& timer = gic_.addLine(hw::IntType::PPI, kLocalTimerIntid, i, "arch_timer");
        timerLines_.push_back(&timer);
        requestIrq(
            timer, "arch_timer", [this](Kctx& k) { return localTimerHandler(k); }, {}, IRQF_PERCPU);
        hw::IrqLine& ipi = gic_.addLine(hw::IntType::SGI, kIpiReschedIntid, i, "IPI0 reschedule");
        ipiLines_.push_back(&ipi);
        requestIrq(
            ipi, "IPI reschedule",
            [this](Kctx& k) -> Proc<IrqReturn> {
                co_await k.work(cfg_.cost.ipiHandler); // scheduler_ipi(): need_resched is already set
                co_return IrqReturn::Handled;
            },
            {}, IRQF_PERCPU);
    }
    setSoftirqHandler(HI, [this](Kctx& k) { return taskletAction(k, true); });
    setSoftirqHandler(TASKLET, [this](Kctx& k) { return taskletAction(k, false); });
    setSoftirqHandler(TIMER, [this](Kctx& k) -> Proc<void> { co_await k.work(cfg_.cost.timerSoftirq); });
    setSoftirqHandler(RCU, [this](Kctx& k) -> Proc<void> { co_await k.work(cfg_.cost.rcuSoftirq); });
}

Machine::~Machine() = default;

void Machine::start() {
    for (auto& c : cpus_) {
        c->nextTick = cfg_.tickPeriod;
        c->tickStopped = cfg_.nohzIdle; // every CPU starts idle
        c->lastAccount = 0;
        armLocalTimer(*c);
    }
    if (!cfg_.nohzIdle)
        for (auto& c : cpus_) armLocalTimer(*c);
    // watchdog hrtimers must run even on idle CPUs: model them as the tick's duty
    // while busy, and idle CPUs touch their timestamps by being idle.
}

void Machine::runUntil(Time end, const std::atomic<bool>* cancel, const std::function<void(double)>& progress) {
    std::uint64_t n = 0;
    while (q_.runNextUntil(end)) {
        // stop where a rule broke (run() reports it); without invariants the
        // hot loop pays nothing, not even the test
        IRQSCOPE_CHECK(inv_.eventDispatched(now()); if (inv_.failed()) return );
        if ((++n & 0xfff) == 0) {
            if (cancel && cancel->load(std::memory_order_relaxed)) break;
            if (progress && (n & 0xfffff) == 0) progress(double(now()) / double(end));
        }
    }
    if (now() < end && !(cancel && cancel->load())) q_.advanceTo(end);
}

void Machine::finish(Time end, Metrics& out) {
    const Time stop = std::min(end, now());
    for (auto& c : cpus_) {
        account(*c);
        for (std::size_t d = 0; d < c->stack.size(); ++d) closeSegment(*c, d, *c->stack[d]);
        CpuMetrics cm;
        cm.cpu = c->id;
        cm.nsByKind = c->nsByKind;
        for (int k = 0; k < kContextKindCount; ++k)
            cm.ns[static_cast<int>(bucketOf(static_cast<ContextKind>(k)))] += c->nsByKind[static_cast<std::size_t>(k)];
        cm.irqsOffNs = c->irqsOffNs;
        cm.contextSwitches = c->contextSwitches;
        cm.interrupts = c->interrupts;
        out.cpus.push_back(cm);
    }
    for (auto& t : tasks_) {
        if (t->isIdle) continue;
        out.tasks.push_back(TaskMetrics{t->name, t->pid, t->chargedNs, t->runNs});
    }
    std::stable_sort(out.tasks.begin(), out.tasks.end(),
                     [](const TaskMetrics& a, const TaskMetrics& b) { return a.chargedNs > b.chargedNs; });
    for (auto& [key, wait] : rec_.openWaits)
        if (wait.second < stop) rec_.latency[wait.first].add(stop - wait.second);
    for (auto& [name, h] : rec_.latency) out.latency[name] = h;
    const double secs = double(stop) / 1e9;
    for (auto& [name, n] : rec_.counters) out.throughput[name] = Throughput{n, secs > 0 ? double(n) / secs : 0};
    out.warnings = warnings_;
    for (const auto& l : gic_.lines())
        if (l->raised > 0)
            out.irqLines.push_back(
                IrqLineMetrics{l->name, l->intid, l->cpu, l->raised, l->handled, l->merged, l->pending});
    out.simTimeNs = stop;
    out.events = q_.dispatched();
    IRQSCOPE_CHECK(
        inv_.eventBalance(now(), q_.scheduledTotal(), q_.dispatched(), q_.cancelledTotal(), q_.countStoredLive()));
    out.invariantChecks = inv_.checks();
}

} // namespace irqscope::kern
