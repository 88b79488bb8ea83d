#include "progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace irqscope::cli {

namespace {
std::string clock(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "--:--";
    const long s = std::lround(seconds);
    char b[32];
    if (s >= 3600) std::snprintf(b, sizeof b, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else std::snprintf(b, sizeof b, "%ld:%02ld", s / 60, s % 60);
    return b;
}

int terminalColumns() {
    winsize ws{};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 80;
}
} // namespace

std::string formatProgressLine(const std::string& label, double done, double total, double elapsedS,
                               const std::function<std::string(double)>& rate, int columns) {
    const double frac = total > 0 ? std::clamp(done / total, 0.0, 1.0) : 0.0;
    const double perSecond = elapsedS > 0 ? done / elapsedS : 0.0;
    std::string tail = " " + std::to_string(static_cast<int>(std::floor(frac * 100))) + "%";
    if (perSecond > 0) tail += "  " + rate(perSecond);
    if (frac >= 1.0) tail += "  " + clock(elapsedS);
    else tail += "  ETA " + clock(perSecond > 0 ? (total - done) / perSecond : NAN);
    // The bar takes what the label and the numbers leave, 10 to 30 cells; the
    // numbers are given a fixed allowance so the bar does not jump as they change.
    constexpr int kTailAllowance = 36;
    const int room = columns - 1 - static_cast<int>(label.size()) - 4 - kTailAllowance;
    const int width = std::clamp(room, 10, 30);
    const int filled = static_cast<int>(frac * width);
    std::string line = label + "  [" + std::string(filled, '#') + std::string(width - filled, '.') + "]" + tail;
    if (static_cast<int>(line.size()) >= columns) line.resize(std::max(columns - 1, 0));
    return line;
}

bool progressWanted(bool quiet) {
    return !quiet && isatty(STDERR_FILENO);
}

Progress::Progress(std::string label, double total, std::function<std::string(double)> rate, bool enabled)
    : label_(std::move(label)), total_(total), rate_(std::move(rate)), enabled_(enabled),
      start_(std::chrono::steady_clock::now()) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    draw(0);
}

void Progress::update(double done) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    if (finished_) return;
    done_ = std::max(done_, done);
    if (std::chrono::steady_clock::now() - lastDraw_ >= std::chrono::milliseconds(100)) draw(done_);
}

void Progress::finish() {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    if (finished_) return;
    finished_ = true;
    draw(done_);
    std::fputc('\n', stderr);
    std::fflush(stderr);
}

void Progress::draw(double done) {
    lastDraw_ = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(lastDraw_ - start_).count();
    const std::string line = formatProgressLine(label_, done, total_, elapsed, rate_, terminalColumns());
    std::fprintf(stderr, "\r%s\x1b[K", line.c_str());
    std::fflush(stderr);
}

} // namespace irqscope::cli
