// The JSON Schema (draft 2020-12) of a scenario file for editors,
// resources/schema/irqscope-scenario.schema.json: the parameter tree is
// generated from the Schema table (every parameter, nested or dotted, with
// its type, range, choices and default), the part lists are written here.
// This test fails when the file is not what the table gives; run it with
// IRQSCOPE_UPDATE_SCHEMA=1 to write the file. tests/schema/validate_scenarios.py
// validates every preset and docs/examples file against it.
#include "irqscope/scenario.h"
#include "parts/device_parts.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace irqscope;
using nlohmann::json;

namespace {

const char* kFile = IRQSCOPE_SOURCE_DIR "/resources/schema/irqscope-scenario.schema.json";

// The part lists (docs/scenarios.md). Tasks and resources are checked by the
// engine's reader; the schema asks only for their names.
const char* kParts = R"({
  "name": {"type": "string", "minLength": 1},
  "duration": {"anyOf": [{"type": "integer", "minimum": 0}, {"$ref": "#/$defs/durationString"}]},
  "durationString": {"type": "string", "pattern": "^ *[0-9.]+ *(ns|us|µs|ms|s)? *$"},
  "cost": {"anyOf": [
    {"$ref": "#/$defs/duration"},
    {"type": "object", "additionalProperties": false, "minProperties": 1, "maxProperties": 1, "properties": {
      "fixed": {"$ref": "#/$defs/duration"},
      "uniform": {"type": "array", "items": {"$ref": "#/$defs/duration"}, "minItems": 2, "maxItems": 2},
      "normal": {"type": "object", "additionalProperties": false, "required": ["mean", "stddev"],
                 "properties": {"mean": {"$ref": "#/$defs/duration"}, "stddev": {"$ref": "#/$defs/duration"}}},
      "lognormal": {"type": "object", "additionalProperties": false, "required": ["median", "sigma"],
                    "properties": {"median": {"$ref": "#/$defs/duration"}, "sigma": {"type": "number", "minimum": 0, "maximum": 5}}},
      "empirical": {"type": "array", "minItems": 1, "items": {"type": "array", "minItems": 2, "maxItems": 2,
                    "prefixItems": [{"$ref": "#/$defs/duration"}, {"type": "number", "minimum": 0}]}}}}]},
  "workqueue": {"type": "object", "additionalProperties": false, "required": ["name"], "properties": {
    "name": {"$ref": "#/$defs/name"}, "unbound": {"type": "boolean", "default": false},
    "highpri": {"type": "boolean", "default": false}, "ordered": {"type": "boolean", "default": false},
    "rt": {"type": "boolean", "default": false},
    "max_active": {"type": "integer", "minimum": 0, "maximum": 512, "default": 0}}},
  "arrival": {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false, "properties": {
    "periodic": {"anyOf": [{"$ref": "#/$defs/duration"}, {"type": "object", "additionalProperties": false,
                 "required": ["period"], "properties": {"period": {"$ref": "#/$defs/duration"}, "start": {"$ref": "#/$defs/duration"}}}]},
    "poisson": {"type": "object", "additionalProperties": false, "required": ["rate_hz"],
                "properties": {"rate_hz": {"type": "number", "exclusiveMinimum": 0, "maximum": 1e9}}},
    "bursts": {"type": "object", "additionalProperties": false, "required": ["count", "gap", "every"], "properties": {
      "count": {"type": "integer", "minimum": 1}, "gap": {"$ref": "#/$defs/duration"},
      "every": {"$ref": "#/$defs/duration"}, "start": {"$ref": "#/$defs/duration"}}},
    "replay": {"type": "string", "minLength": 1},
    "on_submit": {"type": "object", "additionalProperties": false, "required": ["latency"],
                  "properties": {"latency": {"$ref": "#/$defs/cost"}}},
    "gaps": {"$ref": "#/$defs/cost"},
    "shuffle": {"type": "array", "minItems": 1, "items": {"type": "array", "minItems": 2, "maxItems": 2,
                "prefixItems": [{"$ref": "#/$defs/duration"}, {"type": "integer", "minimum": 0, "maximum": 1000000}]}}}},
  "chain": {"type": "array", "items": {"$ref": "#/$defs/step"}},
  "step": {"type": "object", "additionalProperties": false, "properties": {
    "softirq": {"enum": ["NET_TX", "NET_RX", "BLOCK", "IRQ_POLL"]},
    "tasklet": {"$ref": "#/$defs/name"}, "hi_tasklet": {"$ref": "#/$defs/name"},
    "thread": {"anyOf": [{"const": true}, {"type": "object", "additionalProperties": false, "properties": {
      "oneshot": {"type": "boolean"}, "priority": {"type": "integer", "minimum": 1, "maximum": 99},
      "cost": {"$ref": "#/$defs/cost"}, "then": {"$ref": "#/$defs/chain"}}}]},
    "queue_work": {"anyOf": [{"$ref": "#/$defs/name"}, {"type": "object", "additionalProperties": false,
      "required": ["workqueue"], "properties": {"workqueue": {"$ref": "#/$defs/name"}, "fn": {"$ref": "#/$defs/name"},
      "cost": {"$ref": "#/$defs/cost"}, "then": {"$ref": "#/$defs/chain"}}}]},
    "napi": {"anyOf": [{"const": true}, {"type": "object", "additionalProperties": false, "properties": {
      "weight": {"type": "integer", "minimum": 1, "maximum": 4096, "default": 64},
      "ring": {"type": "integer", "minimum": 1, "maximum": 1048576, "default": 1024},
      "cost": {"$ref": "#/$defs/cost"}, "then": {"$ref": "#/$defs/chain"}}}]},
    "wake": {"$ref": "#/$defs/name"}, "complete": {"$ref": "#/$defs/name"},
    "cost": {"$ref": "#/$defs/cost"}, "then": {"$ref": "#/$defs/chain"},
    "oneshot": {"type": "boolean"}, "priority": {"type": "integer", "minimum": 1, "maximum": 99},
    "weight": {"type": "integer", "minimum": 1, "maximum": 4096}, "ring": {"type": "integer", "minimum": 1, "maximum": 1048576},
    "fn": {"$ref": "#/$defs/name"}},
    "oneOf": [{"required": ["softirq"]}, {"required": ["tasklet"]}, {"required": ["hi_tasklet"]},
              {"required": ["thread"]}, {"required": ["napi"]}, {"required": ["queue_work"]}, {"required": ["wake"]},
              {"required": ["complete"]}]},
  "source": {"type": "object", "additionalProperties": false, "required": ["name", "arrival"], "properties": {
    "name": {"$ref": "#/$defs/name"}, "line": {"enum": ["spi", "msi", "lpi"], "default": "spi"},
    "intid": {"type": "integer", "minimum": 32, "maximum": 1019,
              "description": "spi only: the SPI the device is wired to; default: the next free one from 96"},
    "cpus": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"type": "integer", "minimum": 0}},
    "arrival": {"$ref": "#/$defs/arrival"},
    "stream": {"type": "string", "minLength": 1,
               "description": "the arrivals' random stream; default: source/<name>/arrival, net: the built-in card's"},
    "handler": {"type": "object", "additionalProperties": false, "required": ["cost"],
                "properties": {"cost": {"$ref": "#/$defs/cost"}}},
    "then": {"$ref": "#/$defs/chain"}}},
  "probe": {"type": "object", "additionalProperties": false, "required": ["name"], "properties": {
    "name": {"$ref": "#/$defs/name"}, "wakeup": {"$ref": "#/$defs/name"}, "irq_to_thread": {"$ref": "#/$defs/name"},
    "raise_to_run": {"type": "object", "additionalProperties": false, "required": ["source", "step"],
                     "properties": {"source": {"$ref": "#/$defs/name"}, "step": {"type": "string", "minLength": 1}}},
    "arrival_to_task": {"type": "object", "additionalProperties": false, "required": ["source", "task"],
                        "properties": {"source": {"$ref": "#/$defs/name"}, "task": {"$ref": "#/$defs/name"}}}},
    "oneOf": [{"required": ["wakeup"]}, {"required": ["irq_to_thread"]}, {"required": ["raise_to_run"]},
              {"required": ["arrival_to_task"]}]},
  "namedPart": {"type": "object", "required": ["name"], "properties": {"name": {"$ref": "#/$defs/name"}}}
})";

