// irqscope-cli sweep: the cross product of --vary values, run in parallel.
// Every run is a pure function of (scenario, seed), so the results do not
// depend on --jobs or on the order the workers pick the runs up.
#include "commands.h"
#include "interrupt.h"
#include "output.h"
#include "scenario_args.h"

#include "core/atomic_file.h"
#include "irqscope/engine.h"

#include <QString>

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace irqscope::cli {

namespace {
// More runs than anyone waits for (at a tenth of a second each, a day on 2
// cores); the limit keeps the results' memory bounded.
constexpr std::size_t kMaxRuns = 100'000;

struct Axis {
    std::string path;
    std::vector<std::string> values;
};

std::vector<std::string> splitCommas(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, ',')) out.push_back(cur);
    return out;
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

// The columns a run contributes, by name.
std::map<std::string, std::string> rowOf(const Metrics& m) {
    std::map<std::string, std::string> r;
    auto num = [](double v) {
        char b[48];
        std::snprintf(b, sizeof b, "%.6g", v);
        return std::string(b);
    };
    r["sim_time_ns"] = std::to_string(m.simTimeNs);
    r["wall_time_s"] = num(m.wallTimeS);
    r["events"] = std::to_string(m.events);
    for (const auto& [name, h] : m.latency) {
        r["lat." + name + ".count"] = std::to_string(h.count());
        r["lat." + name + ".mean_ns"] = num(h.mean());
        for (auto [label, p] :
             {std::pair{"p50", 50.0}, {"p90", 90.0}, {"p95", 95.0}, {"p98", 98.0}, {"p99", 99.0}, {"p999", 99.9}})
            r["lat." + name + "." + label + "_ns"] = std::to_string(h.percentile(p));
        r["lat." + name + ".max_ns"] = std::to_string(h.max());
    }
    for (const auto& [name, t] : m.throughput) r["tp." + name + ".per_s"] = num(t.perSecond);
    double maxOff = 0, hard = 0, soft = 0;
    for (const auto& c : m.cpus) {
        maxOff = std::max(maxOff, double(c.irqsOffNs) / double(std::max<Time>(m.simTimeNs, 1)));
        hard += double(c.ns[int(TimeBucket::Hardirq)]);
        soft += double(c.ns[int(TimeBucket::Softirq)]);
    }
    r["max_cpu_irqs_off_pct"] = num(100 * maxOff);
    r["hardirq_ns"] = num(hard);
    r["softirq_ns"] = num(soft);
    r["warnings"] = std::to_string(m.warnings.size());
    return r;
}
// The run's rows of the terminal table: one per latency series.
std::string tableLines(const std::string& label, const Metrics& m) {
    std::string out;
    const std::string first = label.size() < 40 ? label + std::string(40 - label.size(), ' ') : label;
    char line[256]; // the columns after the label, each of bounded width
    const double tput = m.throughput.empty() ? 0 : m.throughput.begin()->second.perSecond;
    if (m.latency.empty()) {
        std::snprintf(line, sizeof line, " %-14s %8s %10s %10s %10s %10s %10s %10.0f\n", "-", "-", "-", "-", "-", "-",
                      "-", tput);
        out += first + line;
    }
    for (const auto& [name, h] : m.latency) {
        std::snprintf(line, sizeof line, " %-14.40s %8zu %10s %10s %10s %10s %10s %10.0f\n", name.c_str(), h.count(),
                      formatDuration(static_cast<Time>(h.mean())).c_str(), formatDuration(h.percentile(50)).c_str(),
                      formatDuration(h.percentile(95)).c_str(), formatDuration(h.percentile(99)).c_str(),
                      formatDuration(h.max()).c_str(), tput);
        out += first + line;
    }
    return out;
}
} // namespace

