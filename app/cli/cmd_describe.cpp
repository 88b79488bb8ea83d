// irqscope-cli presets, describe: what there is to simulate and to change.
#include "commands.h"
#include "scenario_args.h"
#include "table.h"

#include "irqscope/presets.h"
#include "irqscope/scenario.h"

#include <cstdio>
#include <iostream>

namespace irqscope::cli {

namespace {
bool isDuration(const ParamSpec& p) {
    return p.type == ParamType::Duration || p.type == ParamType::Distribution;
}

// For a person durations read "200.00 ms"; for a script they stay nanoseconds.
std::string valueText(const ParamSpec& p, const nlohmann::json& v, bool human) {
    if (human && isDuration(p) && v.is_number_integer()) return formatDuration(v.get<Time>());
    if (v.is_string()) return v.get<std::string>();
    return v.dump();
}

std::string rangeText(const ParamSpec& p, bool human) {
    if (p.type == ParamType::Enum) {
        std::string s;
        for (const auto& c : p.choices) s += (s.empty() ? "" : "|") + c;
        return s;
    }
    if (p.type == ParamType::Bool) return "true|false";
    if (!p.hasRange) return "";
    if (isDuration(p) && human)
        return formatDuration(static_cast<Time>(p.min)) + ".." + formatDuration(static_cast<Time>(p.max));
    auto num = [&](double v) {
        char b[32];
        if (p.type == ParamType::Int || isDuration(p)) std::snprintf(b, sizeof b, "%lld", static_cast<long long>(v));
        else std::snprintf(b, sizeof b, "%.15g", v);
        return std::string(b);
    };
    return num(p.min) + ".." + num(p.max);
}
} // namespace

int cmdPresets(Args& a) {
    TableFormat format = TableFormat::Text;
    while (!a.empty()) {
        const std::string flag = a.take();
        if (flag == "--format") format = parseTableFormat(a.value(flag));
        else throw UsageError{"takes no arguments but --format, found '" + flag + "'"};
    }
    if (format == TableFormat::Text) { // name TAB title: the form scripts have always read
        for (const auto& p : listPresets()) std::printf("%s\t%s\n", p.name.c_str(), p.title.c_str());
        return 0;
    }
    Table t;
    t.columns = {"name", "title"};
    for (const auto& p : listPresets()) t.rows.push_back({p.name, p.title});
    std::fputs(formatTable(t, format).c_str(), stdout);
    return 0;
}

// describe --params: every parameter of the schema as a table; with a preset
// or file, its effective value too. Without --params: the effective scenario.
int cmdDescribe(Args& a) {
    bool params = false;
    std::optional<TableFormat> format;
    std::vector<std::string> rest;
    // --params and --format may come anywhere; the rest is PRESET|FILE --set ...
    std::vector<std::string> words;
    while (!a.empty()) {
        std::string w = a.take();
        if (w == "--params") params = true;
        else if (w == "--format") format = parseTableFormat(a.value(w));
        else words.push_back(std::move(w));
    }
    if (format && !params) throw UsageError{"--format applies to describe --params (the scenario is JSON)"};
    std::optional<Scenario> scenario;
    if (!words.empty() || !params) {
        Args sub(words);
        ScenarioArgs sa;
        if (int rc = sa.parse(sub, false); rc != 0) return rc;
        scenario = std::move(sa.scenario);
    }
    if (!params) {
        std::cout << scenario->effective().dump(2) << "\n";
        return 0;
    }
    const bool human = format.value_or(TableFormat::Text) == TableFormat::Text;
    Table t;
    t.columns = {"path", "type", "default", "range", "unit", "doc"};
    t.numeric = {false, false, !human, false, false, false}; // JSON: numbers stay numbers
    if (scenario) {
        t.columns.insert(t.columns.begin() + 3, "value");
        t.numeric.insert(t.numeric.begin() + 3, !human);
    }
    const nlohmann::json effective = scenario ? scenario->effective() : nlohmann::json();
    for (const auto& p : Schema::builtin().params()) {
        std::vector<std::string> row = {
            p.path, paramTypeId(p.type), valueText(p, p.defaultValue, human), rangeText(p, human), p.unit, p.doc};
        if (scenario) {
            std::string ptr = "/" + p.path;
            for (auto& c : ptr)
                if (c == '.') c = '/';
            const auto jp = nlohmann::json::json_pointer(ptr);
            row.insert(row.begin() + 3, effective.contains(jp) ? valueText(p, effective.at(jp), human) : "");
        }
        t.rows.push_back(std::move(row));
    }
    std::fputs(formatTable(t, format.value_or(TableFormat::Text)).c_str(), stdout);
    return 0;
}

} // namespace irqscope::cli
