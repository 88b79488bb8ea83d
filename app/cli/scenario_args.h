// PRESET|FILE followed by --set K=V flags (and command-specific flags).
#pragma once

#include "cli_args.h"

#include "irqscope/presets.h"
#include "irqscope/scenario.h"

#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace irqscope::cli {

struct ScenarioArgs {
    Scenario scenario;
    // Handles a command-specific flag; returns false if it is not one.
    std::function<bool(const std::string&, Args&)> extra;

    // Returns 0, or 2 after printing the error.
    int parse(Args& a, bool allowExtra) {
        if (a.empty()) throw UsageError{"needs a preset name or a scenario file"};
        std::string source = a.take();
        if (source.rfind("--", 0) == 0) throw UsageError{"needs a preset name or a scenario file before " + source};
        auto s = loadScenario(source);
        if (!s) {
            std::fprintf(stderr, "irqscope-cli: %s\n", s.error().toString().c_str());
            return 2;
        }
        scenario = std::move(*s);
        std::vector<std::pair<std::string, std::string>> sets;
        while (!a.empty()) {
            std::string flag = a.take();
            if (flag == "--set") {
                std::string kv = a.value(flag);
                auto eq = kv.find('=');
                if (eq == std::string::npos || eq == 0)
                    throw UsageError{"--set expects path.to.field=value, found '" + kv + "'"};
                sets.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
            } else if (!(allowExtra && extra && extra(flag, a))) {
                throw UsageError{"unknown option '" + flag + "'"};
            }
        }
        // all at once: whether a combination is valid does not depend on the flags' order
        if (auto st = scenario.setAll(sets); !st) {
            std::fprintf(stderr, "irqscope-cli: %s\n", st.error().toString().c_str());
            return 2;
        }
        // accepted, but its device is off here: say so rather than run unchanged
        for (const auto& set : sets)
            if (const std::string off = scenario.offSwitchFor(set.first); !off.empty())
                std::fprintf(stderr, "irqscope-cli: warning: --set %s has no effect: %s is false in %s\n",
                             set.first.c_str(), off.c_str(), scenario.name().c_str());
        return 0;
    }
};

} // namespace irqscope::cli
