// What the basics preset needs from the open language: a source wired to a
// given SPI ("intid", as a board's device tree wires a line), a source drawing
// its arrivals from a named random stream ("stream": "net" is the built-in
// card's), and the arrival_to_task probe (a packet's arrival to the end of the
// work of the task it was handed to). Errors name the file and the JSON path.
#include "sim_helpers.h"

#include "irqscope/presets.h"

using namespace irqscope;
using nlohmann::json;

namespace {

json source(const std::string& name, json extra = json::object()) {
    json s = {{"name", name}, {"arrival", {{"periodic", "1ms"}}}, {"handler", {{"cost", "2us"}}}};
    for (auto& [k, v] : extra.items()) s[k] = v;
    return s;
}

json doc(json sources, json more = json::object()) {
    json d = {{"schema", "irqscope.scenario/1"}, {"name", "t"}, {"machine", {{"cpus", 2}}}, {"sources", sources}};
    for (auto& [k, v] : more.items()) d[k] = v;
    return d;
}

Error refused(const json& d) {
    auto s = Scenario::fromJsonText(d.dump(), "wired.json");
    if (s) qFatal("expected an error");
    return s.error();
}

int intidOf(const RunResult& r, const std::string& name) {
    for (const auto& l : r.metrics.irqLines)
        if (l.name == name) return l.intid;
    return -1;
}

RunResult runDoc(const json& d, Time duration) {
    auto s = Scenario::fromJsonText(d.dump(), "wired.json");
    if (!s) qFatal("%s", s.error().toString().c_str());
    RunOptions o;
    o.duration = duration;
    return test::runOrDie(*s, o);
}

// The basics card written as parts (resources/presets/basics.json without its
// hog), `stream` the arrivals' random stream ("" for the source's own).
json napiCard(const std::string& stream) {
    json src = {{"name", "eth0"},
                {"intid", 40},
                {"cpus", {0}},
                {"arrival", {{"poisson", {{"rate_hz", 3000}}}}},
                {"handler", {{"cost", "3us"}}},
                {"then", json::array({{{"napi", true}, {"cost", "4us"}, {"then", {{{"complete", "socket"}}}}}})}};
    if (!stream.empty()) src["stream"] = stream;
    json wait = {{"wait_completion", "socket"}};
    return doc(
        json::array({src}),
        {{"resources", json::array({{{"name", "socket"}, {"type", "completion"}}})},
         {"workqueues", json::array({{{"name", "events"}}})},
         {"tasks",
          json::array(
              {{{"name", "server"},
                {"phases",
                 json::array({{{"loop", 7}, {"events", {wait, {{"run", "20us"}}}}},
                              {{"loop", 1},
                               {"events",
                                {wait,
                                 {{"run", "20us"}},
                                 {{"queue_work",
                                   {{"workqueue", "events"}, {"fn", "net_stats_fold"}, {"cost", "15us"}}}}}}}})}}})},
         {"probes", json::array({{{"name", "rx"}, {"arrival_to_task", {{"source", "eth0"}, {"task", "server"}}}}})}});
}

} // namespace

class TestPartsBasics : public QObject {
    Q_OBJECT
private slots:
    // "intid" wires the line to that SPI; a source without one takes the next
    // free SPI from 96, skipping those other sources are wired to, whatever
    // their order.
    void intidWiresTheLine() {
        const json d =
            doc(json::array({source("late"), source("wired", {{"intid", 96}}), source("low", {{"intid", 40}})}));
        const RunResult r = runDoc(d, 5'000'000);
        QCOMPARE(intidOf(r, "wired"), 96);
        QCOMPARE(intidOf(r, "low"), 40);
        QCOMPARE(intidOf(r, "late"), 97);
    }

