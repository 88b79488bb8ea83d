# Writes OUT: a C++ file holding every preset JSON file in DIR as a string, so
# the CLI and the GUI find their presets wherever they are run from.
file(GLOB preset_files "${DIR}/*.json")
list(SORT preset_files)
set(body "// Generated from resources/presets by embed_presets.cmake. Do not edit.\n#include \"embedded_presets.h\"\nnamespace irqscope::detail {\nconst std::vector<EmbeddedPreset>& embeddedPresets() {\n    static const std::vector<EmbeddedPreset> presets = {\n")
foreach(f IN LISTS preset_files)
  get_filename_component(name "${f}" NAME_WE)
  file(READ "${f}" text)
  string(APPEND body "        {\"${name}\", R\"irqscope_json(${text})irqscope_json\"},\n")
endforeach()
string(APPEND body "    };\n    return presets;\n}\n} // namespace irqscope::detail\n")
file(WRITE "${OUT}.tmp" "${body}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
