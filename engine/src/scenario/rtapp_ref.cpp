#include "rtapp_ref.h"

#include "param_check.h"
#include "parts/rtapp_import.h"

#include "irqscope/time.h"

#include <optional>

namespace irqscope::detail {

using nlohmann::json;

namespace {

// Each thread named in `start` gets that initial delay. The importer makes
// one task per rt-app thread, named as rt-app names it ("<task>-<index>").
Status applyStart(const json& start, const std::string& source, const std::string& file, json& tasks) {
    const std::string at = "rtapp.start";
    if (!start.is_object())
        return Error{source, at,
                     "expected an object {\"<thread>\": <initial delay>, ...}, found " + describeJson(start)};
    for (const auto& [thread, v] : start.items()) {
        std::optional<Time> d;
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0) d = v.get<Time>();
        else if (v.is_string()) d = parseDuration(v.get<std::string>());
        if (!d || *d < 0)
            return Error{source, at + "." + thread,
                         "expected a duration (\"2us\", \"1.5ms\" or ns as an integer), found " + describeJson(v)};
        json* task = nullptr;
        std::string all;
        for (json& t : tasks) {
            const std::string name = t.value("name", "");
            all += (all.empty() ? "" : ", ") + name;
            if (name == thread) task = &t;
        }
        if (!task)
            return Error{source, at + "." + thread,
                         "no thread of " + file + " has this name; its threads are " + (all.empty() ? "none" : all)};
        (*task)["delay"] = *d;
    }
    return okStatus();
}

std::string directoryOf(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

} // namespace

Status mergeRtapp(const json& ref, const std::string& source, json& parts, std::string& file) {
    const json* path = &ref;
    const json* start = nullptr;
    if (ref.is_object()) {
        for (const auto& [key, v] : ref.items())
            if (key != "file" && key != "start")
                return Error{source, "rtapp." + key, "unknown field; an rt-app reference has \"file\" and \"start\""};
        if (!ref.contains("file")) return Error{source, "rtapp.file", "missing: the path of the rt-app file"};
        path = &ref["file"];
        if (ref.contains("start")) start = &ref["start"];
    }
    const std::string at = ref.is_object() ? "rtapp.file" : "rtapp";
    if (!path->is_string() || path->get<std::string>().empty())
        return Error{source, at, "expected the path of an rt-app file, found " + describeJson(*path)};
    file = path->get<std::string>();
    std::string full = file;
    if (full.front() != '/') full = directoryOf(source) + full;
    auto imported = parts::rtapp::importFiles({full});
    if (!imported) return imported.error();
    json lists = std::move(imported->parts);
    if (start) {
        json& tasks = lists["tasks"];
        if (tasks.is_null()) tasks = json::array();
        if (auto st = applyStart(*start, source, file, tasks); !st) return st.error();
    }
    for (auto& [list, items] : lists.items()) {
        json& mine = parts[list];
        if (mine.is_null()) mine = json::array();
        if (!mine.is_array()) return Error{source, list, "expected an array of parts, found " + describeJson(mine)};
        for (auto& item : items) mine.push_back(item);
    }
    return okStatus();
}

} // namespace irqscope::detail
