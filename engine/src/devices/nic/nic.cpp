// The introductory network card, a NAPI driver (net/core/dev.c, v6.12).
// Packet -> the card DMAs it into its RX ring (ring full: rx_dropped) and,
// unless its RX interrupt is masked, raises the IRQ -> hard IRQ (ack, mask the
// card's RX interrupt, napi_schedule(): raise NET_RX) -> net_rx_action polls
// the ring, `weight` packets a poll, handing each to the receiving task's
// socket and waking it; a poll that empties the ring calls
// napi_complete_done() and unmasks -> the task consumes the packets and now
// and then queues a statistics work item on the system workqueue (a kworker).
// With net.napi=false the card interrupts for every packet (never masked) and
// the handler queues it for the softirq, as netif_rx() drivers did.
// Series `rx` (arrival -> consumed by the task); counters `packets`,
// `rx_irqs`, `rx_polls`, `rx_polled`, `rx_dropped`, `time_squeeze`.
#include "devices/nic/nic.h"
#include "devices/metric_ref.h"
#include "devices/nic/napi.h"
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
    NetRx& netRx;
    Napi napi;
    bool rxMasked = false; // the card's RX interrupt mask register
    LatencyRef rx;
    CounterRef packets;
    std::uint64_t& irqs;    // hardirq handler runs
    std::uint64_t& polls;   // driver poll calls
    std::uint64_t& polled;  // packets taken by polls
    std::uint64_t& dropped; // ring full: rx_dropped / rx_fifo_errors
    Nic(Machine& mm, const NicParams& params)
        : m(mm), p(params), rng(mm.rng("net")),
          netRx(NetRx::of(mm, NetRxConfig{params.netdevBudget, params.netdevBudgetNs})), rx(mm.rec(), "rx"),
          packets(mm.rec(), "packets"), irqs(mm.rec().counters["rx_irqs"]), polls(mm.rec().counters["rx_polls"]),
          polled(mm.rec().counters["rx_polled"]), dropped(mm.rec().counters["rx_dropped"]) {}
};

// The card DMAs a packet into its ring and, unless masked, raises its interrupt.
void onPacket(Nic& n) {
    if (n.ring.size() >= n.p.ringSize) {
        ++n.dropped; // no free descriptor
    } else {
        n.ring.push_back(n.m.now());
        if (!n.rxMasked) n.m.irq().raise(*n.line);
    }
    n.m.q().schedule<&onPacket>(n.m.now() + std::max<Time>(1, n.rng.exponential(n.mean)), n);
}

Proc<IrqReturn> hardIrq(Kctx& c, Nic& n) {
    ++n.irqs;
    if (n.p.napi) n.rxMasked = true; // first register write (many cards auto-mask on MSI-X)
    co_await c.work(n.p.handlerNs);
    co_await c.work(c.m().cfg().cost.softirqRaise);
    n.netRx.schedule(c.cpu(), n.napi); // napi_schedule() (netif_rx(): the backlog napi)
    co_return IrqReturn::Handled;
}

// The driver's poll: up to `budget` packets off the ring; fewer means the ring
// is empty: napi_complete_done() and unmask the card's interrupt.
Proc<int> poll(Kctx& c, Nic& n, int budget) {
    ++n.polls;
    int done = 0;
    while (!n.ring.empty() && done < budget) {
        co_await c.work(n.p.packetNs);
        n.socket.push_back(n.ring.front());
        n.ring.pop_front();
        ++done;
        ++n.polled;
        co_await c.wakeUpProcess(*n.receiver); // sk_data_ready()
    }
    if (done < budget) {
        NetRx::complete(n.napi);
        if (n.rxMasked) {
            n.rxMasked = false;
            if (!n.ring.empty()) c.m().irq().raise(*n.line); // unmasked with packets waiting
        }
    }
    co_return done;
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

    n.line = &m.gic().addLine(hw::IntType::SPI, kNicIntid, cpu, "eth0");
    m.irq().request(
        *n.line, "eth0", [nic](Kctx& c) { return hardIrq(c, *nic); }, {}, 0);
    n.napi.weight = p.napiWeight;
    // The napi is the Nic's own member: a shared_ptr captured here would keep
    // the Nic alive forever (a cycle); the machine keeps it alive meanwhile.
    n.napi.poll = [&n](Kctx& c, int budget) { return poll(c, n, budget); };
    n.systemWq = &m.wq().alloc("events", false, false, false, 0);
    n.stats = &m.wq().item("net_stats_fold", [statsNs](Kctx& c) -> Proc<void> { co_await c.work(statsNs); });
    n.receiver = &m.sched().createTask("server", ContextKind::User, Policy::Normal, 0, m.allCpus(),
                                       [nic](Kctx& c) { return receiver(c, *nic); });
    m.sched().setTaskCpu(*n.receiver, cpu);
    m.q().schedule<&onPacket>(n.rng.exponential(n.mean), n);
    m.keepAlive(nic);
}

} // namespace irqscope::devices
