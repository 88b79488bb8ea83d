// FNV-1a, fed field by field: the digests the golden and knob tests compare
// runs by (names are fed as text, so interning order does not matter).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace irqscope::test {

struct Digest {
    std::uint64_t h = 1469598103934665603ull;
    std::uint64_t count = 0; // records fed, for a caller that counts them
    void bytes(const void* p, std::size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    }
    template <class T> void value(const T& v) { bytes(&v, sizeof v); }
    void text(std::string_view s) {
        bytes(s.data(), s.size());
        value('\0');
    }
    std::string hex() const {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
        return buf;
    }
};

} // namespace irqscope::test