    void intidErrorsNameThePath() {
        const Error range = refused(doc(json::array({source("a", {{"intid", 27}})})));
        QCOMPARE(QString::fromStdString(range.file), QStringLiteral("wired.json"));
        QCOMPARE(QString::fromStdString(range.where), QStringLiteral("sources[0].intid"));
        QVERIFY(QString::fromStdString(range.message).contains(QLatin1String("32 to 1019")));
        QCOMPARE(QString::fromStdString(refused(doc(json::array({source("a", {{"intid", 1020}})}))).where),
                 QStringLiteral("sources[0].intid"));
        // an MSI's number is allocated by its irq domain
        const Error msi = refused(doc(json::array({source("a", {{"line", "msi"}, {"intid", 100}})})));
        QCOMPARE(QString::fromStdString(msi.where), QStringLiteral("sources[0].intid"));
        // two sources on one SPI
        const Error twice = refused(doc(json::array({source("a", {{"intid", 50}}), source("b", {{"intid", 50}})})));
        QCOMPARE(QString::fromStdString(twice.where), QStringLiteral("sources[1].intid"));
        QVERIFY(QString::fromStdString(twice.message).contains(QLatin1String("sources[0]")));
        // the tree's card is wired to SPI 40
        const Error card = refused(doc(json::array({source("a", {{"intid", 40}})}), {{"net", {{"enabled", true}}}}));
        QCOMPARE(QString::fromStdString(card.where), QStringLiteral("sources[0].intid"));
        QVERIFY(QString::fromStdString(card.message).contains(QLatin1String("net.enabled")));
        // a placed GPU takes the first free SPI from 96
        const Error placed = refused(doc(json::array({source("a", {{"intid", 96}})}),
                                         {{"devices", json::array({{{"name", "gpu0"}, {"model", "i915"}}})}}));
        QCOMPARE(QString::fromStdString(placed.where), QStringLiteral("sources[0].intid"));
        QVERIFY(QString::fromStdString(placed.message).contains(QLatin1String("devices[0]")));
        const Error stream = refused(doc(json::array({source("a", {{"stream", ""}})})));
        QCOMPARE(QString::fromStdString(stream.where), QStringLiteral("sources[0].stream"));
    }

    // The built-in card (net.*) and the same card written as parts with
    // "stream": "net" and the arrival_to_task probe: the same packets, the
    // same interrupts, the same rx series. Without the stream the packets
    // differ (the source's own stream).
    void theCardAsPartsMeasuresTheCardsRx() {
        json tree = {{"schema", "irqscope.scenario/1"},
                     {"name", "t"},
                     {"machine", {{"cpus", 2}}},
                     {"net", {{"enabled", true}, {"rate_hz", 3000}}}};
        const RunResult card = runDoc(tree, 60'000'000);
        const RunResult parts = runDoc(napiCard("net"), 60'000'000);
        const RunResult own = runDoc(napiCard(""), 60'000'000);
        const auto& a = card.metrics.latency.at("rx");
        const auto& b = parts.metrics.latency.at("rx");
        qInfo("card rx: %llu mean %.1f ns; parts: %llu mean %.1f ns", (unsigned long long)a.count(), a.mean(),
              (unsigned long long)b.count(), b.mean());
        QVERIFY(a.count() > 150);
        QCOMPARE(b.count(), a.count());
        QCOMPARE(b.mean(), a.mean());
        QCOMPARE(b.max(), a.max());
        QCOMPARE(parts.metrics.throughput.at("napi_packets/eth0").count, card.metrics.throughput.at("rx_polled").count);
        QCOMPARE(intidOf(parts, "eth0"), 40);
        QVERIFY(own.metrics.throughput.at("napi_packets/eth0").count != card.metrics.throughput.at("rx_polled").count);
    }

