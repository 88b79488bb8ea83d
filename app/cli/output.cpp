#include "output.h"

#include "cli_args.h"

#include "core/atomic_file.h"
#include "core/timeline_image.h"
#include "irqscope/export.h"

#include <QApplication>
#include <QDir>
#include <QString>

#include "csv.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace irqscope::cli {

namespace {
int writeText(const std::string& path, const std::string& text, const char* what) {
    if (path == "-") {
        std::cout << text;
        std::cout.flush();
        if (!std::cout) {
            std::fprintf(stderr, "irqscope-cli: cannot write %s to standard output: %s\n", what, std::strerror(errno));
            return 1;
        }
        return 0;
    }
    QString err;
    if (!app::writeFileAtomically(QString::fromStdString(path), QByteArray::fromStdString(text), &err)) {
        std::fprintf(stderr, "irqscope-cli: %s: cannot write %s: %s\n", path.c_str(), what, err.toStdString().c_str());
        return 1;
    }
    return 0;
}
} // namespace

namespace {
bool endsWith(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The metrics JSON's numeric leaves as dotted paths. Array elements are named
// by their "name" or "cpu" (tasks.ksoftirqd/0.run_ns, cpus.1.ns.hardirq);
// warnings (prose) are counted.
void flatten(const nlohmann::json& j, const std::string& path, std::vector<std::pair<std::string, std::string>>& out) {
    if (j.is_object()) {
        for (const auto& [k, v] : j.items()) {
            if (path.empty() && k == "warnings") {
                out.emplace_back("warnings", std::to_string(v.size()));
                continue;
            }
            flatten(v, path.empty() ? k : path + "." + k, out);
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            const auto& e = j[i];
            std::string id = std::to_string(i);
            const char* idKey = e.is_object() && e.contains("name")  ? "name"
                                : e.is_object() && e.contains("cpu") ? "cpu"
                                                                     : nullptr;
            if (idKey) id = e[idKey].is_string() ? e[idKey].get<std::string>() : e[idKey].dump();
            if (!idKey) {
                flatten(e, path + "." + id, out);
                continue;
            }
            nlohmann::json rest = e;
            rest.erase(idKey);
            flatten(rest, path + "." + id, out);
        }
    } else if (j.is_boolean()) {
        out.emplace_back(path, j.get<bool>() ? "1" : "0");
    } else if (j.is_number()) {
        out.emplace_back(path, j.dump());
    }
}
} // namespace

std::vector<std::pair<std::string, std::string>> metricsLong(const Metrics& m) {
    std::vector<std::pair<std::string, std::string>> out;
    flatten(toJson(m), "", out);
    return out;
}

std::string metricsLongCsv(const std::vector<std::pair<std::string, const Metrics*>>& runs) {
    std::string csv = "run,metric,value\n";
    for (const auto& [run, m] : runs)
        for (const auto& [metric, value] : metricsLong(*m))
            csv += csvField(run) + "," + csvField(metric) + "," + value + "\n";
    return csv;
}

int writeMetrics(const Metrics& m, const std::string& path) {
    // FILE.csv: long format (run, metric, value) for pandas / R; else the JSON.
    if (endsWith(path, ".csv")) return writeText(path, metricsLongCsv({{m.scenario, &m}}), "metrics");
    return writeText(path, toJson(m).dump(2) + "\n", "metrics");
}

bool isPerfettoPath(const std::string& path) {
    return endsWith(path, ".pftrace") || endsWith(path, ".perfetto-trace") || endsWith(path, ".pb");
}

int writeTrace(const Trace& t, const StateLog* log, const std::string& path) {
    // Streamed into the file while it is produced (a long run's trace need not
    // fit in memory twice), into a temporary file renamed into place.
    const bool perfetto = isPerfettoPath(path);
    QString err;
    const bool ok = app::writeStreamAtomically(
        QString::fromStdString(path),
        [&](std::ostream& out) {
            if (perfetto) writePerfettoProto(t, log, out);
            else writeChromeJson(t, out);
        },
        &err);
    if (ok) return 0;
    std::fprintf(stderr, "irqscope-cli: %s: cannot write trace: %s\n", path.c_str(), err.toStdString().c_str());
    return 1;
}

bool OutputPaths::take(const std::string& flag, Args& args) {
    std::string* slot = flag == "--metrics" ? &metrics
                        : flag == "--trace" ? &trace
                        : flag == "--image" ? &image
                                            : nullptr;
    if (flag == "--image-preset") slot = &imagePreset;
    if (!slot) return false;
    std::string v = args.value(flag);
    if (!slot->empty()) throw UsageError{flag + " is given twice ('" + *slot + "' and '" + v + "')"};
    if (v.empty()) throw UsageError{flag + " needs a file name or -"};
    *slot = std::move(v);
    return true;
}

void OutputPaths::check() const {
    if (!image.empty())
        if (auto err = checkImagePath(image)) throw UsageError{*err};
    if (!imagePreset.empty()) {
        if (imagePreset != "paper" && imagePreset != "slide")
            throw UsageError{"--image-preset expects paper or slide, found '" + imagePreset + "'"};
        if (image.empty()) throw UsageError{"--image-preset needs --image FILE"};
    }
    const std::pair<const char*, const std::string*> outs[] = {
        {"--metrics", &metrics}, {"--trace", &trace}, {"--image", &image}};
    for (std::size_t i = 0; i < std::size(outs); ++i) {
        const std::string& p = *outs[i].second;
        if (p.empty() || p == "-") continue;
        if (const QString why = app::unwritableReason(QString::fromStdString(p)); !why.isEmpty())
            throw UsageError{std::string(outs[i].first) + " " + p + ": " + why.toStdString()};
    }
    for (std::size_t i = 0; i < std::size(outs); ++i)
        for (std::size_t j = i + 1; j < std::size(outs); ++j)
            if (!outs[i].second->empty() && !outs[j].second->empty() &&
                app::sameOutput(QString::fromStdString(*outs[i].second), QString::fromStdString(*outs[j].second)))
                throw UsageError{std::string(outs[i].first) + " and " + outs[j].first + " name the same file ('" +
                                 *outs[i].second + "' and '" + *outs[j].second + "'): one would overwrite the other"};
}

int checkStdout() {
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "irqscope-cli: cannot write to standard output: %s\n", std::strerror(errno ? errno : EIO));
        return 1;
    }
    return 0;
}

