// importFtrace: reads the text line by line (never the whole file), hands each
// line to the line parser, decoded events to the per-CPU stack builder, and
// turns what it could not read into counts in the report. It fails only when
// nothing in the input looks like ftrace text (binary data, another format).
#include "irqscope/ftrace.h"

#include "trace/ftrace_line.h"
#include "trace/ftrace_metrics.h"
#include "trace/ftrace_stack.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>

namespace irqscope {

namespace {

// Lines longer than this are not ftrace; they are skipped as garbage without
// being held in memory (a binary file may have no newline at all).
constexpr std::size_t kMaxLine = 64 * 1024;

class LineReader {
public:
    explicit LineReader(std::istream& in) : in_(in) { buf_.resize(64 * 1024); }

    // Next line (without '\n'); `overlong` when it exceeded kMaxLine and was cut.
    bool next(std::string& line, bool& overlong) {
        line.clear();
        overlong = false;
        while (true) {
            if (pos_ == len_ && !fill()) return !line.empty() || overlong;
            const char* b = buf_.data() + pos_;
            const char* nl = static_cast<const char*>(std::memchr(b, '\n', len_ - pos_));
            const std::size_t n = nl ? static_cast<std::size_t>(nl - b) : len_ - pos_;
            if (line.size() + n <= kMaxLine) line.append(b, n);
            else overlong = true;
            pos_ += n;
            if (nl) {
                ++pos_;
                return true;
            }
        }
    }
    // The first bytes, for recognising binary input before parsing.
    std::string_view peek() {
        if (pos_ == len_) fill();
        return {buf_.data() + pos_, len_ - pos_};
    }
    bool failed() const { return in_.bad(); }

private:
    bool fill() {
        if (!in_) return false;
        in_.read(buf_.data(), static_cast<std::streamsize>(buf_.size()));
        len_ = static_cast<std::size_t>(in_.gcount());
        pos_ = 0;
        return len_ > 0;
    }
    std::istream& in_;
    std::vector<char> buf_;
    std::size_t pos_ = 0, len_ = 0;
};

std::string excerpt(std::string_view s) {
    std::string out;
    for (char c : s.substr(0, 60)) {
        const auto u = static_cast<unsigned char>(c);
        out += (u < 0x20 || u >= 0x7f) ? '?' : c;
    }
    if (s.size() > 60) out += "...";
    return out;
}

std::optional<Error> binaryInput(std::string_view head, const std::string& source) {
    if (head.starts_with(std::string_view("\x17\x08\x44tracing", 10)))
        return Error{source, "line 1",
                     "this is a trace-cmd binary file (trace.dat), not text; convert it with "
                     "'trace-cmd report -i FILE > trace.txt' and import the text"};
    const std::string_view probe = head.substr(0, 4096);
    if (probe.find('\0') != std::string_view::npos)
        return Error{source, "line 1",
                     "binary data, not an ftrace text capture (expected the tracefs 'trace' file "
                     "or 'trace-cmd report' output)"};
    return std::nullopt;
}

} // namespace

Result<ImportResult> importFtrace(std::istream& in, const std::string& sourceName) {
    using namespace ftrace;
    const auto wall0 = std::chrono::steady_clock::now();
    ImportResult r;
    ImportReport& rep = r.report;
    rep.format = "tracefs";
    MetricsBuilder metrics(r.trace);
    StackBuilder stacks(r.trace, metrics, rep);

    LineReader reader(in);
    if (auto err = binaryInput(reader.peek(), sourceName)) return *err;

    std::string line;
    bool overlong = false;
    bool looksLikeFtrace = false;
    std::optional<Time> base;
    Time last = 0;
    std::uint64_t firstBadLine = 0;
    std::string firstBad;
    auto garbage = [&](const char* kind, std::string_view text) {
        ++rep.skipped[kind];
        if (firstBadLine == 0) {
            firstBadLine = rep.lines;
            firstBad = excerpt(text);
        }
    };

    while (reader.next(line, overlong)) {
        ++rep.lines;
        if (overlong) {
            garbage("overlong_line", line);
            continue;
        }
        const ParsedLine p = parseLine(line);
        switch (p.kind) {
        case LineKind::Blank: break;
        case LineKind::Header:
            if (p.tracecmdHeader) {
                rep.format = "trace-cmd";
                looksLikeFtrace = true;
            }
            if (line.starts_with("# tracer:")) looksLikeFtrace = true;
            if (p.cpuCount) stacks.declareCpus(*p.cpuCount);
            break;
        case LineKind::Garbage: garbage("garbage_line", line); break;
        case LineKind::Lost:
            looksLikeFtrace = true;
            if (p.cpu > 4095) break;
            ++rep.skipped["lost_events_marker"];
            rep.lostEvents += p.lost;
            stacks.onLost(p.cpu);
            break;
        case LineKind::BufferStarted:
            looksLikeFtrace = true;
            if (p.cpu > 4095) break;
            ++rep.notes["buffer_started"];
            stacks.onBufferStarted(p.cpu);
            break;
        case LineKind::Event: {
            const RawEvent& raw = p.event;
            if (raw.cpu > 4095) {
                garbage("garbage_line", line);
                break;
            }
            looksLikeFtrace = true;
            if (!base) {
                base = raw.ts;
                rep.timeOffsetNs = raw.ts;
            }
            const Time t = raw.ts - *base;
            // A capture spans seconds to hours; a timestamp a day away from the
            // first event is a garbled line (found by fuzzing: a jump of years
            // made one segment of ~10^8 pieces, minutes of work and gigabytes).
            constexpr Time kMaxSpanNs = 24LL * 3600 * 1'000'000'000;
            if (t > kMaxSpanNs || t < -kMaxSpanNs) {
                garbage("implausible_timestamp", line);
                break;
            }
            last = std::max(last, t);
            if (raw.name.empty()) {
                ++rep.skipped["unknown_event:(no name)"];
                break;
            }
            FtraceEvent ev;
            switch (decodeEvent(raw, t, r.trace, ev)) {
            case DecodeStatus::Ok:
                ++rep.events;
                stacks.onEvent(ev);
                break;
            case DecodeStatus::UnknownEvent: ++rep.skipped["unknown_event:" + std::string(raw.name)]; break;
            case DecodeStatus::Malformed: ++rep.skipped["malformed:" + std::string(raw.name)]; break;
            }
            break;
        }
        }
    }
    if (reader.failed()) return Error{sourceName, "line " + std::to_string(rep.lines + 1), "read error"};
    if (!looksLikeFtrace) {
        if (firstBadLine == 0) return Error{sourceName, "", "empty: no ftrace header or event line"};
        return Error{sourceName, "line " + std::to_string(firstBadLine),
                     "not an ftrace text capture: expected lines like '<comm>-<pid> [<cpu>] "
                     "<seconds>: <event>: <fields>' (the tracefs 'trace' file or 'trace-cmd "
                     "report' output), found '" +
                         firstBad + "'"};
    }

    stacks.finish(last);
    rep.cpus = stacks.cpuCount();
    r.trace.setTimeRange(0, last);
    r.trace.finalize();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    r.metrics = metrics.finish(sourceName, last, rep.events, wall);
    r.metrics.droppedSegments = r.trace.droppedSegments() + r.trace.droppedInstants() + r.trace.droppedFlows();
    return r;
}

Result<ImportResult> importFtraceFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path, "", std::string("cannot open: ") + std::strerror(errno)};
    return importFtrace(in, path);
}

} // namespace irqscope