    // arrival_to_task: from the interrupt (a source without napi: its raise)
    // to the end of the task's first run event after the wait that took the
    // completion; the wake-up and the run are inside, so every sample is at
    // least the handler and the run, and one per arrival.
    void arrivalToTaskEndsAfterTheRun() {
        json src = source("dev", {{"cpus", {0}}, {"then", {{{"complete", "done"}}}}});
        json d = doc(json::array({src}),
                     {{"resources", json::array({{{"name", "done"}, {"type", "completion"}}})},
                      {"tasks", json::array({{{"name", "worker"},
                                              {"cpus", {0}},
                                              {"events", {{{"wait_completion", "done"}}, {{"run", "50us"}}}}}})},
                      {"probes", json::array({{{"name", "dev_done"},
                                               {"arrival_to_task", {{"source", "dev"}, {"task", "worker"}}}}})}});
        const RunResult r = runDoc(d, 20'500'000);
        const auto& h = r.metrics.latency.at("dev_done");
        QCOMPARE(h.count(), std::size_t(20)); // 1 ms apart, first at 1 ms
        QVERIFY(h.min() >= 52'000);           // 2 us handler + 50 us of work, and the wake-up
        QVERIFY(h.max() < 60'000);
    }

    void arrivalToTaskErrorsNameThePath() {
        auto withProbe = [](json then, json events) {
            return doc(json::array({source("dev", {{"then", then}})}),
                       {{"resources", json::array({{{"name", "done"}, {"type", "completion"}}})},
                        {"tasks", json::array({{{"name", "worker"}, {"events", events}}})},
                        {"probes", json::array({{{"name", "p"},
                                                 {"arrival_to_task", {{"source", "dev"}, {"task", "worker"}}}}})}});
        };
        const json waits = {{{"wait_completion", "done"}}, {{"run", "5us"}}};
        // a complete step below a softirq step carries no arrival
        const Error deferred = refused(withProbe({{{"softirq", "NET_RX"}, {"then", {{{"complete", "done"}}}}}}, waits));
        QCOMPARE(QString::fromStdString(deferred.where), QStringLiteral("probes[0].arrival_to_task.source"));
        // the task never waits for what the source completes
        const Error noWait = refused(withProbe({{{"complete", "done"}}}, {{{"run", "5us"}}}));
        QCOMPARE(QString::fromStdString(noWait.where), QStringLiteral("probes[0].arrival_to_task.task"));
        QVERIFY(QString::fromStdString(noWait.message).contains(QLatin1String("done")));
    }

    // arrival_to_task and raise_to_run read their {"source": ..., other}
    // alike (one reader): the shape, an unknown field, an unknown source and
    // an unknown task each name their path.
    void twoKeyProbesReadTheirSourceAlike() {
        auto withProbe = [](json probe) {
            return doc(json::array({source("dev", {{"then", {{{"softirq", "NET_RX"}}, {{"complete", "done"}}}}})}),
                       {{"resources", json::array({{{"name", "done"}, {"type", "completion"}}})},
                        {"tasks", json::array({{{"name", "worker"},
                                                {"events", {{{"wait_completion", "done"}}, {{"run", "5us"}}}}}})},
                        {"probes", json::array({probe})}});
        };
        struct Case {
            json probe;
            const char* where;
            const char* says;
        };
        const std::vector<Case> cases = {
            {{{"name", "p"}, {"arrival_to_task", {{"source", "dev"}}}},
             "probes[0].arrival_to_task",
             R"(expected {"source": name, "task": name})"},
            {{{"name", "p"}, {"raise_to_run", "dev"}},
             "probes[0].raise_to_run",
             R"(expected {"source": name, "step": "softirq" or "then[0]"})"},
            {{{"name", "p"}, {"arrival_to_task", {{"source", "dev"}, {"task", "worker"}, {"cpu", 1}}}},
             "probes[0].arrival_to_task.cpu",
             "unknown field; expected source, task"},
            {{{"name", "p"}, {"raise_to_run", {{"source", "dev"}, {"step", "softirq"}, {"cpu", 1}}}},
             "probes[0].raise_to_run.cpu",
             "unknown field; expected source, step"},
            {{{"name", "p"}, {"arrival_to_task", {{"source", "nic"}, {"task", "worker"}}}},
             "probes[0].arrival_to_task.source",
             "nic"},
            {{{"name", "p"}, {"raise_to_run", {{"source", 7}, {"step", "softirq"}}}},
             "probes[0].raise_to_run.source",
             "7"},
            {{{"name", "p"}, {"arrival_to_task", {{"source", "dev"}, {"task", "wroker"}}}},
             "probes[0].arrival_to_task.task",
             "wroker"},
        };
        for (const Case& c : cases) {
            const Error e = refused(withProbe(c.probe));
            QCOMPARE(QString::fromStdString(e.where), QString::fromLatin1(c.where));
            QVERIFY2(QString::fromStdString(e.message).contains(QString::fromLatin1(c.says)), e.message.c_str());
        }
        // and both read when right
        for (json probe : {json{{"name", "p"}, {"arrival_to_task", {{"source", "dev"}, {"task", "worker"}}}},
                           json{{"name", "p"}, {"raise_to_run", {{"source", "dev"}, {"step", "softirq"}}}}}) {
            auto s = Scenario::fromJsonText(withProbe(probe).dump(), "wired.json");
            QVERIFY2(bool(s), s ? "" : s.error().toString().c_str());
        }
    }

    // The preset itself: written in parts, its rx series and its line as the
    // built-in card had them.
    void basicsIsWrittenInParts() {
        auto s = loadPreset("basics");
        QVERIFY(s);
        QVERIFY(!s->getBool("net.enabled"));
        RunOptions o;
        const RunResult r = test::runOrDie(*s, o);
        QCOMPARE(intidOf(r, "eth0"), 40);
        QVERIFY(r.metrics.latency.at("rx").count() > 150);
    }
};

QTEST_GUILESS_MAIN(TestPartsBasics)
#include "test_parts_basics.moc"
