// Seeded random streams. Each component draws from its own stream, derived
// from (run seed, stream name), so adding a device does not shift the random
// numbers another component sees: runs stay comparable across what-if edits.
#pragma once

#include "irqscope/time.h"

#include <cmath>
#include <cstdint>
#include <string_view>

namespace irqscope::sim {

class Rng {
public:
    Rng(std::uint64_t seed, std::string_view stream) {
        std::uint64_t h = 1469598103934665603ull;
        for (char c : stream) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
        std::uint64_t x = seed ^ h;
        for (auto& w : s_) w = splitmix(x);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    double uniform() { return double(next() >> 11) * 0x1.0p-53; } // [0, 1)

    // Exponential with the given mean (Poisson arrivals).
    Time exponential(Time mean) {
        double u = uniform();
        return static_cast<Time>(-std::log1p(-u) * double(mean));
    }

    // mean * (1 +- spread), uniform: service-time jitter.
    Time jitter(Time mean, double spread) {
        double f = 1.0 + spread * (2.0 * uniform() - 1.0);
        return static_cast<Time>(double(mean) * f);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t splitmix(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::uint64_t s_[4];
};

} // namespace irqscope::sim
