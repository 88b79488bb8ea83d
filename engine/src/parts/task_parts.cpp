// Reading "resources" and "tasks" (docs/scenarios.md). Every field is checked
// here, with the JSON path of the first wrong one, so a task never fails at
// run time for a reason the file could have said.
#include "parts/task_parts.h"

#include "parts/chain.h"

#include <algorithm>
#include <map>

namespace irqscope::parts {

using nlohmann::json;

namespace {

using Kind = TaskEvent::Kind;
using RType = ResourcePart::Type;

struct Reader {
    const PartNames& names;
    const std::vector<ResourcePart>& resources;
    const std::string& source;
    int cpus;

    Error err(const std::string& path, const std::string& what) const { return Error{source, path, what}; }

    Result<Time> duration(const json& v, const std::string& path) const {
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return v.get<Time>();
        if (v.is_string())
            if (auto t = parseDuration(v.get<std::string>()); t && *t >= 0) return *t;
        return err(path, "expected a duration (\"2us\", \"1.5ms\" or ns as an integer), found " + describeValue(v));
    }
    // "group": "name" (tg->shares 1024) or {"name", "weight": cpu.weight} or
    // {"name", "nice": autogroup nice}.
    Result<bool> group(const json& g, const std::string& path, TaskPart& t) const {
        const json& nameV = g.is_object() && g.contains("name") ? g["name"] : g;
        if (!nameV.is_string() || nameV.get<std::string>().empty())
            return err(path, "expected a group name or {\"name\", \"weight\" (cpu.weight) or \"nice\" (autogroup)}");
        t.group = nameV.get<std::string>();
        if (!g.is_object()) return true;
        for (const auto& [f, _] : g.items())
            if (f != "name" && f != "weight" && f != "nice")
                return err(path + "." + f, "unknown field; expected name, weight or nice");
        if (g.contains("weight") && g.contains("nice")) return err(path + ".nice", "give weight or nice, not both");
        if (g.contains("weight")) {
            // cpu.weight -> tg->shares: sched_weight_from_cgroup() (kernel/sched/sched.h, 6.12)
            auto w = integer(g["weight"], path + ".weight", 1, 10000);
            if (!w) return w.error();
            t.groupShares = double((std::int64_t(*w) * 1024 + 50) / 100);
        }
        if (g.contains("nice")) {
            // proc_sched_autogroup_set_nice(): shares = sched_prio_to_weight[nice] (kernel/sched/autogroup.c)
            auto n = integer(g["nice"], path + ".nice", -20, 19);
            if (!n) return n.error();
            t.groupShares = kern::niceWeight(*n);
        }
        return true;
    }

