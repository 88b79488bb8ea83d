// Translation of an rt-app task set (scheduler-tools/rt-app, the JSON that
// rt-app 1.0 and its workgen read, and the older "exec"/"period"/"lock_order"
// grammar of rt-app 0.x) into the scenario language of docs/scenarios.md:
// "resources" and "tasks" part lists. rt-app times are microseconds; the
// translation writes them as "<n>us". What rt-app does and how each key
// becomes a part is written in docs/scenarios.md, "rt-app task sets".
#pragma once

#include "irqscope/result.h"
#include "irqscope/time.h"
#include "parts/rtapp_json.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace irqscope::parts::rtapp {

struct Import {
    nlohmann::json parts = nlohmann::json::object(); // {"resources": [...], "tasks": [...]}
    std::optional<Time> duration;                    // global.duration (s); none when absent or -1
    int highestCpu = -1;                             // the highest CPU any "cpus" names
    std::string logBasename = "rt-app";              // global.log_basename
    std::vector<std::string> notes;                  // keys read and given no effect, one line each
};

// An rt-app document: its top-level "tasks" is an object, or it has "global".
bool isRtapp(const Value& doc);
// Is `text` probably meant as an rt-app file (used to choose which parser's
// error to report when the text does not parse)?
bool looksLikeRtapp(std::string_view text);

// rt-app merges several files into one set (doc/merge.py: each top-level
// object updated with the next file's members).
Value merge(const std::vector<Value>& docs);

Result<Import> translate(const Value& doc, const std::string& source);
Result<Import> importText(std::string_view text, const std::string& source);
// Reads each file (errors name the file), merges them and translates.
Result<Import> importFiles(const std::vector<std::string>& paths);

} // namespace irqscope::parts::rtapp
