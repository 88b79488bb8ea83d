// fitTwin(): the machine, the kernel's own costs and the interrupt sources of
// a twin, from the statistics of a capture (twin_capture.cpp); the tasks come
// from twin_tasks.cpp or from the workload's rt-app file.
#include "twin/twin_fit.h"

#include "twin/twin_dist.h"

#include "irqscope/scenario.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace irqscope::twin {

using nlohmann::json;

namespace {

// Vectors a driver raises (docs/scenarios.md, sources); the others belong to the kernel.
bool driverVector(const std::string& v) {
    return v == "NET_TX" || v == "NET_RX" || v == "BLOCK" || v == "IRQ_POLL";
}

std::string lineShortName(const std::string& entity) {
    const auto colon = entity.find(':');
    return colon == std::string::npos ? entity : entity.substr(colon + 1);
}

// CONFIG_HZ from the gaps between timer interrupts on each CPU: the candidate
// whose period the most gaps match within 3 % (a NOHZ idle CPU makes longer
// ones). Interrupts whose handler woke a task are hrtimer expiries (a task's
// nanosleep or rt-app timer, hrtimer_wakeup()), left out: an rt-app task with a
// 1 ms timer would otherwise look like HZ=1000.
int inferHz(const LineStats& timer) {
    std::map<int, std::vector<Time>> perCpu;
    for (std::size_t i = 0; i < timer.entries.size(); ++i)
        if (!timer.woke.count(timer.entries[i])) perCpu[timer.cpuOf[i]].push_back(timer.entries[i]);
    int best = 0;
    std::size_t bestCount = 0;
    for (int hz : {100, 250, 300, 1000}) {
        const double period = 1e9 / hz;
        std::size_t n = 0;
        for (const auto& [cpu, ts] : perCpu)
            for (std::size_t i = 1; i < ts.size(); ++i)
                if (std::abs(double(ts[i] - ts[i - 1]) - period) < 0.03 * period) ++n;
        if (n > bestCount) {
            best = hz;
            bestCount = n;
        }
    }
    return bestCount >= 3 ? best : 0;
}

Time median(const std::vector<Time>& v) {
    return quantile(v, 0.5);
}

struct SoftirqShare {
    std::vector<Time> perRaise; // cost of each raise by this line
    std::map<std::string, std::vector<Time>> tasklets;
    double share = 0; // fraction of the vector's raises that are this line's
};

SoftirqShare softirqShare(const std::vector<SoftirqRun>& runs, const std::string& line) {
    SoftirqShare s;
    std::size_t mine = 0, all = 0;
    for (const auto& r : runs) {
        if (r.raisers.empty()) continue;
        std::size_t n = 0;
        for (const auto& who : r.raisers) n += who == line;
        all += r.raisers.size();
        mine += n;
        if (n == 0) continue;
        const Time each = r.cost / static_cast<Time>(r.raisers.size());
        for (std::size_t k = 0; k < n; ++k) s.perRaise.push_back(each);
        for (const auto& [fn, cost] : r.tasklets) s.tasklets[fn].push_back(cost);
    }
    s.share = all ? double(mine) / double(all) : 0;
    return s;
}

// queue_work steps for the work queued from a context (a line's hardirq or a softirq vector).
json workSteps(const CaptureStats& cs, Cause::Kind kind, const std::string& name, std::set<std::string>& wqs) {
    json steps = json::array();
    for (const auto& [fn, runs] : cs.works) {
        std::map<std::string, std::vector<Time>> byWq;
        for (const auto& w : runs)
            if (w.queuedBy.kind == kind && w.queuedBy.name == name)
                byWq[w.wq.empty() ? "events" : w.wq].push_back(w.cost);
        for (auto& [wq, costs] : byWq) {
            wqs.insert(wq);
            steps.push_back({{"queue_work", {{"workqueue", wq}, {"fn", fn}, {"cost", empiricalCost(costs)}}}});
        }
    }
    return steps;
}

// Pads per-raise costs with zeros up to one per interrupt: a handler that raised
// on some interrupts only keeps its total softirq time, raising every time.
std::vector<Time> perInterrupt(std::vector<Time> v, std::size_t interrupts) {
    if (v.size() < interrupts) v.resize(interrupts, 0);
    return v;
}

} // namespace

