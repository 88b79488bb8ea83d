#include "irqscope/scenario.h"

#include "checked_scenario.h"

#include "devices/devices.h"
#include "json_keys.h"
#include "param_check.h"
#include "part_knobs.h"
#include "parts/distribution.h"
#include "parts/parts.h"
#include "parts/rtapp_import.h"
#include "rtapp_ref.h"
#include "schema_table.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/stat.h>

namespace irqscope {

using nlohmann::json;

using namespace detail;

// ---------------------------------------------------------------- Scenario
Scenario::Scenario() : name_("custom") {}

// An rt-app task set (docs/scenarios.md, "rt-app task sets"): the default
// machine, grown to the highest CPU a task names, and the translated tasks.
Result<Scenario> Scenario::fromRtapp(const parts::rtapp::Import& imported, std::string source) {
    Scenario s;
    s.source_ = source;
    std::string description = "rt-app task set " + source + ".";
    for (const auto& note : imported.notes) description += "\n" + note;
    s.description_ = description;
    // machine.cpus stays at its default unless a task names a higher CPU: rt-app
    // runs on the machine it is given and a task set says nothing of it beyond
    // the CPUs it pins to (rt-app refuses a CPU the machine lacks).
    const auto* cpus = Schema::builtin().find("machine.cpus");
    if (imported.highestCpu + 1 > cpus->defaultValue.get<int>()) {
        if (imported.highestCpu + 1 > int(cpus->max))
            return Error{source, "cpus",
                         "a task names CPU " + std::to_string(imported.highestCpu) + "; IRQ Scope models at most " +
                             std::to_string(int(cpus->max)) + " CPUs"};
        s.user_["machine.cpus"] = imported.highestCpu + 1;
    }
    if (imported.duration) {
        const auto* d = Schema::builtin().find("run.duration_ns");
        if (double(*imported.duration) > d->max)
            return Error{source, "global.duration", "longer than run.duration_ns allows (600 s)"};
        s.user_["run.duration_ns"] = *imported.duration;
    }
    s.parts_ = imported.parts;
    s.rtapp_ = s.source_;
    if (auto st = s.validate(); !st) return st.error();
    return s;
}

Result<Scenario> Scenario::fromJsonText(std::string_view text, std::string source) {
    // rt-app's JSON (comments, trailing commas, repeated keys) has its own reader.
    if (parts::rtapp::looksLikeRtapp(text)) {
        auto doc = parts::rtapp::parse(text, source);
        if (!doc) return doc.error();
        if (parts::rtapp::isRtapp(*doc)) {
            auto imported = parts::rtapp::translate(*doc, source);
            if (!imported) return imported.error();
            return fromRtapp(*imported, source);
        }
    }
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        std::string what = e.what();
        auto pos = what.find("parse error");
        std::string reason = pos == std::string::npos ? what : what.substr(pos);
        return Error{source, lineColumn(text, e.byte == 0 ? 0 : e.byte - 1), "invalid JSON: " + reason};
    } catch (const json::exception& e) {
        // e.g. out_of_range 406, "number overflow parsing '1e3000'": no byte offset is known
        std::string what = e.what();
        auto pos = what.find("] ");
        std::string reason = pos == std::string::npos ? what : what.substr(pos + 2);
        // The message quotes the offending literal; its first occurrence is the place.
        std::string where;
        if (auto q1 = reason.find('\''), q2 = reason.rfind('\''); q1 != std::string::npos && q2 > q1 + 1)
            if (auto at = text.find(reason.substr(q1 + 1, q2 - q1 - 1)); at != std::string_view::npos)
                where = lineColumn(text, at);
        return Error{source, where, "invalid JSON: " + reason};
    }
    if (!doc.is_object())
        return Error{source, "", "expected a JSON object with scenario sections, found " + describeJson(doc)};
    // the parser kept the last of two equal keys; the author meant one of them
    if (auto dup = detail::firstDuplicateKey(text))
        return Error{source, *dup, "key given twice in one object; set it once"};
    Scenario s;
    s.source_ = source;
    for (const char* key : {"name", "title", "description"}) {
        auto it = doc.find(key);
        if (it == doc.end()) continue;
        if (!it->is_string()) return Error{source, key, std::string("expected a string, found ") + describeJson(*it)};
        std::string v = it->get<std::string>();
        if (std::string_view(key) == "name") s.name_ = v;
        else if (std::string_view(key) == "title") s.title_ = v;
        else s.description_ = v;
        doc.erase(it);
    }
    if (auto it = doc.find("schema"); it != doc.end()) {
        if (*it != "irqscope.scenario/1")
            return Error{source, "schema", "expected \"irqscope.scenario/1\", found " + describeJson(*it)};
        doc.erase(it);
    }
    for (const char* list : parts::kPartLists)
        if (auto it = doc.find(list); it != doc.end()) {
            s.parts_[list] = std::move(*it);
            doc.erase(it);
        }
    if (auto it = doc.find("rtapp"); it != doc.end()) {
        if (auto st = mergeRtapp(*it, source, s.parts_, s.rtapp_); !st) return st.error();
        doc.erase(it);
    }
    json flat = json::object();
    if (auto st = flatten(doc, "", source, flat); !st) return st.error();
    s.user_ = std::move(flat);
    if (auto st = s.validate(); !st) return st.error();
    return s;
}

