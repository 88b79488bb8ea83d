#include "parts/part_names.h"

#include "parts/parts.h"

namespace irqscope::parts {

using nlohmann::json;

std::string jsonPath(const std::string& list, std::size_t index, const std::string& field) {
    std::string p = list + "[" + std::to_string(index) + "]";
    if (!field.empty()) p += (field.front() == '[' ? "" : ".") + field;
    return p;
}

std::string describeValue(const json& v) {
    switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case json::value_t::string: return "the string \"" + v.get<std::string>() + "\"";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    default: return "the number " + v.dump();
    }
}

Result<PartNames> PartNames::collect(const json& lists, const std::string& source) {
    PartNames n;
    for (const char* list : kPartLists) {
        auto& names = n.names_[list];
        auto it = lists.find(list);
        if (it == lists.end()) continue;
        if (!it->is_array()) return Error{source, list, "expected an array of parts, found " + describeValue(*it)};
        for (std::size_t i = 0; i < it->size(); ++i) {
            const json& part = (*it)[i];
            if (!part.is_object())
                return Error{source, jsonPath(list, i), "expected an object, found " + describeValue(part)};
            auto name = part.find("name");
            if (name == part.end()) return Error{source, jsonPath(list, i, "name"), "every part needs a name"};
            if (!name->is_string() || name->get<std::string>().empty())
                return Error{source, jsonPath(list, i, "name"),
                             "expected a non-empty string, found " + describeValue(*name)};
            if (!names.insert(name->get<std::string>()).second)
                return Error{source, jsonPath(list, i, "name"),
                             "the name '" + name->get<std::string>() + "' is already used in " + list};
        }
    }
    return n;
}

bool PartNames::has(const std::string& list, const std::string& name) const {
    auto it = names_.find(list);
    return it != names_.end() && it->second.contains(name);
}

std::string PartNames::expected(const std::string& list, const std::string& found) const {
    // "sources or devices": the names of both lists (a task's submit names either).
    std::string known;
    auto add = [&](const std::string& l) {
        if (auto it = names_.find(l); it != names_.end())
            for (const auto& n : it->second) known += (known.empty() ? "" : ", ") + n;
    };
    if (list == "sources or devices") {
        add("sources");
        add("devices");
    } else {
        add(list);
    }
    return "expected the name of one of the scenario's " + list + " (" + (known.empty() ? "none declared" : known) +
           "), found '" + found + "'";
}

} // namespace irqscope::parts
