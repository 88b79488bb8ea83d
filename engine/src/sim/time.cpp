#include "irqscope/time.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace irqscope {

std::optional<Time> parseDuration(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty()) return std::nullopt;
    std::size_t n = 0;
    while (n < text.size() && (std::isdigit(static_cast<unsigned char>(text[n])) || text[n] == '.')) ++n;
    if (n == 0) return std::nullopt;
    double value = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + n, value);
    if (ec != std::errc() || p != text.data() + n || !std::isfinite(value)) return std::nullopt;
    std::string_view unit = text.substr(n);
    while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
    double scale = 0;
    if (unit.empty() || unit == "ns") scale = 1;
    else if (unit == "us" || unit == "\xC2\xB5s") scale = 1e3;
    else if (unit == "ms") scale = 1e6;
    else if (unit == "s") scale = 1e9;
    else return std::nullopt;
    const double ns = value * scale;
    if (ns > 9.2e18) return std::nullopt;
    return static_cast<Time>(std::llround(ns));
}

std::string formatDuration(Time t) {
    char buf[64];
    const double a = std::fabs(double(t));
    if (a < 1e3) std::snprintf(buf, sizeof buf, "%lld ns", static_cast<long long>(t));
    else if (a < 1e6) std::snprintf(buf, sizeof buf, "%.2f us", double(t) / 1e3);
    else if (a < 1e9) std::snprintf(buf, sizeof buf, "%.2f ms", double(t) / 1e6);
    else std::snprintf(buf, sizeof buf, "%.3f s", double(t) / 1e9);
    return buf;
}

} // namespace irqscope
