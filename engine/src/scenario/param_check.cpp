// Parameter values against the schema: type, range, choices, durations, and
// error messages that name the file and the parameter (with a suggestion for
// a misspelt name).
#include "param_check.h"

#include "parts/distribution.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace irqscope::detail {

using nlohmann::json;

static std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string describeJson(const json& v) {
    // Containers are named, not dumped: dump() recurses, and 100,000 nested
    // arrays overflowed the stack (found by the bad-input tests).
    if (v.is_object()) return "an object";
    if (v.is_array()) return "an array";
    // dump() prints NaN and infinity as null: say what it is
    if (v.is_number_float() && !std::isfinite(v.get<double>()))
        return std::isnan(v.get<double>()) ? "NaN (not a number)" : "an infinite number";
    std::string s = v.dump();
    if (s.size() > 60) s = s.substr(0, 57) + "...";
    switch (v.type()) {
    case json::value_t::string: return "the string " + s;
    case json::value_t::boolean: return "the boolean " + s;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "the integer " + s;
    case json::value_t::number_float: return "the number " + s;
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::null: return "null";
    default: return s;
    }
}

std::string rangeText(const ParamSpec& p) {
    std::ostringstream o;
    if (p.type == ParamType::Duration || p.type == ParamType::Distribution)
        o << formatDuration(static_cast<Time>(p.min)) << " to " << formatDuration(static_cast<Time>(p.max));
    else o << p.min << " to " << p.max;
    if (!p.unit.empty() && p.type != ParamType::Duration && p.type != ParamType::Distribution) o << " " << p.unit;
    return o.str();
}

static std::string choicesText(const ParamSpec& p) {
    std::string s;
    for (std::size_t i = 0; i < p.choices.size(); ++i) {
        if (i) s += i + 1 == p.choices.size() ? " or " : ", ";
        s += "'" + p.choices[i] + "'";
    }
    return s;
}

// A Distribution parameter's plain value is checked as the duration it is.
static ParamSpec asDuration(const ParamSpec& p) {
    ParamSpec d = p;
    d.type = ParamType::Duration;
    return d;
}

// Checks one value against its spec and returns it normalised (durations to ns).
Result<json> checkValue(const ParamSpec& p, const json& v, const std::string& file) {
    auto fail = [&](std::string msg) { return Error{file, p.path, std::move(msg)}; };
    switch (p.type) {
    case ParamType::Bool:
        if (!v.is_boolean()) return fail("expected true or false, found " + describeJson(v));
        return v;
    case ParamType::Int: {
        if (!v.is_number()) return fail("expected an integer (" + rangeText(p) + "), found " + describeJson(v));
        double d = v.get<double>();
        if (v.is_number_float() && d != std::floor(d))
            return fail("expected an integer (" + rangeText(p) + "), found " + describeJson(v));
        if (d < p.min || d > p.max) return fail("expected " + rangeText(p) + ", found " + v.dump());
        return json(static_cast<long long>(d));
    }
    case ParamType::Double: {
        if (!v.is_number()) return fail("expected a number (" + rangeText(p) + "), found " + describeJson(v));
        double d = v.get<double>();
        if (!std::isfinite(d) || d < p.min || d > p.max)
            return fail("expected " + rangeText(p) + ", found " + describeJson(v));
        return json(d);
    }
    case ParamType::Distribution: {
        if (!v.is_object()) return checkValue(asDuration(p), v, file);
        auto d = parts::readDistribution(v, file, p.path);
        if (!d) return d.error();
        const Time mean = d->mean();
        if (double(mean) < p.min || double(mean) > p.max)
            return fail("expected a distribution whose mean is from " + rangeText(p) + ", found a mean of " +
                        formatDuration(mean));
        // {"fixed": d} is the duration d: nothing to draw
        if (d->kind == parts::Distribution::Kind::Fixed) return json(d->a);
        return v;
    }
    case ParamType::Duration: {
        std::optional<Time> ns;
        if (v.is_number_integer() || v.is_number_unsigned()) {
            if (v.is_number_unsigned() && v.get<unsigned long long>() > 9'000'000'000'000'000'000ull)
                return fail("duration too large: " + v.dump());
            ns = v.get<long long>();
        } else if (v.is_number_float()) {
            double d = v.get<double>();
            if (std::isfinite(d) && d >= 0 && d < 9e18) ns = static_cast<Time>(std::llround(d));
        } else if (v.is_string()) {
            ns = parseDuration(v.get<std::string>());
            if (!ns) return fail("expected a duration such as 500us, 2ms or 1s, found " + describeJson(v));
        } else {
            return fail("expected a duration in ns or a string such as \"500us\", found " + describeJson(v));
        }
        if (!ns || double(*ns) < p.min || double(*ns) > p.max)
            return fail("expected a duration from " + rangeText(p) + ", found " + v.dump());
        return json(*ns);
    }
    case ParamType::Enum: {
        if (!v.is_string()) return fail("expected one of " + choicesText(p) + ", found " + describeJson(v));
        auto s = v.get<std::string>();
        if (std::find(p.choices.begin(), p.choices.end(), s) == p.choices.end())
            return fail("expected one of " + choicesText(p) + ", found '" + s + "'");
        return v;
    }
    case ParamType::String:
        if (!v.is_string()) return fail("expected a string, found " + describeJson(v));
        return v;
    }
    return fail("internal: unknown parameter type");
}

Error unknownParam(const std::string& file, const std::string& path) {
    const auto& params = Schema::builtin().params();
    std::string best;
    std::size_t bestD = 4;
    for (const auto& p : params) {
        // The distance is at least the length difference: skip what cannot
        // win, so a 26 KB key (found by fuzzing: seconds per key before) costs
        // nothing.
        const std::size_t lenDiff =
            path.size() > p.path.size() ? path.size() - p.path.size() : p.path.size() - path.size();
        if (lenDiff >= bestD) continue;
        std::size_t d = editDistance(path, p.path);
        if (d < bestD) bestD = d, best = p.path;
    }
    const std::string shown = path.size() > 80 ? path.substr(0, 77) + "..." : path;
    std::string msg = "unknown parameter '" + shown + "'";
    if (!best.empty()) msg += "; did you mean '" + best + "'?";
    else msg += "; `irqscope-cli describe` lists every parameter";
    return Error{file, shown, msg};
}

static bool isGroupPrefix(const std::string& prefix) {
    for (const auto& p : Schema::builtin().params())
        if (p.path.size() > prefix.size() && p.path.compare(0, prefix.size(), prefix) == 0 &&
            p.path[prefix.size()] == '.')
            return true;
    return false;
}

// Walks the nested document, collecting leaves as flat "a.b.c" paths.
Status flatten(const json& node, const std::string& prefix, const std::string& file, json& out) {
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (const ParamSpec* spec = Schema::builtin().find(path)) {
            auto v = checkValue(*spec, it.value(), file);
            if (!v) return v.error();
            // "machine.cpus": 4 beside "machine": {"cpus": 8}: which one was meant?
            if (out.contains(path))
                return Error{file, path, "given twice (as a dotted key and inside its group); set it once"};
            out[path] = *v;
        } else if (isGroupPrefix(path)) {
            if (!it.value().is_object())
                return Error{file, path, "expected an object of parameters, found " + describeJson(it.value())};
            auto st = flatten(it.value(), path, file, out);
            if (!st) return st;
        } else {
            return unknownParam(file, path);
        }
    }
    return okStatus();
}

std::string lineColumn(std::string_view text, std::size_t byte) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') ++line, col = 1;
        else ++col;
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

} // namespace irqscope::detail
