// The names every part list declares, collected before any part is read so a
// part may refer to one declared later in the file ("then": {"wake": "server"}
// before the task "server"). A reader checks each reference with `has()`.
#pragma once

#include "irqscope/result.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>

namespace irqscope::parts {

class PartNames {
public:
    // Collects the "name" of every entry of every list; the first entry with
    // no name, a name that is not a non-empty string, or a name used twice in
    // one list is the error.
    static Result<PartNames> collect(const nlohmann::json& lists, const std::string& source);

    // Is `name` declared in `list` ("tasks", "workqueues", ...)?
    bool has(const std::string& list, const std::string& name) const;
    // "expected the name of one of the scenario's tasks (server, client), found 'x'"
    std::string expected(const std::string& list, const std::string& found) const;

private:
    std::map<std::string, std::set<std::string>> names_;
};

// Error helpers shared by the part readers: the JSON path of a field and the
// message for a value of the wrong shape.
std::string jsonPath(const std::string& list, std::size_t index, const std::string& field = {});
std::string describeValue(const nlohmann::json& v);

} // namespace irqscope::parts
