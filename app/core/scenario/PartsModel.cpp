#include "core/scenario/PartsModel.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <map>
#include <set>

namespace irqscope::app {

using nlohmann::json;

const std::vector<PartField>& partFields(const std::string& list) {
    using K = FieldKind;
    static const std::vector<PartField> sources = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The line's name in /proc/interrupts and the trace; its IRQ thread is "
                                         "irq/<intid>-<name>")},
        {"/line",
         K::Enum,
         QT_TRANSLATE_NOOP("PartEditor", "line"),
         QT_TRANSLATE_NOOP("PartEditor", "spi: a wired interrupt; lpi: through the ITS; msi: a PCI MSI (an LPI on "
                                         "GICv3)"),
         "spi",
         {"spi", "msi", "lpi"}},
        {"/cpus", K::Cpus, QT_TRANSLATE_NOOP("PartEditor", "CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "The line's affinity: CPU numbers (\"1\" or \"0, 2\"); the GIC delivers to "
                                         "the lowest. Empty: all CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "all CPUs")},
        {"/arrival", K::Value, QT_TRANSLATE_NOOP("PartEditor", "arrival"),
         QT_TRANSLATE_NOOP("PartEditor", "When the device interrupts: {\"periodic\": \"333us\"}, {\"poisson\": "
                                         "{\"rate_hz\": 3000}}, {\"bursts\": {...}}, {\"replay\": \"file\"} or "
                                         "{\"on_submit\": {\"latency\": cost}}")},
        {"/arrival/poisson/rate_hz",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "rate (Hz)"),
         QT_TRANSLATE_NOOP("PartEditor", "Interrupts per second of the Poisson arrivals"),
         "",
         {},
         "/arrival/poisson"},
        {"/arrival/periodic",
         K::Value,
         QT_TRANSLATE_NOOP("PartEditor", "period"),
         QT_TRANSLATE_NOOP("PartEditor", "Time between two interrupts (\"333us\"), or {\"period\", \"start\"}"),
         "",
         {},
         "/arrival/periodic"},
        {"/handler/cost", K::Value, QT_TRANSLATE_NOOP("PartEditor", "handler cost"),
         QT_TRANSLATE_NOOP("PartEditor", "The primary handler's own work in hardirq context: a duration (\"3us\") "
                                         "or a distribution ({\"uniform\": [\"1us\", \"3us\"]})"),
         QT_TRANSLATE_NOOP("PartEditor", "none: only a thread step (ONESHOT)")},
        {"/then", K::Json, QT_TRANSLATE_NOOP("PartEditor", "then"),
         QT_TRANSLATE_NOOP("PartEditor", "What the handler does next, in order: softirq, tasklet, thread, "
                                         "queue_work, wake, complete steps, each with its cost and then"),
         "[]"},
    };
    static const std::vector<PartField> tasks = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The thread's name (comm) in the trace")},
        {"/policy",
         K::Enum,
         QT_TRANSLATE_NOOP("PartEditor", "policy"),
         QT_TRANSLATE_NOOP("PartEditor", "The scheduling policy (SCHED_OTHER, BATCH, IDLE, FIFO, RR, DEADLINE)"),
         "other",
         {"other", "batch", "idle", "fifo", "rr", "deadline"}},
        {"/priority", K::Value, QT_TRANSLATE_NOOP("PartEditor", "priority"),
         QT_TRANSLATE_NOOP("PartEditor", "The RT priority, 1–99; fifo and rr only"),
         QT_TRANSLATE_NOOP("PartEditor", "10 (fifo, rr)")},
        {"/nice", K::Value, QT_TRANSLATE_NOOP("PartEditor", "nice"),
         QT_TRANSLATE_NOOP("PartEditor", "The nice value, −20–19; other, batch and idle only"),
         QT_TRANSLATE_NOOP("PartEditor", "0 (other, batch, idle)")},
        {"/dl", K::Value, QT_TRANSLATE_NOOP("PartEditor", "deadline"),
         QT_TRANSLATE_NOOP("PartEditor", "deadline only: {\"runtime\": \"2ms\", \"deadline\": \"10ms\", "
                                         "\"period\": \"10ms\"}"),
         QT_TRANSLATE_NOOP("PartEditor", "deadline policy only")},
        {"/cpus", K::Cpus, QT_TRANSLATE_NOOP("PartEditor", "CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "The task's affinity: CPU numbers (\"1\" or \"0, 2\"). Empty: all CPUs"),
         QT_TRANSLATE_NOOP("PartEditor", "all CPUs")},
        {"/instance", K::Value, QT_TRANSLATE_NOOP("PartEditor", "instances"),
         QT_TRANSLATE_NOOP("PartEditor", "That many threads, named name-0, name-1, …"), "1"},
        {"/loop", K::Value, QT_TRANSLATE_NOOP("PartEditor", "loop"),
         QT_TRANSLATE_NOOP("PartEditor", "How many times the phases run; −1: until the run ends"),
         QT_TRANSLATE_NOOP("PartEditor", "−1 (forever)")},
        {"/delay", K::Value, QT_TRANSLATE_NOOP("PartEditor", "delay"),
         QT_TRANSLATE_NOOP("PartEditor", "The task sleeps this long before its first phase"), "0"},
        {"/phases",
         K::Json,
         QT_TRANSLATE_NOOP("PartEditor", "phases"),
         QT_TRANSLATE_NOOP("PartEditor", "rt-app-style phases: {\"loop\": n, \"events\": [{\"run\": \"50us\"}, "
                                         "{\"sleep\": \"1ms\"}, …]}"),
         "",
         {},
         "/phases"},
        {"/events",
         K::Json,
         QT_TRANSLATE_NOOP("PartEditor", "events"),
         QT_TRANSLATE_NOOP("PartEditor", "The events of the task's one phase: run, runtime, sleep, timer, lock, "
                                         "unlock, wait, signal, suspend, resume, barrier, yield, syscall, submit, "
                                         "queue_work"),
         "",
         {},
         "/events"},
    };
    static const std::vector<PartField> workqueues = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The workqueue's name (alloc_workqueue()'s fmt)")},
        {"/unbound", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "unbound"),
         QT_TRANSLATE_NOOP("PartEditor", "WQ_UNBOUND: the unbound pool, no concurrency management")},
        {"/highpri", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "highpri"),
         QT_TRANSLATE_NOOP("PartEditor", "WQ_HIGHPRI: the nice −20 worker pools")},
        {"/ordered", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "ordered"),
         QT_TRANSLATE_NOOP("PartEditor", "alloc_ordered_workqueue(): one item at a time, in queue order")},
        {"/rt", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "rt"),
         QT_TRANSLATE_NOOP("PartEditor", "WQ_RT (the seed proposal, not in mainline): SCHED_FIFO workers")},
        {"/max_active", K::Value, QT_TRANSLATE_NOOP("PartEditor", "max_active"),
         QT_TRANSLATE_NOOP("PartEditor", "Items active at once (0: the default, 256; at most 512)"), "0"},
    };
    static const std::vector<PartField> resources = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The name the tasks' events use")},
        {"/type",
         K::Enum,
         QT_TRANSLATE_NOOP("PartEditor", "type"),
         QT_TRANSLATE_NOOP("PartEditor", "A pthread mutex, condition variable, rt-app barrier or struct completion"),
         "",
         {"mutex", "condition", "barrier", "completion"}},
        {"/pi", K::Bool, QT_TRANSLATE_NOOP("PartEditor", "priority inheritance"),
         QT_TRANSLATE_NOOP("PartEditor", "mutex only: a PI futex (rt_mutex), the owner runs at its top waiter's "
                                         "priority")},
    };
    static const std::vector<PartField> probes = {
        {"/name", K::Name, QT_TRANSLATE_NOOP("PartEditor", "name"),
         QT_TRANSLATE_NOOP("PartEditor", "The latency series' name in the run's metrics")},
        {"/wakeup",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "wake-up of task"),
         QT_TRANSLATE_NOOP("PartEditor", "From try_to_wake_up() of this task to the switch that runs it"),
         "",
         {},
         "/wakeup"},
        {"/irq_to_thread",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "IRQ to thread of"),
         QT_TRANSLATE_NOOP("PartEditor", "From this source's interrupt to its IRQ thread starting"),
         "",
         {},
         "/irq_to_thread"},
        {"/raise_to_run/source",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "source"),
         QT_TRANSLATE_NOOP("PartEditor", "The source whose step is measured from raise to run"),
         "",
         {},
         "/raise_to_run"},
        {"/raise_to_run/step",
         K::Text,
         QT_TRANSLATE_NOOP("PartEditor", "step"),
         QT_TRANSLATE_NOOP("PartEditor", "A step kind (softirq, tasklet, thread, queue_work) or a path "
                                         "(then[0].then[1])"),
         "",
         {},
         "/raise_to_run"},
    };
    static const std::vector<PartField> none;
    if (list == "sources") return sources;
    if (list == "tasks") return tasks;
    if (list == "workqueues") return workqueues;
    if (list == "resources") return resources;
    if (list == "probes") return probes;
    return none;
}

