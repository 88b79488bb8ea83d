// rt-app events (rt-app_parse_config.c, parse_task_event_data(); rt-app.c,
// run_event()) as events of the scenario language. rt-app recognises an event
// by the prefix of its key ("run1", "sleep2", "barrier3" are run, sleep and
// barrier), so a phase may repeat an event under numbered keys.
#include "parts/rtapp_translate.h"

#include <array>

namespace irqscope::parts::rtapp::detail {

using nlohmann::json;

namespace {

// rt-app's events[] (rt-app_parse_config.c), matched by prefix.
constexpr std::array<const char*, 17> kEvents = {"lock",  "unlock",  "wait",  "signal",  "broad",   "sync",
                                                 "sleep", "runtime", "run",   "timer",   "suspend", "resume",
                                                 "mem",   "iorun",   "yield", "barrier", "fork"};

bool starts(const std::string& key, std::string_view prefix) {
    return key.compare(0, prefix.size(), prefix) == 0;
}

Result<std::string> text(const Ctx& c, const std::string& path, const Value& v) {
    if (!v.isString() || v.s.empty())
        return c.error(path, v, "expected the name of a resource (a string), found " + v.describe());
    return v.s;
}

// wait / sync: {"ref": condition, "mutex": mutex}
Result<json> condAndMutex(Ctx& c, const std::string& path, const Value& v) {
    if (!v.isObject()) return c.error(path, v, "expected {\"ref\": ..., \"mutex\": ...}, found " + v.describe());
    const Value* ref = v.find("ref");
    const Value* mutex = v.find("mutex");
    if (!ref || !ref->isString()) return c.error(path + ".ref", v, "expected the name of the condition to wait on");
    if (!mutex || !mutex->isString())
        return c.error(path + ".mutex", v, "expected the name of the mutex held while waiting");
    c.use(ref->s, "condition");
    c.use(mutex->s, "mutex");
    return json{{"ref", ref->s}, {"mutex", mutex->s}};
}

Error notModelled(const Ctx& c, const std::string& path, const Value& v, const std::string& why) {
    return c.error(path, v, "rt-app's \"" + path.substr(path.rfind('.') + 1) + "\" cannot be modelled: " + why);
}

} // namespace

bool isEventKey(const std::string& key) {
    for (const char* e : kEvents)
        if (starts(key, e)) return true;
    return false;
}

Result<json> micros(const Ctx& c, const std::string& path, const Value& v, bool allowZero) {
    if (!v.isInt()) return c.error(path, v, "expected an integer number of microseconds, found " + v.describe());
    if (v.i < 0 || (!allowZero && v.i == 0))
        return c.error(path, v,
                       std::string("expected a ") + (allowZero ? "non-negative" : "positive") +
                           " number of microseconds, found " + std::to_string(v.i));
    if (v.i > std::int64_t(1) << 40) return c.error(path, v, "more than 12 days; not a duration rt-app can hold");
    return json(std::to_string(v.i) + "us");
}

Result<json> phaseEvents(Ctx& c, const Value& phase, const std::string& path, const std::string& thread) {
    json events = json::array();
    for (const auto& [key, v] : phase.members) {
        if (!isEventKey(key)) continue;
        const std::string at = path + "." + key;
        // Order as in parse_task_event_data(): "run"/"sleep" before "runtime".
        if (starts(key, "run") || starts(key, "sleep")) {
            auto d = micros(c, at, v);
            if (!d) return d.error();
            const char* kind = starts(key, "sleep") ? "sleep" : starts(key, "runtime") ? "runtime" : "run";
            events.push_back({{kind, *d}});
        } else if (starts(key, "mem")) {
            return notModelled(c, at, v,
                               "it writes bytes into a memory buffer (memset), whose time depends on the memory "
                               "bandwidth, which IRQ Scope does not model; write the time it takes as \"run\"");
        } else if (starts(key, "iorun")) {
            return notModelled(c, at, v,
                               "it write()s bytes to global.io_device, whose time depends on that device and "
                               "file system, which IRQ Scope does not model; write the time as \"run\"");
        } else if (starts(key, "lock") || starts(key, "unlock")) {
            auto r = text(c, at, v);
            if (!r) return r.error();
            c.use(*r, "mutex");
            events.push_back({{starts(key, "lock") ? "lock" : "unlock", *r}});
        } else if (starts(key, "signal") || starts(key, "broad")) {
            auto r = text(c, at, v);
            if (!r) return r.error();
            c.use(*r, "condition");
            events.push_back({{starts(key, "signal") ? "signal" : "broad", *r}});
        } else if (starts(key, "wait") || starts(key, "sync")) {
            auto r = condAndMutex(c, at, v);
            if (!r) return r.error();
            events.push_back({{starts(key, "wait") ? "wait" : "sync", *r}});
        } else if (starts(key, "barrier")) {
            auto r = text(c, at, v);
            if (!r) return r.error();
            c.use(*r, "barrier");
            events.push_back({{"barrier", *r}});
        } else if (starts(key, "timer")) {
            if (!v.isObject()) return c.error(at, v, "expected {\"ref\": ..., \"period\": ...}, found " + v.describe());
            const Value* ref = v.find("ref");
            const Value* period = v.find("period");
            const Value* mode = v.find("mode");
            std::string name = ref && ref->isString() ? ref->s : "unknown"; // rt-app's default ref
            // "unique..." timers belong to one thread (rt-app: local_resources)
            if (starts(name, "unique")) name = thread + "/" + name;
            json p = "0us";
            if (period) {
                auto d = micros(c, at + ".period", *period);
                if (!d) return d.error();
                p = *d;
            }
            if (mode && !mode->isString()) return c.error(at + ".mode", *mode, "expected \"relative\" or \"absolute\"");
            bool absolute = mode && starts(mode->s, "absolute");
            events.push_back({{"timer", {{"ref", name}, {"period", p}, {"mode", absolute ? "absolute" : "relative"}}}});
        } else if (starts(key, "suspend") || starts(key, "resume")) {
            // rt-app: a condition and a mutex of that name; suspend waits on the
            // condition, resume broadcasts it (run_event(): rtapp_suspend/resume).
            std::string name;
            if (v.kind == Value::Kind::NoValue || (v.isString() && v.s.empty())) {
                name = c.currentTask; // workgen fills in the thread's name
            } else {
                auto r = text(c, at, v);
                if (!r) return r.error();
                name = *r;
            }
            c.use(name, "mutex");
            c.use(name, "condition");
            events.push_back({{"lock", name}});
            if (starts(key, "suspend")) events.push_back({{"wait", {{"ref", name}, {"mutex", name}}}});
            else events.push_back({{"broad", name}});
            events.push_back({{"unlock", name}});
        } else if (starts(key, "yield")) {
            events.push_back({{"yield", true}});
        } else if (starts(key, "fork")) {
            return notModelled(c, at, v,
                               "it creates a thread while the use case runs; a scenario's tasks exist from the "
                               "start (give the forked task a \"delay\" instead)");
        }
    }
    return events;
}

} // namespace irqscope::parts::rtapp::detail
