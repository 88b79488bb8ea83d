// Checking parameter values against the schema, shared by the scenario reader
// and --set: each function returns the normalised value or an Error that names
// the file and the parameter.
#pragma once

#include "irqscope/scenario.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace irqscope::detail {

// A short description of a JSON value for error messages ("the string 'x'").
std::string describeJson(const nlohmann::json& v);
// "MIN to MAX unit" of a numeric or duration parameter.
std::string rangeText(const ParamSpec& p);
// Checks one value against its spec and returns it normalised (durations to ns).
Result<nlohmann::json> checkValue(const ParamSpec& p, const nlohmann::json& v, const std::string& file);
// "unknown parameter", with the nearest known names as a suggestion.
Error unknownParam(const std::string& file, const std::string& path);
// Walks the nested document, collecting leaves as flat "a.b.c" paths.
Status flatten(const nlohmann::json& node, const std::string& prefix, const std::string& file, nlohmann::json& out);
// "line L, column C" of a byte offset.
std::string lineColumn(std::string_view text, std::size_t byte);

} // namespace irqscope::detail
