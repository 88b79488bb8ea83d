// The introductory network card. Packet -> hard IRQ (ack the card,
// napi_schedule: raise NET_RX) -> NET_RX softirq processes up to a budget of
// packets and wakes the receiving task -> the task consumes them and now and
// then queues a statistics work item on the system workqueue (a kworker).
// The whole chain hardirq -> softirq -> task -> kworker shows on one timeline.
// Series `rx` (arrival -> consumed by the task), counter `packets`.
#include "devices/nic/nic.h"
#include "devices/metric_ref.h"
#include "kernel/machine.h"

#include <deque>
#include <memory>

namespace irqscope::devices {

using namespace kern;

namespace {

struct Nic {
    Machine& m;
    NicParams p;
    hw::IrqLine* line = nullptr;
    std::deque<Time> ring;   // packets the card has DMA'd, by arrival time
    std::deque<Time> socket; // packets delivered to the receiver's socket
    Task* receiver = nullptr;
    Workqueue* systemWq = nullptr;
    WorkItem* stats = nullptr;
    sim::Rng rng;
    Time mean = 0; // between packets
    LatencyRef rx;
    CounterRef packets;
    Nic(Machine& mm, const NicParams& params)
        : m(mm), p(params), rng(mm.rng("net")), rx(mm.rec(), "rx"), packets(mm.rec(), "packets") {}
};

// The card DMAs a packet into its ring and raises its interrupt.
void onPacket(Nic& n) {
    n.ring.push_back(n.m.now());
    n.m.irq().raise(*n.line);
    n.m.q().schedule<&onPacket>(n.m.now() + std::max<Time>(1, n.rng.exponential(n.mean)), n);
}

Proc<IrqReturn> hardIrq(Kctx& c, Nic& n) {
    co_await c.work(n.p.handlerNs);
    co_await c.work(c.m().cfg().cost.softirqRaise);
    c.m().softirq().raise(c.cpu(), NET_RX); // napi_schedule()
    co_return IrqReturn::Handled;
}

// net_rx_action(): up to the budget, then poll again from a fresh pass.
Proc<void> netRx(Kctx& c, Nic& n) {
    std::size_t done = 0;
    while (!n.ring.empty() && done < n.p.napiBudget) {
        co_await c.work(n.p.packetNs);
        n.socket.push_back(n.ring.front());
        n.ring.pop_front();
        ++done;
        if (n.receiver->state == Task::State::Blocked) {
            co_await c.work(c.m().cfg().cost.wakeup);
            c.m().sched().wake(*n.receiver, c.cpu().id); // sk_data_ready()
        }
    }
    if (!n.ring.empty()) c.m().softirq().raise(c.cpu(), NET_RX); // budget spent: poll again
}

Proc<void> receiver(Kctx& c, Nic& n) {
    std::int64_t count = 0;
    for (;;) {
        while (n.socket.empty()) co_await c.block();
        const Time arrived = n.socket.front();
        n.socket.pop_front();
        co_await c.work(n.p.appNs, kUser);
        n.rx.add(c.now() - arrived);
        ++n.packets;
        if (++count % n.p.statsEvery == 0) {
            co_await c.work(c.m().cfg().cost.queueWork);
            c.m().wq().queue(c.cpu(), *n.systemWq, *n.stats);
        }
    }
}

} // namespace

void installNic(Machine& m, const NicParams& p) {
    if (!p.enabled) return;
    auto nic = std::make_shared<Nic>(m, p);
    Nic& n = *nic;
    n.mean = static_cast<Time>(1e9 / p.rateHz);
    const int cpu = std::min(p.cpu, m.cpuCount() - 1);
    const Time statsNs = p.statsNs;

    n.line = &m.gic().addLine(hw::IntType::SPI, 40, cpu, "eth0");
    m.irq().request(
        *n.line, "eth0", [nic](Kctx& c) { return hardIrq(c, *nic); }, {}, 0);
    m.softirq().setHandler(NET_RX, [nic](Kctx& c) { return netRx(c, *nic); });
    n.systemWq = &m.wq().alloc("events", false, false, false, 0);
    n.stats = &m.wq().item("net_stats_fold", [statsNs](Kctx& c) -> Proc<void> { co_await c.work(statsNs); });
    n.receiver = &m.sched().createTask("server", ContextKind::User, Policy::Normal, 0, m.allCpus(),
                                       [nic](Kctx& c) { return receiver(c, *nic); });
    m.sched().setTaskCpu(*n.receiver, cpu);
    m.q().schedule<&onPacket>(n.rng.exponential(n.mean), n);
    m.keepAlive(nic);
}

} // namespace irqscope::devices
