// Reading a chain: a step is an object with one key naming what it does
// ({"wake": "server"}) and, beside it or inside it ({"queue_work":
// {"workqueue": "wq", "cost": "30us"}}), the step's fields.
#include "parts/chain.h"

#include "kernel/softirq.h"

#include <array>
#include <map>
#include <utility>

namespace irqscope::parts {

using nlohmann::json;

namespace {

struct KindName {
    const char* name;
    Step::Kind kind;
};
constexpr std::array<KindName, 9> kKinds = {{{"softirq", Step::Kind::Softirq},
                                             {"tasklet", Step::Kind::Tasklet},
                                             {"hi_tasklet", Step::Kind::HiTasklet},
                                             {"thread", Step::Kind::Thread},
                                             {"queue_work", Step::Kind::QueueWork},
                                             {"wake", Step::Kind::Wake},
                                             {"complete", Step::Kind::Complete},
                                             {"submit", Step::Kind::Submit},
                                             {"napi", Step::Kind::Napi}}};

// The vectors a driver raises (open_softirq() by net/core/dev.c, block/blk-mq.c,
// lib/irq_poll.c); HI and TASKLET are reached through tasklet steps, and
// TIMER, SCHED, HRTIMER and RCU belong to the kernel's core.
constexpr std::array<kern::Softirq, 4> kDriverVectors = {kern::NET_TX, kern::NET_RX, kern::BLOCK, kern::IRQ_POLL};

// A step's fields, from beside the kind key and from inside its object value,
// each with the JSON path an error names.
using Fields = std::map<std::string, std::pair<const json*, std::string>>;

std::string allowedList(std::initializer_list<const char*> keys) {
    std::string s;
    for (const char* k : keys) s += (s.empty() ? "" : ", ") + std::string(k);
    return s;
}

Result<std::string> readName(const json& v, const std::string& source, const std::string& path) {
    if (!v.is_string() || v.get<std::string>().empty())
        return Error{source, path, "expected a name (a non-empty string), found " + describeValue(v)};
    return v.get<std::string>();
}

Result<Step> readStep(const json& v, const PartNames& names, const std::string& source, const std::string& path,
                      bool underSource, bool taskEvent);

Status readFields(Step& s, const Fields& fields, std::initializer_list<const char*> allowed, const PartNames& names,
                  const std::string& source) {
    for (const auto& [key, at] : fields) {
        bool ok = false;
        for (const char* a : allowed) ok = ok || key == a;
        if (!ok)
            return Error{source, at.second,
                         std::string("unknown field of a ") + stepKindName(s.kind) + " step; expected one of " +
                             (allowed.size() ? allowedList(allowed) : std::string("none"))};
        const json& v = *at.first;
        if (key == "cost") {
            auto d = readDistribution(v, source, at.second);
            if (!d) return d.error();
            s.cost = *d;
        } else if (key == "then") {
            auto chain = readChain(v, names, source, at.second, false);
            if (!chain) return chain.error();
            s.then = std::move(*chain);
        } else if (key == "oneshot") {
            if (!v.is_boolean()) return Error{source, at.second, "expected true or false, found " + describeValue(v)};
            s.oneshot = v.get<bool>();
        } else if (key == "priority") {
            if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > 99)
                return Error{source, at.second,
                             "expected a SCHED_FIFO priority from 1 to 99, found " + describeValue(v)};
            s.priority = v.get<int>();
        } else if (key == "weight" || key == "ring") {
            const int most = key == "weight" ? 4096 : 1 << 20;
            if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > most)
                return Error{
                    source, at.second,
                    std::string(key == "weight" ? "expected the packets of one poll" : "expected RX descriptors") +
                        ", 1 to " + std::to_string(most) + ", found " + describeValue(v)};
            (key == "weight" ? s.weight : s.ring) = v.get<int>();
        } else if (key == "fn") {
            auto n = readName(v, source, at.second);
            if (!n) return n.error();
            s.fn = *n;
        }
    }
    return okStatus();
}