int cmdSweep(Args& a) {
    ScenarioArgs sa;
    std::vector<Axis> axes;
    std::string outPath;
    int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::optional<Time> duration;
    std::string durationText;
    sa.extra = [&](const std::string& flag, Args& args) {
        if (flag == "--vary") {
            std::string kv = args.value(flag);
            auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
                throw UsageError{"--vary expects path=v1,v2,..., found '" + kv + "'"};
            Axis axis{kv.substr(0, eq), splitCommas(kv.substr(eq + 1))};
            for (const auto& ax : axes)
                if (ax.path == axis.path)
                    throw UsageError{"--vary " + axis.path + " is given twice; list every value in one --vary"};
            std::set<std::string> distinct(axis.values.begin(), axis.values.end());
            if (distinct.size() != axis.values.size())
                throw UsageError{"--vary " + axis.path + " lists a value twice ('" + kv.substr(eq + 1) + "')"};
            axes.push_back(std::move(axis));
        } else if (flag == "--out") {
            std::string v = args.value(flag);
            if (!outPath.empty()) throw UsageError{"--out is given twice ('" + outPath + "' and '" + v + "')"};
            outPath = v;
        } else if (flag == "--jobs") {
            std::string v = args.value(flag);
            try {
                jobs = std::stoi(v);
            } catch (const std::exception&) {
                jobs = 0;
            }
            if (jobs < 1 || jobs > 256) throw UsageError{"--jobs expects 1 to 256, found '" + v + "'"};
        } else if (flag == "--duration") {
            std::string v = args.value(flag);
            if (!durationText.empty())
                throw UsageError{"--duration is given twice ('" + durationText + "' and '" + v + "')"};
            durationText = v;
            duration = parseDuration(v);
            if (!duration || *duration <= 0)
                throw UsageError{"--duration expects a duration such as 500ms, found '" + v + "'"};
        } else return false;
        return true;
    };
    if (int rc = sa.parse(a, true); rc != 0) return rc;
    if (axes.empty()) throw UsageError{"needs at least one --vary path=v1,v2,..."};
    if (outPath.empty()) throw UsageError{"needs --out results.csv"};
    if (duration) { // the range of run.duration_ns
        Scenario probe = sa.scenario;
        if (auto st = probe.set("run.duration_ns", durationText); !st)
            throw UsageError{"--duration (run.duration_ns): " + st.error().message};
    }
    if (const QString why = app::unwritableReason(QString::fromStdString(outPath)); !why.isEmpty())
        throw UsageError{"--out " + outPath + ": " + why.toStdString()};

    // The combinations are numbered (mixed radix over the axes) and made when
    // a worker picks one up: 250k combinations once took 870 MB as scenarios
    // made up front, 4M ended in an uncaught bad_alloc. Their number is
    // checked before anything is made.
    std::size_t count = 1;
    for (const auto& ax : axes) {
        if (count > kMaxRuns / ax.values.size()) {
            std::fprintf(stderr,
                         "irqscope-cli sweep: --vary: the cross product has more than %zu runs; vary fewer values\n",
                         kMaxRuns);
            return 2;
        }
        count *= ax.values.size();
    }
    auto combination = [&](std::size_t index) {
        std::vector<std::string> values(axes.size());
        for (std::size_t k = axes.size(); k-- > 0;) {
            values[k] = axes[k].values[index % axes[k].values.size()];
            index /= axes[k].values.size();
        }
        return values;
    };
    auto scenarioOf = [&](std::size_t index) -> Result<Scenario> {
        Scenario s = sa.scenario;
        const auto values = combination(index);
        std::vector<std::pair<std::string, std::string>> sets;
        for (std::size_t k = 0; k < axes.size(); ++k) sets.emplace_back(axes[k].path, values[k]);
        // all axes at once: a combination's validity does not depend on the order of --vary
        if (auto st = s.setAll(sets); !st) return st.error();
        return s;
    };
    // Validate every combination before running anything (one at a time: no list is kept).
    for (std::size_t i = 0; i < count; ++i)
        if (auto s = scenarioOf(i); !s) {
            std::string label;
            const auto values = combination(i);
            for (std::size_t k = 0; k < axes.size(); ++k) label += (k ? " " : "") + axes[k].path + "=" + values[k];
            std::fprintf(stderr, "irqscope-cli sweep: --vary %s: %s\n", label.c_str(), s.error().toString().c_str());
            return 2;
        }
    auto labelOf = [&](std::size_t i) {
        std::string label;
        const auto values = combination(i);
        for (std::size_t k = 0; k < axes.size(); ++k) label += (k ? " " : "") + axes[k].path + "=" + values[k];
        return label;
    };
    // What each run leaves: its CSV columns and its lines of the terminal table
    // (the Metrics, with every latency sample, are dropped as soon as these are made).
    std::vector<std::optional<std::map<std::string, std::string>>> rows(count);
    std::vector<std::string> tables(count);
    std::vector<std::string> errors(count);
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex printMutex;
    const bool tty = isatty(fileno(stderr));
    auto progress = [&] {
        std::lock_guard lock(printMutex);
        const std::size_t d = done.load(), n = count;
        const int width = 30;
        const int filled = static_cast<int>(double(d) / double(n) * width);
        std::fprintf(stderr, "%ssweep [%.*s%*s] %zu/%zu%s", tty ? "\r" : "", filled, "##############################",
                     width - filled, "", d, n, tty ? "" : "\n");
        std::fflush(stderr);
    };
    progress();
    auto worker = [&] {
        for (;;) {
            const std::size_t i = next.fetch_add(1);
            if (i >= count) return;
            if (gInterrupted.load()) {
                errors[i] = "interrupted before it started";
                continue;
            }
            RunOptions opt;
            opt.recordTrace = false;
            opt.duration = duration;
            opt.cancel = &gInterrupted;
            auto r = run(*scenarioOf(i), opt);
            if (r && r->metrics.cancelled) errors[i] = "interrupted";
            else if (r) {
                rows[i] = rowOf(r->metrics);
                tables[i] = tableLines(labelOf(i), r->metrics);
            } else errors[i] = r.error().toString();
            ++done;
            progress();
        }
    };
    {
        // Ctrl+C: runs in flight stop, the rest do not start; the finished
        // ones are written and the others say why they are missing.
        InterruptGuard ctrlC;
        std::vector<std::thread> pool;
        for (int j = 0; j < std::min<int>(jobs, static_cast<int>(count)); ++j) pool.emplace_back(worker);
        for (auto& t : pool) t.join();
    }
    if (tty) std::fputc('\n', stderr);

    // CSV: the varied parameters, then the union of metric columns.
    std::set<std::string> columns;
    for (std::size_t i = 0; i < count; ++i)
        if (rows[i])
            for (auto& [k, _] : *rows[i]) columns.insert(k);
    std::ostringstream csv;
    for (const auto& ax : axes) csv << csvField(ax.path) << ',';
    csv << "error";
    for (const auto& c : columns) csv << ',' << csvField(c);
    csv << '\n';
    for (std::size_t i = 0; i < count; ++i) {
        for (const auto& v : combination(i)) csv << csvField(v) << ',';
        csv << csvField(errors[i]);
        for (const auto& c : columns) {
            const auto it = rows[i] ? rows[i]->find(c) : std::map<std::string, std::string>::const_iterator{};
            csv << ',' << (!rows[i] || it == rows[i]->end() ? "" : csvField(it->second));
        }
        csv << '\n';
    }
    QString err;
    if (!app::writeFileAtomically(QString::fromStdString(outPath), QByteArray::fromStdString(csv.str()), &err)) {
        std::fprintf(stderr, "irqscope-cli sweep: %s: %s\n", outPath.c_str(), err.toStdString().c_str());
        return 1;
    }

    // A percentile table on the terminal, one row per run and latency series.
    std::printf("%-40s %-14s %8s %10s %10s %10s %10s %10s %10s\n", "run", "series", "count", "mean", "p50", "p95",
                "p99", "max", "tput/s");
    int failed = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (!rows[i]) {
            std::printf("%-40s failed: %s\n", labelOf(i).c_str(), errors[i].c_str());
            ++failed;
            continue;
        }
        std::fputs(tables[i].c_str(), stdout);
    }
    std::fprintf(stderr, "wrote %s (%zu runs)\n", outPath.c_str(), count);
    if (gInterrupted.load()) {
        std::fprintf(stderr, "irqscope-cli sweep: interrupted: partial result, %zu of %zu runs finished\n",
                     count - static_cast<std::size_t>(failed), count);
        return kExitInterrupted;
    }
    return failed ? 1 : 0;
}

} // namespace irqscope::cli
