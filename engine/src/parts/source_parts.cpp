// Reading "sources": every field checked, every name it refers to declared.
#include "parts/source_parts.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

namespace irqscope::parts {

using nlohmann::json;

namespace {

Result<Time> readDuration(const json& v, const std::string& source, const std::string& path, bool positive) {
    std::optional<Time> t;
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) t = v.get<Time>();
    else if (v.is_string()) t = parseDuration(v.get<std::string>());
    if (!t || *t < 0 || (positive && *t == 0))
        return Error{source, path,
                     std::string("expected a ") + (positive ? "positive " : "") +
                         "duration (\"2us\", \"1.5ms\" or ns as an integer), found " + describeValue(v)};
    return *t;
}

Status onlyKeys(const json& obj, std::initializer_list<const char*> keys, const std::string& source,
                const std::string& path) {
    for (const auto& item : obj.items()) {
        const std::string& key = item.key();
        if (std::any_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; })) continue;
        std::string list;
        for (const char* k : keys) list += (list.empty() ? "" : ", ") + std::string(k);
        return Error{source, path + "." + key, "unknown field; expected " + list};
    }
    return okStatus();
}

// One time per line ("12us", "1.5ms" or ns), '#' starts a comment; a path
// relative to the scenario file's folder.
Result<std::vector<Time>> readReplay(const json& v, const std::string& source, const std::string& path) {
    if (!v.is_string() || v.get<std::string>().empty())
        return Error{source, path, "expected the path of a file of timestamps, found " + describeValue(v)};
    std::filesystem::path file = v.get<std::string>();
    if (file.is_relative() && !source.empty() && source.front() != '<')
        file = std::filesystem::path(source).parent_path() / file;
    std::error_code ec;
    std::ifstream in;
    // A regular file (not a fifo or /dev/zero) of at most 16 MiB, as a scenario file.
    if (std::filesystem::is_regular_file(file, ec) && std::filesystem::file_size(file, ec) <= (16u << 20))
        in.open(file);
    if (!in)
        return Error{source, path,
                     "cannot read the timestamps file '" + file.string() +
                         "' (a path relative to the scenario file's folder)"};
    std::vector<Time> times;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos) continue;
        const auto last = line.find_last_not_of(" \t\r");
        const std::string text = line.substr(first, last - first + 1);
        const auto t = parseDuration(text);
        const std::string at = file.string() + ":" + std::to_string(n) + ": ";
        if (!t) return Error{source, path, at + "expected a time (\"120us\", \"1.5ms\" or ns), found '" + text + "'"};
        if (!times.empty() && *t < times.back())
            return Error{source, path, at + "the times must not decrease (" + text + " after an earlier, later one)"};
        times.push_back(*t);
    }
    if (times.empty()) return Error{source, path, "the timestamps file '" + file.string() + "' holds no time"};
    return times;
}

