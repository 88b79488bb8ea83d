#include "irqscope/export.h"
#include "irqscope/result.h"

#include <cstdio>
#include <string>

namespace irqscope {

namespace {
void jsonString(std::ostream& out, std::string_view raw) {
    // JSON text is UTF-8: a name from a capture may not be (each stray byte becomes \\xNN)
    const std::string s = validUtf8(raw);
    out << '"';
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') out << '\\' << ch;
        else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out << buf;
        } else out << ch;
    }
    out << '"';
}

// Trace-event timestamps are microseconds; keep nanosecond precision. The
// sign is printed once, before the magnitude: -500 ns is "-0.500" (it was
// "0.-500", invalid JSON, for an import whose times went below its start).
void micros(std::ostream& out, Time ns) {
    const unsigned long long magnitude =
        ns < 0 ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%llu.%03llu", ns < 0 ? "-" : "", magnitude / 1000, magnitude % 1000);
    out << buf;
}
} // namespace

void writeChromeJson(const Trace& t, std::ostream& out) {
    out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
    bool first = true;
    auto sep = [&] {
        if (!first) out << ",\n";
        first = false;
    };
    sep();
    out << "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"IRQ Scope\"}}";
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        sep();
        out << "{\"ph\":\"M\",\"pid\":1,\"tid\":" << lane << ",\"name\":\"thread_name\",\"args\":{\"name\":";
        jsonString(out, t.lane(lane).name);
        out << "}}";
        sep();
        out << "{\"ph\":\"M\",\"pid\":1,\"tid\":" << lane
            << ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":" << lane << "}}";
    }
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        for (int d = 0; d < t.depthCount(lane); ++d) {
            for (std::size_t i = 0, n = t.segmentCount(lane, d); i < n; ++i) {
                const Segment s = t.segment(lane, d, i);
                sep();
                out << "{\"ph\":\"X\",\"pid\":1,\"tid\":" << lane << ",\"ts\":";
                micros(out, s.start);
                out << ",\"dur\":";
                micros(out, s.end - s.start);
                out << ",\"cat\":\"" << contextKindId(s.kind) << "\",\"name\":";
                std::string name(t.str(s.entity));
                if (name.empty()) name = contextKindId(s.kind);
                jsonString(out, name);
                out << ",\"args\":{\"depth\":" << d;
                if (s.detail != kNoString) {
                    out << ",\"detail\":";
                    jsonString(out, t.str(s.detail));
                }
                out << "}}";
            }
        }
        for (const Instant& in : t.instants(lane)) {
            sep();
            out << "{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":" << lane << ",\"ts\":";
            micros(out, in.t);
            out << ",\"cat\":\"" << instantKindId(in.kind) << "\",\"name\":";
            std::string name = instantKindId(in.kind);
            if (in.entity != kNoString)
                name.append(" ").append(t.str(in.entity)); // (append: GCC 12 -Wrestrict false positive)
            jsonString(out, name);
            if (in.detail != kNoString) {
                out << ",\"args\":{\"detail\":";
                jsonString(out, t.str(in.detail));
                out << "}";
            }
            out << "}";
        }
    }
    // Flow ends bind to the enclosing slice ("bp":"e"): a flow's destination is the
    // deepest segment containing dstTime, which is how the Trace defines endpoints.
    std::uint64_t id = 1;
    for (const Flow& f : t.flows()) {
        sep();
        out << "{\"ph\":\"s\",\"pid\":1,\"tid\":" << f.srcLane << ",\"id\":" << id << ",\"ts\":";
        micros(out, f.srcTime);
        out << ",\"cat\":\"flow\",\"name\":\"" << flowKindId(f.kind) << "\"}";
        sep();
        out << "{\"ph\":\"f\",\"bp\":\"e\",\"pid\":1,\"tid\":" << f.dstLane << ",\"id\":" << id << ",\"ts\":";
        micros(out, f.dstTime);
        out << ",\"cat\":\"flow\",\"name\":\"" << flowKindId(f.kind) << "\"}";
        ++id;
    }
    out << "\n]}\n";
}

} // namespace irqscope
