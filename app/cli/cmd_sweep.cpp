// irqscope-cli sweep: the cross product of --vary values, run in parallel.
// Every run is a pure function of (scenario, seed), so the results do not
// depend on --jobs, on the order the workers pick the runs up, or on which
// machine runs them: --shard K/N runs every N-th combination starting at the
// K-th, and `merge` joins the shards' CSVs into the one-process result.
#include "commands.h"
#include "interrupt.h"
#include "output.h"
#include "progress.h"
#include "scenario_args.h"
#include "sweep_table.h"

#include "core/atomic_file.h"
#include "irqscope/engine.h"

#include <QDir>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace irqscope::cli {

namespace {
constexpr std::size_t kMaxRuns = 100'000; // a sweep's runs, at most
}

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

// "K/N" with 1 <= K <= N.
std::pair<std::size_t, std::size_t> parseShard(const std::string& v) {
    const auto slash = v.find('/');
    std::size_t k = 0, n = 0;
    try {
        std::size_t usedK = 0, usedN = 0;
        if (slash == std::string::npos || v.empty() || v[0] == '-' || v[slash + 1] == '-')
            throw std::invalid_argument(v);
        k = std::stoul(v.substr(0, slash), &usedK);
        n = std::stoul(v.substr(slash + 1), &usedN);
        if (usedK != slash || usedN != v.size() - slash - 1) throw std::invalid_argument(v);
    } catch (const std::exception&) {
        k = n = 0;
    }
    if (k < 1 || n < 1 || k > n || n > 1'000'000)
        throw UsageError{"--shard expects K/N with 1 <= K <= N (the K-th of N slices), found '" + v + "'"};
    return {k, n};
}

// One finished run on its way to the main thread, which draws its image
// (Qt widgets live on the main thread) and then drops the trace.
struct Finished {
    std::size_t slot = 0;
    RunResult result;
};
} // namespace

