// NAPI and net_rx_action() (net/core/dev.c, v6.12), for the NIC's receive
// queue(s).
//
// A NAPI driver's hardirq handler masks the card's RX interrupt (a device
// register write: the card raises no interrupt while masked) and calls
// napi_schedule(), which puts the napi on this CPU's softnet_data poll_list
// and raises NET_RX. net_rx_action() splices the poll_list and polls each
// napi once with its weight (NAPI_POLL_WEIGHT, 64); a poll that used its
// whole weight goes on a repoll list, one that did less has called
// napi_complete_done(), and the driver unmasks the interrupt. The run stops
// when the list is empty, or — counting softnet_stat's time_squeeze — when
// netdev_budget (300) packets are spent or netdev_budget_usecs (2000 us,
// counted in jiffies) has passed. Napis left over go back on the poll_list
// and NET_RX is marked pending again (__raise_softirq_irqoff), so
// __do_softirq's restart loop — and past MAX_SOFTIRQ_TIME/RESTART,
// ksoftirqd — polls them next.
//
// One NetRx per machine (a CPU's softnet_data holds every napi scheduled on
// it): the built-in NIC and every napi step of a scenario's sources
// (parts/chain.h) share it, found or made by NetRx::of(), and with it the
// sysctls net.core.netdev_budget and netdev_budget_usecs (net.netdev_budget,
// net.netdev_budget_ns: the same tree values for the card and the parts).
#pragma once

#include "kernel/kctx.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope::devices {

struct NetRxConfig {
    std::int64_t budget = 300; // net.core.netdev_budget
    Time budgetNs = 2'000'000; // net.core.netdev_budget_usecs
};

struct Napi {
    // The driver's poll(napi, budget): returns the packets it processed; when
    // fewer than `budget`, it has called NetRx::complete().
    std::function<kern::Proc<int>(kern::Kctx&, int budget)> poll;
    int weight = 64;
    bool scheduled = false; // NAPI_STATE_SCHED
};

class NetRx {
public:
    NetRx(kern::Machine& m, NetRxConfig cfg);
    // The machine's NetRx, made on first use: it opens NET_RX (open_softirq()
    // in net_dev_init()). Call it before anything wraps the NET_RX action.
    static NetRx& of(kern::Machine& m, NetRxConfig cfg);

    // napi_schedule() on the CPU c runs on (from the hardirq handler).
    void schedule(kern::Cpu& c, Napi& n);
    // napi_complete_done(): the napi leaves NAPI_STATE_SCHED.
    static void complete(Napi& n) { n.scheduled = false; }
    // The NET_RX softirq handler.
    kern::Proc<void> action(kern::Kctx& c);

private:
    struct SoftnetData {
        std::deque<Napi*> pollList;
    };
    kern::Proc<int> napiPoll(kern::Kctx& c, Napi& n, std::vector<Napi*>& repoll);

    kern::Machine& m_;
    NetRxConfig cfg_;
    std::vector<SoftnetData> sd_;
    std::uint64_t* timeSqueeze_; // softnet_stat column 3, summed over CPUs
};

} // namespace irqscope::devices