Result<Scenario> Scenario::fromFile(const std::string& path) {
    // Checked before reading: a 3 GB file once took 6 GB and 50 s to be
    // refused, and /dev/zero or a FIFO never end; at most the limit plus one
    // byte is read from anything that is not a regular file.
    constexpr std::size_t kLimit = 16 * 1024 * 1024;
    const std::string tooLarge = "file is larger than 16 MiB; not a scenario";
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) return Error{path, "", "is a directory; expected a JSON scenario file"};
        if (S_ISREG(st.st_mode) && std::uint64_t(st.st_size) > kLimit) return Error{path, "", tooLarge};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path, "", "cannot open file"};
    std::string text(kLimit + 1, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(in.gcount()));
    if (text.size() > kLimit) return Error{path, "", tooLarge};
    if (in.bad()) return Error{path, "", "cannot read file"};
    if (text.find('\0') != std::string::npos) return Error{path, "", "binary data; expected a JSON scenario"};
    auto s = fromJsonText(text, path);
    if (s && s->name_ == "custom") {
        auto slash = path.find_last_of('/');
        std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
        if (base.size() > 5 && base.ends_with(".json")) base.resize(base.size() - 5);
        s->name_ = base;
    }
    return s;
}

Status Scenario::set(std::string_view path, std::string_view valueText) {
    return setOne(path, valueText, true);
}

Status Scenario::setOne(std::string_view path, std::string_view valueText, bool validateNow) {
    const ParamSpec* spec = Schema::builtin().find(path);
    if (!spec && scenario_detail::isPartKnob(path)) { // a part's field (part_knobs.h)
        const json v = scenario_detail::partKnobValue(valueText);
        if (validateNow) return setJson(path, v);
        auto edited = scenario_detail::setPartKnob(parts_, path, v);
        if (!edited) return edited.error();
        parts_ = std::move(*edited);
        return okStatus();
    }
    if (!spec) return unknownParam("<--set>", std::string(path));
    json v;
    std::string text(valueText);
    switch (spec->type) {
    case ParamType::Bool:
        if (text == "true" || text == "1" || text == "on" || text == "yes") v = true;
        else if (text == "false" || text == "0" || text == "off" || text == "no") v = false;
        else return Error{"<--set>", spec->path, "expected true or false, found '" + text + "'"};
        break;
    case ParamType::Int: {
        long long n = 0;
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec != std::errc() || p != text.data() + text.size() || text.empty())
            return Error{"<--set>", spec->path, "expected an integer (" + rangeText(*spec) + "), found '" + text + "'"};
        v = n;
        break;
    }
    case ParamType::Double: {
        double d = 0;
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
        if (ec != std::errc() || p != text.data() + text.size() || text.empty())
            return Error{"<--set>", spec->path, "expected a number (" + rangeText(*spec) + "), found '" + text + "'"};
        if (!std::isfinite(d))
            return Error{"<--set>", spec->path,
                         "expected a finite number (" + rangeText(*spec) + "), found '" + text + "'"};
        v = d;
        break;
    }
    case ParamType::Distribution:
        // "250ns", or the distribution's JSON: --set 'cost.irq_exit_ns={"lognormal": {...}}'
        if (!text.empty() && text.front() == '{') {
            v = json::parse(text, nullptr, false);
            if (v.is_discarded())
                return Error{"<--set>", spec->path,
                             "expected a duration or a distribution in JSON ({\"empirical\": [[\"3us\", 1], ...]}), "
                             "found '" +
                                 text + "'"};
        } else {
            v = text;
        }
        break;
    case ParamType::Duration:
    case ParamType::Enum:
    case ParamType::String: v = text; break;
    }
    if (!validateNow) {
        auto checked = checkValue(*spec, v, "<--set>");
        if (!checked) return checked.error();
        user_[spec->path] = *checked;
        return okStatus();
    }
    return setJson(path, v);
}