int cmdSweep(Args& a) {
    ScenarioArgs sa;
    std::vector<Axis> axes;
    std::string outPath, longPath, imageDir, imageFormat = "svg";
    int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::optional<Time> duration;
    std::size_t shardK = 1, shardN = 1;
    bool quiet = false;
    TableFormat format = TableFormat::Text;
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
        } else if (flag == "--long") longPath = args.value(flag);
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
        } else if (flag == "--shard") std::tie(shardK, shardN) = parseShard(args.value(flag));
        else if (flag == "--images") imageDir = args.value(flag);
        else if (flag == "--image-format") {
            imageFormat = args.value(flag);
            if (imageFormat != "svg" && imageFormat != "png" && imageFormat != "pdf")
                throw UsageError{"--image-format expects svg, png or pdf, found '" + imageFormat + "'"};
        } else if (flag == "--format") format = parseTableFormat(args.value(flag));
        else if (flag == "--quiet" || flag == "-q") quiet = true;
        else return false;
        return true;
    };
    if (int rc = sa.parse(a, true); rc != 0) return rc;
    if (axes.empty()) throw UsageError{"needs at least one --vary path=v1,v2,..."};
    if (outPath.empty()) throw UsageError{"needs --out results.csv"};
    if (outPath != "-")
        if (const QString why = app::unwritableReason(QString::fromStdString(outPath)); !why.isEmpty())
            throw UsageError{"--out " + outPath + ": " + why.toStdString()};
    // The number of runs is checked before any combination is made: 4M
    // combinations made up front once ended in an uncaught bad_alloc.
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
    if (!imageDir.empty() && !QDir().mkpath(QString::fromStdString(imageDir))) {
        std::fprintf(stderr, "irqscope-cli sweep: %s: cannot create the image directory\n", imageDir.c_str());
        return 1;
    }

    // Build and validate every combination (not only this shard's) before
    // running anything: a typo fails every shard the same way, at once.
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
        std::vector<std::pair<std::string, std::string>> sets;
        for (std::size_t i = 0; i < axes.size(); ++i) sets.emplace_back(axes[i].path, c[i]);
        // all axes at once: a combination's validity does not depend on the order of --vary
        if (auto st = s.setAll(sets); !st) {
            std::fprintf(stderr, "irqscope-cli sweep: --vary: %s\n", st.error().toString().c_str());
            return 2;
        }
        scenarios.push_back(std::move(s));
    }
    // An axis whose device is off in every combination changes nothing: say
    // so (as --set does) rather than sweep identical runs.
    for (const auto& ax : axes) {
        std::string off;
        bool offEverywhere = true;
        for (const Scenario& s : scenarios) {
            const std::string sw = s.offSwitchFor(ax.path);
            if (sw.empty()) offEverywhere = false;
            else off = sw;
        }
        if (offEverywhere && !off.empty())
            std::fprintf(stderr, "irqscope-cli sweep: warning: --vary %s has no effect: %s is false in %s\n",
                         ax.path.c_str(), off.c_str(), sa.scenario.name().c_str());
    }
    std::string definition = "irqscope.sweep/1\n" + sa.scenario.effective().dump() + "\n";
    for (const auto& ax : axes) {
        definition += ax.path + "=";
        for (const auto& v : ax.values) definition += v + ",";
        definition += "\n";
    }
    definition += "duration=" + (duration ? std::to_string(*duration) : std::string("scenario")) + "\n";
    const std::string sweepId = sweepFingerprint(definition);

    // This shard's runs: every N-th combination, so that each shard gets a
    // share of every axis value (the last axis often decides the cost).
    std::vector<std::size_t> mine;
    for (std::size_t i = shardK - 1; i < scenarios.size(); i += shardN) mine.push_back(i);

    std::vector<std::optional<Metrics>> results(mine.size());
    std::vector<std::string> errors(mine.size());
    std::atomic<std::size_t> next{0}, done{0};
    const bool images = !imageDir.empty();
    std::mutex queueMutex;
    std::condition_variable queueChanged;
    std::deque<Finished> toDraw;
    std::size_t workersLeft = 0;
    std::string label = "sweep " + sa.scenario.name();
    if (shardN > 1) label += " " + std::to_string(shardK) + "/" + std::to_string(shardN);
    Progress bar(
        label, double(mine.size()),
        [](double perS) {
            char b[32];
            std::snprintf(b, sizeof b, perS >= 10 ? "%.0f runs/s" : "%.2f runs/s", perS);
            return std::string(b);
        },
        progressWanted(quiet));
    auto worker = [&] {
        for (;;) {
            const std::size_t slot = next.fetch_add(1);
            if (slot >= mine.size()) break;
            if (gInterrupted.load()) {
                errors[slot] = "interrupted before it started";
                continue;
            }
            RunOptions opt;
            opt.recordTrace = images;
            opt.recordState = false;
            opt.duration = duration;
            opt.cancel = &gInterrupted;
            auto r = run(scenarios[mine[slot]], opt);
            if (r && r->metrics.cancelled) errors[slot] = "interrupted";
            else if (!r) errors[slot] = r.error().toString();
            else {
                results[slot] = r->metrics;
                if (images) {
                    std::unique_lock lock(queueMutex);
                    // at most one waiting trace per worker: memory stays bounded
                    queueChanged.wait(lock, [&] { return toDraw.size() < std::size_t(jobs); });
                    toDraw.push_back(Finished{slot, std::move(*r)});
                    queueChanged.notify_all();
                }
            }
            bar.update(double(++done));
        }
        std::lock_guard lock(queueMutex);
        --workersLeft;
        queueChanged.notify_all();
    };
    int imageFailures = 0;
    {
        // Ctrl+C: runs in flight stop, the rest do not start; the finished
        // ones are written and the others say why they are missing.
        InterruptGuard ctrlC;
        std::vector<std::thread> pool;
        // The count is fixed before the first worker starts: a worker that
        // finishes at once decrements workersLeft while the pool still grows.
        const auto workers = std::size_t(std::min<int>(jobs, std::max<int>(1, static_cast<int>(mine.size()))));
        workersLeft = workers;
        for (std::size_t j = 0; j < workers; ++j) pool.emplace_back(worker);
        if (images) {
            const int digits = static_cast<int>(std::to_string(std::max<std::size_t>(scenarios.size(), 1) - 1).size());
            for (;;) {
                std::unique_lock lock(queueMutex);
                queueChanged.wait(lock, [&] { return !toDraw.empty() || workersLeft == 0; });
                if (toDraw.empty()) break;
                Finished f = std::move(toDraw.front());
                toDraw.pop_front();
                queueChanged.notify_all();
                lock.unlock();
                const std::size_t i = mine[f.slot];
                char name[64];
                std::snprintf(name, sizeof name, "/run-%0*zu.", digits, i);
                Scenario titled = scenarios[i];
                std::string what = sa.scenario.name();
                for (std::size_t k = 0; k < axes.size(); ++k) what += " " + axes[k].path + "=" + combos[i][k];
                titled.setName(what);
                if (writeImage(f.result.trace, f.result.metrics, titled, imageDir + name + imageFormat) != 0)
                    ++imageFailures;
            }
        }
        for (auto& t : pool) t.join();
    }
    bar.finish();

    std::vector<SweepRow> rows;
    for (std::size_t slot = 0; slot < mine.size(); ++slot) {
        SweepRow row;
        row.run = mine[slot];
        row.values = combos[mine[slot]];
        row.error = errors[slot];
        if (results[slot]) row.metrics = metricColumns(*results[slot]);
        rows.push_back(std::move(row));
    }
    std::vector<std::string> axisPaths;
    for (const auto& ax : axes) axisPaths.push_back(ax.path);
    QString err;
    if (!app::writeFileAtomically(QString::fromStdString(outPath),
                                  QByteArray::fromStdString(sweepCsv(axisPaths, scenarios.size(), sweepId, rows)),
                                  &err)) {
        std::fprintf(stderr, "irqscope-cli sweep: %s: %s\n", outPath.c_str(), err.toStdString().c_str());
        return 1;
    }

    if (!longPath.empty()) { // the same runs in long format: run, metric, value
        std::vector<std::pair<std::string, const Metrics*>> runs;
        for (std::size_t slot = 0; slot < mine.size(); ++slot)
            if (results[slot]) runs.emplace_back(std::to_string(mine[slot]), &*results[slot]);
        if (!app::writeFileAtomically(QString::fromStdString(longPath), QByteArray::fromStdString(metricsLongCsv(runs)),
                                      &err)) {
            std::fprintf(stderr, "irqscope-cli sweep: %s: %s\n", longPath.c_str(), err.toStdString().c_str());
            return 1;
        }
    }

    std::vector<std::string> labels;
    for (std::size_t i : mine) {
        std::string l;
        for (std::size_t k = 0; k < axes.size(); ++k) l += (k ? " " : "") + axes[k].path + "=" + combos[i][k];
        labels.push_back(l);
    }
    const int failed = printPercentileTable(labels, results, errors, format);
    if (!quiet) {
        std::fprintf(stderr, "wrote %s (%zu of %zu runs", outPath.c_str(), mine.size(), scenarios.size());
        if (shardN > 1) std::fprintf(stderr, ", shard %zu/%zu", shardK, shardN);
        std::fprintf(stderr, ")\n");
    }
    if (gInterrupted.load()) {
        std::fprintf(stderr, "irqscope-cli sweep: interrupted: partial result, %zu of %zu runs finished\n",
                     mine.size() - static_cast<std::size_t>(failed), mine.size());
        return kExitInterrupted;
    }
    return failed || imageFailures ? 1 : 0;
}

} // namespace irqscope::cli
