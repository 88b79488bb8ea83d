// The parameter schema: the built-in table of parameters and the profiles
// (kernel.version, machine.platform) that set several of them at once.
#include "irqscope/scenario.h"

#include "schema_table.h"

namespace irqscope {

using nlohmann::json;

const char* paramTypeId(ParamType t) {
    switch (t) {
    case ParamType::Bool: return "bool";
    case ParamType::Int: return "int";
    case ParamType::Double: return "number";
    case ParamType::Enum: return "enum";
    case ParamType::String: return "string";
    case ParamType::Duration: return "duration";
    case ParamType::Distribution: return "distribution";
    }
    return "?";
}

// ---------------------------------------------------------------- Schema
Schema::Schema() : params_(detail::builtinParams()), profiles_(detail::builtinProfiles()) {}

const Schema& Schema::builtin() {
    static const Schema schema; // immutable after construction: safe to share
    return schema;
}

const ParamSpec* Schema::find(std::string_view path) const {
    for (const auto& p : params_)
        if (p.path == path) return &p;
    return nullptr;
}

std::vector<std::string> Schema::platforms() const {
    std::vector<std::string> v;
    for (auto& [k, _] : profiles_.at("machine.platform").items()) v.push_back(k);
    return v;
}

const json* Schema::platformProfile(std::string_view name) const {
    return profile("machine.platform", name);
}

const json* Schema::profile(std::string_view param, std::string_view value) const {
    auto byParam = profiles_.find(std::string(param));
    if (byParam == profiles_.end()) return nullptr;
    auto it = byParam->find(std::string(value));
    return it == byParam->end() ? nullptr : &*it;
}

} // namespace irqscope
