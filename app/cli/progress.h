// A progress bar on standard error for the long commands (run, sweep, import):
//   run basics  [##########..........]  48%  2.40 ms/s  ETA 0:12
// Drawn only when standard error is a terminal and --quiet was not given, so
// logs, pipes and batch systems (Slurm, GNU parallel) see nothing of it. The
// line is redrawn in place ("\r", erase to the end) at most every 100 ms; the
// final state stays on screen followed by a newline.
#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <string>

namespace irqscope::cli {

// The line for `done` of `total` units after `elapsedS` seconds, at most
// `columns` wide. `rate` turns units per second into text ("2.40 ms/s").
std::string formatProgressLine(const std::string& label, double done, double total, double elapsedS,
                               const std::function<std::string(double)>& rate, int columns);

class Progress {
public:
    // Draws nothing at all unless `enabled`; see progressWanted().
    Progress(std::string label, double total, std::function<std::string(double)> rate, bool enabled);
    ~Progress() { finish(); }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void update(double done); // any thread
    void finish();            // the final line and a newline; once

private:
    void draw(double done); // with mutex_ held

    std::string label_;
    double total_;
    std::function<std::string(double)> rate_;
    bool enabled_;
    bool finished_ = false;
    double done_ = 0;
    std::chrono::steady_clock::time_point start_, lastDraw_;
    std::mutex mutex_;
};

// True when a bar should be drawn: standard error is a terminal and not quiet.
bool progressWanted(bool quiet);

} // namespace irqscope::cli
