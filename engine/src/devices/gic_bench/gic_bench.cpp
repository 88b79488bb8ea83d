// Valentin Schneider's IRQ benchmark from the seed thread "irqchip/irq-gic:
// Optimize masking by leveraging EOImode=1" (May 2021):
//
//     loop:                                   threaded handler:
//         irq_set_irqchip_state(irq,              complete(&done);
//             IRQCHIP_STATE_PENDING, true);
//         wait_for_completion(&done);
//
// A bench thread pinned to bench.cpu sets an SPI pending through the
// distributor (GICD_ISPENDR / GIC_DIST_PENDING_SET: one MMIO write under the
// descriptor lock, interrupts off) and sleeps. The interrupt is routed to the
// same CPU. It is requested with an ordinary handler, so under threadirqs (or
// PREEMPT_RT) forced threading makes it ONESHOT: the hardirq only wakes
// irq/N-bench (SCHED_FIFO 50, following the line's effective affinity), which
// runs the handler (bench.handler_ns) and complete()s, waking the bench thread.
// Every cycle therefore pays what genirq and the GIC driver do for a threaded
// ONESHOT SPI — mask (ICENABLER, plus the RWP wait on GICv3) before waking the
// thread and unmask (ISENABLER) after it; before v5.19 the GICv3 driver also
// polls RWP after the unmask and the ISPENDR write (gic.rwp_poll) — unless gic.masking=active-bit lets
// the active bit do the masking (irq.cpp). Throughput counter `irqs`; the
// `bench_cycle` series is raise-to-wake-up.
#include "devices/gic_bench/gic_bench.h"
#include "devices/metric_ref.h"
#include "kernel/machine.h"

#include <deque>
#include <memory>

namespace irqscope::devices {

using namespace kern;

namespace {

struct GicBench final : DeviceInstance {
    hw::IrqLine* line = nullptr;
    Task* thread = nullptr;
    bool done = false; // struct completion
    Time raisedAt = 0;
    Time handlerNs = 0;
    std::uint64_t* cycles = nullptr;
    LatencyRef cycle;
    // A placed instance: the user tasks waiting in wait_for_completion(), first first.
    struct Waiter {
        Task* task;
        bool* done;
    };
    std::deque<Waiter> waiters;
    explicit GicBench(Recorder& rec, const std::string& name)
        : cycle(rec, name.empty() ? "bench_cycle" : "bench_cycle/" + name) {}
    Proc<void> submit(Kctx& c) override;
};

// The handler the line is requested with; threadirqs runs it in irq/N-bench.
Proc<IrqReturn> handler(Kctx& c, GicBench& b) {
    co_await c.work(b.handlerNs);
    // complete(&done)
    if (b.thread) {
        b.done = true;
        co_await c.wakeUpProcess(*b.thread);
    } else if (!b.waiters.empty()) { // complete() wakes the first waiter; raises that merged complete once
        const GicBench::Waiter w = b.waiters.front();
        b.waiters.pop_front();
        *w.done = true;
        co_await c.wakeUpProcess(*w.task);
    }
    co_return IrqReturn::Handled;
}

Proc<void> benchLoop(Kctx& c, GicBench& b) {
    for (;;) {
        // irq_set_irqchip_state(): desc lock (irqsave), GICD_ISPENDR write
        // (gic_poke_irq(); before v5.19 followed by the RWP poll)
        b.raisedAt = c.now();
        co_await c.work(c.m().cfg().distWriteCost(DistWrite::Other), kIrqsOff);
        c.m().irq().raise(*b.line);
        co_await c.work(0);                 // interrupts back on: the SPI is taken here
        while (!b.done) co_await c.block(); // wait_for_completion()
        b.done = false;
        ++*b.cycles;
        b.cycle.add(c.now() - b.raisedAt);
    }
}

// A user task's cycle on a placed instance ({"submit": name}): the bench
// loop's raise and wait_for_completion(), from the task.
Proc<void> GicBench::submit(Kctx& c) {
    bool mine = false;
    waiters.push_back({c.task(), &mine});
    const Time raised = c.now();
    co_await c.work(c.m().cfg().distWriteCost(DistWrite::Other), kIrqsOff);
    c.m().irq().raise(*line);
    co_await c.work(0);
    while (!mine) co_await c.block();
    ++*cycles;
    cycle.add(c.now() - raised);
}

std::shared_ptr<GicBench> build(Machine& m, const GicBenchParams& p, const InstanceNaming& naming) {
    const std::string& name = naming.name;
    auto bp = std::make_shared<GicBench>(m.rec(), name);
    GicBench& b = *bp;
    const int cpu = std::min(p.cpu, m.cpuCount() - 1);
    b.handlerNs = p.handlerNs;
    // a throughput of 0 is a result here: listed from the start
    b.cycles = &m.rec().counters[name.empty() ? "irqs" : "irqs/" + name];
    const std::string lineName = name.empty() ? "bench" : name;
    b.line = &m.gic().addLine(hw::IntType::SPI, name.empty() ? kBenchIntid : freeIntid(m, false), cpu, lineName);
    // request_irq() with a primary handler and no thread: threadirqs force-threads it.
    m.irq().request(
        *b.line, lineName, [bp](Kctx& c) { return handler(c, *bp); }, {}, 0);
    m.keepAlive(bp);
    if (!name.empty()) return bp; // a placed instance: the scenario's tasks are the bench loop
    b.thread = &m.sched().createTask("irqbench", ContextKind::Kthread, Policy::Normal, 0, m.oneCpu(cpu),
                                     [bp](Kctx& c) { return benchLoop(c, *bp); });
    m.sched().wake(*b.thread, -1);
    return bp;
}

} // namespace

void installGicBench(Machine& m, const GicBenchParams& p) {
    if (p.enabled) build(m, p, {});
}

std::shared_ptr<DeviceInstance> placeGicBench(Machine& m, const GicBenchParams& p, const InstanceNaming& naming) {
    return build(m, p, naming);
}

} // namespace irqscope::devices
