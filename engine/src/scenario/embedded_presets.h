#pragma once
#include <string>
#include <vector>
namespace irqscope::detail {
struct EmbeddedPreset {
    const char* name;
    const char* json;
};
const std::vector<EmbeddedPreset>& embeddedPresets();
} // namespace irqscope::detail