    Result<int> integer(const json& v, const std::string& path, int lo, int hi) const {
        if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi)
            return err(path, "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                                 ", found " + describeValue(v));
        return v.get<int>();
    }
    // A reference to a resource of one type.
    Result<std::string> resource(const json& v, const std::string& path, RType type, const char* typeName) const {
        if (!v.is_string())
            return err(path, "expected the name of a " + std::string(typeName) + ", found " + describeValue(v));
        const std::string name = v.get<std::string>();
        if (!names.has("resources", name)) return err(path, names.expected("resources", name));
        auto it = std::find_if(resources.begin(), resources.end(), [&](const auto& r) { return r.name == name; });
        if (it != resources.end() && it->type != type) return err(path, "'" + name + "' is not a " + typeName);
        return name;
    }
    Result<std::vector<int>> cpuList(const json& v, const std::string& path) const {
        if (!v.is_array() || v.empty()) return err(path, "expected a non-empty array of CPU numbers");
        std::vector<int> out;
        for (std::size_t i = 0; i < v.size(); ++i) {
            auto c = integer(v[i], path + "[" + std::to_string(i) + "]", 0, cpus - 1);
            if (!c) return c.error();
            out.push_back(*c);
        }
        return out;
    }
    Result<TaskEvent> event(const json& v, const std::string& path) const;
    Result<TaskPart> task(const json& v, const std::string& path) const;
};

Result<TaskEvent> Reader::event(const json& v, const std::string& at) const {
    if (!v.is_object() || v.size() != 1)
        return err(at, "expected an object with one key (an event), found " + describeValue(v));
    const std::string key = v.begin().key();
    const json& body = v.begin().value();
    const std::string path = at + "." + key;
    TaskEvent e;
    static const std::map<std::string, Kind, std::less<>> kinds = {{"run", Kind::Run},
                                                                   {"runtime", Kind::Runtime},
                                                                   {"sleep", Kind::Sleep},
                                                                   {"timer", Kind::Timer},
                                                                   {"lock", Kind::Lock},
                                                                   {"unlock", Kind::Unlock},
                                                                   {"wait", Kind::Wait},
                                                                   {"signal", Kind::Signal},
                                                                   {"broad", Kind::Broad},
                                                                   {"sync", Kind::Sync},
                                                                   {"suspend", Kind::Suspend},
                                                                   {"resume", Kind::Resume},
                                                                   {"barrier", Kind::Barrier},
                                                                   {"yield", Kind::Yield},
                                                                   {"wait_completion", Kind::WaitCompletion},
                                                                   {"complete", Kind::Complete},
                                                                   {"syscall", Kind::Syscall},
                                                                   {"queue_work", Kind::Kernel},
                                                                   {"submit", Kind::Kernel},
                                                                   {"schedule_timeout", Kind::ScheduleTimeout},
                                                                   {"rcu_gp", Kind::RcuGp}};
    auto k = kinds.find(key);
    if (k == kinds.end())
        return err(
            path,
            "unknown event; expected run, runtime, sleep, schedule_timeout, timer, lock, unlock, wait, signal, broad, "
            "sync, suspend, resume, barrier, yield, wait_completion, complete, syscall, queue_work, "
            "submit or rcu_gp");
    e.kind = k->second;
    switch (e.kind) {
    case Kind::Run:
    case Kind::Runtime:
    case Kind::Sleep:
    case Kind::ScheduleTimeout: {
        auto d = readDistribution(body, source, path);
        if (!d) return d.error();
        e.cost = *d;
        break;
    }
    case Kind::Timer: {
        if (!body.is_object() || !body.contains("ref") || !body.contains("period"))
            return err(path, "expected {\"ref\": name, \"period\": duration, \"mode\": \"relative\"|\"absolute\"}");
        for (const auto& [f, _] : body.items())
            if (f != "ref" && f != "period" && f != "mode") return err(path + "." + f, "unknown field");
        if (!body["ref"].is_string() || body["ref"].get<std::string>().empty())
            return err(path + ".ref", "expected a timer name, found " + describeValue(body["ref"]));
        e.ref = body["ref"].get<std::string>();
        auto p = duration(body["period"], path + ".period");
        if (!p) return p.error();
        if (*p <= 0) return err(path + ".period", "expected a period above 0");
        e.period = *p;
        const std::string mode = body.value("mode", std::string("relative"));
        if (mode != "relative" && mode != "absolute")
            return err(path + ".mode",
                       "expected \"relative\" (default) or \"absolute\", found " + describeValue(body["mode"]));
        e.absolute = mode == "absolute";
        break;
    }
    case Kind::Lock:
    case Kind::Unlock: {
        auto r = resource(body, path, RType::Mutex, "mutex");
        if (!r) return r.error();
        e.ref = *r;
        break;
    }
    case Kind::Signal:
    case Kind::Broad: {
        auto r = resource(body, path, RType::Condition, "condition");
        if (!r) return r.error();
        e.ref = *r;
        break;
    }
    case Kind::Wait:
    case Kind::Sync: {
        if (!body.is_object() || !body.contains("ref") || !body.contains("mutex"))
            return err(path, "expected {\"ref\": condition, \"mutex\": mutex}");
        auto r = resource(body["ref"], path + ".ref", RType::Condition, "condition");
        if (!r) return r.error();
        auto mx = resource(body["mutex"], path + ".mutex", RType::Mutex, "mutex");
        if (!mx) return mx.error();
        e.ref = *r, e.mutex = *mx;
        break;
    }
    case Kind::Barrier: {
        auto r = resource(body, path, RType::Barrier, "barrier");
        if (!r) return r.error();
        e.ref = *r;
        break;
    }
    case Kind::WaitCompletion:
    case Kind::Complete: {
        auto r = resource(body, path, RType::Completion, "completion");
        if (!r) return r.error();
        e.ref = *r;
        break;
    }
    case Kind::Suspend: // rt-app: wait on the signal named by the string (workgen fills in the thread's name)
        if (!body.is_string() && !body.is_boolean())
            return err(path, "expected a name or true, found " + describeValue(body));
        if (body.is_string()) e.ref = body.get<std::string>();
        break;
    case Kind::Resume:
        if (!body.is_string() || !names.has("tasks", body.get<std::string>()))
            return err(path, names.expected("tasks", body.is_string() ? body.get<std::string>() : describeValue(body)));
        e.ref = body.get<std::string>();
        break;
    case Kind::Yield: break; // rt-app ignores the value
    case Kind::Syscall: {
        if (!body.is_object() || !body.contains("cost"))
            return err(path, "expected {\"cost\": cost, \"resched_every\": duration}");
        for (const auto& [f, _] : body.items())
            if (f != "cost" && f != "resched_every") return err(path + "." + f, "unknown field");
        auto d = readDistribution(body["cost"], source, path + ".cost");
        if (!d) return d.error();
        e.cost = *d;
        if (body.contains("resched_every")) {
            auto r = duration(body["resched_every"], path + ".resched_every");
            if (!r) return r.error();
            e.reschedEvery = *r;
        }
        break;
    }
    case Kind::RcuGp: {
        if (!body.is_object())
            return err(path, "expected {\"first_fqs\": jiffies, \"next_fqs\": jiffies}, both optional");
        for (const auto& [f, x] : body.items()) {
            if (f != "first_fqs" && f != "next_fqs")
                return err(path + "." + f, "unknown field; expected first_fqs or next_fqs");
            auto n = integer(x, path + "." + f, 1, 1000); // param_set_first_fqs_jiffies(): at most HZ
            if (!n) return n.error();
            (f == "first_fqs" ? e.fqsFirst : e.fqsNext) = *n;
        }
        break;
    }
    case Kind::Kernel: {
        auto s = readTaskKernelEvent(v, names, source, at);
        if (!s) return s.error();
        e.step = *s;
        break;
    }
    }
    return e;
}

Result<TaskPart> Reader::task(const json& v, const std::string& at) const {
    TaskPart t;
    t.path = at;
    t.name = v["name"].get<std::string>();
    static const char* known[] = {"name",  "policy",   "priority", "nice",  "dl",     "cpus",
                                  "group", "instance", "loop",     "delay", "phases", "events"};
    for (const auto& [f, _] : v.items())
        if (std::find(std::begin(known), std::end(known), f) == std::end(known))
            return err(at + "." + f, "unknown field; expected one of name, policy, priority, nice, dl, cpus, "
                                     "group, instance, loop, delay, phases, events");
    static const std::map<std::string, kern::Policy, std::less<>> policies = {
        {"other", kern::Policy::Normal}, {"batch", kern::Policy::Batch}, {"idle", kern::Policy::Idle},
        {"fifo", kern::Policy::Fifo},    {"rr", kern::Policy::RR},       {"deadline", kern::Policy::Deadline}};
    if (v.contains("policy")) {
        auto p = v["policy"].is_string() ? policies.find(v["policy"].get<std::string>()) : policies.end();
        if (p == policies.end())
            return err(at + ".policy",
                       "expected other, batch, idle, fifo, rr or deadline, found " + describeValue(v["policy"]));
        t.policy = p->second;
    }
    const bool rt = t.policy == kern::Policy::Fifo || t.policy == kern::Policy::RR;
    const bool dl = t.policy == kern::Policy::Deadline;
    if (v.contains("priority")) {
        if (!rt) return err(at + ".priority", "priority is for fifo and rr; other, batch and idle take nice");
        auto p = integer(v["priority"], at + ".priority", 1, 99);
        if (!p) return p.error();
        t.priority = *p;
    }
    if (v.contains("nice")) {
        if (rt || dl) return err(at + ".nice", "nice is for other, batch and idle");
        auto n = integer(v["nice"], at + ".nice", -20, 19);
        if (!n) return n.error();
        t.nice = *n;
    }
    if (dl != v.contains("dl"))
        return err(at + (dl ? ".policy" : ".dl"),
                   dl ? "a deadline task needs \"dl\": {\"runtime\", \"deadline\", \"period\"}"
                      : "dl is for the deadline policy");
    if (dl) {
        const json& d = v["dl"];
        if (!d.is_object() || !d.contains("runtime") || !d.contains("period"))
            return err(at + ".dl", "expected {\"runtime\": duration, \"deadline\": duration, \"period\": duration}");
        auto r = duration(d["runtime"], at + ".dl.runtime");
        if (!r) return r.error();
        auto p = duration(d["period"], at + ".dl.period");
        if (!p) return p.error();
        t.dlRuntime = *r, t.dlPeriod = *p, t.dlDeadline = *p;
        if (d.contains("deadline")) {
            auto dd = duration(d["deadline"], at + ".dl.deadline");
            if (!dd) return dd.error();
            t.dlDeadline = *dd;
        }
    }
    if (v.contains("group")) {
        if (rt || dl) return err(at + ".group", "group is for other, batch and idle (a CFS task group)");
        auto g = group(v["group"], at + ".group", t);
        if (!g) return g.error();
    }
    if (v.contains("cpus")) {
        auto c = cpuList(v["cpus"], at + ".cpus");
        if (!c) return c.error();
        t.cpus = *c;
    }
    if (v.contains("instance")) {
        auto n = integer(v["instance"], at + ".instance", 1, 4096);
        if (!n) return n.error();
        t.instance = *n;
    }
    if (v.contains("loop")) {
        auto n = integer(v["loop"], at + ".loop", -1, 1 << 30);
        if (!n) return n.error();
        t.loop = *n;
    }
    if (v.contains("delay")) {
        auto d = duration(v["delay"], at + ".delay");
        if (!d) return d.error();
        t.delay = *d;
    }
    if (v.contains("phases") == v.contains("events"))
        return err(at + ".phases",
                   "a task needs \"phases\" (a list of {\"loop\", \"events\"}) or, for one phase, \"events\"");
    const json phases = v.contains("phases") ? v["phases"] : json::array({json{{"events", v["events"]}}});
    const std::string phasesAt = v.contains("phases") ? at + ".phases" : at;
    if (!phases.is_array() || phases.empty()) return err(phasesAt, "expected a non-empty array of phases");
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const json& ph = phases[i];
        const std::string pAt = v.contains("phases") ? phasesAt + "[" + std::to_string(i) + "]" : at;
        if (!ph.is_object() || !ph.contains("events")) return err(pAt, "expected {\"loop\": n, \"events\": [...]}");
        for (const auto& [f, _] : ph.items())
            if (f != "loop" && f != "events" && f != "cpus")
                return err(pAt + "." + f, "unknown field; expected loop, cpus or events");
        TaskPhase phase;
        if (ph.contains("cpus")) {
            auto c = cpuList(ph["cpus"], pAt + ".cpus");
            if (!c) return c.error();
            phase.cpus = *c;
        }
        if (ph.contains("loop")) {
            auto n = integer(ph["loop"], pAt + ".loop", 1, 1 << 30);
            if (!n) return n.error();
            phase.loop = *n;
        }
        const json& evs = ph["events"];
        if (!evs.is_array() || evs.empty()) return err(pAt + ".events", "expected a non-empty array of events");
        for (std::size_t j = 0; j < evs.size(); ++j) {
            auto e = event(evs[j], pAt + ".events[" + std::to_string(j) + "]");
            if (!e) return e.error();
            if (e->kind == Kind::Suspend && e->ref.empty()) e->ref = t.name;
            phase.hasTimer = phase.hasTimer || e->kind == Kind::Timer;
            phase.events.push_back(std::move(*e));
        }
        t.phases.push_back(std::move(phase));
    }
    return t;
}

} // namespace

