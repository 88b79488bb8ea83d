#include "parts/probe_parts.h"

#include "devices/metric_ref.h"
#include "kernel/machine.h"

#include "parts/resources.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>

namespace irqscope::parts {

using nlohmann::json;

namespace {

bool defers(Step::Kind k) {
    return k == Step::Kind::Softirq || k == Step::Kind::Tasklet || k == Step::Kind::HiTasklet ||
           k == Step::Kind::Thread || k == Step::Kind::QueueWork || k == Step::Kind::Napi;
}

void walk(const std::vector<Step>& steps, const std::function<void(const Step&)>& fn) {
    for (const Step& s : steps) {
        fn(s);
        walk(s.then, fn);
    }
}

const Step* findStep(const std::vector<Step>& steps, const std::string& path) {
    const Step* found = nullptr;
    walk(steps, [&](const Step& s) {
        if (s.path == path) found = &s;
    });
    return found;
}

// raise_to_run's "step": a kind that names one step of the source's chain, or
// the step's path below the source ("then[0].then[1]").
Result<std::string> resolveStep(const json& v, const SourcePart& src, const std::string& source,
                                const std::string& at) {
    if (!v.is_string() || v.get<std::string>().empty())
        return Error{source, at, "expected a step kind (\"softirq\") or a path below the source (\"then[0]\")"};
    const std::string want = v.get<std::string>();
    if (want.starts_with("then[")) {
        const Step* s = findStep(src.then, src.path + "." + want);
        if (!s) return Error{source, at, "the source '" + src.name + "' has no step at " + want};
        if (!defers(s->kind))
            return Error{source, at,
                         std::string("a ") + stepKindName(s->kind) +
                             " step runs in its caller; raise_to_run measures a softirq, tasklet, hi_tasklet, "
                             "thread, napi or queue_work step"};
        return s->path;
    }
    std::vector<std::string> matches;
    walk(src.then, [&](const Step& s) {
        if (want == stepKindName(s.kind) && defers(s.kind)) matches.push_back(s.path);
    });
    if (matches.size() == 1) return matches.front();
    if (matches.empty())
        return Error{
            source, at,
            "the source '" + src.name + "' has no " + want +
                " step (raise_to_run measures a softirq, tasklet, hi_tasklet, thread, napi or queue_work step)"};
    std::string list;
    for (const auto& p : matches) list += (list.empty() ? "" : ", ") + p.substr(src.path.size() + 1);
    return Error{source, at,
                 "the source '" + src.name + "' has several " + want + " steps (" + list + "); name one by its path"};
}

// The completions a source's chain completes with its arrival in hand: a
// complete step in its own "then" (the primary handler's), in its napi
// step's "then" (once per packet) or in its thread step's "then". A complete
// step below a softirq, tasklet or queue_work step runs later, for whatever
// was raised meanwhile, and carries no arrival.
std::vector<std::string> stampedCompletions(const SourcePart& src) {
    std::vector<std::string> out;
    auto take = [&](const std::vector<Step>& steps) {
        for (const Step& s : steps)
            if (s.kind == Step::Kind::Complete && std::find(out.begin(), out.end(), s.target) == out.end())
                out.push_back(s.target);
    };
    take(src.then);
    for (const Step& s : src.then)
        if (s.kind == Step::Kind::Napi || s.kind == Step::Kind::Thread) take(s.then);
    return out;
}

bool waitsFor(const TaskPart& t, const std::string& completion) {
    for (const TaskPhase& ph : t.phases)
        for (const TaskEvent& e : ph.events)
            if (e.kind == TaskEvent::Kind::WaitCompletion && e.ref == completion) return true;
    return false;
}

// Wake-up latency of the named tasks: from try_to_wake_up() to the context
// switch that runs them, the cause->effect the scheduler reports (the same
// measure as the generic `wakeup` series, per task).
class WakeupProbes final : public kern::MachineObserver {
public:
    explicit WakeupProbes(kern::Machine& m) : m_(m) {}
    void add(const kern::Task* t, devices::LatencyRef ref) { series_.emplace(t, std::move(ref)); }
    void flow(FlowKind k, int, Time srcTime, int dstCpu, Time dstTime) override {
        if (k != FlowKind::WakeTask && k != FlowKind::WakeThread) return;
        if (auto it = series_.find(m_.cpu(dstCpu).curr); it != series_.end()) it->second.add(dstTime - srcTime);
    }

private:
    kern::Machine& m_;
    std::map<const kern::Task*, devices::LatencyRef> series_;
};

} // namespace

Result<std::vector<ProbePart>> readProbeParts(const json& list, const PartNames& names,
                                              const std::vector<SourcePart>& sources,
                                              const std::vector<TaskPart>& tasks, const std::string& source, int) {
    std::vector<ProbePart> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& part = list[i];
        ProbePart p;
        p.name = part["name"].get<std::string>();
        const char* kind = nullptr;
        for (const auto& [key, value] : part.items()) {
            if (key == "name") continue;
            if (key != "wakeup" && key != "irq_to_thread" && key != "raise_to_run" && key != "arrival_to_task")
                return Error{source, jsonPath("probes", i, key),
                             "unknown field; expected name and one of wakeup, irq_to_thread, raise_to_run, "
                             "arrival_to_task"};
            if (kind)
                return Error{source, jsonPath("probes", i, key),
                             std::string("a probe measures one thing; found both '") + kind + "' and '" + key + "'"};
            kind = key == "wakeup"            ? "wakeup"
                   : key == "irq_to_thread"   ? "irq_to_thread"
                   : key == "arrival_to_task" ? "arrival_to_task"
                                              : "raise_to_run";
        }
        if (!kind)
            return Error{source, jsonPath("probes", i),
                         "expected what to measure: wakeup, irq_to_thread, raise_to_run or arrival_to_task"};
        const std::string at = jsonPath("probes", i, kind);
        const json& v = part[kind];
        const auto sourceNamed = [&](const std::string& name) -> const SourcePart* {
            for (const auto& s : sources)
                if (s.name == name) return &s;
            return nullptr;
        };
        const auto taskNamed = [&](const std::string& name) -> const TaskPart* {
            for (const auto& t : tasks)
                if (t.name == name) return &t;
            return nullptr;
        };
        // {"source": name, otherKey: ...}: exactly these two keys, the source
        // one of the scenario's; `otherShape` shows otherKey's value in the error.
        const auto readSourceField = [&](const json& obj, const std::string& where, const std::string& otherKey,
                                         const std::string& otherShape) -> Result<const SourcePart*> {
            if (!obj.is_object() || !obj.contains("source") || !obj.contains(otherKey))
                return Error{source, where, "expected {\"source\": name, \"" + otherKey + "\": " + otherShape + "}"};
            for (const auto& [key, value] : obj.items())
                if (key != "source" && key != otherKey)
                    return Error{source, where + "." + key, "unknown field; expected source, " + otherKey};
            const json& sv = obj["source"];
            const SourcePart* src = sv.is_string() ? sourceNamed(sv.get<std::string>()) : nullptr;
            if (!src)
                return Error{source, where + ".source",
                             names.expected("sources", sv.is_string() ? sv.get<std::string>() : sv.dump())};
            return src;
        };
        if (std::string(kind) == "wakeup") {
            p.kind = ProbePart::Kind::Wakeup;
            if (!v.is_string() || !names.has("tasks", v.get<std::string>()))
                return Error{source, at, names.expected("tasks", v.is_string() ? v.get<std::string>() : v.dump())};
            p.target = v.get<std::string>();
        } else if (std::string(kind) == "irq_to_thread") {
            p.kind = ProbePart::Kind::IrqToThread;
            const SourcePart* src = v.is_string() ? sourceNamed(v.get<std::string>()) : nullptr;
            if (!src)
                return Error{source, at, names.expected("sources", v.is_string() ? v.get<std::string>() : v.dump())};
            if (src->then.empty() || src->then.back().kind != Step::Kind::Thread)
                return Error{source, at,
                             "the source '" + src->name + "' wakes no IRQ thread (its then has no thread step)"};
            p.target = src->name;
        } else if (std::string(kind) == "arrival_to_task") {
            p.kind = ProbePart::Kind::ArrivalToTask;
            auto read = readSourceField(v, at, "task", "name");
            if (!read) return read.error();
            const SourcePart* src = *read;
            const json& tv = v["task"];
            const TaskPart* task = tv.is_string() ? taskNamed(tv.get<std::string>()) : nullptr;
            if (!task)
                return Error{source, at + ".task",
                             names.expected("tasks", tv.is_string() ? tv.get<std::string>() : tv.dump())};
            const auto completes = stampedCompletions(*src);
            if (completes.empty())
                return Error{source, at + ".source",
                             "the source '" + src->name +
                                 "' hands its arrivals to no task: it needs a complete step in its then, in its "
                                 "napi step's then or in its thread step's then (one below a softirq, tasklet or "
                                 "queue_work step runs later and carries no arrival)"};
            for (const auto& c : completes)
                if (waitsFor(*task, c)) p.completions.push_back(c);
            if (p.completions.empty()) {
                std::string listed;
                for (const auto& c : completes) listed += (listed.empty() ? "" : ", ") + c;
                return Error{source, at + ".task",
                             "the task '" + task->name + "' has no wait_completion event on what the source '" +
                                 src->name + "' completes (" + listed + ")"};
            }
            p.target = src->name;
            p.task = task->name;
        } else {
            p.kind = ProbePart::Kind::RaiseToRun;
            auto read = readSourceField(v, at, "step", "\"softirq\" or \"then[0]\"");
            if (!read) return read.error();
            const SourcePart* src = *read;
            auto step = resolveStep(v["step"], *src, source, at + ".step");
            if (!step) return step.error();
            p.target = src->name;
            p.step = *step;
        }
        out.push_back(std::move(p));
    }
    return out;
}

