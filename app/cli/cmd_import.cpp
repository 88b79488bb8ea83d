// irqscope-cli import TRACE [--metrics FILE|-] [--trace FILE.json] [--image FILE]
// Reads a real ftrace text capture into the same Trace/Metrics a simulated run
// produces and writes what is asked. What the importer could not interpret is
// summarised on stderr; without any output flag the metrics summary is printed.
#include "commands.h"

#include "irqscope/ftrace.h"
#include "irqscope/scenario.h"
#include "output.h"
#include "progress.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace irqscope::cli {

namespace {
// A read buffer over the capture file that reports how many bytes the
// importer has consumed: progress without the engine knowing of it.
class CountingBuf : public std::streambuf {
public:
    CountingBuf(std::filebuf& file, std::function<void(double)> onRead) : file_(file), onRead_(std::move(onRead)) {}

protected:
    int_type underflow() override {
        const std::streamsize n = file_.sgetn(buf_, sizeof buf_);
        if (n <= 0) return traits_type::eof();
        // the furthest point read: the importer reads a file twice (its time order first)
        furthest_ = std::max<std::streamoff>(furthest_, file_.pubseekoff(0, std::ios_base::cur));
        onRead_(double(furthest_));
        setg(buf_, buf_, buf_ + n);
        return traits_type::to_int_type(buf_[0]);
    }
    // Seekable like the file, so the importer can rewind it.
    pos_type seekoff(off_type off, std::ios_base::seekdir dir, std::ios_base::openmode which) override {
        if (dir == std::ios_base::cur) off -= egptr() - gptr();
        setg(buf_, buf_, buf_);
        return file_.pubseekoff(off, dir, which);
    }
    pos_type seekpos(pos_type pos, std::ios_base::openmode which) override {
        setg(buf_, buf_, buf_);
        return file_.pubseekpos(pos, which);
    }

private:
    std::filebuf& file_;
    std::function<void(double)> onRead_;
    char buf_[1 << 16];
    std::streamoff furthest_ = 0;
};

void printReport(const std::string& path, const ImportReport& rep) {
    std::fprintf(stderr, "irqscope-cli import: %s: %s format, %llu lines, %llu events, %d CPUs\n", path.c_str(),
                 rep.format.c_str(), static_cast<unsigned long long>(rep.lines),
                 static_cast<unsigned long long>(rep.events), rep.cpus);
    if (totalCount(rep.skipped) == 0) std::fprintf(stderr, "  nothing skipped\n");
    // the most frequent kinds; the rest in one line (a garbled file has many)
    const auto kinds = byFrequency(rep.skipped);
    constexpr std::size_t kShown = 20;
    std::uint64_t rest = 0;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (i < kShown)
            std::fprintf(stderr, "  skipped %-40s %llu\n", validUtf8(kinds[i].first).c_str(),
                         static_cast<unsigned long long>(kinds[i].second));
        else rest += kinds[i].second;
    }
    if (kinds.size() > kShown)
        std::fprintf(stderr, "  skipped %zu more kinds, %llu lines in all\n", kinds.size() - kShown,
                     static_cast<unsigned long long>(rest));
    if (rep.lostEvents)
        std::fprintf(stderr, "  events lost by the kernel: %llu\n", static_cast<unsigned long long>(rep.lostEvents));
    for (const auto& [kind, n] : rep.notes)
        std::fprintf(stderr, "  repaired %-39s %llu\n", kind.c_str(), static_cast<unsigned long long>(n));
    for (const auto& [cpu, ns] : rep.untracedNs)
        if (ns > 0) std::fprintf(stderr, "  CPU %d not covered for %s\n", cpu, formatDuration(ns).c_str());
}
} // namespace

int cmdImport(Args& a) {
    if (a.empty()) throw UsageError{"needs an ftrace text file (tracefs 'trace' or 'trace-cmd report' output)"};
    std::string path = a.take();
    if (path.rfind("--", 0) == 0) throw UsageError{"needs an ftrace text file before " + path};
    OutputPaths out;
    bool quiet = false;
    while (!a.empty()) {
        const std::string flag = a.take();
        if (flag == "--quiet" || flag == "-q") quiet = true;
        else if (!out.take(flag, a)) throw UsageError{"unknown argument '" + flag + "'"};
    }
    out.check();

    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
        std::fprintf(stderr, "irqscope-cli import: %s: is a directory; expected an ftrace text capture\n",
                     path.c_str());
        return 2;
    }
    std::filebuf file;
    if (!file.open(path, std::ios::in | std::ios::binary)) {
        std::fprintf(stderr, "irqscope-cli import: %s: cannot open: %s\n", path.c_str(), std::strerror(errno));
        return 2;
    }
    const auto size = file.pubseekoff(0, std::ios::end);
    file.pubseekoff(0, std::ios::beg);
    auto result = [&] {
        Progress bar(
            "import " + path.substr(path.find_last_of('/') + 1), double(std::max<std::streamoff>(size, 1)),
            [](double perS) {
                char b[32];
                std::snprintf(b, sizeof b, "%.1f MB/s", perS / 1e6);
                return std::string(b);
            },
            progressWanted(quiet));
        CountingBuf counting(file, [&](double n) { bar.update(n); });
        std::istream in(&counting);
        return importFtrace(in, path);
    }();
    if (!result) {
        std::fprintf(stderr, "irqscope-cli import: %s\n", result.error().toString().c_str());
        return 2;
    }
    printReport(path, result->report);
    if (result->metrics.droppedSegments)
        std::fprintf(stderr, "  memory budget reached (run.trace_budget_mb): %llu records dropped\n",
                     static_cast<unsigned long long>(result->metrics.droppedSegments));

    int rc = 0;
    if (!out.metrics.empty()) rc |= writeMetrics(result->metrics, out.metrics);
    if (!out.trace.empty()) rc |= writeTrace(result->trace, nullptr, out.trace);
    if (!out.image.empty()) {
        Scenario label; // the image title names the capture
        const auto slash = path.find_last_of('/');
        label.setName(slash == std::string::npos ? path : path.substr(slash + 1));
        rc |= writeImage(result->trace, result->metrics, label, out.image, out.imagePreset);
    }
    if (!out.any()) printSummary(result->metrics);
    return rc;
}

} // namespace irqscope::cli
