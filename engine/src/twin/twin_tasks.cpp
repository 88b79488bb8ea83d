// Tasks of a twin, inferred from what each captured task did: its bursts of
// CPU work between wake-ups (exclusive of interrupts that hit it), the time it
// slept between them, its priority (sched_switch prio: 0-99 is SCHED_FIFO/RR
// at 99 - prio, 100-139 is nice prio - 120; include/linux/sched/prio.h), and
// for a per-CPU kthread ("migration/1") its CPU. A task whose wake-ups come at
// a steady period (coefficient of variation of the gaps under 0.15, at least
// four of them) runs against a timer of that period, as an rt-app periodic
// task does; any other sleeps its observed sleep times.
#include "twin/twin_dist.h"
#include "twin/twin_fit.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

namespace irqscope::twin {

using nlohmann::json;

namespace {

bool engineOwns(const TaskStats& t) {
    return t.pid <= 0 || t.kind == ContextKind::Ksoftirqd || t.kind == ContextKind::Kworker ||
           t.kind == ContextKind::IrqThread || t.kind == ContextKind::Idle || t.comm.starts_with("swapper");
}

// "migration/1", "cpuhp/0", "rcuc/3": a per-CPU kthread bound to that CPU.
int boundCpu(const TaskStats& t, int cpus) {
    if (t.kind != ContextKind::Kthread) return -1;
    const auto slash = t.comm.rfind('/');
    if (slash == std::string::npos || slash + 1 >= t.comm.size()) return -1;
    int n = 0;
    for (std::size_t i = slash + 1; i < t.comm.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t.comm[i]))) return -1;
        n = n * 10 + (t.comm[i] - '0');
        if (n >= cpus) return -1;
    }
    return n;
}

struct Behaviour {
    std::vector<Time> bursts, sleeps, starts;
    Time tail = 0; // work after the last sleep, cut by the end of the capture
};

Behaviour bursts(const TaskStats& t, Time end) {
    Behaviour b;
    std::size_t s = 0, w = 0;
    Time acc = 0, prevSleep = -1;
    bool open = false;
    for (const TaskChunk& c : t.chunks) {
        if (!open) {
            open = true;
            // the wake-up that began this burst: the last waking at or before its first chunk, after the last sleep
            while (w < t.wakings.size() && t.wakings[w] <= c.start) ++w;
            Time start = c.start;
            if (w > 0 && t.wakings[w - 1] > prevSleep) start = t.wakings[w - 1];
            if (prevSleep >= 0) b.sleeps.push_back(std::max<Time>(0, start - prevSleep));
            b.starts.push_back(start);
        }
        acc += c.cost;
        while (s < t.sleeps.size() && t.sleeps[s] < c.end) ++s;
        if (s < t.sleeps.size() && t.sleeps[s] == c.end) {
            b.bursts.push_back(acc);
            prevSleep = c.end;
            acc = 0;
            open = false;
            ++s;
        }
    }
    if (open) b.tail = acc;
    // still asleep when the capture ended: that sleep lasted at least until then
    else if (prevSleep >= 0 && end > prevSleep) b.sleeps.push_back(end - prevSleep);
    return b;
}

bool periodic(const std::vector<Time>& starts, Time& period) {
    if (starts.size() < 5) return false;
    std::vector<Time> gaps;
    for (std::size_t i = 1; i < starts.size(); ++i) gaps.push_back(starts[i] - starts[i - 1]);
    const double m = meanOf(gaps);
    double var = 0;
    for (Time g : gaps) var += (double(g) - m) * (double(g) - m);
    var /= double(gaps.size());
    if (m <= 0 || std::sqrt(var) / m >= 0.15) return false;
    period = quantile(gaps, 0.5);
    return period > 0;
}

// The device line (and vector) that woke the task at least half the times, if any.
std::optional<LineWake> wokenByLine(const TaskStats& t, const std::map<std::string, std::string>& vectorRaiser,
                                    const std::set<std::string>& lines) {
    std::uint64_t total = 0;
    for (const auto& [who, n] : t.wokenBy) total += n;
    for (const auto& [who, n] : t.wokenBy) {
        if (2 * n < total || n == 0) continue;
        if (lines.count(who)) return LineWake{who, "", ""};
        if (who.starts_with("softirq:"))
            if (auto it = vectorRaiser.find(who.substr(8)); it != vectorRaiser.end())
                return LineWake{it->second, who.substr(8), ""};
    }
    return std::nullopt;
}

} // namespace