QString textOfValue(FieldKind kind, const json& v) {
    switch (kind) {
    case FieldKind::Bool: return v.is_boolean() && v.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    case FieldKind::Json: return QString::fromStdString(v.dump(2));
    case FieldKind::Cpus:
        if (v.is_array() && std::all_of(v.begin(), v.end(), [](const json& c) { return c.is_number_integer(); })) {
            QStringList cpus;
            for (const json& c : v) cpus << QString::number(c.get<long long>());
            return cpus.join(QStringLiteral(", "));
        }
        [[fallthrough]];
    default: return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
    }
}

ParsedText valueOfText(FieldKind kind, const QString& raw) {
    const QString text = raw.trimmed();
    const std::string s = text.toStdString();
    ParsedText out;
    auto parseJson = [&](bool stringOtherwise) {
        try {
            out.value = json::parse(s);
        } catch (const json::exception& e) {
            const QChar c = text.isEmpty() ? QChar() : text.front();
            if (stringOtherwise && c != QLatin1Char('{') && c != QLatin1Char('[') && c != QLatin1Char('"'))
                out.value = s; // "3us", "abc": the engine reads or refuses it
            else {
                std::string what = e.what();
                const auto pos = what.find("parse error");
                out.syntaxError = QCoreApplication::translate("PartEditor", "not valid JSON: %1")
                                      .arg(QString::fromStdString(pos == std::string::npos ? what : what.substr(pos)));
            }
        }
    };
    switch (kind) {
    case FieldKind::Name: out.value = s; break;
    case FieldKind::Bool: out.value = text == QLatin1String("true"); break;
    case FieldKind::Text:
    case FieldKind::Enum:
        if (!text.isEmpty()) out.value = s;
        break;
    case FieldKind::Value:
        if (!text.isEmpty()) parseJson(true);
        break;
    case FieldKind::Json:
        if (!text.isEmpty()) parseJson(false);
        break;
    case FieldKind::Cpus: {
        if (text.isEmpty()) break;
        if (text.startsWith(QLatin1Char('['))) {
            parseJson(false);
            break;
        }
        json cpus = json::array();
        for (const QString& tok : text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) {
            bool ok = false;
            const int c = tok.toInt(&ok);
            if (!ok) {
                out.value = s; // the engine: "expected a non-empty array of CPU numbers"
                return out;
            }
            cpus.push_back(c);
        }
        out.value = std::move(cpus);
        break;
    }
    }
    return out;
}

