// The grammar of rt-app 0.x that doc/taskset.json and doc/examples/merge/ are
// written in: a task runs "exec" µs every "period" µs (an absolute timer), and
// "lock_order" names the resources it takes each period, in order. Each one
// is taken with the mutexes of its "access" list held, and does what its type
// in the global "resources" section says: a "mutex" is held for the
// resource's "duration" of work, "wait" waits on a condition, "signal" and
// "broadcast" wake its "target", "sync" signals the target and waits, "run"
// and "sleep" run or sleep for "duration". What is left of "exec" runs last.
#include "parts/rtapp_translate.h"

namespace irqscope::parts::rtapp::detail {

using nlohmann::json;

bool isLegacy(const Value& obj) {
    return obj.find("exec") || obj.find("lock_order");
}

namespace {

Result<std::string> nameOf(const Ctx& c, const std::string& path, const Value& v) {
    if (v.isString() && !v.s.empty()) return v.s;
    if (v.isInt()) return std::to_string(v.i); // rt-app 0.1: resources by index
    return c.error(path, v, "expected the name of a resource, found " + v.describe());
}

} // namespace

Result<json> legacyEvents(Ctx& c, const Value& obj, const std::string& path, const std::string& thread) {
    const Value* period = obj.find("period");
    if (!period) return c.error(path + ".period", obj, "an rt-app 0.x task (\"exec\") needs a \"period\"");
    if (!period->isInt() || period->i <= 0)
        return c.error(path + ".period", *period, "expected a positive number of microseconds");
    std::int64_t exec = 0;
    if (const Value* e = obj.find("exec")) {
        if (!e->isInt() || e->i < 0 || e->i > period->i)
            return c.error(path + ".exec", *e, "expected microseconds between 0 and the period");
        exec = e->i;
    }
    if (obj.find("deadline"))
        c.out->notes.push_back(path + ".deadline: read; rt-app 0.x only reported it (no effect on the run)");
    if (const Value* s = obj.find("sleep"); s && s->kind == Value::Kind::Bool)
        c.out->notes.push_back(path + ".sleep: read; rt-app 0.x's choice between sleeping and spinning until "
                                      "the next period is not modelled: the task sleeps");
    json events = json::array();
    auto us = [](std::int64_t v) { return std::to_string(v) + "us"; };
    std::int64_t used = 0;
    const Value* order = obj.find("lock_order");
    const Value* taskRes = obj.find("resources");
    if (order && order->kind != Value::Kind::Array)
        return c.error(path + ".lock_order", *order, "expected an array of resource names");
    for (std::size_t k = 0; order && k < order->items.size(); ++k) {
        const std::string at = path + ".lock_order[" + std::to_string(k) + "]";
        auto name = nameOf(c, at, order->items[k]);
        if (!name) return name.error();
        std::string type = "mutex", target;
        if (c.resourcesSection)
            if (const Value* r = c.resourcesSection->find(*name); r && r->isObject()) {
                if (const Value* t = r->find("type"); t && t->isString()) type = t->s;
                if (const Value* t = r->find("target"); t && t->isString()) target = t->s;
            }
        std::int64_t duration = 0;
        std::vector<std::string> access;
        if (const Value* r = taskRes && taskRes->isObject() ? taskRes->find(*name) : nullptr; r && r->isObject()) {
            if (const Value* d = r->find("duration")) {
                if (!d->isInt() || d->i < 0)
                    return c.error(path + ".resources." + *name + ".duration", *d, "expected microseconds");
                duration = d->i;
            }
            if (const Value* a = r->find("access"); a && a->kind == Value::Kind::Array)
                for (const auto& m : a->items) {
                    auto n = nameOf(c, path + ".resources." + *name + ".access", m);
                    if (!n) return n.error();
                    access.push_back(*n);
                }
        }
        for (const auto& m : access) {
            c.use(m, "mutex");
            events.push_back({{"lock", m}});
        }
        auto needTarget = [&]() -> Status {
            if (target.empty())
                return c.error("resources." + *name + ".target", *order,
                               "a \"" + type + "\" resource needs the \"target\" condition it wakes");
            c.use(target, "condition");
            return okStatus();
        };
        auto needMutex = [&]() -> Status {
            if (access.empty())
                return c.error(path + ".resources." + *name + ".access", *order,
                               "a \"" + type + "\" resource waits with a mutex held: name it in \"access\"");
            return okStatus();
        };
        if (type == "mutex") {
            c.use(*name, "mutex");
            events.push_back({{"lock", *name}});
            if (duration > 0) events.push_back({{"run", us(duration)}});
            events.push_back({{"unlock", *name}});
            used += duration;
        } else if (type == "wait") {
            if (auto st = needMutex(); !st) return st.error();
            c.use(*name, "condition");
            events.push_back({{"wait", {{"ref", *name}, {"mutex", access.back()}}}});
        } else if (type == "signal" || type == "broadcast") {
            if (auto st = needTarget(); !st) return st.error();
            events.push_back({{type == "signal" ? "signal" : "broad", target}});
        } else if (type == "sync") {
            if (auto st = needTarget(); !st) return st.error();
            if (auto st = needMutex(); !st) return st.error();
            events.push_back({{"sync", {{"ref", target}, {"mutex", access.back()}}}});
        } else if (type == "run" || type == "sleep") {
            if (duration > 0) events.push_back({{type, us(duration)}});
            if (type == "run") used += duration;
        } else {
            return c.error("resources." + *name + ".type", *order,
                           "expected mutex, wait, signal, broadcast, sync, run or sleep, found \"" + type + "\"");
        }
        for (auto it = access.rbegin(); it != access.rend(); ++it) events.push_back({{"unlock", *it}});
    }
    if (exec > used) events.push_back({{"run", us(exec - used)}});
    events.push_back({{"timer", {{"ref", thread + "/period"}, {"period", us(period->i)}, {"mode", "absolute"}}}});
    return events;
}

} // namespace irqscope::parts::rtapp::detail
