// What the Parts tab of the what-if panel does to a scenario's part lists
// (docs/scenarios.md), without widgets: add a part with a fresh name, duplicate
// one, remove one, set one field from the text typed into its form row. Every
// change is checked by the engine (Scenario::setParts(), the same reader as a
// file): the result is the edited scenario or the engine's error, which names
// the file and the JSON path ("sources[0].handler.cost"). Nothing is ever
// defaulted silently: text that is not a value of the field's kind goes to the
// engine as a string, and the engine says what it expected.
//
// A form row edits one value of a part, addressed by a JSON pointer below the
// part ("/handler/cost"); an empty text removes the key, so the engine's
// default applies (the row's placeholder says which).
#pragma once

#include "irqscope/scenario.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace irqscope::app {

// The part lists as the panel shows them (sources first: what a driver
// developer comes for; the built-in device models placed as parts last).
inline constexpr const char* kPartListOrder[] = {"sources", "tasks", "workqueues", "resources", "probes", "devices"};

enum class FieldKind {
    Name,  // a non-empty string
    Text,  // a string ("msi", a file name)
    Value, // a number, a duration ("3us" or ns) or a distribution ({"uniform": [...]})
    Bool,  // a check box
    Enum,  // one of `choices`
    Cpus,  // "0, 2" or "[0, 2]"
    Json,  // any JSON, several lines (chains, phases)
    Form,  // the one key of an object, chosen from `choices` (an arrival's kind); a new choice puts
           // formTemplate(choice) in its place
    Named, // a name, written "g" or {"name": "g", ...} (a task's group): the row shows and sets the
           // name, the object's other keys stay as they are
};

// A row's placeholder that is the engine's default for the field; in a longer
// placeholder ("%1 (fifo, rr)") "%1" stands for it too (placeholderText()).
inline constexpr const char* kEngineDefault = "%1";

struct PartField {
    const char* pointer; // JSON pointer below the part: "/handler/cost"
    FieldKind kind;
    const char* label;            // untranslated (PartEditor translates it)
    const char* help;             // untranslated one-line explanation
    const char* placeholder = ""; // untranslated; "%1": the engine's default (kEngineDefault)
    std::vector<const char*> choices = {};
    const char* showIf = nullptr; // shown only when this pointer exists in the part
    const char* model = nullptr;  // devices: shown only for a part of this model
};

// The engine's default of a row's field as the row would show it ("16", "70 µs",
// "hardirq"; irqscope/part_defaults.h), "" when the field has none.
QString engineDefaultText(const std::string& list, const PartField& f);
// The row's placeholder, translated, with the engine's default in place of "%1".
QString placeholderText(const std::string& list, const PartField& f);

// A Form row's new value for a choice: {"poisson": {"rate_hz": 1000}}, …
nlohmann::json formTemplate(const std::string& choice);

// The form rows of one list ("sources", ...), in order.
const std::vector<PartField>& partFields(const std::string& list);

// The text a row shows for a value, and the value a row's text stands for.
// Text that does not read as the kind's value is passed on as a string for
// the engine to refuse with its own message. A syntax error in a JSON row is
// returned as an error text.
QString textOfValue(FieldKind kind, const nlohmann::json& v);
struct ParsedText {
    std::optional<nlohmann::json> value; // none: remove the key
    QString syntaxError;                 // JSON rows only
    bool nameOnly = false;               // Named rows: an object in place keeps its other keys
};
ParsedText valueOfText(FieldKind kind, const QString& text);

// Where an engine error points: the part ("sources", 1) and the path below it
// ("then[0].wake"); nullopt when it is not inside a part.
struct PartPath {
    std::string list;
    std::size_t index = 0;
    std::string field; // "" for the part itself
};
std::optional<PartPath> partOfErrorPath(const std::string& where);
// Does an error at `field` ("arrival.poisson.rate_hz", "cpus[1]") belong to the
// row at `pointer` ("/arrival")?
bool fieldCovers(const char* pointer, const std::string& field);
// The engine's way of naming a row: "sources[0].handler.cost".
std::string errorPath(const std::string& list, std::size_t index, const char* pointer);

class PartsModel {
public:
    PartsModel() = default;
    explicit PartsModel(const Scenario& s) : scenario_(s) {}

    const Scenario& scenario() const { return scenario_; }
    const nlohmann::json& lists() const { return scenario_.parts(); }
    std::size_t count(const std::string& list) const;
    const nlohmann::json* part(const std::string& list, std::size_t index) const;
    QString name(const std::string& list, std::size_t index) const;
    // A name used by no part of any list: `base`, else base-2, base-3, …
    std::string freshName(const std::string& base) const;

    // Each returns the index of the part it made, or the engine's error; on
    // error the scenario is unchanged.
    Result<std::size_t> add(const std::string& list);
    Result<std::size_t> duplicate(const std::string& list, std::size_t index);
    Status remove(const std::string& list, std::size_t index);
    Status setField(const std::string& list, std::size_t index, const char* pointer, const ParsedText& value);
    Status replacePart(const std::string& list, std::size_t index, nlohmann::json part);

private:
    Status apply(nlohmann::json lists);
    Scenario scenario_;
};

// The names of a scenario's probes, in the order declared: the latency series
// the user asked for (the metrics panel and the run list show them first).
std::vector<std::string> probeNames(const Scenario& s);

} // namespace irqscope::app
