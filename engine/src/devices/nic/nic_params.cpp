// Scenario parameters of the network card (net.*).
#include "devices/nic/nic.h"

namespace irqscope::devices {

void appendNicParams(std::vector<ParamSpec>& v) {
    const std::string net = "Network (intro)";
    v.push_back(boolean("net.enabled", false, net,
                        "A network card: its IRQ schedules NAPI (NET_RX), the poll hands packets to a receiving task, "
                        "which queues a stats work item."));
    v.push_back(real("net.rate_hz", 2000, 1, 1e7, "packets/s", net, "Mean packet arrival rate (Poisson)."));
    v.push_back(integer("net.cpu", 0, 0, 255, "", net, "CPU the card's interrupt is routed to."));
    v.push_back(duration("net.cost.handler_ns", 3 * kUsD, 0, 1 * kMsD, net,
                         "Hard IRQ handler: ack the card, mask its RX interrupt, napi_schedule()."));
    v.push_back(duration("net.cost.packet_ns", 4 * kUsD, 0, 1 * kMsD, net,
                         "NAPI poll work per packet (driver RX and protocol processing)."));
    v.push_back(boolean("net.napi", true, net,
                        "NAPI: the card's RX interrupt stays masked from napi_schedule() to napi_complete_done(). "
                        "Off: an interrupt per packet (netif_rx), for contrast."));
    v.push_back(integer("net.napi_weight", 64, 1, 4096, "packets", net,
                        "Packets one NAPI poll may process (NAPI_POLL_WEIGHT)."));
    v.push_back(integer("net.ring_size", 1024, 1, 1 << 20, "packets", net,
                        "RX ring descriptors; packets arriving to a full ring are dropped (rx_dropped)."));
    v.push_back(integer("net.netdev_budget", 300, 1, 1 << 20, "packets", net,
                        "net_rx_action packet budget per run (net.core.netdev_budget), for every NAPI (the card's and "
                        "sources' napi steps); spent: time_squeeze."));
    v.push_back(duration(
        "net.netdev_budget_ns", 2 * kMsD, 1 * kUsD, 1 * kSD, net,
        "net_rx_action time budget per run, counted in jiffies (net.core.netdev_budget_usecs), for every NAPI."));
    v.push_back(duration("net.app_ns", 20 * kUsD, 0, 1 * kSD, net, "Receiving task's CPU time per packet."));
    v.push_back(integer("net.stats_every", 8, 1, 1000000, "packets", net,
                        "The receiver queues a stats work item every this many packets."));
    v.push_back(
        duration("net.cost.stats_ns", 15 * kUsD, 0, 1 * kSD, net, "Work item (kworker) time to fold the statistics."));
}

NicParams readNicParams(const Scenario& s) {
    NicParams p;
    p.enabled = s.getBool("net.enabled");
    p.rateHz = s.getDouble("net.rate_hz");
    p.cpu = static_cast<int>(s.getInt("net.cpu"));
    p.handlerNs = s.getDuration("net.cost.handler_ns");
    p.packetNs = s.getDuration("net.cost.packet_ns");
    p.napi = s.getBool("net.napi");
    p.napiWeight = static_cast<int>(s.getInt("net.napi_weight"));
    p.ringSize = static_cast<std::size_t>(s.getInt("net.ring_size"));
    p.netdevBudget = s.getInt("net.netdev_budget");
    p.netdevBudgetNs = s.getDuration("net.netdev_budget_ns");
    p.appNs = s.getDuration("net.app_ns");
    p.statsEvery = s.getInt("net.stats_every");
    p.statsNs = s.getDuration("net.cost.stats_ns");
    return p;
}

std::optional<ParamProblem> checkNicParams(const NicParams& p, int cpus) {
    return p.enabled ? checkCpuExists("net.cpu", p.cpu, cpus) : std::nullopt;
}

} // namespace irqscope::devices