Result<Arrival> readArrival(const json& v, const std::string& source, const std::string& path) {
    if (!v.is_object() || v.size() != 1)
        return Error{source, path,
                     "expected one of {\"periodic\": ...}, {\"poisson\": ...}, {\"bursts\": ...}, {\"replay\": ...}, "
                     "{\"on_submit\": ...}, {\"gaps\": ...}, {\"shuffle\": ...}, found " +
                         describeValue(v)};
    // (not `const auto& [k, b] = *v.items().begin()`: that binds to a dead iterator)
    const std::string kind = v.begin().key();
    const json& body = v.begin().value();
    const std::string at = path + "." + kind;
    Arrival a;
    auto field = [&](const char* key, bool positive, Time& out, bool required) -> Status {
        auto it = body.find(key);
        if (it == body.end()) {
            if (required) return Error{source, at + "." + key, "missing; expected a duration"};
            return okStatus();
        }
        auto t = readDuration(*it, source, at + "." + key, positive);
        if (!t) return t.error();
        out = *t;
        return okStatus();
    };
    if (kind == "periodic") {
        a.kind = Arrival::Kind::Periodic;
        if (!body.is_object()) {
            auto t = readDuration(body, source, at, true);
            if (!t) return t.error();
            a.period = a.start = *t;
        } else {
            if (auto st = onlyKeys(body, {"period", "start"}, source, at); !st) return st.error();
            if (auto st = field("period", true, a.period, true); !st) return st.error();
            a.start = a.period;
            if (auto st = field("start", false, a.start, false); !st) return st.error();
        }
    } else if (kind == "poisson") {
        a.kind = Arrival::Kind::Poisson;
        if (!body.is_object() || !body.contains("rate_hz"))
            return Error{source, at, "expected {\"rate_hz\": interrupts per second}"};
        if (auto st = onlyKeys(body, {"rate_hz"}, source, at); !st) return st.error();
        const json& r = body["rate_hz"];
        if (!r.is_number() || r.get<double>() <= 0 || r.get<double>() > 1e9)
            return Error{source, at + ".rate_hz",
                         "expected a rate above 0 and at most 1e9 Hz, found " + describeValue(r)};
        a.rateHz = r.get<double>();
    } else if (kind == "bursts") {
        a.kind = Arrival::Kind::Bursts;
        if (!body.is_object())
            return Error{source, at, "expected {\"count\": n, \"gap\": duration, \"every\": duration}"};
        if (auto st = onlyKeys(body, {"count", "gap", "every", "start"}, source, at); !st) return st.error();
        const json c = body.value("count", json());
        if (!c.is_number_integer() || c.get<int>() < 1 || c.get<int>() > 1'000'000)
            return Error{source, at + ".count",
                         "expected the interrupts of a burst, 1 or more, found " + describeValue(c)};
        a.count = c.get<int>();
        if (auto st = field("gap", false, a.gap, true); !st) return st.error();
        if (auto st = field("every", true, a.period, true); !st) return st.error();
        a.start = a.period;
        if (auto st = field("start", false, a.start, false); !st) return st.error();
        if (a.gap * (a.count - 1) >= a.period)
            return Error{source, at + ".every", "a burst (count - 1 gaps) must end before the next one starts"};
    } else if (kind == "replay") {
        a.kind = Arrival::Kind::Replay;
        auto times = readReplay(body, source, at);
        if (!times) return times.error();
        a.times = std::move(*times);
    } else if (kind == "on_submit") {
        a.kind = Arrival::Kind::OnSubmit;
        if (!body.is_object() || !body.contains("latency"))
            return Error{source, at, "expected {\"latency\": cost} (from the task's submit to the interrupt)"};
        if (auto st = onlyKeys(body, {"latency"}, source, at); !st) return st.error();
        auto d = readDistribution(body["latency"], source, at + ".latency");
        if (!d) return d.error();
        a.latency = *d;
    } else if (kind == "gaps") {
        // a renewal process: independent gaps drawn from a cost (an empirical
        // inter-arrival histogram, as `irqscope-cli twin` fits from a capture)
        a.kind = Arrival::Kind::Gaps;
        auto d = readDistribution(body, source, at);
        if (!d) return d.error();
        if (d->mean() <= 0) return Error{source, at, "the gaps between arrivals must have a mean above 0"};
        a.latency = *d;
    } else if (kind == "shuffle") {
        // the gaps of a histogram drawn without replacement: each cycle uses every
        // gap its count of times, in random order, so a cycle lasts the sum of the
        // gaps (the capture's duration, as `irqscope-cli twin` fits it)
        a.kind = Arrival::Kind::Shuffle;
        if (!body.is_array() || body.empty()) return Error{source, at, "expected [[gap, count], ...]"};
        for (std::size_t i = 0; i < body.size(); ++i) {
            const std::string bin = at + "[" + std::to_string(i) + "]";
            const json& b = body[i];
            if (!b.is_array() || b.size() != 2 || !b[1].is_number_integer() || b[1].get<std::int64_t>() < 0 ||
                b[1].get<std::int64_t>() > 1'000'000)
                return Error{source, bin, "expected [gap, count], a count from 0 to 1000000"};
            auto t = readDuration(b[0], source, bin + "[0]", true);
            if (!t) return t.error();
            a.times.insert(a.times.end(), static_cast<std::size_t>(b[1].get<std::int64_t>()), *t);
            if (a.times.size() > 10'000'000) return Error{source, at, "more than 10 million gaps"};
        }
        if (a.times.empty()) return Error{source, at, "expected at least one gap with a count above 0"};
    } else {
        return Error{source, at,
                     "unknown arrival; expected periodic, poisson, bursts, replay, on_submit, gaps or shuffle"};
    }
    return a;
}

