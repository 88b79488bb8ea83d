// Tasks of a twin, inferred from what each captured task did: its bursts of
// CPU work between wake-ups (exclusive of interrupts that hit it), the time it
// slept between them, its priority (sched_switch prio: 0-99 is SCHED_FIFO/RR
// at 99 - prio, 100-139 is nice prio - 120; include/linux/sched/prio.h), and
// for a per-CPU kthread ("migration/1") its CPU. How it waits between bursts
// follows who woke it in the capture (sched_waking's context): a device line
// or another twin task wakes it again; the tick's softirqs, or a waker the
// twin does not have, end a timer-wheel timeout; only its own timer interrupt
// makes an hrtimer (a steady period: a timer of that period, as an rt-app
// periodic task; otherwise its observed sleeps).
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
    // for each of the task's wake-ups of another task (TaskStats::woke): the
    // burst it happened in and the CPU time of that burst before it
    std::vector<std::pair<std::size_t, Time>> wokeAt;
    std::size_t count() const { return bursts.size() + (tail > 0 ? 1 : 0); }
    Time total(std::size_t k) const { return k < bursts.size() ? bursts[k] : tail; }
};

Behaviour bursts(const TaskStats& t, Time end) {
    Behaviour b;
    std::size_t s = 0, w = 0, k = 0;
    Time acc = 0, prevSleep = -1;
    bool open = false;
    for (const TaskChunk& c : t.chunks) {
        // its wake-ups of others up to the end of this chunk: in this burst, after acc and part of c
        for (; k < t.woke.size() && t.woke[k].first <= c.end; ++k) {
            const Time in = std::clamp<Time>(t.woke[k].first - c.start, 0, c.end - c.start);
            const Time part = c.end > c.start ? Time(double(c.cost) * double(in) / double(c.end - c.start)) : 0;
            b.wokeAt.emplace_back(b.bursts.size(), acc + part);
        }
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
    // (an exited task's last switch-out was its exit, not a sleep)
    else if (prevSleep >= 0 && end > prevSleep && !t.exited) b.sleeps.push_back(end - prevSleep);
    return b;
}

// Who woke a task (sched_waking's context in the capture), for a task that
// no device line and no twin task wakes.
struct Wakers {
    std::uint64_t total = 0;
    std::uint64_t hrtimer = 0; // the timer interrupt's handler: its own hrtimer (hrtimer_wakeup())
    std::uint64_t tick = 0;    // a softirq the tick raises: TIMER (a timer-wheel timeout), RCU
    std::uint64_t rcu = 0;     // the RCU softirq alone
};

// The TIMER softirq runs the wheel's expired timers (process_timeout() of a
// schedule_timeout()); the RCU softirq is raised from the tick
// (rcu_sched_clock_irq() -> invoke_rcu_core(), kernel/rcu/tree.c, 6.12) and
// wakes the grace-period kthread (rcu_gp_kthread_wake()), which otherwise
// sleeps out a jiffies timeout: both wake the task at a tick.
Wakers wakersOf(const TaskStats& t, const std::string& timer) {
    Wakers w;
    for (const auto& [who, n] : t.wokenBy) {
        w.total += n;
        if (!timer.empty() && who == timer) w.hrtimer += n;
        else if (who == "softirq:TIMER" || who == "softirq:RCU") w.tick += n;
        if (who == "softirq:RCU") w.rcu += n;
    }
    return w;
}

// The timeouts that give the observed sleeps: a level-0 wheel timer armed
// `n` jiffies ahead fires at the tick n + 1 jiffies after the one before it
// was armed (calc_index() rounds up by one), so a sleep of s is n = ceil(s / tick) - 1,
// at least 1.
std::vector<Time> wheelTimeouts(const std::vector<Time>& sleeps, Time tick) {
    std::vector<Time> out;
    for (Time s : sleeps) out.push_back(std::max<Time>(1, (s + tick - 1) / tick - 1) * tick);
    return out;
}

// A task the RCU softirq wakes at least half the times is the grace-period
// kthread (rcu_report_qs_rsp() -> rcu_gp_kthread_wake(), kernel/rcu/tree.c,
// 6.12): its other wake-ups are its FQS timeouts (process_timeout() from the
// TIMER softirq). A timeout that follows a wake-up by the RCU softirq is the
// grace period's first (jiffies_till_first_fqs), one that follows another
// timeout a next one (jiffies_till_next_fqs); each is fitted as the median of
// those sleeps in jiffies less the one the wheel adds (wheelTimeouts()),
// with 5 samples or more, else left to the kernel's default.
json rcuGpWait(const TaskStats& t, const Behaviour& b, Time tick) {
    std::vector<Time> first, next, byTimer = t.wheelWoken;
    std::sort(byTimer.begin(), byTimer.end());
    bool prevTimer = false;
    for (std::size_t k = 0; k < b.starts.size(); ++k) {
        const bool timer = std::binary_search(byTimer.begin(), byTimer.end(), b.starts[k]);
        if (k > 0 && timer) (prevTimer ? next : first).push_back(b.sleeps[k - 1]);
        prevTimer = timer;
    }
    json fqs = json::object();
    const auto median = [tick](std::vector<Time> v) {
        v = wheelTimeouts(v, tick);
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return static_cast<int>(std::min<Time>(1000, v[v.size() / 2] / tick));
    };
    if (first.size() >= 5) fqs["first_fqs"] = median(first);
    if (next.size() >= 5) fqs["next_fqs"] = median(next);
    return {{"rcu_gp", fqs}};
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

// Wake-ups between the twin's own tasks (a futex, a pipe, a child's exit): a
// wakee woken at least half the times by twin tasks that each woke it in at
// least half of their bursts suspends after each burst; those wakers resume it
// at the point of their burst where they woke it in the capture (the median
// share of the burst's CPU time before the wake-up). No timer is involved.
struct TaskWakes {
    std::set<std::string> suspended; // wakee entities
    std::set<std::string> cycle;     // wakees left out to break a cycle: they keep their observed sleeps
    std::map<std::string, std::vector<std::pair<double, std::string>>> resumes; // waker -> (share, wakee)
};

TaskWakes taskWakes(const CaptureStats& cs, const std::map<std::string, Behaviour>& twin,
                    const std::map<std::string, LineWake>& byLine) {
    TaskWakes tw;
    for (const auto& [wakee, bw] : twin) {
        const TaskStats& t = cs.tasks.at(wakee);
        if (bw.bursts.empty() || byLine.count(wakee)) continue; // never slept, or a device wakes it
        std::uint64_t total = 0, byTwin = 0;
        for (const auto& [who, n] : t.wokenBy) total += n;
        std::vector<std::pair<std::string, double>> wakers;
        for (const auto& [waker, n] : t.wokenByTask) {
            auto it = twin.find(waker);
            if (it == twin.end() || it->first == wakee) continue;
            const Behaviour& ba = it->second;
            const TaskStats& a = cs.tasks.at(waker);
            if (ba.bursts.empty()) continue; // a task that never slept: its run is not split
            std::set<std::size_t> inBursts;
            std::vector<double> share;
            for (std::size_t i = 0; i < a.woke.size() && i < ba.wokeAt.size(); ++i) {
                if (a.woke[i].second != wakee || !inBursts.insert(ba.wokeAt[i].first).second) continue;
                const Time burst = ba.total(ba.wokeAt[i].first);
                share.push_back(burst > 0 ? std::min(1.0, double(ba.wokeAt[i].second) / double(burst)) : 1.0);
            }
            if (2 * inBursts.size() < ba.count()) continue;
            std::sort(share.begin(), share.end());
            wakers.emplace_back(waker, share[share.size() / 2]);
            byTwin += n;
        }
        if (wakers.empty() || 2 * byTwin < total) continue;
        tw.suspended.insert(wakee);
        for (const auto& [waker, sh] : wakers) tw.resumes[waker].emplace_back(sh, wakee);
    }
    // A resume that finds nobody suspended is lost (rt-app's pthread_cond_broadcast()),
    // where the kernel's pipe or futex keeps the wake-up: tasks that resume each
    // other in a cycle could all end up suspended for good. A wakee on such a cycle
    // keeps its observed sleeps instead.
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& start : tw.suspended) {
            std::set<std::string> seen;
            std::vector<std::string> todo{start};
            bool cycle = false;
            while (!todo.empty() && !cycle) {
                const std::string at = todo.back();
                todo.pop_back();
                auto r = tw.resumes.find(at);
                if (r == tw.resumes.end()) continue;
                for (const auto& next : r->second) {
                    if (!tw.suspended.count(next.second)) continue;
                    if (next.second == start) cycle = true;
                    else if (seen.insert(next.second).second) todo.push_back(next.second);
                }
            }
            if (cycle) {
                tw.cycle.insert(start);
                tw.suspended.erase(start);
                changed = true;
                break;
            }
        }
    }
    for (auto& entry : tw.resumes) {
        auto& list = entry.second;
        std::erase_if(list, [&](const auto& r) { return !tw.suspended.count(r.second); });
        std::sort(list.begin(), list.end());
    }
    return tw;
}