nlohmann::json fitTasks(const CaptureStats& cs, const std::set<std::string>& skip,
                        const std::map<std::string, std::string>& vectorRaiser, const std::set<std::string>& lines,
                        std::vector<LineWake>& wakes, TwinFit& fit) {
    std::map<std::string, int> commCount;
    for (const auto& [e, t] : cs.tasks)
        if (!engineOwns(t) && !t.chunks.empty()) ++commCount[t.comm];
    json tasks = json::array();
    int hogs = 0, periodicTasks = 0, sleepers = 0, suspended = 0;
    for (const auto& [entity, t] : cs.tasks) {
        if (engineOwns(t) || t.chunks.empty() || skip.count(t.comm)) continue;
        Time total = 0;
        for (const auto& c : t.chunks) total += c.cost;
        if (total <= 0) continue;
        std::string name = commCount[t.comm] > 1 ? t.comm + "-" + std::to_string(t.pid) : t.comm;
        if (name.empty()) name = "pid-" + std::to_string(t.pid);
        fit.taskNames[entity] = name;
        json task{{"name", name}};
        if (t.prio >= 0 && t.prio < 100) {
            task["policy"] = "fifo";
            task["priority"] = std::clamp(99 - t.prio, 1, 99);
        } else {
            const int nice = std::clamp(t.prio < 0 ? 0 : t.prio - 120, -20, 19);
            if (nice != 0) task["nice"] = nice;
        }
        if (const int cpu = boundCpu(t, cs.cpus); cpu >= 0) task["cpus"] = json::array({cpu});
        const Behaviour b = bursts(t, cs.duration);
        const Time first =
            std::min(t.chunks.front().start, t.wakings.empty() ? t.chunks.front().start : t.wakings.front());
        // a task already running (or runnable) when the capture began starts with the run
        if (first > 0 && !(t.chunks.front().start == 0)) task["delay"] = durationText(first);
        json events = json::array();
        Time period = 0;
        if (b.bursts.empty()) { // never slept: runnable throughout (a CPU hog) or cut by the end
            ++hogs;
            events.push_back({{"run", durationText(std::max<Time>(1000, t.exited ? total : cs.duration))}});
            task["loop"] = t.exited ? 1 : -1;
        } else if (auto w = wokenByLine(t, vectorRaiser, lines)) {
            ++suspended;
            events.push_back({{"run", empiricalCost(b.bursts)}});
            events.push_back({{"suspend", name}});
            task["loop"] = t.exited ? static_cast<int>(b.bursts.size()) : -1;
            w->task = name;
            wakes.push_back(*w);
        } else if (periodic(b.starts, period)) {
            ++periodicTasks;
            events.push_back({{"run", empiricalCost(b.bursts)}});
            events.push_back({{"timer", {{"ref", "unique_period"}, {"period", durationText(period)}}}});
            task["loop"] = t.exited ? static_cast<int>(b.bursts.size()) : -1;
        } else {
            ++sleepers;
            events.push_back({{"run", empiricalCost(b.bursts)}});
            events.push_back({{"sleep", empiricalCost(b.sleeps.empty() ? std::vector<Time>{cs.duration} : b.sleeps)}});
            task["loop"] = t.exited ? static_cast<int>(b.bursts.size()) : -1;
        }
        task["events"] = events;
        tasks.push_back(std::move(task));
    }
    fit.notes.push_back("tasks: " + std::to_string(tasks.size()) + " inferred (" + std::to_string(periodicTasks) +
                        " periodic, " + std::to_string(suspended) + " woken by a device's interrupt, " +
                        std::to_string(sleepers) + " run/sleep, " + std::to_string(hogs) +
                        " never slept); wake-ups by other tasks (pipes, futexes) become sleeps of the observed length");
    return tasks;
}

} // namespace irqscope::twin