std::string timerLine(const CaptureStats& cs) {
    std::string best;
    std::size_t n = 0;
    for (const auto& [e, l] : cs.lines) {
        const std::string s = lineShortName(e);
        const bool timer = s == "local_timer" || s == "arch_timer" || s.find("arch_timer") != std::string::npos;
        if (timer && l.entries.size() > n) {
            best = e;
            n = l.entries.size();
        }
    }
    return best;
}

Result<TwinFit> fitTwin(const ImportResult& capture, const TwinOptions& opt) {
    const std::string& src = opt.capturePath.empty() ? std::string("capture") : opt.capturePath;
    auto scanned = scanCapture(capture, opt.capturePath);
    if (!scanned) return scanned.error();
    const CaptureStats& cs = *scanned;
    if (cs.cpus < 1) return Error{src, "", "the capture shows no CPU; a twin needs at least one"};
    if (cs.duration <= 0) return Error{src, "", "the capture spans no time; a twin needs events over a duration"};
    TwinFit fit;
    fit.cpus = std::min(cs.cpus, 256);
    fit.durationNs = cs.duration;
    json doc{{"schema", "irqscope.scenario/1"}};
    const std::string stem = std::filesystem::path(src).stem().string();
    doc["name"] = "twin-" + stem;
    doc["title"] = "Twin of " + std::filesystem::path(src).filename().string();
    json params = json::object();
    params["machine.cpus"] = fit.cpus;
    params["run.duration_ns"] = durationText(cs.duration);
    // The sleeps the fit measures already ended as late as the real tasks' timer
    // slack let them: the twin does not add it a second time.
    params["kernel.timer.slack_ns"] = 0;

    // The tick and the kernel's own softirqs: the engine runs them; the capture gives their rate and costs.
    const std::string timer = timerLine(cs);
    if (!timer.empty()) {
        const LineStats& tl = cs.lines.at(timer);
        fit.hz = inferHz(tl);
        if (fit.hz) params["machine.hz"] = fit.hz;
        // hrtimer_interrupt() around a task's timer: expiring it up to the wake-up,
        // and programming the next expiry after it (a trapped MSR write in a KVM guest)
        Time reprogram = 0;
        if (cs.wakeToTimerExit.size() >= 10) {
            reprogram = std::min<Time>(median(cs.wakeToTimerExit), 1'000'000);
            params["cost.hrtimer_reprogram_ns"] = durationText(reprogram);
            params["cost.hrtimer_ns"] = durationText(std::min<Time>(median(cs.hrtimerToWake), 1'000'000));
        }
        // the tick: the timer interrupts that woke no task, minus the reprogramming that ends them too
        std::vector<Time> ticks;
        for (std::size_t i = 0; i < tl.entries.size(); ++i)
            if (!tl.woke.count(tl.entries[i])) ticks.push_back(tl.cost[i]);
        const Time tick = median(ticks.empty() ? tl.cost : ticks);
        params["cost.tick_ns"] = durationText(std::clamp<Time>(tick - reprogram, 0, 1'000'000));
        fit.lineNames[timer] = "arch_timer";
    } else {
        fit.notes.push_back(
            "no timer interrupt (local_timer, arch_timer) in the capture: machine.hz stays at its default");
    }
    auto kernelCost = [&](const char* vec, const char* param) {
        auto it = cs.softirqs.find(vec);
        if (it == cs.softirqs.end() || it->second.empty()) return;
        std::vector<Time> c;
        for (const auto& r : it->second) c.push_back(r.cost);
        params[param] = durationText(std::min<Time>(median(c), 1'000'000));
    };
    // The way out of an interrupt that woke a task to that task running (the return
    // path to __schedule()): the engine's cost.resched_exit_ns, paid only on exits that
    // reschedule and charged, as the capture shows it, to the interrupted task or idle.
    // Its tail is a VM host's stalls on that path: the whole distribution, tail kept.
    if (cs.exitToSwitch.size() >= 10) params["cost.resched_exit_ns"] = tailedCost(cs.exitToSwitch);
    // The wake path (docs/twin.md): try_to_wake_up() from sched_waking to sched_wakeup
    // on the waker's CPU, and an idle CPU's exit from a remote wake-up to its switch.
    {
        const Scenario defaults;
        fit.wakeupNs = defaults.getDuration("cost.wakeup_ns");
        fit.idleExitNs = defaults.getDuration("machine.idle_exit_ns");
    }
    if (cs.wakingToWakeup.size() >= 10) {
        fit.wakeupNs = std::min<Time>(median(cs.wakingToWakeup), 100'000);
        params["cost.wakeup_ns"] = durationText(fit.wakeupNs);
    }
    // try_to_wake_up() from each context the capture has 10 samples of: a timer's
    // hrtimer_wakeup() in the hardirq may take longer than a softirq's or a task's
    // wake-up (a KVM guest's trap on the way); the others keep the pooled median.
    for (const auto& [ctx, samples] : cs.wakingToWakeupIn)
        if (samples.size() >= 10 && cs.wakingToWakeup.size() >= 10)
            params["cost.wakeup_" + ctx + "_ns"] = durationText(std::min<Time>(median(samples), 100'000));
    if (cs.idleRemoteWake.size() >= 10) {
        // sched_waking to the switch is the waker's try_to_wake_up() and then the idle CPU's exit
        fit.idleExitNs = std::clamp<Time>(median(cs.idleRemoteWake) - fit.wakeupNs, 0, 1'000'000);
        params["machine.idle_exit_ns"] = durationText(fit.idleExitNs);
    } else {
        fit.notes.push_back("machine.idle_exit_ns: " + std::to_string(cs.idleRemoteWake.size()) +
                            " wake-ups of a task onto an idle CPU from another CPU (10 needed): the default kept");
    }
    kernelCost("TIMER", "cost.timer_softirq_ns");
    kernelCost("RCU", "cost.rcu_softirq_ns");
    kernelCost("SCHED", "cost.load_balance_ns");

    // Tasks first: a task a line's chain wakes adds a wake step to that line.
    std::map<std::string, std::string> vectorRaiser;
    std::set<std::string> deviceLines;
    for (const auto& [entity, l] : cs.lines)
        if (entity != timer && !l.vector) deviceLines.insert(entity);
    for (const auto& [vec, runs] : cs.softirqs)
        for (const auto& line : deviceLines)
            if (driverVector(vec) && softirqShare(runs, line).share >= 0.5) vectorRaiser[vec] = line;
    std::set<std::string> skip;
    if (!opt.workloadPath.empty()) {
        auto w = Scenario::fromFile(opt.workloadPath);
        if (!w) return w.error();
        // rt-app names its threads after the task's key (every instance the same comm,
        // cut to TASK_COMM_LEN - 1); the scenario names them "<key>-<index>" as rt-app's
        // logs do. The capture's threads of one key, in pid order, are its instances in order.
        std::map<std::string, std::vector<std::string>> byComm; // comm -> scenario threads
        if (auto it = w->parts().find("tasks"); it != w->parts().end())
            for (const auto& t : *it) {
                const std::string n = t.value("name", "");
                const int inst = t.value("instance", 1);
                for (int i = 0; i < inst; ++i) {
                    const std::string thread = inst > 1 ? n + "-" + std::to_string(i) : n;
                    std::string key = thread;
                    if (const auto dash = key.rfind('-');
                        dash != std::string::npos && dash + 1 < key.size() &&
                        key.find_first_not_of("0123456789", dash + 1) == std::string::npos)
                        key.resize(dash);
                    byComm[key.substr(0, 15)].push_back(thread);
                    if (key != thread) byComm[thread.substr(0, 15)].push_back(thread);
                }
            }
        std::map<std::string, std::vector<std::pair<int, std::string>>> seen; // comm -> (pid, entity)
        for (const auto& [e, t] : cs.tasks)
            if (byComm.count(t.comm) && !t.chunks.empty()) seen[t.comm].emplace_back(t.pid, e);
        // Each thread starts when it first ran in the capture (rt-app creates its
        // threads one after another, and each starts its timers from its own
        // start): the scenario's per-thread initial delay (rtapp.start).
        json start = json::object();
        for (auto& [comm, list] : seen) {
            std::sort(list.begin(), list.end());
            const auto& threads = byComm[comm];
            for (std::size_t i = 0; i < list.size() && i < threads.size(); ++i) {
                fit.taskNames[list[i].second] = threads[i];
                start[threads[i]] = durationText(cs.tasks.at(list[i].second).chunks.front().start);
            }
            skip.insert(comm);
        }
        doc["rtapp"] = {{"file", std::filesystem::absolute(opt.workloadPath).string()}, {"start", start}};
    }
    std::vector<LineWake> wakes;
    json tasks = fitTasks(cs, skip, vectorRaiser, deviceLines, wakes, fit);

    // Device interrupt lines.
    json sources = json::array();
    std::set<std::string> wqs, usedNames;
    for (const auto& [entity, l] : cs.lines) {
        if (entity == timer) continue;
        const double rate = double(l.entries.size()) * 1e9 / double(cs.duration);
        if (l.vector) {
            char b[160];
            std::snprintf(b, sizeof b,
                          "%s: %.0f/s, an x86 system vector (IPI, irq_work, ...): the engine raises its own",
                          entity.c_str(), rate);
            fit.notes.push_back(b);
            continue;
        }
        std::string name = lineShortName(entity);
        if (name.empty() || usedNames.count(name)) name += "-" + entity.substr(0, entity.find(':'));
        usedNames.insert(name);
        fit.lineNames[entity] = name;
        int cpu = 0;
        std::uint64_t most = 0;
        for (const auto& [c, n] : l.perCpu)
            if (n > most) {
                most = n;
                cpu = c;
            }
        json s{{"name", name}, {"line", "spi"}, {"cpus", json::array({cpu})}};
        if (l.perCpu.size() > 1)
            fit.notes.push_back(name + ": interrupts on " + std::to_string(l.perCpu.size()) +
                                " CPUs in the capture; the twin delivers them all to CPU " + std::to_string(cpu) +
                                ", the one that took most");
        if (opt.replayArrivals) {
            const std::string file = opt.arrivalsDir + "/" + name + ".txt";
            fit.replay[file] = l.entries;
            s["arrival"] = {{"replay", file}};
        } else if (l.entries.size() >= 2) {
            std::vector<Time> gaps;
            for (std::size_t i = 1; i < l.entries.size(); ++i) gaps.push_back(l.entries[i] - l.entries[i - 1]);
            // The capture read as one turn of a stationary process: the silence after the last
            // interrupt and before the first is one more gap, so the gaps add up to the
            // capture's duration and the fitted rate is the captured one (a disk busy for
            // 0.6 s of a 1.6 s capture is not busy all the time).
            gaps.push_back(std::max<Time>(1, cs.duration - l.entries.back() + l.entries.front()));
            s["arrival"] = {{"shuffle", shuffleGaps(gaps)}};
        } else {
            s["arrival"] = {
                {"periodic", {{"period", durationText(cs.duration)}, {"start", durationText(l.entries[0])}}}};
        }
        s["handler"] = {{"cost", empiricalCost(l.cost)}};
        json then = json::array();
        for (const auto& [vec, runs] : cs.softirqs) {
            const SoftirqShare sh = softirqShare(runs, entity);
            if (sh.perRaise.empty()) continue;
            if (driverVector(vec)) {
                json step{{"softirq", vec}, {"cost", empiricalCost(perInterrupt(sh.perRaise, l.entries.size()))}};
                if (sh.share >= 0.5) {
                    json w = workSteps(cs, Cause::Kind::Softirq, vec, wqs);
                    for (const auto& lw : wakes)
                        if (lw.line == entity && lw.softirq == vec) w.push_back({{"wake", lw.task}});
                    if (!w.empty()) step["then"] = w;
                }
                then.push_back(step);
            } else if (vec == "TASKLET" || vec == "HI") {
                for (const auto& [fn, costs] : sh.tasklets)
                    then.push_back({{vec == "HI" ? "hi_tasklet" : "tasklet", fn}, {"cost", empiricalCost(costs)}});
            } else {
                fit.notes.push_back(name + " raises " + vec + " (" + std::to_string(sh.perRaise.size()) +
                                    " times): a kernel vector a source cannot raise; the engine runs its own");
            }
        }
        for (auto& w : workSteps(cs, Cause::Kind::Line, entity, wqs)) then.push_back(w);
        for (const auto& lw : wakes)
            if (lw.line == entity && lw.softirq.empty()) then.push_back({{"wake", lw.task}});
        // its IRQ thread: a task irq/N-... woken from this line's handler
        for (const auto& [te, t] : cs.tasks) {
            if (t.kind != ContextKind::IrqThread || !t.wokenBy.count(entity)) continue;
            std::vector<Time> costs;
            for (const auto& c : t.chunks) costs.push_back(c.cost);
            json th = json::object();
            if (t.prio >= 0 && t.prio < 100) th["priority"] = std::clamp(99 - t.prio, 1, 99);
            then.push_back({{"thread", th.empty() ? json(true) : th}, {"cost", empiricalCost(costs)}});
            break;
        }
        if (!then.empty()) s["then"] = then;
        sources.push_back(std::move(s));
    }
    for (const auto& [vec, n] : cs.raisesOutsideLines)
        if (driverVector(vec))
            fit.notes.push_back(vec + " raised " + std::to_string(n) +
                                " times outside a device's hardirq (a task's local_bh_enable, loopback, another "
                                "softirq): not in the twin");
    {
        std::map<std::string, std::size_t> unattributed;
        for (const auto& [fn, runs] : cs.works)
            for (const auto& w : runs)
                if (w.queuedBy.kind != Cause::Kind::Line && w.queuedBy.kind != Cause::Kind::Softirq) ++unattributed[fn];
        std::size_t total = 0;
        for (const auto& [fn, n] : unattributed) total += n;
        if (total)
            fit.notes.push_back(std::to_string(total) + " work items queued from task context (" +
                                std::to_string(unattributed.size()) +
                                " functions): the kernel's own background work, not in the twin");
    }

    json workqueues = json::array();
    for (const auto& wq : wqs)
        workqueues.push_back({{"name", wq}, {"unbound", wq.find("unbound") != std::string::npos}});

    for (auto& [k, v] : params.items()) doc[k] = v;
    if (!workqueues.empty()) doc["workqueues"] = workqueues;
    if (!tasks.empty()) doc["tasks"] = tasks;
    if (!sources.empty()) doc["sources"] = sources;
    std::string desc = "Fitted by irqscope-cli twin from " + src + " (" + std::to_string(fit.cpus) + " CPUs, " +
                       durationText(cs.duration) + ").";
    for (const auto& n : fit.notes) desc += " " + n + ".";
    doc["description"] = desc;
    fit.scenario = std::move(doc);
    return fit;
}

} // namespace irqscope::twin

namespace irqscope {
Result<TwinFit> fitTwin(const ImportResult& capture, const TwinOptions& options) {
    return twin::fitTwin(capture, options);
}
} // namespace irqscope
