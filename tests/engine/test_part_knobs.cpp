// A knob path that addresses a part's field (scenario/part_knobs.h): --set,
// --vary and a lesson's "set" reach a source's rate as they reach net.rate_hz,
// the engine checks the result, and a refusal names the file and JSON path.
#include "sim_helpers.h"

using namespace irqscope;
using nlohmann::json;

namespace {

const char* const kExample = IRQSCOPE_SOURCE_DIR "/docs/examples/napi-source.json";

Scenario example() {
    auto s = Scenario::fromFile(kExample);
    if (!s) qFatal("%s", s.error().toString().c_str());
    return *s;
}

const json& eth0(const Scenario& s) {
    return s.parts()["sources"][0];
}

} // namespace

class TestPartKnobs : public QObject {
    Q_OBJECT
private slots:
    void setReachesAPartField() {
        Scenario s = example();
        QVERIFY(s.set("sources[eth0].arrival.poisson.rate_hz", "30000"));
        QVERIFY(eth0(s)["arrival"]["poisson"]["rate_hz"] == json(30000));
        QVERIFY(s.set("sources.eth0.handler.cost", "5us"));
        QVERIFY(eth0(s)["handler"]["cost"] == json("5us"));
        QVERIFY(s.set("sources[0].then[0].napi.weight", "16"));
        QVERIFY(eth0(s)["then"][0]["napi"]["weight"] == json(16));
        QVERIFY(s.set("sources[eth0].then[0].cost", R"({"uniform": ["2us", "6us"]})"));
        QVERIFY(eth0(s)["then"][0]["cost"].is_object());
        // a lesson's "set" (JSON values)
        QVERIFY(s.setJson("tasks[server].phases[0].loop", 3));
        QVERIFY(s.parts()["tasks"][0]["phases"][0]["loop"] == json(3));
    }

    void refusalsNameTheFileAndPathAndChangeNothing() {
        Scenario s = example();
        const json before = s.parts();
        auto st = s.set("sources[eth0].arrival.poisson.rate_hz", "-5");
        QVERIFY(!st);
        QVERIFY2(st.error().toString().find("napi-source.json") != std::string::npos, st.error().toString().c_str());
        QCOMPARE(QString::fromStdString(st.error().where), QStringLiteral("sources[0].arrival.poisson.rate_hz"));
        QVERIFY(s.parts() == before);
        st = s.set("sources[eth1].arrival.poisson.rate_hz", "5");
        QVERIFY(!st);
        QVERIFY2(st.error().message.find("\"eth0\"") != std::string::npos, st.error().message.c_str());
        QVERIFY(!s.set("sources[eth0]", "5"));
        QVERIFY(!s.set("tasks[0].phases[9].loop", "1"));
        QVERIFY(s.parts() == before);
    }

    // --set K=V... at once: a part field and a parameter, one check at the end;
    // a refusal leaves both as they were.
    void setAllMixesPartsAndParameters() {
        Scenario s = example();
        QVERIFY(s.setAll({{"sources[eth0].arrival.poisson.rate_hz", "300000"}, {"net.netdev_budget", "32"}}));
        QVERIFY(eth0(s)["arrival"]["poisson"]["rate_hz"] == json(300000));
        QCOMPARE(s.getInt("net.netdev_budget"), std::int64_t(32));
        const json before = s.parts();
        QVERIFY(!s.setAll({{"sources[eth0].arrival.poisson.rate_hz", "1000"}, {"sources[eth0].line", "usb"}}));
        QVERIFY(s.parts() == before);
        QVERIFY(!s.setAll({{"sources[eth0].line", "msi"}, {"sources[eth0].line", "lpi"}}));
    }

    // The knob moves the run: at 300,000 packets/s the masked device is polled
    // from ksoftirqd (docs/engine.md, "A NAPI device as a source").
    void theKnobMovesTheRun() {
        Scenario s = example();
        QVERIFY(s.set("sources[eth0].arrival.poisson.rate_hz", "300000"));
        RunOptions o;
        o.duration = 20'000'000;
        const auto r = test::runOrDie(s, o);
        QVERIFY(r.metrics.throughput.at("napi_packets/eth0").count > 1000);
        QVERIFY(r.metrics.throughput.at("time_squeeze").count > 0);
    }
};

QTEST_GUILESS_MAIN(TestPartKnobs)
#include "test_part_knobs.moc"