Result<SourcePart> readSource(const json& part, std::size_t i, const PartNames& names, const std::string& source,
                              int cpus) {
    SourcePart s;
    s.name = part["name"].get<std::string>();
    s.path = jsonPath("sources", i);
    if (auto st =
            onlyKeys(part, {"name", "line", "intid", "cpus", "arrival", "stream", "handler", "then"}, source, s.path);
        !st)
        return st.error();
    if (auto it = part.find("line"); it != part.end()) {
        const std::string l = it->is_string() ? it->get<std::string>() : "";
        if (l == "spi") s.line = SourcePart::Line::Spi;
        else if (l == "msi") s.line = SourcePart::Line::Msi;
        else if (l == "lpi") s.line = SourcePart::Line::Lpi;
        else return Error{source, s.path + ".line", "expected spi, msi or lpi, found " + describeValue(*it)};
    }
    if (auto it = part.find("intid"); it != part.end()) {
        // The board wires a device's line to one SPI (a DT "interrupts" cell, an
        // ACPI _CRS); an MSI or LPI number is allocated by its irq domain at
        // request time (msi_domain_alloc_irqs(), its_irq_domain_alloc()), so
        // nobody writes it.
        if (s.line != SourcePart::Line::Spi)
            return Error{source, s.path + ".intid",
                         "only a wired line has a fixed number: an msi or lpi source's INTID is allocated (from "
                         "8192 for an LPI) when its driver requests it; remove intid or write \"line\": \"spi\""};
        if (!it->is_number_integer() || it->get<std::int64_t>() < 32 || it->get<std::int64_t>() > 1019)
            return Error{source, s.path + ".intid",
                         "expected an SPI, 32 to 1019 (0-15 are SGIs, 16-31 PPIs, 1020-1023 special), found " +
                             describeValue(*it)};
        s.intid = it->get<int>();
    }
    if (auto it = part.find("stream"); it != part.end()) {
        if (!it->is_string() || it->get<std::string>().empty())
            return Error{source, s.path + ".stream",
                         "expected the name of a random stream (\"net\"), found " + describeValue(*it)};
        s.stream = it->get<std::string>();
    }
    if (auto it = part.find("cpus"); it != part.end()) {
        if (!it->is_array() || it->empty())
            return Error{source, s.path + ".cpus", "expected a non-empty list of CPUs, found " + describeValue(*it)};
        std::set<int> seen;
        for (std::size_t j = 0; j < it->size(); ++j) {
            const json& c = (*it)[j];
            const std::string at = s.path + ".cpus[" + std::to_string(j) + "]";
            if (!c.is_number_integer() || c.get<int>() < 0 || c.get<int>() >= cpus)
                return Error{source, at,
                             "expected a CPU from 0 to " + std::to_string(cpus - 1) + " (machine.cpus is " +
                                 std::to_string(cpus) + "), found " + describeValue(c)};
            if (!seen.insert(c.get<int>()).second) return Error{source, at, "this CPU is already in the list"};
            s.cpus.push_back(c.get<int>());
        }
    }
    auto arrival = part.find("arrival");
    if (arrival == part.end())
        return Error{source, s.path + ".arrival",
                     "every source needs an arrival: periodic, poisson, bursts, replay, on_submit, gaps or shuffle"};
    auto a = readArrival(*arrival, source, s.path + ".arrival");
    if (!a) return a.error();
    s.arrival = std::move(*a);
    if (auto it = part.find("then"); it != part.end()) {
        auto chain = readChain(*it, names, source, s.path + ".then", true);
        if (!chain) return chain.error();
        s.then = std::move(*chain);
    }
    const Step* thread = !s.then.empty() && s.then.back().kind == Step::Kind::Thread ? &s.then.back() : nullptr;
    if (auto it = part.find("handler"); it != part.end()) {
        if (!it->is_object() || !it->contains("cost"))
            return Error{source, s.path + ".handler", "expected {\"cost\": cost}, found " + describeValue(*it)};
        if (auto st = onlyKeys(*it, {"cost"}, source, s.path + ".handler"); !st) return st.error();
        auto d = readDistribution((*it)["cost"], source, s.path + ".handler.cost");
        if (!d) return d.error();
        s.handler = *d;
    } else if (!thread || s.then.size() != 1) {
        return Error{source, s.path + ".handler",
                     "missing; only a source whose then is a single thread step may go without a primary handler "
                     "(request_threaded_irq(irq, NULL, thread_fn, ...))"};
    } else if (s.line == SourcePart::Line::Spi && !thread->oneshot) {
        // __setup_irq(): "Threaded irq requested with handler=NULL and !ONESHOT" -> -EINVAL,
        // unless the chip is IRQCHIP_ONESHOT_SAFE (MSI, LPI).
        return Error{source, s.path + ".then[0].thread.oneshot",
                     "a threaded SPI without a primary handler needs \"oneshot\": true: the kernel refuses "
                     "handler=NULL without IRQF_ONESHOT on a line that stays asserted until the thread ran"};
    }
    return s;
}

} // namespace

Result<std::vector<SourcePart>> readSourceParts(const json& list, const PartNames& names, const std::string& source,
                                                int cpus) {
    std::vector<SourcePart> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto s = readSource(list[i], i, names, source, cpus);
        if (!s) return s.error();
        for (const SourcePart& other : out)
            if (s->intid != 0 && other.intid == s->intid)
                return Error{source, s->path + ".intid",
                             "INTID " + std::to_string(s->intid) + " is already the line of " + other.path + " ('" +
                                 other.name + "'); two devices cannot be wired to one SPI here"};
        out.push_back(std::move(*s));
    }
    return out;
}

} // namespace irqscope::parts
