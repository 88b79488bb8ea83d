// Scenario files, --set overrides, profiles and their errors.
#include "sim_helpers.h"

#include "irqscope/presets.h"

#include <functional>

using namespace irqscope;

namespace {
Error parseError(const char* json) {
    auto s = Scenario::fromJsonText(json, "x.json");
    if (s.ok()) qFatal("expected an error for %s", json);
    return s.error();
}
} // namespace

class TestScenario : public QObject {
    Q_OBJECT
private slots:
    void nestedSectionsAndDefaults() {
        auto s = Scenario::fromJsonText(R"({"name":"n","machine":{"cpus":3},"gic":{"eoimode":1}})", "x.json");
        QVERIFY(s.ok());
        QCOMPARE(s->getInt("machine.cpus"), 3);
        QCOMPARE(s->getInt("gic.eoimode"), 1);
        QCOMPARE(s->getString("kernel.preempt"), std::string("voluntary")); // schema default
        auto eff = s->effective();
        QCOMPARE(eff["machine"]["cpus"].get<int>(), 3);
        QCOMPARE(eff["kernel"]["softirq"]["max_restart"].get<int>(), 10);
        // every parameter appears in the effective tree
        std::size_t leaves = 0;
        std::function<void(const nlohmann::json&)> count = [&](const nlohmann::json& j) {
            for (auto& [k, v] : j.items()) v.is_object() ? count(v) : void(++leaves);
        };
        count(eff);
        QVERIFY(leaves >= Schema::builtin().params().size());
    }

    void errorsNameTheFileThePathAndWhatWasExpected() {
        Error e = parseError(R"({"machine":{"cpus":"four"}})");
        QCOMPARE(e.file, std::string("x.json"));
        QCOMPARE(e.where, std::string("machine.cpus"));
        QVERIFY(e.message.find("expected an integer") != std::string::npos);
        QVERIFY(e.message.find("\"four\"") != std::string::npos);

        e = parseError(R"({"gic":{"eoimod":1}})");
        QCOMPARE(e.where, std::string("gic.eoimod"));
        QVERIFY(e.message.find("did you mean 'gic.eoimode'") != std::string::npos);

        e = parseError(R"({"machine":{"cpus":100000}})");
        QVERIFY(e.message.find("1 to 256") != std::string::npos);

        e = parseError(R"({"gpu":{"bottom_half":"softirq"}})");
        QVERIFY(e.message.find("'hardirq', 'tasklet' or 'kthread'") != std::string::npos);

        e = parseError("{\"machine\": {\"cpus\": 2,}\n}");
        QVERIFY(e.where.find("line 1") != std::string::npos);
        QVERIFY(e.message.find("invalid JSON") != std::string::npos);

        e = parseError(R"([1,2])");
        QVERIFY(e.message.find("expected a JSON object") != std::string::npos);

        e = parseError(R"({"machine":5})");
        QCOMPARE(e.where, std::string("machine"));
    }

    void contradictionsAreRejected() {
        Error e = parseError(R"({"gic":{"masking":"active-bit","eoimode":0}})");
        QCOMPARE(e.where, std::string("gic.masking"));
        QVERIFY(e.message.find("gic.eoimode=1") != std::string::npos);
        Scenario s;
        QVERIFY(!s.set("gic.masking", "active-bit").ok());         // eoimode still 0
        QCOMPARE(s.getString("gic.masking"), std::string("mask")); // rejected change left no trace
        QVERIFY(s.set("gic.eoimode", "1").ok());
        QVERIFY(s.set("gic.masking", "active-bit").ok());
    }

    // Each device checks its own CPU against machine.cpus (devices/<name>/<name>_params.cpp),
    // and only while it is enabled.
    void deviceCpusMustExist() {
        for (auto [device, cpuParam] :
             {std::pair{"gpu", "irq_cpu"}, std::pair{"bench", "cpu"}, std::pair{"net", "cpu"}}) {
            nlohmann::json doc = {{"machine", {{"cpus", 2}}}, {device, {{cpuParam, 3}}}};
            QVERIFY2(Scenario::fromJsonText(doc.dump(), "x.json").ok(), device); // disabled: not checked
            doc[device]["enabled"] = true;
            const Error e = parseError(doc.dump().c_str());
            QCOMPARE(e.file, std::string("x.json"));
            QCOMPARE(e.where, std::string(device) + "." + cpuParam);
            QCOMPARE(e.message, std::string("expected a CPU below machine.cpus (2), found 3"));
        }
    }

    void setReadsValuesByType() {
        Scenario s;
        QVERIFY(s.set("run.duration_ns", "500us").ok());
        QCOMPARE(s.getDuration("run.duration_ns"), 500 * kUs);
        QVERIFY(s.set("kernel.irq_time_accounting", "false").ok());
        QCOMPARE(s.getBool("kernel.irq_time_accounting"), false);
        QVERIFY(s.set("machine.little_speed", "0.5").ok());
        auto bad = s.set("machine.cpus", "2.5");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().where, std::string("machine.cpus"));
        QVERIFY(!s.set("no.such.param", "1").ok());
        QVERIFY(!s.set("run.duration_ns", "fast").ok());
    }

    void profilesApplyUnderUserValues() {
        Scenario s;
        QVERIFY(s.set("machine.platform", "juno").ok());
        QCOMPARE(s.getString("gic.version"), std::string("v2"));
        QCOMPARE(s.getInt("machine.cpus"), 6);
        QVERIFY(s.set("machine.cpus", "2").ok()); // the user's value wins over the profile
        QVERIFY(s.set("machine.platform", "emag").ok());
        QCOMPARE(s.getInt("machine.cpus"), 2);
        QCOMPARE(s.getString("gic.version"), std::string("v3")); // re-derived from the new profile
        QVERIFY(s.set("kernel.version", "5.10").ok());
        QCOMPARE(s.getString("kernel.sched.fair"), std::string("cfs"));
        QCOMPARE(s.getBool("kernel.ksoftirqd_gate"), true);
        QVERIFY(s.set("kernel.version", "6.12").ok());
        QCOMPARE(s.getString("kernel.sched.fair"), std::string("eevdf"));
        QCOMPARE(s.getBool("kernel.ksoftirqd_gate"), false);
    }

    void documentRoundTrips() {
        auto p = loadPreset("basics");
        QVERIFY(p.ok());
        auto again = Scenario::fromJsonText(p->document().dump(), "again.json");
        QVERIFY(again.ok());
        QVERIFY(again->effective() == p->effective());
        auto full = Scenario::fromJsonText(p->effective().dump(), "full.json");
        QVERIFY(full.ok());
        QVERIFY(full->effective() == p->effective());
    }

    void everyPresetParses() {
        QVERIFY(!listPresets().empty());
        for (const auto& p : listPresets()) {
            auto s = loadPreset(p.name);
            QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
            QVERIFY2(!p.title.empty(), p.name.c_str());
        }
        QVERIFY(!loadPreset("nope").ok());
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "test_scenario.moc"