std::optional<PartPath> partOfErrorPath(const std::string& where) {
    const auto open = where.find('[');
    if (open == std::string::npos) return std::nullopt;
    const auto close = where.find(']', open);
    if (close == std::string::npos) return std::nullopt;
    PartPath p;
    p.list = where.substr(0, open);
    bool known = false;
    for (const char* l : kPartListOrder) known = known || p.list == l;
    if (!known) return std::nullopt;
    try {
        p.index = std::stoul(where.substr(open + 1, close - open - 1));
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (close + 1 < where.size()) p.field = where.substr(where[close + 1] == '.' ? close + 2 : close + 1);
    return p;
}

std::string errorPath(const std::string& list, std::size_t index, const char* pointer) {
    std::string dotted = *pointer ? std::string(pointer + 1) : std::string();
    std::replace(dotted.begin(), dotted.end(), '/', '.');
    return list + "[" + std::to_string(index) + "]" + (dotted.empty() ? "" : "." + dotted);
}

bool fieldCovers(const char* pointer, const std::string& field) {
    std::string dotted = *pointer ? std::string(pointer + 1) : std::string();
    std::replace(dotted.begin(), dotted.end(), '/', '.');
    if (field.rfind(dotted, 0) != 0) return false;
    return field.size() == dotted.size() || field[dotted.size()] == '.' || field[dotted.size()] == '[';
}

std::size_t PartsModel::count(const std::string& list) const {
    auto it = lists().find(list);
    return it != lists().end() && it->is_array() ? it->size() : 0;
}

const json* PartsModel::part(const std::string& list, std::size_t index) const {
    if (index >= count(list)) return nullptr;
    return &lists()[list][index];
}

QString PartsModel::name(const std::string& list, std::size_t index) const {
    const json* p = part(list, index);
    if (!p || !p->is_object() || !p->contains("name") || !(*p)["name"].is_string()) return {};
    return QString::fromStdString((*p)["name"].get<std::string>());
}

std::string PartsModel::freshName(const std::string& base) const {
    std::set<std::string> used;
    for (const auto& [list, parts] : lists().items())
        if (parts.is_array())
            for (const json& p : parts)
                if (p.is_object() && p.contains("name") && p["name"].is_string())
                    used.insert(p["name"].get<std::string>());
    if (!used.contains(base)) return base;
    for (int i = 2;; ++i)
        if (std::string n = base + "-" + std::to_string(i); !used.contains(n)) return n;
}

Status PartsModel::apply(json newLists) {
    // An emptied list is left out of the file, as if never declared.
    for (auto it = newLists.begin(); it != newLists.end();)
        it = it->is_array() && it->empty() ? newLists.erase(it) : std::next(it);
    Scenario trial = scenario_;
    if (auto st = trial.setParts(std::move(newLists)); !st) return st;
    scenario_ = std::move(trial);
    return okStatus();
}

Result<std::size_t> PartsModel::add(const std::string& list) {
    std::vector<json> candidates;
    if (list == "sources")
        candidates.push_back({{"name", freshName("source")},
                              {"line", "msi"},
                              {"arrival", {{"periodic", "1ms"}}},
                              {"handler", {{"cost", "2us"}}}});
    else if (list == "tasks")
        candidates.push_back(
            {{"name", freshName("task")},
             {"policy", "other"},
             {"phases", json::array({{{"loop", 1}, {"events", {{{"run", "100us"}}, {{"sleep", "1ms"}}}}}})}});
    else if (list == "workqueues") candidates.push_back({{"name", freshName("wq")}});
    else if (list == "resources") candidates.push_back({{"name", freshName("mutex")}, {"type", "mutex"}});
    else if (list == "probes") {
        // A probe measures something that exists: the first task's wake-ups, else
        // the first source's interrupt-to-thread time or its deferred step.
        for (std::size_t i = 0; i < count("tasks"); ++i) {
            const std::string t = name("tasks", i).toStdString();
            candidates.push_back({{"name", freshName(t + "_wakeup")}, {"wakeup", t}});
        }
        for (std::size_t i = 0; i < count("sources"); ++i) {
            const std::string s = name("sources", i).toStdString();
            candidates.push_back({{"name", freshName(s + "_irq_to_thread")}, {"irq_to_thread", s}});
            for (const char* step : {"softirq", "tasklet", "hi_tasklet", "queue_work"})
                candidates.push_back(
                    {{"name", freshName(s + "_" + step)}, {"raise_to_run", {{"source", s}, {"step", step}}}});
        }
    }
    if (candidates.empty())
        return Error{scenario_.source(), list,
                     list == "probes" ? "a probe measures a task or a source: add one first" : "not a part list"};
    Status last = okStatus();
    for (json& c : candidates) {
        json l = lists();
        l[list].push_back(std::move(c));
        if (last = apply(std::move(l)); last) return count(list) - 1;
    }
    return last.error();
}

Result<std::size_t> PartsModel::duplicate(const std::string& list, std::size_t index) {
    const json* p = part(list, index);
    if (!p) return Error{scenario_.source(), list, "no such part"};
    json copy = *p;
    copy["name"] = freshName(name(list, index).toStdString());
    json l = lists();
    l[list].insert(l[list].begin() + std::ptrdiff_t(index) + 1, std::move(copy));
    if (auto st = apply(std::move(l)); !st) return st.error();
    return index + 1;
}

Status PartsModel::remove(const std::string& list, std::size_t index) {
    if (!part(list, index)) return Error{scenario_.source(), list, "no such part"};
    json l = lists();
    l[list].erase(l[list].begin() + std::ptrdiff_t(index));
    return apply(std::move(l));
}

Status PartsModel::setField(const std::string& list, std::size_t index, const char* pointer, const ParsedText& v) {
    const json* p = part(list, index);
    if (!p) return Error{scenario_.source(), list, "no such part"};
    json edited = *p;
    const json::json_pointer ptr{std::string(pointer)};
    try {
        if (v.value) {
            // {"periodic": "333us"} is a shorthand; a field below it needs the object form
            if (const auto parent = ptr.parent_pointer();
                !parent.empty() && edited.contains(parent) && !edited[parent].is_object() && !edited[parent].is_null())
                edited[parent] = json::object();
            edited[ptr] = *v.value;
        } else if (edited.contains(ptr)) {
            edited[ptr.parent_pointer()].erase(ptr.back());
        }
    } catch (const json::exception&) {
        // e.g. "/arrival/poisson/rate_hz" while "arrival" is a string: the row is stale
        return Error{scenario_.source(), errorPath(list, index, pointer), "not an object here"};
    }
    return replacePart(list, index, std::move(edited));
}

namespace {
// The keys under which a part of `list` is named by another part (docs/scenarios.md).
const std::set<std::string>& referenceKeys(const std::string& list) {
    static const std::map<std::string, std::set<std::string>> keys = {
        {"workqueues", {"queue_work", "workqueue"}},
        {"tasks", {"wake", "wakeup", "suspend", "resume"}},
        {"sources", {"submit", "irq_to_thread", "source"}},
        {"resources", {"lock", "unlock", "signal", "broad", "barrier", "wait_completion", "complete", "ref", "mutex"}},
        {"probes", {}}};
    static const std::set<std::string> none;
    auto it = keys.find(list);
    return it == keys.end() ? none : it->second;
}

void renameReferences(json& j, const std::set<std::string>& keys, const std::string& from, const std::string& to) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.value().is_string() && keys.contains(it.key()) && it.value() == from) it.value() = to;
            else renameReferences(it.value(), keys, from, to);
        }
    } else if (j.is_array()) {
        for (json& e : j) renameReferences(e, keys, from, to);
    }
}
} // namespace

Status PartsModel::replacePart(const std::string& list, std::size_t index, json edited) {
    if (!part(list, index)) return Error{scenario_.source(), list, "no such part"};
    json l = lists();
    const std::string before = name(list, index).toStdString();
    const bool renamed = edited.is_object() && edited.contains("name") && edited["name"].is_string() &&
                         edited["name"].get<std::string>() != before && !before.empty();
    const std::string after = renamed ? edited["name"].get<std::string>() : std::string();
    l[list][index] = std::move(edited);
    Status st = apply(l);
    if (st || !renamed) return st;
    // A renamed part that others refer to: the references follow the new name
    // (kept only when the engine accepts the result; else its first refusal stands).
    renameReferences(l, referenceKeys(list), before, after);
    l[list][index]["name"] = after;
    if (apply(std::move(l))) return okStatus();
    return st;
}

std::vector<std::string> probeNames(const Scenario& s) {
    std::vector<std::string> out;
    const json& lists = s.parts();
    if (auto it = lists.find("probes"); it != lists.end() && it->is_array())
        for (const json& p : *it)
            if (p.is_object() && p.contains("name") && p["name"].is_string())
                out.push_back(p["name"].get<std::string>());
    return out;
}

} // namespace irqscope::app
