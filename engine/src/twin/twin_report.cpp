// compareTwin(): the capture and a run of its twin on the same metrics, each
// computed the same way on both sides (the Metrics both produce, and the
// wake-up flows of both Traces), with the targets of docs/twin.md.
#include "irqscope/twin.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace irqscope {

namespace {

constexpr std::size_t kMinSamples = 10; // fewer wake-ups (interrupts) than this: shown, no target

// Time split: the task buckets (user, kthread) are one, since the twin runs the
// captured kthreads as tasks; the others as the metrics name them.
struct Split {
    std::map<std::string, double> pct;
};
Split split(const CpuMetrics& c) {
    Time total = 0;
    for (Time v : c.ns) total += v;
    Split s;
    if (total <= 0) return s;
    auto at = [&](TimeBucket b) { return double(c.ns[static_cast<std::size_t>(b)]); };
    const double t = double(total);
    s.pct["hardirq"] = 100 * at(TimeBucket::Hardirq) / t;
    s.pct["softirq"] = 100 * at(TimeBucket::Softirq) / t;
    s.pct["irq_thread"] = 100 * at(TimeBucket::IrqThread) / t;
    s.pct["kworker"] = 100 * at(TimeBucket::Kworker) / t;
    s.pct["task"] = 100 * (at(TimeBucket::User) + at(TimeBucket::Kthread)) / t;
    s.pct["idle"] = 100 * at(TimeBucket::Idle) / t;
    return s;
}

// Wake-up latency by task: waking -> the switch that runs it, from the trace's
// flows. Both sides mark them at the kernel's tracepoints: sched_waking at the
// start of try_to_wake_up(), sched_switch after an idle CPU's exit
// (kernel/sched/core.c, idle.c, 6.12; the engine's Scheduler::wake() and
// switchTo()), so no correction is added to either.
std::map<std::string, std::vector<Time>> wakeups(const Trace& t, const std::map<std::string, std::string>* rename) {
    std::map<std::string, std::vector<Time>> out;
    for (const Flow& f : t.flows()) {
        if (f.kind != FlowKind::WakeTask) continue;
        const auto seg = t.segmentAt(f.dstLane, 0, f.dstTime);
        if (!seg) continue;
        std::string who(t.str(seg->entity));
        if (rename) {
            auto it = rename->find(who);
            if (it == rename->end()) continue;
            who = it->second;
        }
        out[who].push_back(f.dstTime - f.srcTime);
    }
    return out;
}

Time pct(std::vector<Time> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto k = static_cast<std::size_t>(std::ceil(q * double(v.size()))) - (q > 0 ? 1 : 0);
    return v[std::min(k, v.size() - 1)];
}

class Builder {
public:
    explicit Builder(TwinReport& r) : r_(r) {}
    void add(std::string metric, std::string unit, std::optional<double> cap, std::optional<double> twin,
             std::string target, bool met) {
        TwinRow row;
        row.metric = std::move(metric);
        row.unit = std::move(unit);
        row.hasCapture = cap.has_value();
        row.hasTwin = twin.has_value();
        row.capture = cap.value_or(0);
        row.twin = twin.value_or(0);
        if (row.hasCapture && row.hasTwin && !target.empty()) {
            row.target = std::move(target);
            row.met = met;
            ++r_.targets;
            r_.met += met;
        }
        r_.rows.push_back(std::move(row));
    }

private:
    TwinReport& r_;
};

std::optional<double> opt(bool has, double v) {
    return has ? std::optional<double>(v) : std::nullopt;
}

void latencyRows(Builder& b, const std::string& name, const std::vector<Time>& cap, const std::vector<Time>& twin,
                 bool targets) {
    const bool enough = targets && cap.size() >= kMinSamples && twin.size() >= kMinSamples;
    const double c50 = double(pct(cap, 0.5)) / 1e3, t50 = double(pct(twin, 0.5)) / 1e3;
    const double c99 = double(pct(cap, 0.99)) / 1e3, t99 = double(pct(twin, 0.99)) / 1e3;
    b.add(name + ".n", "", opt(!cap.empty(), double(cap.size())), opt(!twin.empty(), double(twin.size())), "", false);
    b.add(name + ".p50", "us", opt(!cap.empty(), c50), opt(!twin.empty(), t50), enough ? "±30 %" : "",
          std::abs(t50 - c50) <= 0.3 * c50);
    b.add(name + ".p99", "us", opt(!cap.empty(), c99), opt(!twin.empty(), t99), enough ? "×2" : "",
          t99 <= 2 * c99 && t99 >= c99 / 2);
}

std::vector<Time> samplesOf(const Metrics& m, const std::string& series) {
    std::vector<Time> v;
    auto it = m.latency.find(series);
    if (it == m.latency.end()) return v;
    for (const auto& [value, n] : it->second.distribution()) v.insert(v.end(), n, value);
    return v;
}

} // namespace

