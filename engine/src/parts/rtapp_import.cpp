// rt-app documents: "global", "resources" and "tasks" (rt-app_parse_config.c:
// parse_global(), parse_resources(), parse_task_data(), parse_sched_data()).
#include "parts/rtapp_import.h"

#include "parts/rtapp_translate.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

namespace irqscope::parts::rtapp {

using detail::Ctx;
using nlohmann::json;

namespace {

Result<std::string> policyOf(const Ctx& c, const std::string& path, const Value& v) {
    static const std::map<std::string, std::string> policies = {{"SCHED_OTHER", "other"},
                                                                {"SCHED_IDLE", "idle"},
                                                                {"SCHED_FIFO", "fifo"},
                                                                {"SCHED_RR", "rr"},
                                                                {"SCHED_DEADLINE", "deadline"}};
    if (v.isString())
        if (auto it = policies.find(v.s); it != policies.end()) return it->second;
    return c.error(path, v,
                   "expected SCHED_OTHER, SCHED_IDLE, SCHED_FIFO, SCHED_RR or SCHED_DEADLINE, found " + v.describe());
}

Result<json> cpusOf(Ctx& c, const std::string& path, const Value& v) {
    if (v.kind != Value::Kind::Array || v.items.empty())
        return c.error(path, v, "expected a non-empty array of CPU numbers, found " + v.describe());
    json cpus = json::array();
    for (const auto& cpu : v.items) {
        if (!cpu.isInt() || cpu.i < 0 || cpu.i > 255)
            return c.error(path, cpu, "expected a CPU number (0-255), found " + cpu.describe());
        cpus.push_back(cpu.i);
        c.out->highestCpu = std::max(c.out->highestCpu, int(cpu.i));
    }
    return cpus;
}

Error refused(const Ctx& c, const std::string& path, const Value& v, const std::string& why) {
    return c.error(path, v, "rt-app's \"" + path.substr(path.rfind('.') + 1) + "\" cannot be modelled: " + why);
}

// Keys of a phase that are not events; `taskLevel` for the thread object.
Status phaseKeys(Ctx& c, const Value& obj, const std::string& path, bool taskLevel, json& phase) {
    static const std::set<std::string> taskOnly = {"instance", "delay",      "phases",    "policy",
                                                   "priority", "dl-runtime", "dl-period", "dl-deadline"};
    static const std::set<std::string> legacy = {"exec", "period", "deadline", "lock_order", "resources"};
    for (const auto& [key, v] : obj.members) {
        const std::string at = path + "." + key;
        if (key == "loop") {
            if (!v.isInt() || v.i == 0 || v.i < -1) return c.error(at, v, "expected -1 (forever) or a positive count");
        } else if (key == "cpus") {
            if (taskLevel) continue;
            auto cpus = cpusOf(c, at, v);
            if (!cpus) return cpus.error();
            phase["cpus"] = *cpus;
        } else if (key == "nodes_membind") {
            c.out->notes.push_back(at + ": read; memory placement has no effect in IRQ Scope (no memory model)");
        } else if (key == "util_min" || key == "util_max") {
            return refused(c, at, v,
                           "utilization clamping acts through schedutil and energy-aware placement, which "
                           "IRQ Scope does not model");
        } else if (key == "taskgroup") {
            return refused(c, at, v, "cgroup CPU controllers (task groups) are not modelled");
        } else if (!taskLevel && taskOnly.contains(key)) {
            return refused(c, at, v,
                           "a phase that changes the thread's scheduling parameters is not modelled; "
                           "set them on the task");
        } else if (taskLevel && taskOnly.contains(key)) {
            continue;
        } else if (legacy.contains(key) || (key == "sleep" && detail::isLegacy(obj))) {
            continue;
        } else if (!detail::isEventKey(key)) {
            c.out->notes.push_back(at + ": unknown key, ignored (as rt-app ignores it)");
        }
    }
    return okStatus();
}

Result<json> phaseOf(Ctx& c, const Value& obj, const std::string& path, const std::string& thread, bool taskLevel) {
    json phase = json::object();
    if (auto st = phaseKeys(c, obj, path, taskLevel, phase); !st) return st.error();
    if (!taskLevel) {
        const Value* loop = obj.find("loop");
        phase["loop"] = loop ? loop->i : 1;
    } else {
        phase["loop"] = 1;
    }
    auto events =
        detail::isLegacy(obj) ? detail::legacyEvents(c, obj, path, thread) : detail::phaseEvents(c, obj, path, thread);
    if (!events) return events.error();
    if (events->empty()) return c.error(path, obj, "no events; rt-app refuses a phase without events");
    phase["events"] = std::move(*events);
    return phase;
}

Result<json> taskOf(Ctx& c, const std::string& key, const Value& t, const std::string& thread) {
    const std::string path = "tasks." + key;
    json task = {{"name", thread}};
    std::string policy = c.defaultPolicy;
    if (const Value* p = t.find("policy")) {
        auto r = policyOf(c, path + ".policy", *p);
        if (!r) return r.error();
        policy = *r;
    }
    task["policy"] = policy;
    const Value* prio = t.find("priority");
    if (prio && !prio->isInt()) return c.error(path + ".priority", *prio, "expected an integer");
    if (policy == "other") { // rt-app: the nice value (setpriority())
        if (prio && (prio->i < -20 || prio->i > 19))
            return c.error(path + ".priority", *prio, "expected a nice value between -20 and 19 for SCHED_OTHER");
        if (prio) task["nice"] = prio->i;
    } else if (policy == "fifo" || policy == "rr") {
        std::int64_t p = prio ? prio->i : 10; // DEFAULT_THREAD_PRIORITY
        if (p < 1 || p > 99) return c.error(path + ".priority", prio ? *prio : t, "expected 1-99 for " + policy);
        task["priority"] = p;
    } else if (policy == "idle" && prio) {
        c.out->notes.push_back(path + ".priority: read; SCHED_IDLE has no nice level (rt-app sets none)");
    } else if (policy == "deadline") {
        std::int64_t v[3] = {0, 0, 0};
        const char* keys[3] = {"dl-runtime", "dl-period", "dl-deadline"};
        for (int k = 0; k < 3; ++k) {
            const Value* d = t.find(keys[k]);
            if (d && (!d->isInt() || d->i <= 0)) return c.error(path + "." + keys[k], *d, "expected microseconds");
            v[k] = d ? d->i : k == 0 ? 0 : v[k - 1]; // period defaults to runtime, deadline to period
        }
        if (v[0] <= 0) return c.error(path + ".dl-runtime", t, "SCHED_DEADLINE needs a dl-runtime");
        auto us = [](std::int64_t x) { return std::to_string(x) + "us"; };
        task["dl"] = {{"runtime", us(v[0])}, {"deadline", us(v[2])}, {"period", us(v[1])}};
    }
    if (const Value* cpus = t.find("cpus")) {
        auto r = cpusOf(c, path + ".cpus", *cpus);
        if (!r) return r.error();
        task["cpus"] = *r;
    }
    if (const Value* d = t.find("delay")) {
        auto r = detail::micros(c, path + ".delay", *d);
        if (!r) return r.error();
        if (d->i > 0) task["delay"] = *r;
    }
    const Value* loop = t.find("loop");
    if (loop && (!loop->isInt() || loop->i == 0 || loop->i < -1))
        return c.error(path + ".loop", *loop, "expected -1 (forever) or a positive count");
    task["loop"] = loop ? loop->i : -1;
    json phases = json::array();
    if (const Value* ph = t.find("phases")) {
        if (!ph->isObject() || ph->members.empty())
            return c.error(path + ".phases", *ph, "expected an object of named phases, found " + ph->describe());
        if (auto st = phaseKeys(c, t, path, true, task); !st) return st.error();
        for (const auto& [name, p] : ph->members) {
            if (!p.isObject()) return c.error(path + ".phases." + name, p, "expected a phase object");
            auto phase = phaseOf(c, p, path + ".phases." + name, thread, false);
            if (!phase) return phase.error();
            phases.push_back(std::move(*phase));
        }
    } else { // the events written directly in the task: one phase
        auto phase = phaseOf(c, t, path, thread, true);
        if (!phase) return phase.error();
        phases.push_back(std::move(*phase));
    }
    task["phases"] = std::move(phases);
    return task;
}

Status globalOf(Ctx& c, const Value& g) {
    if (!g.isObject()) return c.error("global", g, "expected an object, found " + g.describe());
    static const std::set<std::string> noEffect = {"calibration", "lock_pages", "logdir",          "log_size", "ftrace",
                                                   "gnuplot",     "io_device",  "mem_buffer_size", "spacing"};
    for (const auto& [key, v] : g.members) {
        const std::string at = "global." + key;
        if (key == "duration") {
            if (!v.isInt()) return c.error(at, v, "expected whole seconds (-1: until every thread ends)");
            if (v.i > 0) c.out->duration = Time(v.i) * 1'000'000'000;
        } else if (key == "default_policy") {
            auto p = policyOf(c, at, v);
            if (!p) return p.error();
            c.defaultPolicy = *p;
        } else if (key == "pi_enabled") {
            if (v.kind != Value::Kind::Bool) return c.error(at, v, "expected true or false");
            c.pi = v.b;
        } else if (key == "log_basename") {
            if (!v.isString()) return c.error(at, v, "expected a string");
            c.out->logBasename = v.s;
        } else if (key == "cumulative_slack") {
            if (v.kind == Value::Kind::Bool && v.b)
                c.out->notes.push_back(at + ": read; --rtapp-logs reports the slack of each phase's last timer");
        } else if (noEffect.contains(key)) {
            c.out->notes.push_back(at + ": read; no effect in a simulation");
        } else {
            c.out->notes.push_back(at + ": unknown key, ignored (as rt-app ignores it)");
        }
    }
    return okStatus();
}

// rt-app names a resource by (name, type); the scenario's resources share one
// namespace, so a condition or barrier that has a mutex's name is renamed.
void nameResources(Ctx& c, json& tasks) {
    std::map<std::string, std::set<std::string>> types;
    for (const auto& [n, t] : c.used) types[n].insert(t);
    auto cond = [&](const std::string& n) { return types[n].contains("mutex") ? n + ".cond" : n; };
    auto barrier = [&](const std::string& n) { return types[n].size() > 1 ? n + ".barrier" : n; };
    for (auto& task : tasks)
        for (auto& phase : task["phases"])
            for (auto& ev : phase["events"]) {
                if (ev.contains("wait")) ev["wait"]["ref"] = cond(ev["wait"]["ref"]);
                if (ev.contains("sync")) ev["sync"]["ref"] = cond(ev["sync"]["ref"]);
                for (const char* k : {"signal", "broad"})
                    if (ev.contains(k)) ev[k] = cond(ev[k]);
                if (ev.contains("barrier")) ev["barrier"] = barrier(ev["barrier"]);
            }
    json resources = json::array();
    for (const auto& [n, t] : c.used) {
        json r = {{"name", t == "condition" ? cond(n) : t == "barrier" ? barrier(n) : n}, {"type", t}};
        if (t == "mutex" && c.pi) r["pi"] = true;
        resources.push_back(std::move(r));
    }
    if (!resources.empty()) c.out->parts["resources"] = std::move(resources);
}

} // namespace

bool isRtapp(const Value& doc) {
    if (!doc.isObject()) return false;
    const Value* tasks = doc.find("tasks");
    return (tasks && tasks->isObject()) || doc.find("global");
}

namespace {

// `key` written as an object key whose value is an object: "key" : {
bool keyOpensObject(std::string_view text, std::string_view key) {
    for (auto at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1)) {
        auto k = text.find_first_not_of(" \t\r\n", at + key.size());
        if (k == std::string_view::npos || text[k] != ':') continue;
        k = text.find_first_not_of(" \t\r\n", k + 1);
        if (k != std::string_view::npos && text[k] == '{') return true;
    }
    return false;
}

} // namespace