std::optional<std::string> checkImagePath(const std::string& path) {
    const QString p = QString::fromStdString(path).toLower();
    if (p.endsWith(QLatin1String(".png")) || p.endsWith(QLatin1String(".svg")) || p.endsWith(QLatin1String(".pdf")))
        return std::nullopt;
    return "--image expects a file ending in .png, .svg or .pdf, found '" + path + "'";
}

namespace {
// Images are drawn with the same Qt plot code as the GUI, on the offscreen
// platform; the application object is only made when an image is asked for,
// so runs and sweeps without images never touch Qt.
void ensureQtApplication() {
    if (QCoreApplication::instance()) return;
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!qEnvironmentVariableIsSet("XDG_RUNTIME_DIR")) {
        const QString dir = QDir::tempPath() + QStringLiteral("/irqscope-runtime-") + QString::number(getuid());
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", dir.toLocal8Bit());
    }
    static int argc = 1;
    static char name[] = "irqscope-cli";
    static char* argv[] = {name, nullptr};
    new QApplication(argc, argv); // widgets: the timeline plot is a QCustomPlot; lives until exit
}
} // namespace

int writeImage(const Trace& t, const Metrics& m, const Scenario& s, const std::string& path,
               const std::string& preset) {
    ensureQtApplication();
    QString err;
    app::TimelineImageOptions opt;
    opt.title = app::figureTitle(s);
    if (preset == "paper") opt.preset = app::FigurePreset::Paper;
    else if (preset == "slide") opt.preset = app::FigurePreset::Slide;
    if (!app::saveTimelineImage(t, m, opt, QString::fromStdString(path), &err)) {
        std::fprintf(stderr, "irqscope-cli: %s: cannot write image: %s\n", path.c_str(), err.toStdString().c_str());
        return 1;
    }
    return 0;
}