TwinReport compareTwin(const ImportResult& capture, const TwinFit& fit, const RunResult& twin,
                       const std::map<std::string, std::vector<Time>>& rtappWuLat) {
    return compareTwin(capture.trace, capture.metrics, fit, twin, rtappWuLat);
}

TwinReport compareTwin(const Trace& captureTrace, const Metrics& captureMetrics, const TwinFit& fit,
                       const RunResult& twin, const std::map<std::string, std::vector<Time>>& rtappWuLat) {
    struct {
        const Trace& trace;
        const Metrics& metrics;
    } capture{captureTrace, captureMetrics};
    TwinReport r;
    r.capture = capture.metrics.scenario;
    r.twin = fit.scenario.value("name", "twin");
    r.durationNs = fit.durationNs;
    r.notes = fit.notes;
    Builder b(r);
    // Time split per CPU.
    for (std::size_t i = 0; i < capture.metrics.cpus.size(); ++i) {
        const int cpu = capture.metrics.cpus[i].cpu;
        const CpuMetrics* tc = nullptr;
        for (const auto& c : twin.metrics.cpus)
            if (c.cpu == cpu) tc = &c;
        const Split a = split(capture.metrics.cpus[i]);
        const Split s = tc ? split(*tc) : Split{};
        for (const auto& [ctx, v] : a.pct) {
            auto it = s.pct.find(ctx);
            const bool has = it != s.pct.end();
            b.add("cpu" + std::to_string(cpu) + "." + ctx, "%", v, opt(has, has ? it->second : 0), "±3 pp",
                  has && std::abs(it->second - v) <= 3.0);
        }
    }
    // Interrupt rate per line (device lines and the timer; IPIs are the kernel's).
    const double capS = double(capture.metrics.simTimeNs) / 1e9, twinS = double(twin.metrics.simTimeNs) / 1e9;
    std::map<std::string, double> twinRate;
    for (const auto& l : twin.metrics.irqLines) twinRate[l.name] += twinS > 0 ? double(l.handled) / twinS : 0;
    std::map<std::string, double> capRate;
    for (const auto& [entity, th] : capture.metrics.throughput) {
        if (!entity.starts_with("irq:")) continue;
        auto it = fit.lineNames.find(entity.substr(4));
        if (it == fit.lineNames.end()) continue;
        capRate[it->second] += capS > 0 ? double(th.count) / capS : 0;
    }
    for (const auto& [name, rate] : capRate) {
        auto it = twinRate.find(name);
        const double t = it != twinRate.end() ? it->second : 0;
        const bool enough = rate * capS >= double(kMinSamples);
        b.add("irq_rate/" + name, "Hz", rate, t, enough ? "±5 %" : "", std::abs(t - rate) <= 0.05 * rate);
    }
    // Kernel latencies, same series on both sides.
    for (const char* series : {"softirq_raise_to_entry", "workqueue_queue_to_start"})
        latencyRows(b, series, samplesOf(capture.metrics, series), samplesOf(twin.metrics, series), false);
    // Wake-up latency per task.
    const auto capWake = wakeups(capture.trace, &fit.taskNames);
    const auto twinWake = wakeups(twin.trace, nullptr);
    for (const auto& [task, samples] : capWake) {
        auto it = twinWake.find(task);
        latencyRows(b, "wakeup/" + task, samples, it != twinWake.end() ? it->second : std::vector<Time>{}, true);
    }
    // rt-app's wu_lat: the real run's logs against the twin's series.
    for (const auto& [thread, samples] : rtappWuLat) {
        const auto mine = samplesOf(twin.metrics, "wu_lat/" + thread);
        // a thread without a timer event logs wu_lat 0 and the twin has no series: nothing to compare
        if (mine.empty() && std::all_of(samples.begin(), samples.end(), [](Time t) { return t == 0; })) continue;
        latencyRows(b, "wu_lat/" + thread, samples, mine, true);
    }
    return r;
}

