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
} // namespace

int cmdSweep(Args& a) {
    ScenarioArgs sa;
    std::vector<Axis> axes;
    std::string outPath;
    int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::optional<Time> duration;
    sa.extra = [&](const std::string& flag, Args& args) {
        if (flag == "--vary") {
            std::string kv = args.value(flag);
            auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
                throw UsageError{"--vary expects path=v1,v2,..., found '" + kv + "'"};
            axes.push_back(Axis{kv.substr(0, eq), splitCommas(kv.substr(eq + 1))});
        } else if (flag == "--out") outPath = args.value(flag);
        else if (flag == "--jobs") {
            std::string v = args.value(flag);
            try {
                jobs = std::stoi(v);
            } catch (const std::exception&) {
                jobs = 0;
            }
            if (jobs < 1 || jobs > 256) throw UsageError{"--jobs expects 1 to 256, found '" + v + "'"};
        } else if (flag == "--duration") {
            std::string v = args.value(flag);
            duration = parseDuration(v);
            if (!duration || *duration <= 0)
                throw UsageError{"--duration expects a duration such as 500ms, found '" + v + "'"};
        } else return false;
        return true;
    };
    if (int rc = sa.parse(a, true); rc != 0) return rc;
    if (axes.empty()) throw UsageError{"needs at least one --vary path=v1,v2,..."};
    if (outPath.empty()) throw UsageError{"needs --out results.csv"};

    // Build and validate every combination before running anything.
    std::vector<std::vector<std::string>> combos{{}};
    for (const auto& ax : axes) {
        std::vector<std::vector<std::string>> next;
        for (const auto& c : combos)
            for (const auto& v : ax.values) {
                auto n = c;
                n.push_back(v);
                next.push_back(std::move(n));
            }
        combos = std::move(next);
    }
    std::vector<Scenario> scenarios;
    for (const auto& c : combos) {
        Scenario s = sa.scenario;
        for (std::size_t i = 0; i < axes.size(); ++i) {
            auto st = s.set(axes[i].path, c[i]);
            if (!st) {
                std::fprintf(stderr, "irqscope-cli sweep: --vary %s: %s\n", axes[i].path.c_str(),
                             st.error().toString().c_str());
                return 2;
            }
        }
        scenarios.push_back(std::move(s));
    }

    std::vector<std::optional<Metrics>> results(scenarios.size());
    std::vector<std::string> errors(scenarios.size());
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex printMutex;
    const bool tty = isatty(fileno(stderr));
    auto progress = [&] {
        std::lock_guard lock(printMutex);
        const std::size_t d = done.load(), n = scenarios.size();
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
            if (i >= scenarios.size()) return;
            if (gInterrupted.load()) {
                errors[i] = "interrupted before it started";
                continue;
            }
            RunOptions opt;
            opt.recordTrace = false;
            opt.duration = duration;
            opt.cancel = &gInterrupted;
            auto r = run(scenarios[i], opt);
            if (r && r->metrics.cancelled) errors[i] = "interrupted";
            else if (r) results[i] = std::move(r->metrics);
            else errors[i] = r.error().toString();
            ++done;
            progress();
        }
    };
    {
        // Ctrl+C: runs in flight stop, the rest do not start; the finished
        // ones are written and the others say why they are missing.
        InterruptGuard ctrlC;
        std::vector<std::thread> pool;
        for (int j = 0; j < std::min<int>(jobs, static_cast<int>(scenarios.size())); ++j) pool.emplace_back(worker);
        for (auto& t : pool) t.join();
    }
    if (tty) std::fputc('\n', stderr);

    // CSV: the varied parameters, then the union of metric columns.
    std::vector<std::map<std::string, std::string>> rows(scenarios.size());
    std::set<std::string> columns;
    for (std::size_t i = 0; i < scenarios.size(); ++i)
        if (results[i]) {
            rows[i] = rowOf(*results[i]);
            for (auto& [k, _] : rows[i]) columns.insert(k);
        }
    std::ostringstream csv;
    for (const auto& ax : axes) csv << csvField(ax.path) << ',';
    csv << "error";
    for (const auto& c : columns) csv << ',' << csvField(c);
    csv << '\n';
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        for (const auto& v : combos[i]) csv << csvField(v) << ',';
        csv << csvField(errors[i]);
        for (const auto& c : columns) {
            auto it = rows[i].find(c);
            csv << ',' << (it == rows[i].end() ? "" : csvField(it->second));
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
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        std::string label;
        for (std::size_t k = 0; k < axes.size(); ++k) label += (k ? " " : "") + axes[k].path + "=" + combos[i][k];
        if (!results[i]) {
            std::printf("%-40s failed: %s\n", label.c_str(), errors[i].c_str());
            ++failed;
            continue;
        }
        const Metrics& m = *results[i];
        const double tput = m.throughput.empty() ? 0 : m.throughput.begin()->second.perSecond;
        if (m.latency.empty())
            std::printf("%-40s %-14s %8s %10s %10s %10s %10s %10s %10.0f\n", label.c_str(), "-", "-", "-", "-", "-",
                        "-", "-", tput);
        for (const auto& [name, h] : m.latency)
            std::printf("%-40s %-14s %8zu %10s %10s %10s %10s %10s %10.0f\n", label.c_str(), name.c_str(), h.count(),
                        formatDuration(static_cast<Time>(h.mean())).c_str(), formatDuration(h.percentile(50)).c_str(),
                        formatDuration(h.percentile(95)).c_str(), formatDuration(h.percentile(99)).c_str(),
                        formatDuration(h.max()).c_str(), tput);
    }
    std::fprintf(stderr, "wrote %s (%zu runs)\n", outPath.c_str(), scenarios.size());
    if (gInterrupted.load()) {
        std::fprintf(stderr, "irqscope-cli sweep: interrupted: partial result, %zu of %zu runs finished\n",
                     scenarios.size() - static_cast<std::size_t>(failed), scenarios.size());
        return kExitInterrupted;
    }
    return failed ? 1 : 0;
}

} // namespace irqscope::cli
