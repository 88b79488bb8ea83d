// The built-in scenarios shipped in resources/presets/ (embedded at build time,
// so the CLI and GUI work from any directory). The engine never looks at which
// preset is running; a preset is only a scenario file.
#pragma once

#include "irqscope/result.h"
#include "irqscope/scenario.h"

#include <string>
#include <vector>

namespace irqscope {

struct PresetInfo {
    std::string name;  // "i915-execlists"
    std::string title; // one line
};

std::vector<PresetInfo> listPresets();
std::string defaultPresetName();
Result<Scenario> loadPreset(const std::string& name);
// A preset name or a path to a scenario file.
Result<Scenario> loadScenario(const std::string& presetOrFile);

} // namespace irqscope
