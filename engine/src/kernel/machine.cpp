// Building the machine's fixed parts (CPUs, idle tasks, ksoftirqd, stopper
// threads, the local-timer and IPI lines) and running the event loop.
#include "kernel/machine.h"

#include <type_traits>

namespace irqscope::kern {

namespace {
constexpr int kIpiReschedIntid = 0;  // SGI 0: reschedule
constexpr int kIpiCallFuncIntid = 1; // SGI 1: function call (the NOHZ idle-balance kick)
constexpr int kLocalTimerIntid = 27; // PPI 27: arch timer (virtual)

std::vector<std::unique_ptr<Cpu>> makeCpus(const Config& cfg) {
    std::vector<std::unique_ptr<Cpu>> cpus;
    for (int i = 0; i < cfg.cpus; ++i) {
        auto c = std::make_unique<Cpu>();
        c->id = i;
        c->speed = i < cfg.littleCpus ? cfg.littleSpeed : 1.0;
        cpus.push_back(std::move(c));
    }
    return cpus;
}
} // namespace

Machine::Machine(const Config& cfg, std::uint64_t seed, StringTable* names)
    : cfg_(cfg), seed_(seed), draws_{DrawnCost(cfg_.cost.irqExit, rng("cost.irq_exit_ns")),
                                     DrawnCost(cfg_.cost.reschedExit, rng("cost.resched_exit_ns"))},
      names_(names), gic_(cfg.cpus), cpus_(makeCpus(cfg)), exec_(*this), accounting_(*this), sched_(*this), irq_(*this),
      softirq_(*this), tasklets_(*this), timers_(*this), watchdogs_(*this), wq_(*this) {
    observers_.setFlowLatency(&flowLatency_);
    // Each CPU's kthreads and per-CPU interrupts, in the kernel's order.
    for (int i = 0; i < cfg_.cpus; ++i) {
        Cpu& c = cpu(i);
        Task& idle =
            sched_.createTask("swapper/" + std::to_string(i), ContextKind::Idle, Policy::Idle, 0, oneCpu(i), {});
        idle.isIdle = true;
        idle.state = Task::State::Running;
        idle.cpu = &c;
        c.idle = &idle;
        c.curr = &idle;
        c.stack.push_back(&idle.frame);
        softirq_.createKsoftirqd(i);
        watchdogs_.createStopper(i);
        hw::IrqLine& timer = gic_.addLine(hw::IntType::PPI, kLocalTimerIntid, i, "arch_timer");
        timers_.setLocalTimerLine(i, timer);
        irq_.request(
            timer, "arch_timer", [this](Kctx& k) { return timers_.interrupt(k); }, {}, IRQF_PERCPU);
        hw::IrqLine& ipi = gic_.addLine(hw::IntType::SGI, kIpiReschedIntid, i, "IPI0 reschedule");
        sched_.setReschedIpi(i, ipi);
        irq_.request(
            ipi, "IPI reschedule",
            [this](Kctx& k) -> Proc<IrqReturn> {
                co_await k.work(cfg_.cost.ipiHandler); // scheduler_ipi(): need_resched is already set
                co_return IrqReturn::Handled;
            },
            {}, IRQF_PERCPU);
        hw::IrqLine& call = gic_.addLine(hw::IntType::SGI, kIpiCallFuncIntid, i, "IPI1 call function");
        sched_.balance().setKickIpi(i, call);
        irq_.request(
            call, "IPI call function",
            [this](Kctx& k) -> Proc<IrqReturn> {
                co_await k.work(cfg_.cost.ipiHandler);
                sched_.balance().kicked(k.cpu()); // nohz_csd_func(): raise SCHED_SOFTIRQ
                co_return IrqReturn::Handled;
            },
            {}, IRQF_PERCPU);
    }
    sched_.balance().open();
}

Machine::~Machine() = default;

CpuMask Machine::allCpus() const {
    CpuMask m;
    for (int i = 0; i < cpuCount(); ++i) m.set(static_cast<std::size_t>(i));
    return m;
}

CpuMask Machine::oneCpu(int cpu) const {
    CpuMask m;
    m.set(static_cast<std::size_t>(cpu));
    return m;
}

void Machine::warn(const Cpu& c, std::string kind, std::string message) {
    observers_.instant(c.id, InstantKind::Warning, intern(kind), intern(message));
    warnings_.push_back(Warning{now(), c.id, std::move(kind), std::move(message)});
}

void Machine::start() {
    for (auto& c : cpus_) timers_.start(*c);
}

void Machine::stall(std::string why) {
    if (!stalled_) stalled_ = std::move(why);
}

void Machine::runUntil(Time end, const std::atomic<bool>* cancel, const std::function<void(double)>& progress) {
    // A run whose events stop advancing time would never end: at most this
    // many events at one instant (the presets have a few dozen at most).
    constexpr std::uint64_t kMaxEventsAtOneInstant = 1'000'000;
    std::uint64_t n = 0, atThisInstant = 0;
    Time instant = -1;
    // the queue looks at its streams only where there are some (an SSD's
    // completions): chosen once, outside the loop. False: return at once.
    const auto events = [&](auto streams) {
        while (q_.runNextUntil<decltype(streams)::value>(end)) {
            if (now() != instant) [[likely]] {
                instant = now();
                atThisInstant = 0;
            } else if (++atThisInstant > kMaxEventsAtOneInstant) {
                stall("simulated time stopped at " + std::to_string(now()) +
                      " ns: over a million events at one instant, a cycle of work that costs 0 ns");
            }
            // stop where a rule broke (run() reports it); without invariants the
            // hot loop pays nothing, not even the test
            IRQSCOPE_CHECK(if (checker_) {
                checker_->eventDispatched(now());
                if (checker_->failed()) return false;
            });
            if ((++n & 0xfff) == 0) {
                if (cancel && cancel->load(std::memory_order_relaxed)) break;
                if (stalled_) return false;
                if (progress && (n & 0xfffff) == 0) progress(double(now()) / double(end));
            }
        }
        return true;
    };
    if (!(q_.hasStreams() ? events(std::true_type{}) : events(std::false_type{}))) return;
    if (stalled_) return;
    if (now() < end && !(cancel && cancel->load())) q_.advanceTo(end);
}

} // namespace irqscope::kern
