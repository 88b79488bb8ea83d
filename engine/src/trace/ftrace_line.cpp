#include "trace/ftrace_line.h"

#include <array>
#include <charconv>
#include <string>

namespace irqscope::ftrace {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isSpace(char c) {
    return c == ' ' || c == '\t';
}
bool isIdent(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool allDigits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!isDigit(c)) return false;
    return true;
}

// "CPU:1 [LOST 123 EVENTS]", "CPU:1 [LOST EVENTS]", "CPU:1 [123 EVENTS DROPPED]",
// "CPU:1 [EVENTS DROPPED]"
bool parseLost(std::string_view s, ParsedLine& out) {
    if (!s.starts_with("CPU:")) return false;
    s.remove_prefix(4);
    std::size_t n = 0;
    while (n < s.size() && isDigit(s[n])) ++n;
    auto cpu = toInt(s.substr(0, n));
    if (!cpu) return false;
    std::string_view rest = trim(s.substr(n));
    if (!rest.starts_with('[') || !rest.ends_with(']')) return false;
    rest = rest.substr(1, rest.size() - 2);
    const bool lostForm = rest.starts_with("LOST ") && rest.ends_with("EVENTS");
    const bool droppedForm = rest.ends_with("EVENTS DROPPED");
    if (!lostForm && !droppedForm) return false;
    std::uint64_t count = 0;
    for (std::string_view tok = rest; !tok.empty();) {
        auto sp = tok.find(' ');
        std::string_view word = tok.substr(0, sp);
        if (allDigits(word)) {
            std::from_chars(word.data(), word.data() + word.size(), count);
            break;
        }
        if (sp == std::string_view::npos) break;
        tok.remove_prefix(sp + 1);
    }
    out.kind = LineKind::Lost;
    out.cpu = static_cast<int>(*cpu);
    out.lost = count;
    return true;
}

// "##### CPU 2 buffer started ####"
bool parseBufferStarted(std::string_view s, ParsedLine& out) {
    auto p = s.find("CPU ");
    if (p == std::string_view::npos || s.find("buffer started") == std::string_view::npos) return false;
    std::string_view rest = s.substr(p + 4);
    std::size_t n = 0;
    while (n < rest.size() && isDigit(rest[n])) ++n;
    auto cpu = toInt(rest.substr(0, n));
    if (!cpu) return false;
    out.kind = LineKind::BufferStarted;
    out.cpu = static_cast<int>(*cpu);
    return true;
}

// The tracefs header "# entries-in-buffer/entries-written: 12/12   #P:4".
void parseHashHeader(std::string_view s, ParsedLine& out) {
    out.kind = LineKind::Header;
    auto p = s.find("#P:");
    if (p == std::string_view::npos) return;
    std::string_view rest = s.substr(p + 3);
    std::size_t n = 0;
    while (n < rest.size() && isDigit(rest[n])) ++n;
    if (auto v = toInt(rest.substr(0, n)); v && *v > 0 && *v <= 4096) out.cpuCount = static_cast<int>(*v);
}

bool parseTracecmdHeader(std::string_view s, ParsedLine& out) {
    if (s.starts_with("cpus=")) {
        auto v = toInt(trim(s.substr(5)));
        if (!v || *v <= 0 || *v > 4096) return false;
        out.kind = LineKind::Header;
        out.cpuCount = static_cast<int>(*v);
        out.tracecmdHeader = true;
        return true;
    }
    if (s.starts_with("version = ") && allDigits(trim(s.substr(10)))) {
        out.kind = LineKind::Header;
        out.tracecmdHeader = true;
        return true;
    }
    // "CPU 3 is empty", "CPU0 data recorded at offset=..." and friends
    if ((s.starts_with("CPU ") && s.ends_with(" is empty")) ||
        (s.starts_with("CPU") && s.find("data recorded at offset") != std::string_view::npos)) {
        out.kind = LineKind::Header;
        out.tracecmdHeader = true;
        return true;
    }
    return false;
}

bool parseEvent(std::string_view s, RawEvent& ev) {
    // Find the CPU bracket " [NNN]": the first one preceded by "-<pid>" (and
    // optionally a "(tgid)" column).
    std::size_t from = 0;
    while (true) {
        const std::size_t open = s.find(" [", from);
        if (open == std::string_view::npos) return false;
        from = open + 1;
        const std::size_t close = s.find(']', open + 2);
        if (close == std::string_view::npos) return false;
        std::string_view cpuText = s.substr(open + 2, close - open - 2);
        if (!allDigits(cpuText) || cpuText.size() > 5) continue;

        std::string_view head = trim(s.substr(0, open));
        if (head.ends_with(')')) { // tgid column "(   1234)" or "(-------)"
            const std::size_t lp = head.rfind('(');
            if (lp == std::string_view::npos) continue;
            head = trim(head.substr(0, lp));
        }
        const std::size_t dash = head.rfind('-');
        if (dash == std::string_view::npos) continue;
        auto pid = toInt(head.substr(dash + 1));
        if (!pid) continue;

        std::string_view rest = s.substr(close + 1);
        rest = trim(rest);
        // optional flags column, then "<ts>:"
        std::string_view first = rest.substr(0, rest.find(' '));
        std::string_view flags;
        bool hasFlags = false;
        if (!(first.ends_with(':') && parseTimestamp(first.substr(0, first.size() - 1)))) {
            if (first.size() > 8 || first.empty()) continue;
            flags = first;
            hasFlags = true;
            rest = trim(rest.substr(first.size()));
            first = rest.substr(0, rest.find(' '));
            if (!first.ends_with(':')) continue;
        }
        auto ts = parseTimestamp(first.substr(0, first.size() - 1));
        if (!ts) continue;
        rest = trim(rest.substr(first.size()));
        // "<event>: fields" (the fields may be empty)
        std::size_t n = 0;
        while (n < rest.size() && isIdent(rest[n])) ++n;
        if (n == 0 || n >= rest.size() || rest[n] != ':') {
            // an event printed without the "name:" prefix (function tracer lines)
            ev.name = {};
        } else {
            ev.name = rest.substr(0, n);
            rest = trim(rest.substr(n + 1));
        }
        ev.comm = head.substr(0, dash);
        ev.pid = static_cast<int>(*pid);
        ev.cpu = static_cast<int>(*toInt(cpuText));
        ev.flags = flags;
        ev.hasFlags = hasFlags;
        ev.ts = *ts;
        ev.fields = rest;
        return true;
    }
}