Result<std::vector<ResourcePart>> readResourceParts(const json& list, const PartNames&, const std::string& source,
                                                    int) {
    std::vector<ResourcePart> out;
    static const std::map<std::string, RType, std::less<>> types = {{"mutex", RType::Mutex},
                                                                    {"condition", RType::Condition},
                                                                    {"barrier", RType::Barrier},
                                                                    {"completion", RType::Completion}};
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& v = list[i];
        ResourcePart r;
        r.name = v["name"].get<std::string>();
        for (const auto& [f, _] : v.items())
            if (f != "name" && f != "type" && f != "pi")
                return Error{source, jsonPath("resources", i, f), "unknown field; expected name, type or pi"};
        auto t = v.contains("type") && v["type"].is_string() ? types.find(v["type"].get<std::string>()) : types.end();
        if (t == types.end())
            return Error{source, jsonPath("resources", i, "type"),
                         "expected mutex, condition, barrier or completion, found " +
                             (v.contains("type") ? describeValue(v["type"]) : std::string("nothing"))};
        r.type = t->second;
        if (v.contains("pi")) {
            if (!v["pi"].is_boolean())
                return Error{source, jsonPath("resources", i, "pi"),
                             "expected true or false, found " + describeValue(v["pi"])};
            if (r.type != RType::Mutex) return Error{source, jsonPath("resources", i, "pi"), "pi is for a mutex"};
            r.pi = v["pi"].get<bool>();
        }
        out.push_back(std::move(r));
    }
    return out;
}