Status Scenario::setJson(std::string_view path, const json& value) {
    const ParamSpec* spec = Schema::builtin().find(path);
    if (!spec && scenario_detail::isPartKnob(path)) {
        auto edited = scenario_detail::setPartKnob(parts_, path, value);
        if (!edited) return edited.error();
        std::swap(parts_, *edited);
        if (auto st = validate(); !st) {
            std::swap(parts_, *edited);
            return st;
        }
        return okStatus();
    }
    if (!spec) return unknownParam("<--set>", std::string(path));
    auto v = checkValue(*spec, value, "<--set>");
    if (!v) return v.error();
    json saved = user_;
    user_[spec->path] = *v;
    if (auto st = validate(); !st) {
        user_ = std::move(saved);
        return st;
    }
    return okStatus();
}

Status Scenario::setAll(const std::vector<std::pair<std::string, std::string>>& assignments) {
    json saved = user_, savedParts = parts_;
    auto fail = [&](Error e) {
        user_ = std::move(saved);
        parts_ = std::move(savedParts);
        return e;
    };
    std::map<std::string, std::string, std::less<>> seen;
    for (const auto& [path, text] : assignments) {
        const ParamSpec* spec = Schema::builtin().find(path);
        if (!spec && !scenario_detail::isPartKnob(path)) return fail(unknownParam("<--set>", path));
        if (auto [it, fresh] = seen.emplace(path, text); !fresh)
            return fail(Error{"<--set>", path, "given twice ('" + it->second + "' and '" + text + "'); set it once"});
        // each value on its own (type, range), the combination once at the end
        if (auto st = setOne(path, text, false); !st) return fail(st.error());
    }
    if (auto st = validate(); !st) return fail(st.error());
    return okStatus();
}

void Scenario::unset(std::string_view path) {
    user_.erase(std::string(path));
}

bool Scenario::isUserSet(std::string_view path) const {
    return user_.contains(std::string(path));
}

std::string Scenario::offSwitchFor(std::string_view path) const {
    const auto dot = path.find('.');
    if (dot == std::string_view::npos) return {};
    std::string key(path.substr(0, dot));
    key += ".enabled";
    if (key == path) return {};
    const ParamSpec* sw = Schema::builtin().find(key);
    if (!sw || sw->type != ParamType::Bool || getBool(key)) return {};
    return key;
}

json Scenario::effectiveValue(std::string_view path) const {
    const std::string key(path);
    if (auto it = user_.find(key); it != user_.end()) return *it;
    const Schema& schema = Schema::builtin();
    // Profiles, highest precedence first. A profile parameter itself is never
    // set by a profile, so this recursion is one level deep.
    static constexpr const char* kProfileParams[] = {"machine.platform", "kernel.version"};
    bool isProfileParam = false;
    for (const char* pp : kProfileParams) isProfileParam |= key == pp;
    if (!isProfileParam) {
        for (const char* pp : kProfileParams)
            if (const json* profile = schema.profile(pp, effectiveValue(pp).get<std::string>()))
                if (auto it = profile->find(key); it != profile->end()) return *it;
    }
    const ParamSpec* spec = schema.find(path);
    assert(spec && "engine asked for an undeclared parameter");
    return spec ? spec->defaultValue : json();
}

json Scenario::effective() const {
    json out = json::object();
    out["schema"] = "irqscope.scenario/1";
    out["name"] = name_;
    if (!title_.empty()) out["title"] = title_;
    if (!description_.empty()) out["description"] = description_;
    for (const auto& p : Schema::builtin().params()) {
        json* node = &out;
        std::string_view rest = p.path;
        for (auto dot = rest.find('.'); dot != std::string_view::npos; dot = rest.find('.')) {
            node = &(*node)[std::string(rest.substr(0, dot))];
            rest.remove_prefix(dot + 1);
        }
        (*node)[std::string(rest)] = effectiveValue(p.path);
    }
    for (auto& [list, parts] : parts_.items()) out[list] = parts;
    return out;
}

json Scenario::document() const {
    json out = json::object();
    out["schema"] = "irqscope.scenario/1";
    out["name"] = name_;
    if (!title_.empty()) out["title"] = title_;
    if (!description_.empty()) out["description"] = description_;
    for (auto& [path, value] : user_.items()) {
        json* node = &out;
        std::string_view rest = path;
        for (auto dot = rest.find('.'); dot != std::string_view::npos; dot = rest.find('.')) {
            node = &(*node)[std::string(rest.substr(0, dot))];
            rest.remove_prefix(dot + 1);
        }
        (*node)[std::string(rest)] = value;
    }
    for (auto& [list, parts] : parts_.items()) out[list] = parts;
    return out;
}

