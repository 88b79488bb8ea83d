#include "irqscope/presets.h"

#include "embedded_presets.h"

#include <filesystem>

namespace irqscope {

std::vector<PresetInfo> listPresets() {
    std::vector<PresetInfo> out;
    for (const auto& p : detail::embeddedPresets()) {
        auto s = Scenario::fromJsonText(p.json, std::string("preset:") + p.name);
        out.push_back(PresetInfo{p.name, s ? s->title() : std::string()});
    }
    return out;
}

std::string defaultPresetName() {
    return "basics";
}

Result<Scenario> loadPreset(const std::string& name) {
    for (const auto& p : detail::embeddedPresets()) {
        if (name != p.name) continue;
        auto s = Scenario::fromJsonText(p.json, std::string("preset:") + p.name);
        if (s) s->setName(name);
        return s;
    }
    std::string known;
    for (const auto& p : detail::embeddedPresets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
    return Error{name, "", "no such preset or file (presets: " + known + ")"};
}

Result<Scenario> loadScenario(const std::string& presetOrFile) {
    std::error_code ec;
    if (presetOrFile.find('/') != std::string::npos || presetOrFile.ends_with(".json") ||
        std::filesystem::is_regular_file(presetOrFile, ec))
        return Scenario::fromFile(presetOrFile);
    return loadPreset(presetOrFile);
}

} // namespace irqscope
