// Chrome trace-event JSON (chrome://tracing, Perfetto's legacy importer).
// Written while it is produced: text goes into a 64 KiB buffer handed to the
// stream when full, numbers are formatted with std::to_chars, and each
// interned name is escaped once (a trace repeats a few hundred names millions
// of times), so memory stays bounded whatever the trace's size.
#include "irqscope/export.h"
#include "irqscope/result.h"

#include <charconv>
#include <ostream>
#include <string>
#include <vector>

namespace irqscope {

namespace {

// The escaped body of a JSON string (no quotes). JSON text is UTF-8: a name
// from a capture may not be (each stray byte becomes \\xNN).
std::string escaped(std::string_view raw) {
    const std::string s = validUtf8(raw);
    std::string out;
    out.reserve(s.size());
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20) {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += ch;
        }
    }
    return out;
}

class JsonWriter {
public:
    JsonWriter(const Trace& t, std::ostream& out) : t_(t), out_(out), names_(t.strings().size()) {
        buf_.reserve(kFlushAt + 4096);
    }
    ~JsonWriter() { flush(); }
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    JsonWriter& operator<<(std::string_view s) {
        buf_.append(s);
        return *this;
    }
    JsonWriter& operator<<(std::uint64_t v) {
        char b[24];
        buf_.append(b, std::to_chars(b, b + sizeof b, v).ptr);
        return *this;
    }
    // Trace-event timestamps are microseconds; keep nanosecond precision. The
    // sign is printed once, before the magnitude: -500 ns is "-0.500".
    void micros(Time ns) {
        const unsigned long long magnitude =
            ns < 0 ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
        if (ns < 0) buf_ += '-';
        *this << std::uint64_t(magnitude / 1000);
        const auto frac = static_cast<unsigned>(magnitude % 1000);
        const char digits[4] = {'.', char('0' + frac / 100), char('0' + frac / 10 % 10), char('0' + frac % 10)};
        buf_.append(digits, 4);
    }
    // The escaped text of an interned string, without quotes.
    const std::string& name(StringId id) {
        std::string& s = names_[id];
        if (s.empty() && id != kNoString) s = escaped(t_.str(id));
        return s;
    }
    void quoted(std::string_view escapedText) {
        buf_ += '"';
        buf_.append(escapedText);
        buf_ += '"';
    }
    // Starts the next event: a separator after the first, and a flush when the buffer is full.
    void next() {
        if (buf_.size() >= kFlushAt) flush();
        if (!first_) buf_.append(",\n");
        first_ = false;
    }
    void flush() {
        out_.write(buf_.data(), std::streamsize(buf_.size()));
        buf_.clear();
    }

private:
    static constexpr std::size_t kFlushAt = 64 * 1024;
    const Trace& t_;
    std::ostream& out_;
    std::string buf_;
    std::vector<std::string> names_;
    bool first_ = true;
};

void writeSegments(const Trace& t, std::uint32_t lane, JsonWriter& w) {
    for (int d = 0; d < t.depthCount(lane); ++d) {
        for (std::size_t i = 0, n = t.segmentCount(lane, d); i < n; ++i) {
            const Segment s = t.segment(lane, d, i);
            w.next();
            w << "{\"ph\":\"X\",\"pid\":1,\"tid\":" << std::uint64_t(lane) << ",\"ts\":";
            w.micros(s.start);
            w << ",\"dur\":";
            w.micros(s.end - s.start);
            w << ",\"cat\":\"" << contextKindId(s.kind) << "\",\"name\":";
            const std::string& name = w.name(s.entity);
            w.quoted(name.empty() ? std::string_view(contextKindId(s.kind)) : std::string_view(name));
            w << ",\"args\":{\"depth\":" << std::uint64_t(d);
            if (s.detail != kNoString) {
                w << ",\"detail\":";
                w.quoted(w.name(s.detail));
            }
            w << "}}";
        }
    }
}

void writeInstants(const Trace& t, std::uint32_t lane, JsonWriter& w) {
    for (const Instant& in : t.instants(lane)) {
        w.next();
        w << "{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":" << std::uint64_t(lane) << ",\"ts\":";
        w.micros(in.t);
        w << ",\"cat\":\"" << instantKindId(in.kind) << "\",\"name\":\"" << instantKindId(in.kind);
        if (in.entity != kNoString) w << " " << w.name(in.entity);
        w << "\"";
        if (in.detail != kNoString) {
            w << ",\"args\":{\"detail\":";
            w.quoted(w.name(in.detail));
            w << "}";
        }
        w << "}";
    }
}

} // namespace

void writeChromeJson(const Trace& t, std::ostream& out) {
    JsonWriter w(t, out);
    w << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
    w.next();
    w << "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"IRQ Scope\"}}";
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        w.next();
        w << "{\"ph\":\"M\",\"pid\":1,\"tid\":" << std::uint64_t(lane)
          << ",\"name\":\"thread_name\",\"args\":{\"name\":";
        w.quoted(escaped(t.lane(lane).name));
        w << "}}";
        w.next();
        w << "{\"ph\":\"M\",\"pid\":1,\"tid\":" << std::uint64_t(lane)
          << ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":" << std::uint64_t(lane) << "}}";
    }
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        writeSegments(t, lane, w);
        writeInstants(t, lane, w);
    }
    // Flow ends bind to the enclosing slice ("bp":"e"): a flow's destination is the
    // deepest segment containing dstTime, which is how the Trace defines endpoints.
    std::uint64_t id = 1;
    for (const Flow& f : t.flows()) {
        w.next();
        w << "{\"ph\":\"s\",\"pid\":1,\"tid\":" << std::uint64_t(f.srcLane) << ",\"id\":" << id << ",\"ts\":";
        w.micros(f.srcTime);
        w << ",\"cat\":\"flow\",\"name\":\"" << flowKindId(f.kind) << "\"}";
        w.next();
        w << "{\"ph\":\"f\",\"bp\":\"e\",\"pid\":1,\"tid\":" << std::uint64_t(f.dstLane) << ",\"id\":" << id
          << ",\"ts\":";
        w.micros(f.dstTime);
        w << ",\"cat\":\"flow\",\"name\":\"" << flowKindId(f.kind) << "\"}";
        ++id;
    }
    w << "\n]}\n";
}

} // namespace irqscope
