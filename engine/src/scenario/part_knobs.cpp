#include "scenario/part_knobs.h"

#include "parts/parts.h"

#include <charconv>

namespace irqscope::scenario_detail {

using nlohmann::json;

namespace {

const char* listOf(std::string_view path) {
    for (const char* list : parts::kPartLists) {
        const std::string_view l = list;
        if (path.size() > l.size() && path.starts_with(l) && (path[l.size()] == '.' || path[l.size()] == '['))
            return list;
    }
    return nullptr;
}

bool isIndex(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

std::size_t toIndex(std::string_view s) {
    std::size_t n = 0;
    std::from_chars(s.data(), s.data() + s.size(), n);
    return n;
}

} // namespace

bool isPartKnob(std::string_view path) {
    return listOf(path) != nullptr;
}

json partKnobValue(std::string_view text) {
    json v = json::parse(text, nullptr, false);
    if (v.is_discarded()) return std::string(text);
    return v;
}

Result<json> setPartKnob(const json& parts, std::string_view path, const json& value) {
    const std::string where(path);
    const char* list = listOf(path);
    if (!list) return Error{"<--set>", where, "not a part's field"};
    std::string_view rest = path.substr(std::string_view(list).size());
    // the part: [name], [index] or .name
    std::string_view which;
    if (rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos) return Error{"<--set>", where, "expected ']' after the part's name"};
        which = rest.substr(1, close - 1);
        rest.remove_prefix(close + 1);
    } else {
        rest.remove_prefix(1);
        const auto end = rest.find_first_of(".[");
        which = rest.substr(0, end);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
    }
    const json* items = parts.contains(list) ? &parts[list] : nullptr;
    const std::size_t n = items && items->is_array() ? items->size() : 0;
    std::size_t index = n;
    if (isIndex(which)) {
        index = toIndex(which);
    } else {
        for (std::size_t i = 0; i < n; ++i)
            if ((*items)[i].is_object() && (*items)[i].value("name", json()) == std::string(which)) index = i;
    }
    if (index >= n) {
        std::string names;
        for (std::size_t i = 0; i < n; ++i)
            if ((*items)[i].is_object() && (*items)[i].contains("name"))
                names += (names.empty() ? "" : ", ") + (*items)[i]["name"].dump();
        return Error{"<--set>", where,
                     "the scenario has no part '" + std::string(which) + "' in " + list +
                         (names.empty() ? " (it declares none)" : " (it has " + names + ")")};
    }
    if (rest.empty()) return Error{"<--set>", where, "expected a field of the part after its name (.arrival, .cost)"};
    // the field: .key and [i], as an error's path writes it
    std::string pointer = "/" + std::string(list) + "/" + std::to_string(index);
    while (!rest.empty()) {
        std::string_view token;
        if (rest.front() == '.') {
            rest.remove_prefix(1);
            const auto end = rest.find_first_of(".[");
            token = rest.substr(0, end);
            rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
        } else if (rest.front() == '[') {
            const auto close = rest.find(']');
            if (close == std::string_view::npos || !isIndex(rest.substr(1, close - 1)))
                return Error{"<--set>", where, "expected [n], a list index"};
            token = rest.substr(1, close - 1);
            rest.remove_prefix(close + 1);
        } else {
            return Error{"<--set>", where,
                         "expected .field or [n] after '" + where.substr(0, where.size() - rest.size()) + "'"};
        }
        if (token.empty()) return Error{"<--set>", where, "an empty field name"};
        std::string escaped(token); // RFC 6901: ~ and / inside a key
        for (std::size_t p = 0; (p = escaped.find('~', p)) != std::string::npos; p += 2) escaped.replace(p, 1, "~0");
        for (std::size_t p = 0; (p = escaped.find('/', p)) != std::string::npos; p += 2) escaped.replace(p, 1, "~1");
        pointer += "/" + escaped;
    }
    json edited = parts;
    try {
        edited[json::json_pointer(pointer)] = value;
    } catch (const json::exception&) {
        return Error{"<--set>", where,
                     "the part has no such place: a list index past its end, or a field below a value"};
    }
    return edited;
}

} // namespace irqscope::scenario_detail
