// irqscope-cli twin CAPTURE [--workload TASKSET.json] [--replay-arrivals]
//     -o TWIN.json [--report REPORT] [--rtapp-logs DIR] [--seed N] [--quiet]
// Fits a scenario from a real ftrace capture (engine/src/twin/), writes it,
// runs it for the capture's duration and prints the capture and the twin side
// by side on the same metrics, against the targets of docs/twin.md.
#include "commands.h"

#include "core/atomic_file.h"
#include "irqscope/engine.h"
#include "irqscope/twin.h"

#include <QByteArray>
#include <QString>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace irqscope::cli {

namespace {

bool writeText(const std::string& path, const std::string& text) {
    QString err;
    if (app::writeFileAtomically(QString::fromStdString(path), QByteArray::fromStdString(text), &err)) return true;
    std::fprintf(stderr, "irqscope-cli twin: %s: %s\n", path.c_str(), err.toStdString().c_str());
    return false;
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int cmdTwin(Args& a) {
    if (a.empty()) throw UsageError{"needs an ftrace text capture (tracefs 'trace' or 'trace-cmd report' output)"};
    const std::string capture = a.take();
    if (capture.rfind("--", 0) == 0) throw UsageError{"needs an ftrace text capture before " + capture};
    std::string out, report, rtappLogs;
    TwinOptions opt;
    opt.capturePath = capture;
    std::optional<std::uint64_t> seed;
    bool quiet = false;
    while (!a.empty()) {
        const std::string flag = a.take();
        if (flag == "-o" || flag == "--out") out = a.value(flag);
        else if (flag == "--workload") opt.workloadPath = a.value(flag);
        else if (flag == "--replay-arrivals") opt.replayArrivals = true;
        else if (flag == "--report") report = a.value(flag);
        else if (flag == "--rtapp-logs") rtappLogs = a.value(flag);
        else if (flag == "--seed") {
            const std::string v = a.value(flag);
            try {
                seed = std::stoull(v);
            } catch (...) {
                throw UsageError{"--seed expects a number, found '" + v + "'"};
            }
        } else if (flag == "--quiet" || flag == "-q") quiet = true;
        else throw UsageError{"unknown argument '" + flag + "'"};
    }
    if (out.empty()) throw UsageError{"needs -o TWIN.json (where the twin scenario is written)"};
    for (const char* ext : {".md", ".json"})
        if (report.size() > std::strlen(ext) && report.ends_with(ext)) report.resize(report.size() - std::strlen(ext));
    namespace fs = std::filesystem;
    if (!report.empty() && (report + ".json" == out || report + ".md" == out))
        throw UsageError{"--report " + report + " would overwrite the twin " + out + "; give the report another name"};
    const fs::path outPath(out);
    opt.arrivalsDir = outPath.stem().string() + ".arrivals";

    const auto t0 = std::chrono::steady_clock::now();
    auto imported = importFtraceFile(capture);
    if (!imported) {
        std::fprintf(stderr, "irqscope-cli twin: %s\n", imported.error().toString().c_str());
        return 2;
    }
    const double importS = secondsSince(t0);
    const auto t1 = std::chrono::steady_clock::now();
    auto fit = fitTwin(*imported, opt);
    if (!fit) {
        std::fprintf(stderr, "irqscope-cli twin: %s\n", fit.error().toString().c_str());
        return 2;
    }
    const double fitS = secondsSince(t1);
    if (!quiet)
        std::fprintf(stderr, "irqscope-cli twin: %s: %llu events, %d CPUs, %.3f s; read in %.2f s, fitted in %.2f s\n",
                     capture.c_str(), static_cast<unsigned long long>(imported->report.events), fit->cpus,
                     double(fit->durationNs) / 1e9, importS, fitS);

    // The replayed arrival times beside the scenario, then the scenario.
    const fs::path dir = outPath.has_parent_path() ? outPath.parent_path() : fs::path(".");
    for (const auto& [file, times] : fit->replay) {
        std::error_code ec;
        fs::create_directories((dir / file).parent_path(), ec);
        std::string text = "# arrival times (ns from the start of the capture) fitted by irqscope-cli twin\n";
        for (Time t : times) text += std::to_string(t) + "\n";
        if (!writeText((dir / file).string(), text)) return 1;
    }
    if (!writeText(out, fit->scenario.dump(2) + "\n")) return 1;

    auto scenario = Scenario::fromFile(out);
    if (!scenario) {
        std::fprintf(stderr, "irqscope-cli twin: the fitted scenario does not read back: %s\n",
                     scenario.error().toString().c_str());
        return 1;
    }
    std::map<std::string, std::vector<Time>> wuLat;
    if (!rtappLogs.empty()) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(rtappLogs, ec)) {
            const std::string name = e.path().filename().string();
            if (!name.ends_with(".log")) continue;
            auto rows = readRtappLogWuLat(e.path().string());
            if (!rows) {
                std::fprintf(stderr, "irqscope-cli twin: %s\n", rows.error().toString().c_str());
                return 2;
            }
            // <log_basename>-<thread>.log: the thread is what follows the basename's dash
            std::string thread = name.substr(0, name.size() - 4);
            if (const auto dash = thread.find('-'); dash != std::string::npos) thread = thread.substr(dash + 1);
            wuLat[thread] = std::move(*rows);
        }
        if (ec) {
            std::fprintf(stderr, "irqscope-cli twin: %s: %s\n", rtappLogs.c_str(), ec.message().c_str());
            return 2;
        }
    }
    RunOptions ro;
    ro.duration = fit->durationNs;
    ro.seed = seed;
    ro.recordState = false;
    const auto t2 = std::chrono::steady_clock::now();
    auto run = irqscope::run(*scenario, ro);
    if (!run) {
        std::fprintf(stderr, "irqscope-cli twin: running the twin: %s\n", run.error().toString().c_str());
        return 1;
    }
    const double runS = secondsSince(t2);
    const TwinReport rep = compareTwin(*imported, *fit, *run, wuLat);
    const std::string md = twinReportMarkdown(rep);
    std::fputs(md.c_str(), stdout);
    if (!quiet)
        std::fprintf(stderr, "irqscope-cli twin: wrote %s; ran the twin in %.2f s; targets met %d of %d\n", out.c_str(),
                     runS, rep.met, rep.targets);
    if (!report.empty()) {
        if (!writeText(report + ".md", md)) return 1;
        if (!writeText(report + ".json", toJson(rep).dump(2) + "\n")) return 1;
    }
    return 0;
}

} // namespace irqscope::cli