void installProbeParts(kern::Machine& m, const std::vector<ProbePart>& parts, PartsRuntime& rt) {
    std::shared_ptr<WakeupProbes> wakeups;
    for (const ProbePart& p : parts) {
        switch (p.kind) {
        case ProbePart::Kind::Wakeup: {
            if (!wakeups) wakeups = std::make_shared<WakeupProbes>(m);
            // the task, or each of its instances (name-0, name-1, ...)
            for (const auto& [name, task] : rt.tasks)
                if (name == p.target ||
                    (name.starts_with(p.target + "-") && !rt.tasks.contains(p.target) &&
                     name.find_first_not_of("0123456789", p.target.size() + 1) == std::string::npos))
                    wakeups->add(task, devices::LatencyRef(m.rec(), p.name));
            break;
        }
        case ProbePart::Kind::IrqToThread:
            if (auto it = rt.sources.find(p.target); it != rt.sources.end()) it->second->probeIrqToThread(p.name);
            break;
        case ProbePart::Kind::RaiseToRun:
            if (auto it = rt.sources.find(p.target); it != rt.sources.end())
                if (const Step* s = findStep(it->second->part().then, p.step)) probeStep(m, rt, *s, p.name);
            break;
        case ProbePart::Kind::ArrivalToTask: {
            for (const auto& c : p.completions)
                if (auto it = rt.resources.find(c); it != rt.resources.end()) it->second->trackStamps();
            auto series = std::make_shared<devices::LatencyRef>(m.rec(), p.name);
            rt.arrivalProbes.push_back({p.target, p.task, [series](Time ns) { series->add(ns); }});
            break;
        }
        }
    }
    if (wakeups) {
        m.attach(*wakeups);
        m.keepAlive(wakeups);
    }
}

} // namespace irqscope::parts
