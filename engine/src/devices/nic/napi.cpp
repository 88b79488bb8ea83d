#include "devices/nic/napi.h"

#include "kernel/machine.h"

#include <memory>

namespace irqscope::devices {

using namespace kern;

namespace {

// The NET_RX action, as a named type so that NetRx::of() finds the machine's
// NetRx behind the vector's handler.
struct NetRxAction {
    NetRx* rx;
    Proc<void> operator()(Kctx& c) const { return rx->action(c); }
};

} // namespace

NetRx::NetRx(Machine& m, NetRxConfig cfg)
    : m_(m), cfg_(cfg), sd_(static_cast<std::size_t>(m.cpuCount())), timeSqueeze_(&m.rec().counters["time_squeeze"]) {}

NetRx& NetRx::of(Machine& m, NetRxConfig cfg) {
    if (const auto* a = m.softirq().handler(NET_RX).target<NetRxAction>()) return *a->rx;
    auto rx = std::make_shared<NetRx>(m, cfg);
    m.keepAlive(rx);
    m.softirq().setHandler(NET_RX, NetRxAction{rx.get()});
    return *rx;
}

void NetRx::schedule(Cpu& c, Napi& n) {
    if (n.scheduled) return; // napi_schedule_prep(): already on a poll_list
    n.scheduled = true;
    sd_[static_cast<std::size_t>(c.id)].pollList.push_back(&n);
    m_.softirq().raise(c, NET_RX);
}

// napi_poll(): one poll with the napi's weight; a napi that used all of it
// stays scheduled and goes on the repoll list.
Proc<int> NetRx::napiPoll(Kctx& c, Napi& n, std::vector<Napi*>& repoll) {
    const int work = co_await n.poll(c, n.weight);
    if (work >= n.weight) repoll.push_back(&n);
    co_return work;
}

Proc<void> NetRx::action(Kctx& c) {
    SoftnetData& sd = sd_[static_cast<std::size_t>(c.cpu().id)];
    const Time tick = m_.cfg().tickPeriod;
    const Time usecs = cfg_.budgetNs;
    const std::uint64_t timeLimit =
        m_.timers().jiffies() + static_cast<std::uint64_t>((usecs + tick - 1) / tick); // usecs_to_jiffies
    std::int64_t budget = cfg_.budget;
    // Vectors, not deques: a deque allocates its map and a block even empty,
    // and this runs at every NET_RX.
    std::vector<Napi*> list; // list[next..] is still to poll
    std::size_t next = 0;
    std::vector<Napi*> repoll;
    for (;;) {
        list.insert(list.end(), sd.pollList.begin(), sd.pollList.end()); // start: splice the poll_list
        sd.pollList.clear();
        bool squeezed = false;
        while (next < list.size()) {
            Napi* n = list[next++];
            budget -= co_await napiPoll(c, *n, repoll);
            if (budget <= 0 || m_.timers().jiffies() >= timeLimit) {
                ++*timeSqueeze_;
                squeezed = true;
                break;
            }
        }
        // Napis scheduled meanwhile (another interrupt) are polled in this run.
        if (squeezed || !repoll.empty() || sd.pollList.empty()) break;
    }
    // Leftovers, then new arrivals, then the repolled go back on the poll_list.
    list.erase(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(next));
    list.insert(list.end(), sd.pollList.begin(), sd.pollList.end());
    list.insert(list.end(), repoll.begin(), repoll.end());
    sd.pollList.assign(list.begin(), list.end());
    if (!sd.pollList.empty()) m_.softirq().markPending(c.cpu(), NET_RX);
}

} // namespace irqscope::devices