std::string twinReportMarkdown(const TwinReport& r) {
    std::ostringstream o;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "# Twin check: %s\n\nCapture `%s`, twin `%s`, %.3f s. Targets met: **%d of %d**.\n\n", r.twin.c_str(),
                  r.capture.c_str(), r.twin.c_str(), double(r.durationNs) / 1e9, r.met, r.targets);
    o << buf;
    o << "| metric | unit | capture | twin | target | |\n| --- | --- | ---: | ---: | --- | --- |\n";
    auto num = [](bool has, double v) {
        if (!has) return std::string("—");
        char b2[32];
        std::snprintf(b2, sizeof b2, std::abs(v) >= 100 || v == std::floor(v) ? "%.0f" : "%.2f", v);
        return std::string(b2);
    };
    for (const auto& row : r.rows) {
        const std::string mark = row.target.empty() ? "" : row.met ? "ok" : "**miss**";
        o << "| " << row.metric << " | " << row.unit << " | " << num(row.hasCapture, row.capture) << " | "
          << num(row.hasTwin, row.twin) << " | " << row.target << " | " << mark << " |\n";
    }
    if (!r.notes.empty()) {
        o << "\nWhat the twin does not model:\n\n";
        for (const auto& n : r.notes) o << "- " << n << "\n";
    }
    return o.str();
}

nlohmann::json toJson(const TwinReport& r) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : r.rows) {
        nlohmann::json j{{"metric", row.metric}, {"unit", row.unit}};
        j["capture"] = row.hasCapture ? nlohmann::json(row.capture) : nlohmann::json();
        j["twin"] = row.hasTwin ? nlohmann::json(row.twin) : nlohmann::json();
        if (!row.target.empty()) {
            j["target"] = row.target;
            j["met"] = row.met;
        }
        rows.push_back(std::move(j));
    }
    return {{"schema", "irqscope.twin-report/1"},
            {"capture", r.capture},
            {"twin", r.twin},
            {"duration_ns", r.durationNs},
            {"targets", r.targets},
            {"met", r.met},
            {"rows", rows},
            {"notes", r.notes}};
}

Result<std::vector<Time>> readRtappLogWuLat(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Error{path, "", "cannot open the rt-app log"};
    std::string line;
    int column = -1, n = 0;
    std::vector<Time> out;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty()) continue;
        std::istringstream words(line[0] == '#' ? line.substr(1) : line);
        std::vector<std::string> w;
        for (std::string x; words >> x;) w.push_back(x);
        if (line[0] == '#') {
            for (std::size_t i = 0; i < w.size(); ++i)
                if (w[i] == "wu_lat") column = static_cast<int>(i);
            continue;
        }
        if (column < 0) return Error{path, "line " + std::to_string(n), "no '#idx ... wu_lat' header before the rows"};
        if (static_cast<int>(w.size()) <= column)
            return Error{path, "line " + std::to_string(n), "expected a wu_lat column, found '" + line + "'"};
        try {
            out.push_back(static_cast<Time>(std::stod(w[static_cast<std::size_t>(column)]) * 1000));
        } catch (...) {
            return Error{path, "line " + std::to_string(n),
                         "wu_lat is not a number: '" + w[static_cast<std::size_t>(column)] + "'"};
        }
    }
    return out;
}

} // namespace irqscope
