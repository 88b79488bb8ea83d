// importFtrace: reads the text line by line (never the whole file), hands each
// line to the line parser, decoded events to the per-CPU stack builder, and
// turns what it could not read into counts in the report. It fails only when
// nothing in the input looks like ftrace text (binary data, another format).
#include "irqscope/ftrace.h"

#include "trace/ftrace_line.h"
#include "trace/ftrace_metrics.h"
#include "trace/ftrace_stack.h"

#include "irqscope/scenario.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sys/stat.h>
#include <unordered_map>

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
    // Forget what was buffered (the stream was rewound).
    void restart() { pos_ = len_ = 0; }

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

// A capture spans seconds to hours; a timestamp a day away from the first
// event is a garbled line (found by fuzzing: a jump of years made one segment
// of ~10^8 pieces, minutes of work and gigabytes).
constexpr Time kMaxSpanNs = 24LL * 3600 * 1'000'000'000;
// Out-of-order text is sorted in memory; larger than this it is refused.
constexpr std::size_t kMaxSortBytes = 512u << 20;

// What a first look at the whole text finds about its time order (only when
// the stream can be rewound: a file; a pipe is read once).
struct TimeOrder {
    std::optional<Time> first;    // the first event's timestamp
    std::optional<Time> earliest; // the earliest plausible one
    bool perCpuSorted = true;     // every CPU's events in non-decreasing time
    std::uint64_t bytes = 0;
};

TimeOrder scanTimeOrder(std::istream& in) {
    using namespace ftrace;
    TimeOrder o;
    LineReader reader(in);
    std::string line;
    bool overlong = false;
    std::unordered_map<int, Time> last;
    while (reader.next(line, overlong)) {
        o.bytes += line.size() + 1;
        if (overlong) continue;
        const ParsedLine p = parseLine(line);
        if (p.kind != LineKind::Event || p.event.cpu > 4095) continue;
        const Time ts = p.event.ts;
        if (!o.first) o.first = ts;
        if (ts - *o.first > kMaxSpanNs || ts - *o.first < -kMaxSpanNs) continue;
        o.earliest = std::min(o.earliest.value_or(ts), ts);
        auto [it, fresh] = last.emplace(p.event.cpu, ts);
        if (!fresh) {
            if (ts < it->second) o.perCpuSorted = false;
            it->second = ts;
        }
    }
    return o;
}

// The lines of an out-of-order text in time order: each event line keyed by
// its timestamp, any other line (header, marker, garbage) by the event line
// before it, stably sorted -- headers stay first, markers after the event
// they followed.
std::vector<std::string> sortedLines(std::istream& in) {
    using namespace ftrace;
    LineReader reader(in);
    std::vector<std::string> lines;
    std::vector<std::pair<Time, std::size_t>> keys;
    std::string line;
    bool overlong = false;
    Time key = std::numeric_limits<Time>::min();
    std::optional<Time> first;
    while (reader.next(line, overlong)) {
        if (!overlong) {
            const ParsedLine p = parseLine(line);
            if (p.kind == LineKind::Event) {
                if (!first) first = p.event.ts;
                if (p.event.ts - *first <= kMaxSpanNs && p.event.ts - *first >= -kMaxSpanNs) key = p.event.ts;
            }
        } else line.assign(kMaxLine + 1, ' '); // still overlong when read again
        keys.emplace_back(key, lines.size());
        lines.push_back(line);
    }
    std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> out;
    out.reserve(lines.size());
    for (const auto& k : keys) out.push_back(std::move(lines[k.second]));
    return out;
}

} // namespace

