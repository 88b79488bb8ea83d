// A set of CPUs (the kernel's struct cpumask): a fixed bitmap of kMaxCpus
// bits in 64-bit words, with the searches the scheduler walks its masks with
// (cpumask_first(), cpumask_next(), for_each_cpu()) in portable C++20.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace irqscope::kern {

inline constexpr int kMaxCpus = 256;

class CpuMask {
public:
    static constexpr std::size_t kBits = kMaxCpus;
    static_assert(kBits % 64 == 0, "whole words: ~ needs no mask of the last word");

    // Every query takes a bit index; size() (kBits) means "no such bit".
    static constexpr std::size_t size() { return kBits; }

    bool test(std::size_t i) const { return i < kBits && ((w_[i / 64] >> (i % 64)) & 1u) != 0; }
    CpuMask& set(std::size_t i) {
        w_[i / 64] |= bit(i);
        return *this;
    }
    CpuMask& set(std::size_t i, bool on) { return on ? set(i) : reset(i); }
    CpuMask& reset(std::size_t i) {
        w_[i / 64] &= ~bit(i);
        return *this;
    }

    bool any() const {
        for (std::uint64_t w : w_)
            if (w) return true;
        return false;
    }
    bool none() const { return !any(); }
    std::size_t count() const {
        std::size_t n = 0;
        for (std::uint64_t w : w_) n += static_cast<std::size_t>(std::popcount(w));
        return n;
    }
    // Exactly one CPU: the first non-empty word holds a single bit and no
    // word after it holds any. The word's test clears its lowest bit
    // (x & (x - 1)): std::has_single_bit() is a population count, a libgcc
    // call in a build without POPCNT.
    bool single() const {
        std::size_t k = 0;
        while (k < kWords && !w_[k]) ++k;
        if (k == kWords || (w_[k] & (w_[k] - 1)) != 0) return false;
        while (++k < kWords)
            if (w_[k]) return false;
        return true;
    }

    // The lowest set bit (cpumask_first()), size() when empty.
    std::size_t first() const { return scan(0); }
    // The lowest set bit above `after` (cpumask_next()), size() when none.
    std::size_t next(std::size_t after) const {
        const std::size_t i = after + 1;
        if (i >= kBits) return kBits;
        const std::size_t k = i / 64;
        const std::uint64_t w = w_[k] & (~std::uint64_t{0} << (i % 64));
        if (w) return k * 64 + static_cast<std::size_t>(std::countr_zero(w));
        return scan(k + 1);
    }
    // for_each_cpu(): fn(cpu) for every set bit, lowest first; fn returns
    // true to stop. Returns the CPU it stopped at, -1 when it went through.
    template <typename Fn> int findIf(Fn&& fn) const {
        for (std::size_t k = 0; k < kWords; ++k)
            for (std::uint64_t w = w_[k]; w; w &= w - 1) {
                const int cpu = static_cast<int>(k * 64 + static_cast<std::size_t>(std::countr_zero(w)));
                if (fn(cpu)) return cpu;
            }
        return -1;
    }

    CpuMask& operator&=(const CpuMask& o) {
        for (std::size_t k = 0; k < kWords; ++k) w_[k] &= o.w_[k];
        return *this;
    }
    CpuMask& operator|=(const CpuMask& o) {
        for (std::size_t k = 0; k < kWords; ++k) w_[k] |= o.w_[k];
        return *this;
    }
    CpuMask operator~() const {
        CpuMask r;
        for (std::size_t k = 0; k < kWords; ++k) r.w_[k] = ~w_[k];
        return r;
    }
    friend CpuMask operator&(CpuMask a, const CpuMask& b) { return a &= b; }
    friend CpuMask operator|(CpuMask a, const CpuMask& b) { return a |= b; }
    bool operator==(const CpuMask&) const = default;

private:
    static constexpr std::size_t kWords = kBits / 64;
    static std::uint64_t bit(std::size_t i) { return std::uint64_t{1} << (i % 64); }
    // The lowest set bit in words k and after.
    std::size_t scan(std::size_t k) const {
        for (; k < kWords; ++k)
            if (w_[k]) return k * 64 + static_cast<std::size_t>(std::countr_zero(w_[k]));
        return kBits;
    }

    std::array<std::uint64_t, kWords> w_{};
};

// The lowest CPU in a mask (the mask must not be empty; 0 if it is).
inline int firstCpu(const CpuMask& m) {
    const std::size_t b = m.first();
    return b < CpuMask::size() ? static_cast<int>(b) : 0;
}

} // namespace irqscope::kern
