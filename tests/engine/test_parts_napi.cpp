// A source's napi step (net/core/dev.c, v6.12): the handler masks the device's
// interrupt and napi_schedule()s; NET_RX polls the source's RX ring `weight`
// packets at a time on the machine's one net_rx_action (devices/nic/napi.h),
// bounded by net.netdev_budget / netdev_budget_usecs; a poll that used its
// whole weight is repolled with the device still masked; a poll that empties
// the ring completes and unmasks. Errors name the JSON path.
#include "net_rx_trace.h"
#include "sim_helpers.h"

using namespace irqscope;
using nlohmann::json;

namespace {

struct Rx {
    std::uint64_t irqs = 0, polls = 0, packets = 0, dropped = 0, squeeze = 0, served = 0;
    Time softirqNetRx = 0, ksoftirqdNetRx = 0;
    int irqOnNetRx = 0; // eth0 hardirqs nested on a NET_RX segment of CPU 0
    double perPoll() const { return polls ? double(packets) / double(polls) : 0; }
};

// eth0 on CPU 0 at `rate` packets/s; each polled packet completes `rx`, for
// which a server on CPU 0 waits. `step` is the source's last step.
json scenario(double rate, json step) {
    return {{"schema", "irqscope.scenario/1"},
            {"name", "napi"},
            {"machine", {{"cpus", 2}}},
            {"resources", json::array({{{"name", "rx"}, {"type", "completion"}}})},
            {"tasks", json::array({{{"name", "server"},
                                    {"cpus", {0}},
                                    {"events", json::array({{{"wait_completion", "rx"}}, {{"run", "20us"}}})}}})},
            {"sources", json::array({{{"name", "eth0"},
                                      {"cpus", {0}},
                                      {"arrival", {{"poisson", {{"rate_hz", rate}}}}},
                                      {"handler", {{"cost", "3us"}}},
                                      {"then", json::array({step})}}})}};
}

json napi(json fields = json::object()) {
    json s = {{"napi", fields.empty() ? json(true) : fields}, {"cost", "4us"}};
    s["then"] = json::array({{{"complete", "rx"}}});
    return s;
}

Rx run(const json& doc, std::initializer_list<std::pair<const char*, const char*>> kv, Time duration) {
    auto s = Scenario::fromJsonText(doc.dump(), "napi.json");
    if (!s) qFatal("%s", s.error().toString().c_str());
    for (const auto& [k, v] : kv)
        if (auto st = s->set(k, v); !st) qFatal("%s", st.error().toString().c_str());
    RunOptions o;
    o.duration = duration;
    auto r = test::runOrDie(*s, o);
    auto count = [&](const std::string& name) {
        auto it = r.metrics.throughput.find(name);
        return it == r.metrics.throughput.end() ? std::uint64_t(0) : it->second.count;
    };
    Rx n;
    n.polls = count("napi_polls/eth0");
    n.packets = count("napi_packets/eth0");
    n.dropped = count("rx_dropped/eth0");
    n.squeeze = count("time_squeeze");
    for (const auto& l : r.metrics.irqLines)
        if (l.name == "eth0") n.irqs = l.handled;
    for (const auto& t : r.metrics.tasks)
        if (t.name == "server") n.served = static_cast<std::uint64_t>(t.runNs / 20'000);
    const test::NetRxTrace rx = test::netRxOnCpu0(r.trace, "eth0");
    n.softirqNetRx = rx.softirq;
    n.ksoftirqdNetRx = rx.ksoftirqd;
    n.irqOnNetRx = rx.irqOnNetRx;
    qInfo("irqs=%llu polls=%llu packets=%llu (%.1f/poll) dropped=%llu squeeze=%llu | NET_RX softirq %.2f ms "
          "ksoftirqd %.2f ms | eth0 on NET_RX %d",
          (unsigned long long)n.irqs, (unsigned long long)n.polls, (unsigned long long)n.packets, n.perPoll(),
          (unsigned long long)n.dropped, (unsigned long long)n.squeeze, double(n.softirqNetRx) / 1e6,
          double(n.ksoftirqdNetRx) / 1e6, n.irqOnNetRx);
    return n;
}

Error error(const json& step) {
    auto s = Scenario::fromJsonText(scenario(1000, step).dump(), "napi.json");
    if (s) qFatal("expected an error");
    return s.error();
}

} // namespace

class TestPartsNapi : public QObject {
    Q_OBJECT
private slots:
    // The handler masks the device: no eth0 interrupt while its napi is
    // scheduled, so none lands on top of NET_RX, and one interrupt serves
    // several packets. A softirq step instead takes an interrupt per arrival.
    void theDeviceStaysMaskedWhileItsNapiIsScheduled() {
        const Rx n = run(scenario(60000, napi()), {}, 30'000'000);
        QVERIFY(n.packets > 1000);
        QCOMPARE(n.irqOnNetRx, 0);
        QVERIFY(double(n.irqs) < 0.8 * double(n.packets));
        json perPacket = {{"softirq", "NET_RX"}, {"cost", "4us"}, {"then", json::array({{{"complete", "rx"}}})}};
        const Rx p = run(scenario(60000, perPacket), {}, 30'000'000);
        QVERIFY(p.irqOnNetRx > 100);
    }

