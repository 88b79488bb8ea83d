// Summaries of an ImportReport's kinds, shared by every front end that reports an import.
#include "irqscope/ftrace.h"

#include <algorithm>

namespace irqscope {

std::uint64_t totalCount(const std::map<std::string, std::uint64_t>& kinds) {
    std::uint64_t n = 0;
    for (const auto& kind : kinds) n += kind.second;
    return n;
}

std::vector<std::pair<std::string, std::uint64_t>> byFrequency(const std::map<std::string, std::uint64_t>& kinds) {
    std::vector<std::pair<std::string, std::uint64_t>> v(kinds.begin(), kinds.end());
    // stable: the map's name order stays among equal counts
    std::stable_sort(v.begin(), v.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    return v;
}

} // namespace irqscope