// A burst split at the wake-ups it makes: run, resume, run, ... (each run its
// share of the observed bursts).
void runEvents(json& events, const std::vector<Time>& bursts,
               const std::vector<std::pair<double, std::string>>* resumes) {
    if (!resumes) {
        events.push_back({{"run", empiricalCost(bursts)}});
        return;
    }
    double at = 0;
    auto part = [&](double upTo) {
        if (upTo - at <= 1e-6) return;
        std::vector<Time> v;
        for (Time b : bursts) v.push_back(Time(double(b) * (upTo - at)));
        events.push_back({{"run", empiricalCost(v)}});
        at = upTo;
    };
    for (const auto& [share, wakee] : *resumes) {
        part(share);
        events.push_back({{"resume", wakee}});
    }
    part(1.0);
}

// The task's CFS task group from record-trace's group lines: its cpu cgroup
// when that is not the root (autogroups apply only to tasks of the root
// task group: task_wants_autogroup(), kernel/sched/autogroup.h, 6.12), else
// its session's autogroup (sched_autogroup_enabled, one group per setsid(),
// kernel/sched/autogroup.c). Null: the root group (no group line, or a task
// in no autogroup of its own, as kernel threads are).
json taskGroup(const TaskStats& t) {
    if (!t.hasGroupLine) return nullptr;
    if (t.cgroup != "/") return json{{"name", t.cgroup}, {"weight", t.cgroupWeight}};
    if (t.autogroup.empty()) return nullptr;
    if (t.autogroupNice == 0) return t.autogroup;
    return json{{"name", t.autogroup}, {"nice", t.autogroupNice}};
}

} // namespace