Result<std::vector<TaskPart>> readTaskParts(const json& list, const PartNames& names,
                                            const std::vector<ResourcePart>& resources, const std::string& source,
                                            int cpus) {
    std::vector<TaskPart> out;
    const Reader reader{names, resources, source, cpus};
    std::map<std::string, double, std::less<>> shares; // a group's tg->shares, by name
    int gpThreads = 0;                                 // rcu_gp: rcu_state.gp_kthread is one thread
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto t = reader.task(list[i], jsonPath("tasks", i));
        if (!t) return t.error();
        const bool gp = std::any_of(t->phases.begin(), t->phases.end(), [](const TaskPhase& p) {
            return std::any_of(p.events.begin(), p.events.end(),
                               [](const TaskEvent& e) { return e.kind == Kind::RcuGp; });
        });
        if (gp && (gpThreads += t->instance) > 1)
            return Error{source, jsonPath("tasks", i),
                         "rcu_gp: one thread only may be the grace-period kthread (this task makes it " +
                             std::to_string(gpThreads) + ")"};
        if (!t->group.empty()) {
            auto [it, fresh] = shares.emplace(t->group, t->groupShares);
            if (!fresh && it->second != t->groupShares)
                return Error{source, jsonPath("tasks", i, "group"),
                             "group " + t->group + " is given another weight by an earlier task"};
        }
        out.push_back(std::move(*t));
    }
    return out;
}

} // namespace irqscope::parts