    // __napi_poll() passes the weight: a poll takes at most `weight` packets,
    // and under overload every poll takes all of it.
    void aPollTakesAtMostItsWeight() {
        const Rx n = run(scenario(400000, napi({{"weight", 16}})), {}, 20'000'000);
        QVERIFY(n.polls > 100);
        QVERIFY(n.perPoll() <= 16.0);
        QVERIFY(n.perPoll() > 15.0);
    }

    // A poll that used its whole weight goes on the repoll list with the
    // device still masked: under overload a handful of interrupts feed
    // thousands of polls, and __do_softirq's restart limit hands NET_RX to
    // ksoftirqd, where the server still gets its turns.
    void aFullPollIsRepolledWithoutAnInterrupt() {
        const Rx n = run(scenario(300000, napi()), {}, 30'000'000);
        QVERIFY(n.irqs < 10);
        QVERIFY(n.polls > 20 * n.irqs);
        QVERIFY(n.perPoll() > 63.0); // each a full weight: none completed, so none unmasked
        QVERIFY(n.ksoftirqdNetRx > n.softirqNetRx);
        QVERIFY(n.served > 100);
    }

    // net_rx_action() stops when net.netdev_budget packets are spent
    // (time_squeeze), and the napi's ring drops when full (400,000 packets/s
    // of 4 us each overload CPU 0 whatever the ring).
    void netdevBudgetSqueezesAndAFullRingDrops() {
        const Rx wide = run(scenario(400000, napi()), {}, 20'000'000);
        const Rx tight = run(scenario(400000, napi()), {{"net.netdev_budget", "32"}}, 20'000'000);
        QVERIFY(wide.squeeze < wide.polls / 10);
        QVERIFY(tight.squeeze > tight.polls * 9 / 10);
        const Rx small = run(scenario(400000, napi({{"ring", 128}})), {}, 20'000'000);
        QVERIFY(small.dropped > wide.dropped + 500);
        const Rx roomy = run(scenario(30000, napi()), {}, 20'000'000);
        QCOMPARE(roomy.dropped, std::uint64_t(0));
    }

    // The built-in card and a source's napi share one net_rx_action: both are
    // polled (the source did not take NET_RX from the card).
    void theCardAndASourceShareNetRx() {
        json doc = scenario(20000, napi());
        doc["net"] = {{"enabled", true}, {"rate_hz", 20000}};
        doc["sources"][0]["name"] = "eth1";
        auto s = Scenario::fromJsonText(doc.dump(), "napi.json");
        QVERIFY(s);
        RunOptions o;
        o.duration = 10'000'000;
        auto r = test::runOrDie(*s, o);
        QVERIFY(r.metrics.throughput.at("rx_polled").count > 100);
        QVERIFY(r.metrics.throughput.at("napi_packets/eth1").count > 100);
    }

    void errorsNameThePath() {
        const Error notLast = [] {
            json doc = scenario(1000, napi());
            doc["sources"][0]["then"].push_back({{"complete", "rx"}});
            return Scenario::fromJsonText(doc.dump(), "napi.json").error();
        }();
        QCOMPARE(QString::fromStdString(notLast.where), QStringLiteral("sources[0].then[0].napi"));
        json nested = {{"softirq", "NET_RX"}, {"then", json::array({napi()})}};
        QCOMPARE(QString::fromStdString(error(nested).where), QStringLiteral("sources[0].then[0].then[0].napi"));
        const Error weight = error(napi({{"weight", 0}}));
        QCOMPARE(QString::fromStdString(weight.where), QStringLiteral("sources[0].then[0].napi.weight"));
        QVERIFY(QString::fromStdString(weight.message).contains(QLatin1String("1 to 4096")));
        QCOMPARE(QString::fromStdString(error({{"napi", 3}}).where), QStringLiteral("sources[0].then[0].napi"));
    }
};

QTEST_GUILESS_MAIN(TestPartsNapi)
#include "test_parts_napi.moc"