Result<Step> readStep(const json& v, const PartNames& names, const std::string& source, const std::string& path,
                      bool underSource, bool taskEvent) {
    if (!v.is_object())
        return Error{source, path, "expected a step such as {\"wake\": \"task\"}, found " + describeValue(v)};
    const KindName* kind = nullptr;
    for (const auto& k : kKinds) {
        if (!v.contains(k.name)) continue;
        if (kind)
            return Error{source, path,
                         std::string("a step does one thing; found both '") + kind->name + "' and '" + k.name + "'"};
        kind = &k;
    }
    if (!kind)
        return Error{source, path,
                     taskEvent ? "expected a kernel action: queue_work or submit"
                               : "expected a step: softirq, tasklet, hi_tasklet, thread, napi, queue_work, wake or "
                                 "complete"};
    Step s;
    s.kind = kind->kind;
    s.path = path;
    if (taskEvent && s.kind != Step::Kind::QueueWork && s.kind != Step::Kind::Submit)
        return Error{source, path + "." + kind->name, "a task's kernel action is queue_work or submit"};
    if (!taskEvent && s.kind == Step::Kind::Submit)
        return Error{source, path + ".submit", "submit is a task's event: a task submits to a source"};
    if (s.kind == Step::Kind::Thread && !underSource)
        return Error{source, path + ".thread",
                     "a thread step stands directly in a source's then: it is the IRQ thread of that source's "
                     "interrupt (request_threaded_irq())"};
    if (s.kind == Step::Kind::Napi && !underSource)
        return Error{source, path + ".napi",
                     "a napi step stands directly in a source's then: its handler masks that source's interrupt "
                     "and napi_schedule()s the source's napi"};

    const std::string at = path + "." + kind->name;
    const json& body = v[kind->name];
    Fields fields;
    for (const auto& [key, value] : v.items())
        if (key != kind->name) fields[key] = {&value, path + "." + key};
    // The step's main value: a name, or (thread, queue_work, submit) an object of fields.
    const char* mainKey = s.kind == Step::Kind::QueueWork ? "workqueue"
                          : s.kind == Step::Kind::Submit  ? "source"
                                                          : nullptr;
    const json* target = &body;
    std::string targetPath = at;
    if (body.is_object() && (mainKey || s.kind == Step::Kind::Thread || s.kind == Step::Kind::Napi)) {
        target = nullptr;
        for (const auto& [key, value] : body.items()) {
            if (mainKey && key == mainKey) {
                target = &value;
                targetPath = at + "." + key;
                continue;
            }
            if (fields.contains(key))
                return Error{source, at + "." + key, "'" + key + "' is written twice, beside and inside the step"};
            fields[key] = {&value, at + "." + key};
        }
        if (mainKey && !target) return Error{source, at + "." + mainKey, std::string("missing; expected a name")};
    }

    switch (s.kind) {
    case Step::Kind::Softirq: {
        auto n = readName(*target, source, targetPath);
        if (!n) return n.error();
        bool found = false;
        for (auto vec : kDriverVectors)
            if (*n == kern::softirqName(vec)) s.vec = vec, found = true;
        if (!found)
            return Error{source, targetPath,
                         "expected a vector a driver raises: NET_TX, NET_RX, BLOCK or IRQ_POLL (HI and TASKLET "
                         "through a tasklet step), found '" +
                             *n + "'"};
        s.target = *n;
        if (auto st = readFields(s, fields, {"cost", "then"}, names, source); !st) return st.error();
        break;
    }
    case Step::Kind::Tasklet:
    case Step::Kind::HiTasklet: {
        auto n = readName(*target, source, targetPath);
        if (!n) return n.error();
        s.target = *n;
        if (auto st = readFields(s, fields, {"cost", "then"}, names, source); !st) return st.error();
        break;
    }
    case Step::Kind::Thread:
        if (!body.is_object() && body != true)
            return Error{source, at,
                         "expected true or {\"oneshot\": ..., \"priority\": ...}, found " + describeValue(body)};
        if (auto st = readFields(s, fields, {"cost", "then", "oneshot", "priority"}, names, source); !st)
            return st.error();
        break;
    case Step::Kind::Napi:
        if (!body.is_object() && body != true)
            return Error{source, at, "expected true or {\"weight\": ..., \"ring\": ...}, found " + describeValue(body)};
        if (auto st = readFields(s, fields, {"cost", "then", "weight", "ring"}, names, source); !st) return st.error();
        break;
    case Step::Kind::QueueWork:
    case Step::Kind::Wake:
    case Step::Kind::Complete:
    case Step::Kind::Submit: {
        const char* list = s.kind == Step::Kind::QueueWork ? "workqueues"
                           : s.kind == Step::Kind::Wake    ? "tasks"
                           : s.kind == Step::Kind::Submit  ? "sources"
                                                           : "resources";
        auto n = readName(*target, source, targetPath);
        if (!n) return n.error();
        // A task submits to a source (its on_submit interrupt) or to a placed built-in device.
        const bool device = s.kind == Step::Kind::Submit && names.has("devices", *n);
        if (!device && !names.has(list, *n))
            return Error{source, targetPath,
                         s.kind == Step::Kind::Submit ? names.expected("sources or devices", *n)
                                                      : names.expected(list, *n)};
        s.target = *n;
        auto st = s.kind == Step::Kind::QueueWork ? readFields(s, fields, {"cost", "then", "fn"}, names, source)
                                                  : readFields(s, fields, {"cost"}, names, source);
        if (!st) return st.error();
        if (s.kind == Step::Kind::QueueWork && s.fn.empty()) s.fn = s.target + "_work";
        break;
    }
    }
    return s;
}

} // namespace

const char* stepKindName(Step::Kind k) {
    for (const auto& kn : kKinds)
        if (kn.kind == k) return kn.name;
    return "?";
}

Result<std::vector<Step>> readChain(const json& then, const PartNames& names, const std::string& source,
                                    const std::string& path, bool underSource) {
    if (!then.is_array()) return Error{source, path, "expected a list of steps, found " + describeValue(then)};
    std::vector<Step> out;
    for (std::size_t i = 0; i < then.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        auto s = readStep(then[i], names, source, at, underSource, false);
        if (!s) return s.error();
        if (s->kind == Step::Kind::Thread && i + 1 != then.size())
            return Error{source, at + ".thread",
                         "the thread step comes last: the primary handler does the other steps, then returns "
                         "IRQ_WAKE_THREAD"};
        if (s->kind == Step::Kind::Napi && i + 1 != then.size())
            return Error{source, at + ".napi",
                         "the napi step comes last: the handler does the other steps, then masks the device and "
                         "napi_schedule()s (one napi per source, no IRQ thread beside it)"};
        out.push_back(std::move(*s));
    }
    return out;
}

Result<std::shared_ptr<const Step>> readTaskKernelEvent(const json& event, const PartNames& names,
                                                        const std::string& source, const std::string& path) {
    auto s = readStep(event, names, source, path, false, true);
    if (!s) return s.error();
    return std::make_shared<const Step>(std::move(*s));
}

} // namespace irqscope::parts
