// NAPI (net/core/dev.c, v6.12): the NIC masks its RX interrupt from
// napi_schedule() to napi_complete_done(), polls `weight` packets at a time,
// net_rx_action is bounded by netdev_budget / netdev_budget_usecs (time_squeeze),
// a full ring drops, and an overload moves NET_RX to ksoftirqd.
#include "net_rx_trace.h"
#include "sim_helpers.h"

using namespace irqscope;

namespace {

struct Net {
    std::uint64_t packets = 0, irqs = 0, polls = 0, polled = 0, dropped = 0, squeeze = 0;
    Time softirqNetRx = 0, ksoftirqdNetRx = 0; // NET_RX time by context, CPU 0
    int irqOnNetRx = 0;                        // eth0 hardirqs that nest on a NET_RX segment
    double perPoll() const { return polls ? double(polled) / double(polls) : 0; }
};

// The built-in card (net.*) on the machine basics had before it was written as
// parts: two CPUs, the card at 3000 packets/s on CPU 0, one hog.
Net runBasics(std::initializer_list<std::pair<const char*, const char*>> kv, Time duration = 60'000'000) {
    auto s = Scenario::fromJsonText(
        R"({"machine": {"cpus": 2}, "net": {"enabled": true, "rate_hz": 3000}, "load": {"hogs": 1}})", "card.json");
    if (!s) qFatal("%s", s.error().toString().c_str());
    for (const auto& [k, v] : kv)
        if (auto st = s->set(k, v); !st) qFatal("%s", st.error().toString().c_str());
    RunOptions o;
    o.duration = duration;
    auto r = test::runOrDie(*s, o);
    Net n;
    auto count = [&](const char* name) {
        auto it = r.metrics.throughput.find(name);
        return it == r.metrics.throughput.end() ? std::uint64_t(0) : it->second.count;
    };
    n.packets = count("packets");
    n.irqs = count("rx_irqs");
    n.polls = count("rx_polls");
    n.polled = count("rx_polled");
    n.dropped = count("rx_dropped");
    n.squeeze = count("time_squeeze");
    const test::NetRxTrace rx = test::netRxOnCpu0(r.trace, "eth0");
    n.softirqNetRx = rx.softirq;
    n.ksoftirqdNetRx = rx.ksoftirqd;
    n.irqOnNetRx = rx.irqOnNetRx;
    qInfo("packets=%llu irqs=%llu polls=%llu polled=%llu (%.1f/poll) dropped=%llu squeeze=%llu | NET_RX softirq "
          "%.2f ms ksoftirqd %.2f ms | eth0 on NET_RX %d",
          (unsigned long long)n.packets, (unsigned long long)n.irqs, (unsigned long long)n.polls,
          (unsigned long long)n.polled, n.perPoll(), (unsigned long long)n.dropped, (unsigned long long)n.squeeze,
          double(n.softirqNetRx) / 1e6, double(n.ksoftirqdNetRx) / 1e6, n.irqOnNetRx);
    return n;
}

} // namespace

class TestNapi : public QObject {
    Q_OBJECT
private slots:
    // napi_schedule() masks the card: no RX interrupt while the napi polls;
    // without NAPI every packet interrupts, also on top of NET_RX.
    void rxInterruptStaysMaskedWhileTheNapiIsScheduled() {
        const Net napi = runBasics({{"net.rate_hz", "60000"}});
        const Net perPacket = runBasics({{"net.rate_hz", "60000"}, {"net.napi", "false"}});
        QCOMPARE(napi.irqOnNetRx, 0);
        QVERIFY(perPacket.irqOnNetRx > 100);
        // one interrupt schedules the napi, which polls until the ring is empty
        QVERIFY(double(napi.irqs) < 0.8 * double(napi.polled));
        QVERIFY(double(perPacket.irqs) > 0.9 * double(perPacket.polled));
    }

    // A poll takes at most the weight; under overload every poll takes all of it.
    void aPollTakesAtMostItsWeight() {
        const Net n = runBasics({{"net.rate_hz", "400000"}, {"net.napi_weight", "16"}}, 20'000'000);
        QVERIFY(n.polls > 100);
        QVERIFY(n.perPoll() <= 16.0);
        QVERIFY(n.perPoll() > 15.0);
    }

    // net_rx_action stops when netdev_budget packets are spent and counts time_squeeze.
    void netdevBudgetSqueezes() {
        const Net wide = runBasics({{"net.rate_hz", "400000"}}, 20'000'000);
        const Net tight = runBasics({{"net.rate_hz", "400000"}, {"net.netdev_budget", "32"}}, 20'000'000);
        // 300 > one poll of 64: only a jiffy boundary squeezes (netdev_budget_usecs, 1 jiffy at HZ=250)
        QVERIFY(wide.squeeze < wide.polls / 10);
        // 32 < 64: every full poll spends the budget
        QVERIFY(tight.squeeze > tight.polls * 9 / 10);
    }

    // netdev_budget_usecs is counted in jiffies: 1 us still allows the run that started in this jiffy.
    void netdevBudgetTimeIsCountedInJiffies() {
        const Net n = runBasics({{"net.rate_hz", "400000"}, {"net.netdev_budget_ns", "1us"}}, 20'000'000);
        const Net wide = runBasics({{"net.rate_hz", "400000"}}, 20'000'000);
        QCOMPARE(n.squeeze, wide.squeeze);
    }

    // Packets that find the ring full are dropped and counted.
    void aFullRingDrops() {
        const Net n = runBasics({{"net.rate_hz", "400000"}, {"net.ring_size", "128"}}, 20'000'000);
        const Net roomy = runBasics({{"net.rate_hz", "30000"}}, 20'000'000);
        QVERIFY(n.dropped > 1000);
        QCOMPARE(roomy.dropped, std::uint64_t(0));
    }

    // Overload: the card stays masked, __do_softirq's restart limit hands NET_RX
    // to ksoftirqd, and the server still gets CPU time; per-packet interrupts
    // instead keep the CPU in hardirq and softirq context (receive livelock).
    void overloadMovesNetRxToKsoftirqd() {
        const Net napi = runBasics({{"net.rate_hz", "300000"}}, 30'000'000);
        const Net perPacket = runBasics({{"net.rate_hz", "300000"}, {"net.napi", "false"}}, 30'000'000);
        QVERIFY(napi.irqs < 10);
        QVERIFY(napi.ksoftirqdNetRx > 10 * napi.softirqNetRx);
        QVERIFY(napi.packets > 500);
        QVERIFY(perPacket.packets < napi.packets / 10);
    }
};

QTEST_GUILESS_MAIN(TestNapi)
#include "test_napi.moc"