void printSummary(const Metrics& m) {
    std::printf("%s: %s simulated in %.2f s wall, %llu events\n", m.scenario.c_str(),
                formatDuration(m.simTimeNs).c_str(), m.wallTimeS, static_cast<unsigned long long>(m.events));
    std::printf("%-5s %9s %9s %9s %9s %9s %9s %9s %10s %8s\n", "cpu", "hardirq", "softirq", "irqthread", "kworker",
                "kthread", "user", "idle", "irqs-off", "ctxsw");
    for (const auto& c : m.cpus) {
        std::printf("%-5d", c.cpu);
        for (int b = 0; b < kTimeBucketCount; ++b)
            std::printf(" %8.1f%%", 100.0 * double(c.ns[b]) / double(std::max<Time>(m.simTimeNs, 1)));
        std::printf(" %9.1f%% %8llu\n", 100.0 * double(c.irqsOffNs) / double(std::max<Time>(m.simTimeNs, 1)),
                    static_cast<unsigned long long>(c.contextSwitches));
    }
    for (const auto& [name, h] : m.latency)
        std::printf("latency %-12s n=%zu mean=%s p50=%s p99=%s max=%s\n", name.c_str(), h.count(),
                    formatDuration(static_cast<Time>(h.mean())).c_str(), formatDuration(h.percentile(50)).c_str(),
                    formatDuration(h.percentile(99)).c_str(), formatDuration(h.max()).c_str());
    for (const auto& [name, tp] : m.throughput)
        std::printf("throughput %-10s %llu (%.1f/s)\n", name.c_str(), static_cast<unsigned long long>(tp.count),
                    tp.perSecond);
    for (const auto& w : m.warnings)
        std::printf("warning %s cpu%d: %s\n", formatDuration(w.t).c_str(), w.cpu, w.message.c_str());
}

int printPercentileTable(const std::vector<std::string>& labels, const std::vector<std::optional<Metrics>>& results,
                         const std::vector<std::string>& errors, TableFormat format) {
    // Text shows durations for a person; CSV and JSON carry nanoseconds.
    const bool human = format == TableFormat::Text;
    Table t;
    t.columns = human ? std::vector<std::string>{"run", "series", "count", "mean",   "p50",
                                                 "p95", "p99",    "max",   "tput/s", "error"}
                      : std::vector<std::string>{"run",    "series", "count",  "mean_ns",    "p50_ns",
                                                 "p95_ns", "p99_ns", "max_ns", "tput_per_s", "error"};
    t.numeric = {false, false, true, true, true, true, true, true, true, false};
    auto dur = [&](Time ns) { return human ? formatDuration(ns) : std::to_string(ns); };
    int failed = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!results[i]) {
            t.rows.push_back({labels[i], "", "", "", "", "", "", "", "", errors[i]});
            ++failed;
            continue;
        }
        const Metrics& m = *results[i];
        char tput[32];
        std::snprintf(tput, sizeof tput, "%.0f", m.throughput.empty() ? 0 : m.throughput.begin()->second.perSecond);
        if (m.latency.empty()) t.rows.push_back({labels[i], "", "", "", "", "", "", "", tput, ""});
        for (const auto& [name, h] : m.latency)
            t.rows.push_back({labels[i], name, std::to_string(h.count()), dur(static_cast<Time>(h.mean())),
                              dur(h.percentile(50)), dur(h.percentile(95)), dur(h.percentile(99)), dur(h.max()), tput,
                              ""});
    }
    std::fputs(formatTable(t, format).c_str(), stdout);
    return failed;
}

} // namespace irqscope::cli