Result<ImportResult> importFtrace(std::istream& in, const std::string& sourceName, std::size_t budgetBytes) {
    using namespace ftrace;
    const auto wall0 = std::chrono::steady_clock::now();
    ImportResult r;
    if (budgetBytes == 0)
        budgetBytes = Schema::builtin().find("run.trace_budget_mb")->defaultValue.get<std::size_t>() << 20;
    r.trace.setMemoryBudget(budgetBytes);
    ImportReport& rep = r.report;
    rep.format = "tracefs";
    MetricsBuilder metrics(r.trace);
    StackBuilder stacks(r.trace, metrics, rep);

    const auto start = in.tellg();
    LineReader reader(in);
    if (auto err = binaryInput(reader.peek(), sourceName)) return *err;

    // Time 0 is the earliest event, not the first line: a CPU's first event
    // may precede the file's first line (per-CPU blocks concatenated, a
    // reversed file), and a negative time once reached the Perfetto export
    // as "ts":0.-500. A file whose CPUs go back in time is sorted first.
    std::optional<Time> base;
    std::vector<std::string> sorted;
    bool useSorted = false;
    if (start != std::streampos(-1)) {
        in.clear();
        in.seekg(start);
        const TimeOrder order = scanTimeOrder(in);
        in.clear();
        in.seekg(start);
        reader.restart();
        if (!in) return Error{sourceName, "", "cannot read the file a second time"};
        if (order.earliest) base = *order.earliest;
        if (order.earliest && order.first && *order.earliest < *order.first) ++rep.notes["rebased_to_earliest_event"];
        if (!order.perCpuSorted) {
            if (order.bytes > kMaxSortBytes)
                return Error{sourceName, "",
                             "events are not in time order on each CPU and the file is larger than " +
                                 std::to_string(kMaxSortBytes >> 20) +
                                 " MiB to sort in memory; sort it by timestamp first"};
            sorted = sortedLines(in);
            useSorted = true;
            ++rep.notes["sorted_by_time"];
        }
    }
    if (base) rep.timeOffsetNs = *base;

    std::string line;
    bool overlong = false;
    bool looksLikeFtrace = false;
    std::string tracer; // from "# tracer: nop"
    Time last = 0;
    // The report counts skipped lines by event name; a garbled file can hold
    // any number of names (200,000 once printed 200,000 lines), so names past
    // the first kMaxKinds share one count.
    constexpr std::size_t kMaxKinds = 100;
    auto skipKind = [&](const char* prefix, std::string_view name) {
        std::string kind = prefix + std::string(name);
        if (rep.skipped.size() >= kMaxKinds && !rep.skipped.count(kind)) kind = prefix + std::string("(other names)");
        return kind;
    };
    std::uint64_t firstBadLine = 0;
    std::string firstBad;
    auto garbage = [&](const char* kind, std::string_view text) {
        ++rep.skipped[kind];
        if (firstBadLine == 0) {
            firstBadLine = rep.lines;
            firstBad = excerpt(text);
        }
    };
    std::size_t nextSorted = 0;
    auto nextLine = [&] {
        if (!useSorted) return reader.next(line, overlong);
        if (nextSorted == sorted.size()) return false;
        line = std::move(sorted[nextSorted++]);
        overlong = line.size() > kMaxLine;
        return true;
    };

    while (nextLine()) {
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
            if (line.starts_with("# tracer:")) {
                looksLikeFtrace = true;
                tracer = line.substr(9);
                tracer.erase(0, tracer.find_first_not_of(' '));
                tracer.erase(tracer.find_last_not_of(" \r") + 1);
            }
            if (p.cpuCount) stacks.declareCpus(*p.cpuCount);
            break;
        case LineKind::Garbage: garbage("garbage_line", line); break;
        case LineKind::Lost:
            looksLikeFtrace = true;
            if (p.cpu > 4095) break;
            ++rep.skipped["lost_events_marker"];
            // saturating: a garbled count must not wrap the total
            rep.lostEvents = p.lost > UINT64_MAX - rep.lostEvents ? UINT64_MAX : rep.lostEvents + p.lost;
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
            if (t > kMaxSpanNs || t < -kMaxSpanNs) {
                garbage("implausible_timestamp", line);
                break;
            }
            // Read once from a pipe, an event before the first one cannot be placed.
            if (t < 0) {
                garbage("before_first_event", line);
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
            case DecodeStatus::UnknownEvent: ++rep.skipped[skipKind("unknown_event:", raw.name)]; break;
            case DecodeStatus::Malformed: ++rep.skipped[skipKind("malformed:", raw.name)]; break;
            }
            break;
        }
        }
    }
    // function_graph and function captures have no interrupt events: "0 events" and
    // exit 0 hid that the capture was recorded with the wrong tracer
    if (rep.events == 0 && !tracer.empty() && tracer != "nop")
        return Error{sourceName, "line 1",
                     "unsupported tracer '" + excerpt(tracer) +
                         "': no interrupt or scheduler event was found; record with the nop tracer and the irq, "
                         "sched and workqueue events (scripts/record-trace, docs/real-traces.md)"};
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

Result<ImportResult> importFtraceFile(const std::string& path, std::size_t budgetBytes) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        return Error{path, "", "is a directory; expected an ftrace text capture"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path, "", std::string("cannot open: ") + std::strerror(errno)};
    return importFtrace(in, path, budgetBytes);
}

} // namespace irqscope