json paramSchema(const ParamSpec& p) {
    json s;
    std::string doc = p.doc;
    if (!p.unit.empty()) doc += " [" + p.unit + "]";
    s["description"] = doc;
    switch (p.type) {
    case ParamType::Bool: s["type"] = "boolean"; break;
    case ParamType::Int: s["type"] = "integer"; break;
    case ParamType::Double: s["type"] = "number"; break;
    case ParamType::Enum: s["enum"] = p.choices; break;
    case ParamType::String: s["type"] = "string"; break;
    case ParamType::Duration: {
        json n = {{"type", "number"}};
        if (p.hasRange) n["minimum"] = p.min, n["maximum"] = p.max;
        s["anyOf"] = {n, {{"$ref", "#/$defs/durationString"}}};
        break;
    }
    case ParamType::Distribution: { // a duration in range, or a distribution as parts write costs
        json n = {{"type", "number"}};
        if (p.hasRange) n["minimum"] = p.min, n["maximum"] = p.max;
        s["anyOf"] = {n, {{"$ref", "#/$defs/cost"}}};
        break;
    }
    }
    if (p.hasRange && (p.type == ParamType::Int || p.type == ParamType::Double)) {
        s["minimum"] = p.min;
        s["maximum"] = p.max;
    }
    s["default"] = p.defaultValue;
    return s;
}

