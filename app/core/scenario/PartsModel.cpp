#include "core/scenario/PartsModel.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <map>
#include <set>

namespace irqscope::app {

using nlohmann::json;

json formTemplate(const std::string& choice) {
    // working values of each arrival kind (docs/scenarios.md, "sources")
    if (choice == "periodic") return {{"periodic", "1ms"}};
    if (choice == "poisson") return {{"poisson", {{"rate_hz", 1000}}}};
    if (choice == "bursts") return {{"bursts", {{"count", 4}, {"gap", "10us"}, {"every", "1ms"}}}};
    if (choice == "gaps") return {{"gaps", {{"uniform", json::array({"500us", "1500us"})}}}};
    if (choice == "shuffle") return {{"shuffle", json::array({json::array({"500us", 3}), json::array({"2ms", 1})})}};
    if (choice == "replay") return {{"replay", "timestamps.txt"}};
    if (choice == "on_submit") return {{"on_submit", {{"latency", "50us"}}}};
    return choice;
}

QString textOfValue(FieldKind kind, const json& v) {
    switch (kind) {
    case FieldKind::Form: return v.is_object() && v.size() == 1 ? QString::fromStdString(v.begin().key()) : QString();
    case FieldKind::Bool: return v.is_boolean() && v.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    case FieldKind::Json: return QString::fromStdString(v.dump(2));
    case FieldKind::Named:
        if (v.is_object() && v.contains("name") && v["name"].is_string())
            return QString::fromStdString(v["name"].get<std::string>());
        return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
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
    case FieldKind::Form:
        if (!text.isEmpty()) out.value = formTemplate(s);
        break;
    case FieldKind::Named:
        if (!text.isEmpty()) out.value = s;
        out.nameOnly = true;
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
    else if (list == "devices") // an NVMe controller with no fio jobs: a task's submit is its only load
        candidates.push_back({{"name", freshName("ssd")}, {"model", "nvme"}, {"queues", 2}});
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
            for (const char* step : {"softirq", "tasklet", "hi_tasklet", "napi", "queue_work"})
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
    if (list == "devices" && std::string_view(pointer) == "/model" && v.value &&
        edited.value("model", json()) != *v.value)
        edited = {{"name", edited.value("name", json())}}; // another model starts from its own defaults
    try {
        if (v.value) {
            // {"periodic": "333us"} is a shorthand; a field below it needs the object form
            if (const auto parent = ptr.parent_pointer();
                !parent.empty() && edited.contains(parent) && !edited[parent].is_object() && !edited[parent].is_null())
                edited[parent] = json::object();
            // {"name": "g", "weight": 300}: a new name keeps the weight
            if (v.nameOnly && edited.contains(ptr) && edited[ptr].is_object()) edited[ptr]["name"] = *v.value;
            else edited[ptr] = *v.value;
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
        {"tasks", {"wake", "wakeup", "suspend", "resume", "task"}},
        {"sources", {"submit", "irq_to_thread", "source"}},
        {"devices", {"submit"}},
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
