// irqscope/part_defaults.h is what the part readers do: a part that leaves a
// field out reads exactly as one that sets it to partFieldDefault()'s value
// (the Parts tab shows that value as the field's default). Device parts take
// their defaults from the parameter table; tests/gui/test_parts_editor checks
// those against Schema.
#include "irqscope/part_defaults.h"
#include "irqscope/scenario.h"
#include "parts/parts.h"

#include <QtTest>

#include <functional>

using namespace irqscope;
using nlohmann::json;

namespace {

struct Case {
    const char* list;
    const char* pointer;
    json part;                                    // a part where the field counts, without it
    std::function<json(const parts::Parts&)> get; // the field as read
    json other;                                   // another value, to see that `get` reads the field
};

std::vector<Case> cases() {
    const json task = {{"name", "t"}, {"events", json::array({{{"run", "1ms"}}})}};
    json fifo = task;
    fifo["policy"] = "fifo";
    const json source = {{"name", "s"}, {"arrival", {{"periodic", "1ms"}}}, {"handler", {{"cost", "1us"}}}};
    const json wq = {{"name", "w"}};
    auto t = [](const parts::Parts& p) -> const parts::TaskPart& { return p.tasks.at(0); };
    auto w = [](const parts::Parts& p) -> const parts::WorkqueuePart& { return p.workqueues.at(0); };
    return {
        {"tasks", "/policy", task, [t](const parts::Parts& p) { return json(int(t(p).policy)); }, "batch"},
        {"tasks", "/priority", fifo, [t](const parts::Parts& p) { return json(t(p).priority); }, 20},
        {"tasks", "/nice", task, [t](const parts::Parts& p) { return json(t(p).nice); }, 5},
        {"tasks", "/instance", task, [t](const parts::Parts& p) { return json(t(p).instance); }, 3},
        {"tasks", "/loop", task, [t](const parts::Parts& p) { return json(t(p).loop); }, 4},
        {"tasks", "/delay", task, [t](const parts::Parts& p) { return json(t(p).delay); }, "1ms"},
        {"sources", "/line", source, [](const parts::Parts& p) { return json(int(p.sources.at(0).line)); }, "msi"},
        {"workqueues", "/unbound", wq, [w](const parts::Parts& p) { return json(w(p).unbound); }, true},
        {"workqueues", "/highpri", wq, [w](const parts::Parts& p) { return json(w(p).highpri); }, true},
        {"workqueues", "/ordered", wq, [w](const parts::Parts& p) { return json(w(p).ordered); }, true},
        {"workqueues", "/rt", wq, [w](const parts::Parts& p) { return json(w(p).rt); }, true},
        {"workqueues", "/max_active", wq, [w](const parts::Parts& p) { return json(w(p).maxActive); }, 8},
        {"resources",
         "/pi",
         {{"name", "r"}, {"type", "mutex"}},
         [](const parts::Parts& p) { return json(p.resources.at(0).pi); },
         true},
    };
}

json read(const char* list, const json& part, const std::function<json(const parts::Parts&)>& get) {
    auto p = parts::readParts(json{{list, json::array({part})}}, "t.json", 4);
    if (!p) throw std::runtime_error(p.error().toString());
    return get(*p);
}

} // namespace

class TestPartDefaults : public QObject {
    Q_OBJECT
private slots:
    void anAbsentFieldReadsAsItsDefault() {
        for (const Case& c : cases()) {
            const auto d = partFieldDefault(c.list, c.pointer);
            QVERIFY2(d, c.pointer);
            json with = c.part, other = c.part;
            with[json::json_pointer(c.pointer)] = d->value;
            other[json::json_pointer(c.pointer)] = c.other;
            const json absent = read(c.list, c.part, c.get);
            QVERIFY2(read(c.list, with, c.get) == absent,
                     (std::string(c.pointer) + ": the default " + d->value.dump() + " reads differently").c_str());
            QVERIFY2(read(c.list, other, c.get) != absent, c.pointer);
        }
    }

    void devicesTakeTheTablesDefaults() {
        const auto queues = partFieldDefault("devices", "/queues", "nvme");
        QVERIFY(queues && queues->value == Schema::builtin().find("nvme.queues")->defaultValue);
        const auto service = partFieldDefault("devices", "/service_ns", "nvme");
        QVERIFY(service && service->duration);
        // a part has no built-in workload (docs/scenarios.md)
        QCOMPARE(partFieldDefault("devices", "/fio/jobs", "nvme")->value, json(0));
        QCOMPARE(partFieldDefault("devices", "/submitters", "i915")->value, json(0));
        QVERIFY(!partFieldDefault("devices", "/queues", "i915"));
        QVERIFY(!partFieldDefault("tasks", "/cpus"));
    }
};

QTEST_GUILESS_MAIN(TestPartDefaults)
#include "test_part_defaults.moc"
