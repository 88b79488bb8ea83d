#include "irqscope/result.h"

namespace irqscope {

std::string Error::toString() const {
    std::string s;
    for (const std::string* part : {&file, &where}) {
        if (part->empty()) continue;
        s += *part;
        s += ": ";
    }
    return validUtf8(s + message);
}

std::string validUtf8(std::string_view in) {
    // A message may quote input cut in the middle of a character (a JSON
    // parser's "last read" token) or a file name in another encoding: each
    // byte that does not belong to a well-formed sequence is shown as \xNN.
    std::string out;
    out.reserve(in.size());
    auto cont = [&](std::size_t i) { return i < in.size() && (static_cast<unsigned char>(in[i]) & 0xC0) == 0x80; };
    for (std::size_t i = 0; i < in.size();) {
        const auto c = static_cast<unsigned char>(in[i]);
        std::size_t n = c < 0x80                   ? 1
                        : (c >= 0xC2 && c <= 0xDF) ? 2
                        : (c >= 0xE0 && c <= 0xEF) ? 3
                        : (c >= 0xF0 && c <= 0xF4) ? 4
                                                   : 0;
        bool ok = n > 0;
        for (std::size_t k = 1; ok && k < n; ++k) ok = cont(i + k);
        if (ok && n >= 3) { // no overlong forms, no surrogates, nothing above U+10FFFF
            const auto c1 = static_cast<unsigned char>(in[i + 1]);
            if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) ||
                (c == 0xF4 && c1 > 0x8F))
                ok = false;
        }
        if (!ok) {
            static const char* hex = "0123456789ABCDEF";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++i;
            continue;
        }
        out.append(in.substr(i, n));
        i += n;
    }
    return out;
}

} // namespace irqscope
