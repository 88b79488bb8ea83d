// Internal to the rt-app translation (rtapp_import.cpp, rtapp_events.cpp).
#pragma once

#include "parts/rtapp_import.h"

#include <map>
#include <set>
#include <string>

namespace irqscope::parts::rtapp::detail {

struct Ctx {
    std::string source;
    Import* out = nullptr;
    bool pi = false;
    std::string defaultPolicy = "other";
    const Value* resourcesSection = nullptr; // the document's "resources" object, when written
    std::string currentTask;                 // the rt-app task (key in "tasks") being translated
    // rt-app keys a resource by (name, type): every name used as a mutex,
    // a condition ("wait" in rt-app) or a barrier, in first-use order.
    std::vector<std::pair<std::string, std::string>> used;
    void use(const std::string& name, const std::string& type) {
        for (const auto& u : used)
            if (u.first == name && u.second == type) return;
        used.emplace_back(name, type);
    }
    Error error(const std::string& path, const Value& at, const std::string& what) const {
        return Error{source, path + " (" + at.where() + ")", what};
    }
};

// "<n>us" from an rt-app integer of microseconds, or an error naming the key.
Result<nlohmann::json> micros(const Ctx& c, const std::string& path, const Value& v, bool allowZero = true);

// The events of one phase object (members in order); `thread` names the rt-app
// thread (for "unique" timers and a "suspend" written without a value).
Result<nlohmann::json> phaseEvents(Ctx& c, const Value& phase, const std::string& path, const std::string& thread);
// rt-app 0.x: "exec", "period", "deadline", "lock_order", "resources" in a
// task (or a phase) become the events of one period.
Result<nlohmann::json> legacyEvents(Ctx& c, const Value& obj, const std::string& path, const std::string& thread);
bool isLegacy(const Value& obj);
// Is `key` an event key for rt-app (matched by prefix, as rt-app does)?
bool isEventKey(const std::string& key);

} // namespace irqscope::parts::rtapp::detail
