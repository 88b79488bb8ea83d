// The wake path's intervals, read from the capture's text in the fit's second
// pass (twin_capture.cpp): try_to_wake_up() per waker context, an hrtimer's
// expiry and reprogramming, an idle CPU's remote wake-up, and which interrupt
// exits did not reschedule.
#pragma once

#include "twin/twin_capture.h"

#include "trace/ftrace_line.h"

#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace irqscope::twin {

// What parseSwitch() (twin_capture.cpp) reads of a sched_switch line.
struct SwitchInfo {
    int prevPid = -1, prevPrio = -1, nextPid = -1, nextPrio = -1;
    std::string_view prevState;
};

// The wake path, timed between the tracepoints (kernel/sched/core.c, 6.12):
// try_to_wake_up() traces sched_waking at its start and sched_wakeup in
// ttwu_do_wakeup() at its end when it wakes on the waker's CPU; __schedule()
// traces sched_switch before context_switch().
struct WakePath {
    struct Pending {
        Time t = 0;
        int wakerCpu = -1, target = -1;
        bool targetIdle = false;
        const char* ctx = nullptr; // the waker's context, from the flags
    };
    std::unordered_map<int, Pending> pending; // pid -> its sched_waking
    std::unordered_map<int, int> curr;        // cpu -> the pid running there
    struct InTimer {
        Time entry = -1, firstWaking = -1, lastWakeup = -1;
    };
    std::unordered_map<int, InTimer> timer; // cpu -> the timer interrupt it is in
    // Which exits did not reschedule: an interrupt's exit traced with
    // need_resched clear (the flags' second column '.'), and a switch whose
    // previous task left to sleep (prev_state not R: it ran on after the
    // exit; a task the return path preempts is traced R), by (CPU, time).
    std::set<std::pair<int, Time>> noReschedExit, ranOn;
    // Every traced sched_switch by (CPU, time): a switch-in the importer placed where
    // the kernel recorded none (a lost switch out of idle) times no return path.
    std::set<std::pair<int, Time>> traced;
    // the context column of the flags (kernel/trace/trace_output.c,
    // trace_print_lat_fmt(), 6.12): 'h' hardirq, 'H' hardirq in a softirq,
    // 's' softirq, '.' task; an NMI or no flags: unknown
    static const char* wakerContext(const ftrace::RawEvent& e) {
        if (!e.hasFlags || e.flags.size() < 3) return nullptr;
        switch (e.flags[2]) {
        case 'h':
        case 'H': return "hardirq";
        case 's': return "softirq";
        case '.': return "task";
        default: return nullptr;
        }
    }
    void exited(const ftrace::RawEvent& e, Time t) {
        if (e.name != "softirq_exit" && e.hasFlags && e.flags.size() >= 2 && e.flags[1] == '.')
            noReschedExit.insert({e.cpu, t});
    }
    // local_timer_entry/_exit (x86 irq_vectors), irq_handler_entry/_exit of an arch_timer line
    void timerEvent(const ftrace::RawEvent& e, Time t, CaptureStats& cs) {
        const bool vec = e.name.starts_with("local_timer_");
        if (!vec && !e.name.starts_with("irq_handler_")) return;
        const bool entry = e.name.ends_with("_entry");
        InTimer& it = timer[e.cpu];
        if (entry) {
            it = {};
            if (vec || e.fields.find("arch_timer") != std::string_view::npos) it.entry = t;
            return;
        }
        if (it.entry >= 0 && it.firstWaking >= 0 && it.lastWakeup >= 0) {
            cs.hrtimerToWake.push_back(it.firstWaking - it.entry);
            cs.wakeToTimerExit.push_back(t - it.lastWakeup);
        }
        it = {};
    }
    void waking(const ftrace::RawEvent& e, Time t) {
        if (auto it = timer.find(e.cpu); it != timer.end() && it->second.entry >= 0 && it->second.firstWaking < 0)
            it->second.firstWaking = t;
        const auto pid = ftrace::fieldValue(e.fields, "pid");
        const auto tc = ftrace::fieldValue(e.fields, "target_cpu");
        if (!pid || !tc) return;
        Pending w{t, e.cpu, static_cast<int>(ftrace::toInt(*tc).value_or(-1)), false, wakerContext(e)};
        const auto c = curr.find(w.target);
        w.targetIdle = c != curr.end() && c->second == 0;
        pending[static_cast<int>(ftrace::toInt(*pid).value_or(-1))] = w;
    }
    void wakeup(const ftrace::RawEvent& e, Time t, CaptureStats& cs) {
        const auto pid = ftrace::fieldValue(e.fields, "pid");
        if (!pid) return;
        if (auto in = timer.find(e.cpu); in != timer.end() && in->second.entry >= 0) in->second.lastWakeup = t;
        const auto it = pending.find(static_cast<int>(ftrace::toInt(*pid).value_or(-1)));
        if (it != pending.end() && it->second.wakerCpu == e.cpu && t >= it->second.t) {
            cs.wakingToWakeup.push_back(t - it->second.t);
            if (it->second.ctx) cs.wakingToWakeupIn[it->second.ctx].push_back(t - it->second.t);
        }
    }
    void switched(int cpu, const SwitchInfo& s, Time t, CaptureStats& cs) {
        curr[cpu] = s.nextPid;
        traced.insert({cpu, t});
        if (!s.prevState.empty() && s.prevState.front() != 'R') ranOn.insert({cpu, t});
        const auto it = pending.find(s.nextPid);
        if (it == pending.end()) return;
        // the idle CPU's first switch after the wake, to the wakee: nothing else ran there
        const Pending w = it->second;
        pending.erase(it);
        if (w.targetIdle && w.target == cpu && w.wakerCpu != cpu && s.prevPid == 0 && t - w.t < 1'000'000)
            cs.idleRemoteWake.push_back(t - w.t);
    }
};

} // namespace irqscope::twin
