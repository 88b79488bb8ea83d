// Ctrl+C for the commands that simulate (run, sweep): SIGINT sets the engine's
// cancel flag, the runs stop at their next check, and what was simulated so
// far is written, marked partial; the exit status is 130 (128 + SIGINT) as a
// shell expects. A second Ctrl+C falls back to the default action and ends
// the process at once.
#pragma once

#include <atomic>
#include <csignal>

namespace irqscope::cli {

inline constexpr int kExitInterrupted = 130;

inline std::atomic<bool> gInterrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

extern "C" inline void onInterruptSignal(int) {
    gInterrupted.store(true);
    std::signal(SIGINT, SIG_DFL); // async-signal-safe; the next Ctrl+C is not caught
}

// Catches SIGINT for the lifetime of the guard.
class InterruptGuard {
public:
    InterruptGuard() { std::signal(SIGINT, onInterruptSignal); }
    ~InterruptGuard() { std::signal(SIGINT, SIG_DFL); }
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;
};

} // namespace irqscope::cli