bool looksLikeRtapp(std::string_view text) {
    return keyOpensObject(text, "\"tasks\"") || keyOpensObject(text, "\"global\"");
}

Value merge(const std::vector<Value>& docs) {
    Value out;
    out.kind = Value::Kind::Object;
    for (const auto& doc : docs)
        for (const auto& [key, v] : doc.members) {
            const std::string& k = key; // (a lambda may not capture a structured binding before C++20 in clang 14)
            auto it = std::find_if(out.members.begin(), out.members.end(), [&](const auto& m) { return m.first == k; });
            if (it == out.members.end()) {
                out.members.emplace_back(key, v);
            } else if (it->second.isObject() && v.isObject()) { // dict.update()
                for (const auto& m : v.members) {
                    auto& mine = it->second.members;
                    auto same =
                        std::find_if(mine.begin(), mine.end(), [&](const auto& x) { return x.first == m.first; });
                    if (same == mine.end()) mine.push_back(m);
                    else same->second = m.second;
                }
            } else {
                it->second = v;
            }
        }
    return out;
}

Result<Import> translate(const Value& doc, const std::string& source) {
    Import out;
    Ctx c;
    c.source = source;
    c.out = &out;
    if (!doc.isObject()) return Error{source, "", "expected an rt-app JSON object, found " + doc.describe()};
    if (const Value* g = doc.find("global"))
        if (auto st = globalOf(c, *g); !st) return st.error();
    if (const Value* r = doc.find("resources"); r && r->isObject()) {
        c.resourcesSection = r;
        for (const auto& [name, res] : r->members) {
            const Value* t = res.isObject() ? res.find("type") : nullptr;
            std::string type = t && t->isString() ? t->s : "mutex";
            if (type == "mutex") c.use(name, "mutex");
            else if (type == "wait") c.use(name, "condition");
            else if (type == "barrier") c.use(name, "barrier");
            // signal, broadcast, sync, run, sleep, timer: actions of rt-app 0.x's lock_order
        }
    }
    const Value* tasks = doc.find("tasks");
    if (!tasks) return Error{source, "tasks", "an rt-app file needs \"tasks\" (rt-app: \"Cannot find key tasks\")"};
    if (!tasks->isObject() || tasks->members.empty())
        return c.error("tasks", *tasks, "expected an object of threads by name, found " + tasks->describe());
    json list = json::array();
    int ind = 0; // rt-app numbers every thread it creates, over all tasks
    for (const auto& [key, t] : tasks->members) {
        if (!t.isObject()) return c.error("tasks." + key, t, "expected a thread object, found " + t.describe());
        std::int64_t instances = 1;
        if (const Value* n = t.find("instance")) {
            if (!n->isInt() || n->i < 0 || n->i > 4096)
                return c.error("tasks." + key + ".instance", *n, "expected a count of threads (0-4096)");
            instances = n->i;
        }
        c.currentTask = key;
        for (std::int64_t k = 0; k < instances; ++k) {
            // rt-app's thread name: "<task>-<index>" (rt-app.c, thread_data_set_unique_name())
            auto task = taskOf(c, key, t, key + "-" + std::to_string(ind++));
            if (!task) return task.error();
            list.push_back(std::move(*task));
        }
    }
    nameResources(c, list);
    out.parts["tasks"] = std::move(list);
    return out;
}

Result<Import> importText(std::string_view text, const std::string& source) {
    auto doc = parse(text, source);
    if (!doc) return doc.error();
    return translate(*doc, source);
}

Result<Import> importFiles(const std::vector<std::string>& paths) {
    std::vector<Value> docs;
    std::string names;
    for (const auto& path : paths) {
        std::ifstream in(path, std::ios::binary);
        if (!in) return Error{path, "", "cannot open file"};
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        auto doc = parse(text, path);
        if (!doc) return doc.error();
        if (!doc->isObject()) return Error{path, "", "expected a JSON object"};
        docs.push_back(std::move(*doc));
        names += (names.empty() ? "" : " + ") + path;
    }
    return translate(merge(docs), names);
}

} // namespace irqscope::parts::rtapp