nlohmann::json fitTasks(const CaptureStats& cs, const std::set<std::string>& skip,
                        const std::map<std::string, std::string>& vectorRaiser, const std::set<std::string>& lines,
                        std::vector<LineWake>& wakes, TwinFit& fit) {
    std::map<std::string, int> commCount;
    for (const auto& [e, t] : cs.tasks)
        if (!engineOwns(t) && !t.chunks.empty()) ++commCount[t.comm];
    json tasks = json::array();
    int hogs = 0, periodicTasks = 0, sleepers = 0, suspended = 0, byTasks = 0, wheelSleepers = 0, otherWoken = 0,
        rcuWoken = 0;
    bool gpKthread = false;
    const std::string timer = timerLine(cs);
    const Time tick = 1'000'000'000 / (fit.hz > 0 ? fit.hz : 250);
    auto totalOf = [](const TaskStats& t) {
        Time total = 0;
        for (const auto& c : t.chunks) total += c.cost;
        return total;
    };
    std::map<std::string, Behaviour> twin; // the twin's tasks
    for (const auto& [entity, t] : cs.tasks) {
        if (engineOwns(t) || t.chunks.empty() || skip.count(t.comm) || totalOf(t) <= 0) continue;
        std::string name = commCount[t.comm] > 1 ? t.comm + "-" + std::to_string(t.pid) : t.comm;
        if (name.empty()) name = "pid-" + std::to_string(t.pid);
        fit.taskNames[entity] = name;
        twin[entity] = bursts(t, cs.duration);
    }
    // a line's wake-ups come first: a task woken by a device stays woken by it
    std::map<std::string, LineWake> byLine;
    for (const auto& [entity, b] : twin)
        if (!b.bursts.empty())
            if (auto w = wokenByLine(cs.tasks.at(entity), vectorRaiser, lines)) byLine[entity] = *w;
    // wakers may be any twin task; wakees not woken by a line
    TaskWakes tw = taskWakes(cs, twin, byLine);
    for (auto& entry : tw.resumes)
        for (auto& r : entry.second) r.second = fit.taskNames.at(r.second);
    for (const auto& [entity, t] : cs.tasks) {
        if (!twin.count(entity)) continue;
        const Time total = totalOf(t);
        const std::string name = fit.taskNames.at(entity);
        auto rs = tw.resumes.find(entity);
        const auto* resumes = rs != tw.resumes.end() && !rs->second.empty() ? &rs->second : nullptr;
        json task{{"name", name}};
        if (t.prio >= 0 && t.prio < 100) {
            task["policy"] = "fifo";
            task["priority"] = std::clamp(99 - t.prio, 1, 99);
        } else {
            const int nice = std::clamp(t.prio < 0 ? 0 : t.prio - 120, -20, 19);
            if (nice != 0) task["nice"] = nice;
            if (auto g = taskGroup(t); !g.is_null()) task["group"] = g;
        }
        if (const int cpu = boundCpu(t, cs.cpus); cpu >= 0) task["cpus"] = json::array({cpu});
        const Behaviour& b = twin.at(entity);
        const Time first =
            std::min(t.chunks.front().start, t.wakings.empty() ? t.chunks.front().start : t.wakings.front());
        const Wakers wk = wakersOf(t, timer);
        // A task already running (or runnable) when the capture began starts with
        // the run. One that appears later was forked, or woken by a task, a softirq
        // or its timer: only a timer-woken one starts after an hrtimer delay (its
        // own interrupt); the others start with a timer-wheel timeout of that long,
        // which the tick's TIMER softirq ends, as the capture shows no interrupt
        // for their start either.
        json start = json::array();
        if (first > 0 && t.chunks.front().start != 0) {
            if (wk.total > 0 && 2 * wk.hrtimer >= wk.total) task["delay"] = durationText(first);
            else
                start.push_back(
                    {{"loop", 1},
                     {"events",
                      json::array({json{{"schedule_timeout", durationText(wheelTimeouts({first}, tick)[0])}}})}});
        }
        // the task's iterations: for ever (after its start, if it has one), or as
        // many as it had bursts when it exited
        // (clang 14 cannot capture a structured binding: name what it reads)
        const bool exited = t.exited;
        auto finish = [&](const json& events, const json& wait) {
            json phases = start;
            if (!exited) {
                json body = events;
                if (!wait.is_null()) body.push_back(wait);
                if (phases.empty()) {
                    task["events"] = body;
                    task["loop"] = -1;
                    return;
                }
                phases.push_back({{"loop", 1 << 30}, {"events", body}});
            } else {
                // its last burst ended in its exit: it waits between its bursts, not after the last
                if (!wait.is_null() && b.bursts.size() > 1) {
                    json between = events;
                    between.push_back(wait);
                    phases.push_back({{"loop", static_cast<int>(b.bursts.size()) - 1}, {"events", between}});
                }
                phases.push_back({{"loop", 1}, {"events", events}});
            }
            task["phases"] = phases;
            task["loop"] = 1;
        };
        Time period = 0;
        if (b.bursts.empty()) { // never slept: runnable throughout (a CPU hog) or cut by the end
            ++hogs;
            finish(json::array({json{{"run", durationText(std::max<Time>(1000, t.exited ? total : cs.duration))}}}),
                   json());
            tasks.push_back(std::move(task));
            continue;
        }
        // what ends a burst: the wait until the next one, modelled after the waker the capture shows
        const std::vector<Time> sleeps = b.sleeps.empty() ? std::vector<Time>{cs.duration} : b.sleeps;
        json wait;
        if (auto lw = byLine.find(entity); lw != byLine.end()) {
            ++suspended;
            wait = {{"suspend", name}};
            LineWake w = lw->second;
            w.task = name;
            wakes.push_back(w);
        } else if (tw.suspended.count(entity)) {
            ++byTasks;
            wait = {{"suspend", name}};
        } else if (wk.rcu > 0 && 2 * wk.rcu >= wk.total && !gpKthread) {
            gpKthread = true; // rcu_state.gp_kthread: one
            ++rcuWoken;
            wait = rcuGpWait(t, b, tick);
        } else if (wk.tick > 0 && 2 * wk.tick >= wk.total) {
            ++wheelSleepers;
            wait = {{"schedule_timeout", empiricalCost(wheelTimeouts(sleeps, tick))}};
        } else if (wk.total > 0 && 2 * wk.hrtimer < wk.total && !tw.cycle.count(entity)) {
            // woken mostly by what the twin has no waker for (a task outside it or one
            // that does not wake it in most of its bursts, a kworker, another softirq):
            // no timer interrupt of its own, which the capture does not show either;
            // the wake-up comes with a tick's TIMER softirq
            ++otherWoken;
            wait = {{"schedule_timeout", empiricalCost(wheelTimeouts(sleeps, tick))}};
        } else if (periodicStarts(b.starts, period)) {
            ++periodicTasks;
            wait = {{"timer", {{"ref", "unique_period"}, {"period", durationText(period)}}}};
        } else {
            ++sleepers;
            wait = {{"sleep", empiricalCost(sleeps)}};
        }
        json events = json::array();
        runEvents(events, b.bursts, resumes);
        finish(events, wait);
        tasks.push_back(std::move(task));
    }
    fit.notes.push_back(
        "tasks: " + std::to_string(tasks.size()) + " inferred (" + std::to_string(periodicTasks) + " periodic, " +
        std::to_string(suspended) + " woken by a device's interrupt, " + std::to_string(byTasks) +
        " woken by another task, " + std::to_string(wheelSleepers) + " woken by the tick's softirqs, " +
        std::to_string(rcuWoken) + " the RCU grace-period kthread, " + std::to_string(otherWoken) +
        " woken by wakers the twin does not have, " + std::to_string(sleepers) + " run/sleep, " + std::to_string(hogs) +
        " never slept); only a task its timer interrupt woke sleeps on an hrtimer, the others on "
        "timer-wheel timeouts of their observed sleeps");
    return tasks;
}

} // namespace irqscope::twin
