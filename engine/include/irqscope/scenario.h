// A scenario: the machine, interrupt controller, devices, kernel policies and
// workloads of one run, as a tree of named parameters ("gic.eoimode",
// "gpu.bottom_half", "load.hogs"). Every parameter is declared once in the
// schema (type, default, range or choices, unit, group, one-line explanation of
// the kernel mechanism); the parser, the validator, `--set`, `describe`, the
// GUI's knob panel and the docs all read that one table.
//
// Effective value of a parameter, lowest to highest precedence:
//   schema default < platform profile (machine.platform) < scenario file < --set
// The scenario keeps what the user wrote (sparse) apart from the effective tree,
// so switching machine.platform re-derives every value the user did not set.
#pragma once

#include "irqscope/result.h"
#include "irqscope/time.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace irqscope::parts::rtapp {
struct Import;
}

namespace irqscope {

// Distribution: a duration, or a distribution of durations in the parts'
// syntax ({"empirical": [[v, w], ...]}, lognormal, ...: docs/scenarios.md),
// drawn at each use. Its range bounds the plain duration and the mean.
enum class ParamType : std::uint8_t { Bool, Int, Double, Enum, String, Duration, Distribution };
const char* paramTypeId(ParamType t);

struct ParamSpec {
    std::string path; // "gic.eoimode"
    ParamType type = ParamType::Int;
    nlohmann::json defaultValue;
    double min = 0, max = 0; // for Int/Double/Duration when hasRange
    bool hasRange = false;
    std::vector<std::string> choices; // for Enum
    std::string unit;                 // "ns", "CPUs", "Hz", ... ("" when none)
    std::string group;                // "Machine", "Interrupt controller", ...
    std::string doc;                  // one line: the kernel mechanism this controls
};

class Schema {
public:
    static const Schema& builtin();
    const std::vector<ParamSpec>& params() const { return params_; }
    const ParamSpec* find(std::string_view path) const;
    // Platform profile names (values of machine.platform) and their overrides.
    std::vector<std::string> platforms() const;
    const nlohmann::json* platformProfile(std::string_view name) const;
    // Values a profile parameter ("machine.platform", "kernel.version") sets.
    const nlohmann::json* profile(std::string_view param, std::string_view value) const;

private:
    Schema();
    std::vector<ParamSpec> params_;
    nlohmann::json profiles_;
};

class Scenario {
public:
    Scenario(); // all defaults

    // Parse a scenario document. `source` names the file in error messages.
    static Result<Scenario> fromJsonText(std::string_view text, std::string source);
    static Result<Scenario> fromFile(const std::string& path);

    // --set path=value. The value text is read according to the parameter's type
    // ("true", "250", "2.5", "tasklet", "500us").
    Status set(std::string_view path, std::string_view valueText);
    Status setJson(std::string_view path, const nlohmann::json& value);
    // Several --set values at once: each is checked on its own, the cross-field
    // rules once for the result, so the order of the flags does not matter
    // (gic.masking=active-bit before gic.eoimode=1 is fine). A path given twice
    // is an error. On error nothing is changed.
    Status setAll(const std::vector<std::pair<std::string, std::string>>& assignments);
    // Remove a user value so the effective value falls back to profile/default.
    void unset(std::string_view path);

    const std::string& name() const { return name_; }
    const std::string& title() const { return title_; }
    const std::string& description() const { return description_; }
    const std::string& source() const { return source_; }
    void setName(std::string n) { name_ = std::move(n); }
    // The rt-app task set the tasks came from: source() itself when the file is
    // rt-app's, the scenario's "rtapp" reference otherwise; empty when none.
    // (Saving writes the translated parts in the scenario language.)
    const std::string& rtappFile() const { return rtapp_; }

    // The full effective tree, every parameter included (what `describe` prints,
    // and what "Save scenario" writes when asked for everything).
    nlohmann::json effective() const;
    // The document as the user wrote it (name, title, description, set values).
    nlohmann::json document() const;

    // Typed access to effective values; the path must exist in the schema and
    // have that type (asserted: the engine only asks for declared parameters).
    bool getBool(std::string_view path) const;
    std::int64_t getInt(std::string_view path) const;
    double getDouble(std::string_view path) const;
    std::string getString(std::string_view path) const; // String and Enum
    Time getDuration(std::string_view path) const;      // a Distribution parameter: its mean
    // A Distribution parameter given as a distribution: its JSON as written;
    // null when it is a plain duration (then nothing is drawn).
    nlohmann::json getDistribution(std::string_view path) const;
    bool isUserSet(std::string_view path) const;
    // The switch that turns `path`'s device off ("net.enabled" for
    // "net.rate_hz") when that switch is false here, else "": setting such a
    // parameter changes nothing, which a user must be told.
    std::string offSwitchFor(std::string_view path) const;

    // The scenario's own parts: {"workqueues": [...], "resources": [...],
    // "tasks": [...], "sources": [...], "probes": [...]} (lists it does not
    // declare are absent). Each part has a name; see docs/scenarios.md.
    const nlohmann::json& parts() const { return parts_; }
    // Replace the part lists; checked with the parameters (validate()), and on
    // error nothing is changed.
    Status setParts(nlohmann::json parts);

    // Cross-field rules (e.g. gic.masking=active-bit needs gic.eoimode=1) and
    // every part and its references.
    Status validate() const;

private:
    static Result<Scenario> fromRtapp(const parts::rtapp::Import& imported, std::string source);
    Status setOne(std::string_view path, std::string_view valueText, bool validateNow);

    std::string name_, title_, description_, source_, rtapp_;
    nlohmann::json user_ = nlohmann::json::object();  // flat: path -> value
    nlohmann::json parts_ = nlohmann::json::object(); // part lists as written
    nlohmann::json effectiveValue(std::string_view path) const;
};

} // namespace irqscope