// The group at `prefix` ("" for the file itself): every parameter below it,
// by its relative path (dotted keys), and each subgroup as an object.
json groupSchema(const std::string& prefix, json& defs) {
    json props = json::object();
    std::set<std::string> subgroups;
    for (const ParamSpec& p : Schema::builtin().params()) {
        if (!prefix.empty() && p.path.compare(0, prefix.size() + 1, prefix + ".") != 0) continue;
        const std::string rel = prefix.empty() ? p.path : p.path.substr(prefix.size() + 1);
        props[rel] = {{"$ref", "#/$defs/param:" + p.path}};
        defs["param:" + p.path] = paramSchema(p);
        for (auto dot = rel.find('.'); dot != std::string::npos; dot = rel.find('.', dot + 1))
            subgroups.insert(rel.substr(0, dot));
    }
    for (const std::string& g : subgroups) {
        const std::string full = prefix.empty() ? g : prefix + "." + g;
        if (!defs.contains("group:" + full)) defs["group:" + full] = groupSchema(full, defs);
        props[g] = {{"$ref", "#/$defs/group:" + full}};
    }
    return {{"type", "object"}, {"properties", props}, {"additionalProperties", false}};
}

// A device part of `model` (parts/device_parts.h): its name, the model, and
// the model's fields, nested or dotted as in the tree, with a part's defaults.
json deviceSchema(const std::string& model, json& defs) {
    json props = {{"name", {{"$ref", "#/$defs/name"}}}, {"model", {{"const", model}}}};
    std::map<std::string, json> groups; // "iommu" -> its object schema's properties
    for (const parts::DeviceField& f : parts::deviceModelFields(model)) {
        defs["param:" + f.spec->path] = paramSchema(*f.spec);
        json field = {{"$ref", "#/$defs/param:" + f.spec->path}};
        if (f.partDefault != f.spec->defaultValue)
            field = json{{"allOf", json::array({field})}, {"default", f.partDefault}};
        props[f.field] = field;
        // Each enclosing group takes the rest of the path, dotted, and its next level as an object:
        // "iommu.cost.unmap_ns" -> iommu: {"cost.unmap_ns", "cost"}, iommu.cost: {"unmap_ns"}.
        for (auto dot = f.field.find('.'); dot != std::string::npos; dot = f.field.find('.', dot + 1)) {
            const std::string group = f.field.substr(0, dot), rest = f.field.substr(dot + 1);
            json& members = groups[group];
            members[rest] = field;
            if (const auto next = rest.find('.'); next != std::string::npos)
                members[rest.substr(0, next)] = {
                    {"$ref", "#/$defs/device:" + model + ":" + group + "." + rest.substr(0, next)}};
        }
    }
    for (auto& [group, members] : groups) {
        defs["device:" + model + ":" + group] = {
            {"type", "object"}, {"properties", members}, {"additionalProperties", false}};
        if (group.find('.') == std::string::npos) props[group] = {{"$ref", "#/$defs/device:" + model + ":" + group}};
    }
    return {
        {"type", "object"}, {"required", {"name", "model"}}, {"properties", props}, {"additionalProperties", false}};
}

