// The timing wheel's layout (timing_wheel.h): which bucket a time falls in,
// relative to the wheel's base, and how a bucket above level 0 is stored.
// Level 0 (bits 0-7) holds exact times, one bucket per nanosecond of a
// 256 ns window; levels 1-4 have 12-bit digits (level 1: 4,096 buckets of
// 256 ns, spanning 1 ms), level 5 the top 8 bits. Bucket numbers are ordered
// by (level, digit), so the lowest non-empty bucket holds the earliest times.
#pragma once

#include "sim/event_slots.h"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace irqscope::sim {

struct WheelLayout {
    // A bucket above level 0 is a chain of chunks of kChunk entries in the
    // wheel's store_ (chunk c holds positions [c * kChunk, (c + 1) * kChunk));
    // positions, not pointers, so store_ may grow.
    struct Bucket {
        std::uint32_t wr = 0;  // next free position in the tail chunk
        std::uint32_t end = 0; // end of the tail chunk; wr == end: full (or none)
        std::uint32_t head = kNone;
    };
    static constexpr std::uint32_t kNone = 0xffffffffu;
    static constexpr std::uint32_t kChunk = 32; // a level-1 bucket holds ~25 at 10,000 pending

    // 9 or 10 bits for level 0 (fewer, fuller level-1 buckets) measured no faster.
    static constexpr unsigned kL0 = 8;
    static constexpr int kLevels = 6;
    static constexpr std::array<unsigned, kLevels> kShift = {0, kL0, kL0 + 12, kL0 + 24, kL0 + 36, kL0 + 48};
    static constexpr unsigned kDigits = 1u << kL0; // level 0
    static constexpr std::array<unsigned, kLevels> kOffset = {
        0, kDigits, kDigits + 4096, kDigits + 2 * 4096, kDigits + 3 * 4096, kDigits + 4 * 4096};
    static constexpr unsigned kBuckets = kDigits + 4 * 4096 + (1u << (64 - kShift[5]));
    static constexpr unsigned kLevel0WordCount = kDigits / 64;
    static constexpr std::uint64_t kLevel0Words = (std::uint64_t{1} << kLevel0WordCount) - 1;
    static constexpr std::size_t levelOf(unsigned bucket) {
        std::size_t l = 0;
        while (l + 1 < kLevels && bucket >= kOffset[l + 1]) ++l;
        return l;
    }
    // Indexed by the highest bit in which a time differs from the base.
    struct ByBit {
        std::uint32_t offset;
        std::uint16_t mask;
        std::uint8_t shift;
        std::uint8_t level;
    };
    static constexpr std::array<ByBit, 64> kByBit = [] {
        std::array<ByBit, 64> a{};
        for (unsigned h = 0; h < 64; ++h) {
            std::size_t l = 0;
            while (l + 1 < kLevels && h >= kShift[l + 1]) ++l;
            const unsigned width = (l + 1 < kLevels ? kShift[l + 1] : 64) - kShift[l];
            a[h] = ByBit{kOffset[l], static_cast<std::uint16_t>((1u << width) - 1),
                         static_cast<std::uint8_t>(kShift[l]), static_cast<std::uint8_t>(l)};
        }
        return a;
    }();

    static std::uint32_t chunkOf(std::uint32_t pos) { return pos / kChunk; }

    // Bucket of time t relative to base (t >= base): its level's offset plus
    // the digit; bucket numbers are ordered by (level, digit).
    static unsigned bucketOf(Time t, Time base) {
        const auto x = static_cast<std::uint64_t>(t ^ base) | 1;
        const ByBit& l = kByBit[static_cast<unsigned>(63 - std::countl_zero(x))];
        return l.offset + static_cast<unsigned>((static_cast<std::uint64_t>(t) >> l.shift) & l.mask);
    }
};

} // namespace irqscope::sim
