// Simulated time: signed 64-bit integer nanoseconds. 2^63 ns is ~292 years.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace irqscope {

using Time = std::int64_t;

inline constexpr Time kNs = 1;
inline constexpr Time kUs = 1000;
inline constexpr Time kMs = 1000 * kUs;
inline constexpr Time kSec = 1000 * kMs;

// Parses "250", "250ns", "1.5us", "500ms", "2s" into nanoseconds. A bare number is ns.
// Returns nullopt for anything else (negative, unknown unit, garbage).
std::optional<Time> parseDuration(std::string_view text);

// "812 ns", "3.25 us", "14.0 ms", "1.500 s": a compact human form (engine-internal
// identifiers; the GUI formats its own, translated, strings).
std::string formatDuration(Time t);

} // namespace irqscope