json generate() {
    json defs = json::parse(kParts);
    json root = groupSchema("", defs);
    json& props = root["properties"];
    props["schema"] = {{"const", "irqscope.scenario/1"}};
    for (const char* k : {"name", "title", "description"}) props[k] = {{"type", "string"}};
    auto list = [](const char* def) {
        return json{{"type", "array"}, {"items", {{"$ref", std::string("#/$defs/") + def}}}};
    };
    json models = json::array();
    for (const std::string& m : parts::deviceModels()) {
        defs["device:" + m] = deviceSchema(m, defs);
        models.push_back({{"$ref", "#/$defs/device:" + m}});
    }
    defs["device"] = {{"oneOf", models}};
    props["devices"] = list("device");
    props["workqueues"] = list("workqueue");
    props["resources"] = list("namedPart");
    props["tasks"] = list("namedPart");
    props["sources"] = list("source");
    props["probes"] = list("probe");
    // an rt-app file whose tasks join the lists, and each thread's initial delay
    const json file = {{"type", "string"}, {"minLength", 1}};
    props["rtapp"] = {
        {"anyOf",
         json::array(
             {file,
              json{{"type", "object"},
                   {"required", {"file"}},
                   {"additionalProperties", false},
                   {"properties",
                    {{"file", file},
                     {"start", {{"type", "object"}, {"additionalProperties", {{"$ref", "#/$defs/duration"}}}}}}}}})}};
    json out = {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                {"title", "IRQ Scope scenario (irqscope.scenario/1)"},
                {"description", "A scenario file: the parameter tree (irqscope-cli describe) and the part lists "
                                "(docs/scenarios.md). Generated by tests/engine/test_scenario_schema.cpp."}};
    out.update(root);
    out["$defs"] = defs;
    return out;
}

} // namespace

class TestScenarioSchema : public QObject {
    Q_OBJECT
private slots:
    void theSchemaFileIsWhatTheTableGives() {
        const std::string want = generate().dump(2) + "\n";
        if (qEnvironmentVariableIsSet("IRQSCOPE_UPDATE_SCHEMA")) std::ofstream(kFile) << want;
        std::ifstream in(kFile);
        QVERIFY2(in, "resources/schema/irqscope-scenario.schema.json is missing: run with IRQSCOPE_UPDATE_SCHEMA=1");
        std::stringstream have;
        have << in.rdbuf();
        QVERIFY2(have.str() == want,
                 "the schema file is stale: run test_scenario_schema with IRQSCOPE_UPDATE_SCHEMA=1");
    }

    void everyParameterIsInIt() {
        const json s = generate();
        for (const ParamSpec& p : Schema::builtin().params()) QVERIFY(s["$defs"].contains("param:" + p.path));
        QVERIFY(s["properties"].contains("machine") && s["properties"].contains("machine.cpus"));
    }
};

QTEST_GUILESS_MAIN(TestScenarioSchema)
#include "test_scenario_schema.moc"
