// The introductory device: a network card. Packet -> hard IRQ (ack the card,
// napi_schedule: raise NET_RX) -> NET_RX softirq processes up to a budget of
// packets and wakes the receiving task -> the task consumes them and now and
// then queues a statistics work item on the system workqueue (a kworker).
// The whole chain hardirq -> softirq -> task -> kworker shows on one timeline.
#include "workload/install.h"

#include <deque>
#include <memory>

namespace irqscope::work {

using namespace kern;

namespace {
struct Net {
    Machine& m;
    hw::IrqLine* line = nullptr;
    std::deque<Time> ring;   // packets the card has DMA'd, by arrival time
    std::deque<Time> socket; // packets delivered to the receiver's socket
    Task* receiver = nullptr;
    Workqueue* systemWq = nullptr;
    WorkItem* stats = nullptr;
    sim::Rng rng;
    Time mean = 0;
    explicit Net(Machine& mm) : m(mm), rng(mm.rng("net")) {}
};

void onPacket(Net& n) {
    n.ring.push_back(n.m.now());
    n.m.irq().raise(*n.line);
    n.m.q().schedule<&onPacket>(n.m.now() + std::max<Time>(1, n.rng.exponential(n.mean)), n);
}
} // namespace

void installNet(Machine& m, const Scenario& s) {
    if (!s.getBool("net.enabled")) return;
    // Owned by the machine's lifetime through a task-less holder: keep it in a static-free way.
    auto net = std::make_shared<Net>(m);
    Net& n = *net;
    n.mean = static_cast<Time>(1e9 / s.getDouble("net.rate_hz"));
    const int cpu = static_cast<int>(std::min<std::int64_t>(s.getInt("net.cpu"), m.cpuCount() - 1));
    const Time handlerNs = s.getDuration("net.cost.handler_ns");
    const Time packetNs = s.getDuration("net.cost.packet_ns");
    const auto budget = static_cast<std::size_t>(s.getInt("net.napi_budget"));
    const Time appNs = s.getDuration("net.app_ns");
    const auto every = s.getInt("net.stats_every");
    const Time statsNs = s.getDuration("net.cost.stats_ns");

    n.line = &m.gic().addLine(hw::IntType::SPI, 40, cpu, "eth0");
    m.irq().request(
        *n.line, "eth0",
        [net, handlerNs](Kctx& c) -> Proc<IrqReturn> {
            co_await c.work(handlerNs);
            co_await c.work(c.m().cfg().cost.softirqRaise);
            c.m().softirq().raise(c.cpu(), NET_RX); // napi_schedule()
            co_return IrqReturn::Handled;
        },
        {}, 0);
    m.softirq().setHandler(NET_RX, [net, packetNs, budget](Kctx& c) -> Proc<void> {
        Net& nn = *net;
        std::size_t done = 0;
        while (!nn.ring.empty() && done < budget) {
            co_await c.work(packetNs);
            nn.socket.push_back(nn.ring.front());
            nn.ring.pop_front();
            ++done;
            if (nn.receiver->state == Task::State::Blocked) {
                co_await c.work(c.m().cfg().cost.wakeup);
                c.m().sched().wake(*nn.receiver, c.cpu().id); // sk_data_ready()
            }
        }
        if (!nn.ring.empty()) c.m().softirq().raise(c.cpu(), NET_RX); // budget spent: poll again
    });
    n.systemWq = &m.wq().alloc("events", false, false, false, 0);
    n.stats = &m.wq().item("net_stats_fold", [statsNs](Kctx& c) -> Proc<void> { co_await c.work(statsNs); });
    n.receiver = &m.sched().createTask("server", ContextKind::User, Policy::Normal, 0, m.allCpus(),
                                       [net, appNs, every](Kctx& c) -> Proc<void> {
                                           Net& nn = *net;
                                           std::int64_t count = 0;
                                           for (;;) {
                                               while (nn.socket.empty()) co_await c.block();
                                               const Time arrived = nn.socket.front();
                                               nn.socket.pop_front();
                                               co_await c.work(appNs, kUser);
                                               c.m().rec().latency["rx"].add(c.now() - arrived);
                                               ++c.m().rec().counters["packets"];
                                               if (++count % every == 0) {
                                                   co_await c.work(c.m().cfg().cost.queueWork);
                                                   c.m().wq().queue(c.cpu(), *nn.systemWq, *nn.stats);
                                               }
                                           }
                                       });
    n.receiver->cpu = &m.cpu(cpu);
    m.q().schedule<&onPacket>(n.rng.exponential(n.mean), n);
    m.keepAlive(net);
}

} // namespace irqscope::work
