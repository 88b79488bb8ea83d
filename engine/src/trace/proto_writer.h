// A minimal protobuf wire-format encoder, enough to write Perfetto's trace
// format without a protobuf library: varints, fixed64, strings and nested
// messages (encoded into their own buffer, then appended with their length).
// Field numbers live with the code that writes them (perfetto_export.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace irqscope::proto {

class Message {
public:
    void varint(std::uint32_t field, std::uint64_t v) {
        key(field, 0);
        raw(v);
    }
    void fixed64(std::uint32_t field, std::uint64_t v) {
        key(field, 1);
        for (int i = 0; i < 8; ++i) buf_ += static_cast<char>((v >> (8 * i)) & 0xff);
    }
    void bytes(std::uint32_t field, std::string_view s) {
        key(field, 2);
        raw(s.size());
        buf_.append(s);
    }
    void message(std::uint32_t field, const Message& m) { bytes(field, m.buf_); }
    const std::string& data() const { return buf_; }
    void clear() { buf_.clear(); }

private:
    void key(std::uint32_t field, std::uint32_t wireType) { raw((std::uint64_t(field) << 3) | wireType); }
    void raw(std::uint64_t v) {
        while (v >= 0x80) {
            buf_ += static_cast<char>((v & 0x7f) | 0x80);
            v >>= 7;
        }
        buf_ += static_cast<char>(v);
    }
    std::string buf_;
};

} // namespace irqscope::proto