constexpr std::array<std::string_view, 10> kSoftirqNames = {"HI",       "TIMER",   "NET_TX", "NET_RX",  "BLOCK",
                                                            "IRQ_POLL", "TASKLET", "SCHED",  "HRTIMER", "RCU"};

} // namespace

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && (isSpace(s.back()) || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
    return s;
}

std::optional<std::int64_t> toInt(std::string_view s) {
    s = trim(s);
    std::int64_t v = 0;
    if (s.empty()) return std::nullopt;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<std::uint64_t> toHex(std::string_view s) {
    s = trim(s);
    if (s.starts_with("0x") || s.starts_with("0X")) s.remove_prefix(2);
    if (s.empty() || s.size() > 16) return std::nullopt;
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<Time> parseTimestamp(std::string_view s) {
    const std::size_t dot = s.find('.');
    std::string_view whole = s.substr(0, dot);
    // at most 18 digits of counter ticks, or 9 of seconds (31 years of uptime)
    if (!allDigits(whole) || whole.size() > (dot == std::string_view::npos ? 18u : 9u)) return std::nullopt;
    Time sec = 0;
    std::from_chars(whole.data(), whole.data() + whole.size(), sec);
    if (dot == std::string_view::npos) return sec; // a counter clock: ticks taken as ns
    std::string_view frac = s.substr(dot + 1);
    if (!allDigits(frac)) return std::nullopt;
    Time ns = 0;
    for (std::size_t i = 0; i < 9; ++i) ns = ns * 10 + (i < frac.size() ? frac[i] - '0' : 0);
    return sec * kSec + ns;
}

std::optional<std::string_view> fieldValue(std::string_view fields, std::string_view key) {
    std::size_t from = 0;
    while (true) {
        const std::size_t p = fields.find(key, from);
        if (p == std::string_view::npos) return std::nullopt;
        from = p + 1;
        const std::size_t eq = p + key.size();
        if (eq >= fields.size() || fields[eq] != '=') continue;
        if (p > 0 && fields[p - 1] != ' ' && fields[p - 1] != '[' && fields[p - 1] != ',') continue;
        std::string_view v = fields.substr(eq + 1);
        std::size_t end = v.find(' ');
        if (key.ends_with("comm")) {
            // a comm may hold spaces: it ends at the next " <ident>="
            end = std::string_view::npos;
            for (std::size_t sp = v.find(' '); sp != std::string_view::npos; sp = v.find(' ', sp + 1)) {
                std::size_t k = sp + 1;
                while (k < v.size() && isIdent(v[k])) ++k;
                if (k > sp + 1 && k < v.size() && v[k] == '=') {
                    end = sp;
                    break;
                }
            }
        }
        v = v.substr(0, end);
        if (v.ends_with(']')) v.remove_suffix(1);
        if (v.ends_with(',')) v.remove_suffix(1);
        return v;
    }
}

std::string_view softirqName(std::int64_t vec) {
    if (vec >= 0 && vec < static_cast<std::int64_t>(kSoftirqNames.size()))
        return kSoftirqNames[static_cast<std::size_t>(vec)];
    return {};
}

ParsedLine parseLine(std::string_view line) {
    ParsedLine out;
    std::string_view s = trim(line);
    if (s.empty()) {
        out.kind = LineKind::Blank;
        return out;
    }
    if (s.front() == '#') {
        if (!parseBufferStarted(s, out)) parseHashHeader(s, out);
        return out;
    }
    if (parseLost(s, out)) return out;
    if (parseTracecmdHeader(s, out)) return out;
    if (parseEvent(line, out.event)) {
        out.kind = LineKind::Event;
        return out;
    }
    out.kind = LineKind::Garbage;
    return out;
}

std::optional<TaskGroupLine> parseTaskGroupLine(std::string_view line) {
    constexpr std::string_view kTag = "# irqscope-task-group:";
    std::string_view s = trim(line);
    if (!s.starts_with(kTag)) return std::nullopt;
    s.remove_prefix(kTag.size());
    TaskGroupLine g;
    const auto pid = fieldValue(s, "pid");
    const auto pidNum = pid ? toInt(*pid) : std::nullopt;
    if (!pidNum || *pidNum <= 0 || *pidNum > INT32_MAX) return std::nullopt;
    g.pid = static_cast<int>(*pidNum);
    if (auto a = fieldValue(s, "autogroup")) g.autogroup = *a;
    if (auto n = fieldValue(s, "nice"))
        if (auto v = toInt(*n); v && *v >= -20 && *v <= 19) g.nice = static_cast<int>(*v);
    if (auto c = fieldValue(s, "cgroup")) g.cgroup = *c;
    if (auto w = fieldValue(s, "weight"))
        if (auto v = toInt(*w); v && *v >= 1 && *v <= 10000) g.weight = static_cast<int>(*v);
    return g;
}

} // namespace irqscope::ftrace