Status Scenario::setParts(json parts) {
    if (!parts.is_object())
        return Error{source_.empty() ? "<scenario>" : source_, "", "expected an object of part lists"};
    for (const auto& item : parts.items())
        if (const std::string& list = item.key();
            std::find_if(parts::kPartLists.begin(), parts::kPartLists.end(),
                         [&](const char* known) { return list == known; }) == parts::kPartLists.end())
            return Error{source_.empty() ? "<scenario>" : source_, list,
                         "not a part list; expected devices, workqueues, resources, tasks, sources or probes"};
    std::swap(parts_, parts);
    if (auto st = validate(); !st) {
        std::swap(parts_, parts);
        return st;
    }
    return okStatus();
}

bool Scenario::getBool(std::string_view path) const {
    return effectiveValue(path).get<bool>();
}
std::int64_t Scenario::getInt(std::string_view path) const {
    return effectiveValue(path).get<std::int64_t>();
}
double Scenario::getDouble(std::string_view path) const {
    return effectiveValue(path).get<double>();
}
std::string Scenario::getString(std::string_view path) const {
    return effectiveValue(path).get<std::string>();
}
Time Scenario::getDuration(std::string_view path) const {
    const json v = effectiveValue(path);
    if (!v.is_object()) return v.get<Time>();
    auto d = parts::readDistribution(v, source_, std::string(path)); // checked when it was set
    return d ? d->mean() : 0;
}

json Scenario::getDistribution(std::string_view path) const {
    json v = effectiveValue(path);
    return v.is_object() ? v : json();
}

Result<CheckedScenario> checkScenario(const Scenario& s) {
    const std::string file = s.source().empty() ? "<scenario>" : s.source();
    if (s.getString("gic.masking") == "active-bit" && s.getInt("gic.eoimode") != 1)
        return Error{file, "gic.masking",
                     "'active-bit' masking keeps the line masked by its active bit between priority drop and "
                     "deactivate, which needs gic.eoimode=1 (found gic.eoimode=" +
                         std::to_string(s.getInt("gic.eoimode")) + ")"};
    const auto cpus = s.getInt("machine.cpus");
    if (s.getInt("machine.little_cpus") > cpus)
        return Error{file, "machine.little_cpus",
                     "expected at most machine.cpus (" + std::to_string(cpus) + "), found " +
                         std::to_string(s.getInt("machine.little_cpus"))};
    CheckedScenario c;
    c.devices = devices::readDeviceParams(s);
    if (auto problem = devices::checkDeviceParams(c.devices, static_cast<int>(cpus)))
        return Error{file, problem->path, problem->message};
    if (s.getDuration("kernel.sched.rt_runtime_ns") > s.getDuration("kernel.sched.rt_period_ns"))
        return Error{file, "kernel.sched.rt_runtime_ns", "expected at most kernel.sched.rt_period_ns"};
    auto p = parts::readParts(s.parts(), file, static_cast<int>(cpus));
    if (!p) return p.error();
    c.parts = std::move(*p);
    for (const auto& src : c.parts.sources)
        for (const auto& wired : devices::wiredSpis(c.devices))
            if (src.intid == wired.intid)
                return Error{file, src.path + ".intid",
                             "INTID " + std::to_string(src.intid) + " is the line of " + wired.device + " (" +
                                 wired.param + "); choose another SPI"};
    // napi steps share net_rx_action's budget with the built-in card (net/core/dev.c)
    c.parts.netdevBudget = s.getInt("net.netdev_budget");
    c.parts.netdevBudgetNs = s.getDuration("net.netdev_budget_ns");
    if (c.devices.nvme.enabled)
        for (const auto& d : c.parts.devices)
            if (d.model == parts::DevicePart::Model::Nvme)
                if (const std::string field = devices::cmdqMismatch(c.devices.smmu, d.smmu); !field.empty())
                    return Error{file, d.path + "." + field,
                                 "the machine has one SMMU command queue, shared by the tree's NVMe (nvme.enabled) "
                                 "and every placed one; its cost differs from " +
                                     field + "'s"};
    return c;
}

Status Scenario::validate() const {
    if (auto c = checkScenario(*this); !c) return c.error();
    return okStatus();
}

} // namespace irqscope
