#include "twin/twin_capture.h"

#include "trace/ftrace_line.h"
#include "twin/twin_wake_path.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <unordered_map>

namespace irqscope::twin {

Time exclusiveNs(const Trace& t, std::uint32_t lane, int depth, const Segment& s) {
    Time child = 0;
    if (depth + 1 < t.depthCount(lane)) {
        const auto [a, b] = t.segmentRange(lane, depth + 1, s.start, s.end);
        for (std::size_t i = a; i < b; ++i) {
            const Segment c = t.segment(lane, depth + 1, i);
            child += std::min(c.end, s.end) - std::max(c.start, s.start);
        }
    }
    return std::max<Time>(0, s.end - s.start - child);
}

namespace {

bool isTask(ContextKind k) {
    return k == ContextKind::User || k == ContextKind::Kthread || k == ContextKind::Ksoftirqd ||
           k == ContextKind::Kworker || k == ContextKind::IrqThread;
}

// What was running at t on the lane: the cause of a raise, a queue_work or a wake-up there.
Cause causeAt(const Trace& t, std::uint32_t lane, Time at) {
    Cause c;
    const auto seg = t.topSegmentAt(lane, at);
    if (!seg) return c;
    c.name = std::string(t.str(seg->entity));
    c.at = seg->start;
    if (seg->kind == ContextKind::Hardirq) c.kind = Cause::Kind::Line;
    else if (seg->kind == ContextKind::Softirq || seg->kind == ContextKind::Tasklet) c.kind = Cause::Kind::Softirq;
    else if (isTask(seg->kind)) c.kind = Cause::Kind::Task;
    return c;
}

// sched_switch in the tracefs form (prev_comm=... prev_pid=N prev_prio=P prev_state=S ==> next_comm=...
// next_pid=N next_prio=P) or trace-cmd's (comm:pid [prio] S ==> comm:pid [prio]).
bool parseSwitch(std::string_view f, SwitchInfo& s) {
    using namespace ftrace;
    if (auto v = fieldValue(f, "prev_pid")) {
        auto p = toInt(*v);
        auto pp = fieldValue(f, "prev_prio");
        auto st = fieldValue(f, "prev_state");
        auto n = fieldValue(f, "next_pid");
        auto np = fieldValue(f, "next_prio");
        if (!p || !pp || !st || !n || !np) return false;
        s.prevPid = static_cast<int>(*p);
        s.prevPrio = static_cast<int>(toInt(*pp).value_or(120));
        s.prevState = *st;
        s.nextPid = static_cast<int>(toInt(*n).value_or(-1));
        s.nextPrio = static_cast<int>(toInt(*np).value_or(120));
        return true;
    }
    const auto arrow = f.find(" ==> ");
    if (arrow == std::string_view::npos) return false;
    auto side = [](std::string_view x, int& pid, int& prio, std::string_view* state) {
        const auto lb = x.rfind('[');
        const auto rb = x.rfind(']');
        if (lb == std::string_view::npos || rb == std::string_view::npos || rb < lb) return false;
        const auto colon = x.rfind(':', lb);
        if (colon == std::string_view::npos) return false;
        pid = static_cast<int>(toInt(trim(x.substr(colon + 1, lb - colon - 1))).value_or(-1));
        prio = static_cast<int>(toInt(x.substr(lb + 1, rb - lb - 1)).value_or(120));
        if (state) *state = trim(x.substr(rb + 1));
        return pid >= 0;
    };
    return side(f.substr(0, arrow), s.prevPid, s.prevPrio, &s.prevState) &&
           side(f.substr(arrow + 5), s.nextPid, s.nextPrio, nullptr);
}

// The second pass: priorities and sleeps by pid, the wake path's times and
// the task groups.
Status readTaskStates(const std::string& path, Time offset, std::unordered_map<int, TaskStats>& byPid, CaptureStats& cs,
                      WakePath& wp) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path, "", std::string("cannot open: ") + std::strerror(errno)};
    std::string line;
    while (std::getline(in, line)) {
        const auto p = ftrace::parseLine(line);
        if (p.kind == ftrace::LineKind::Header) {
            if (auto g = ftrace::parseTaskGroupLine(line)) {
                TaskStats& ts = byPid[g->pid];
                ts.hasGroupLine = true;
                ts.autogroup = std::string(g->autogroup);
                ts.autogroupNice = g->nice;
                ts.cgroup = g->cgroup.empty() ? std::string("/") : std::string(g->cgroup);
                ts.cgroupWeight = g->weight;
            }
            continue;
        }
        if (p.kind != ftrace::LineKind::Event) continue;
        const Time t = p.event.ts - offset;
        if (p.event.name == "sched_waking") wp.waking(p.event, t);
        else if (p.event.name == "sched_wakeup") wp.wakeup(p.event, t, cs);
        else if (p.event.name.ends_with("_entry") || p.event.name.ends_with("_exit")) {
            wp.timerEvent(p.event, t, cs);
            if (p.event.name.ends_with("_exit")) wp.exited(p.event, t);
        }
        if (p.event.name != "sched_switch") continue;
        SwitchInfo s;
        if (!parseSwitch(p.event.fields, s)) continue;
        wp.switched(p.event.cpu, s, t, cs);
        if (s.prevPid > 0) {
            TaskStats& ts = byPid[s.prevPid];
            ts.prio = s.prevPrio;
            ts.switchOuts.push_back(t);
            const char st = s.prevState.empty() ? 'R' : s.prevState.front();
            if (st != 'R') ts.sleeps.push_back(t);
            if (st == 'X' || st == 'Z') ts.exited = true;
        }
        if (s.nextPid > 0) byPid[s.nextPid].prio = s.nextPrio;
    }
    return okStatus();
}

// A task's switch-out that the capture lost (the importer ended its run at the
// next event of another context on that CPU): it went to sleep there if it was
// woken before it next ran, or if it never ran again; sched_waking is traced
// only for a task that is not runnable (try_to_wake_up() after
// ttwu_state_match(), kernel/sched/core.c, 6.12). Otherwise it was preempted.
void lostSleeps(TaskStats& ts, Time end) {
    const std::set<Time> traced(ts.switchOuts.begin(), ts.switchOuts.end());
    bool added = false;
    for (std::size_t i = 0; i < ts.chunks.size(); ++i) {
        const Time at = ts.chunks[i].end;
        if (traced.count(at) || at >= end) continue;
        const bool last = i + 1 == ts.chunks.size();
        const Time next = last ? end : ts.chunks[i + 1].start;
        if (!last && next <= at) continue; // the same run, split
        const auto w = std::lower_bound(ts.wakings.begin(), ts.wakings.end(), at);
        if (last || (w != ts.wakings.end() && *w < next)) {
            ts.sleeps.push_back(at);
            added = true;
        }
    }
    if (added) std::sort(ts.sleeps.begin(), ts.sleeps.end());
}

// No segment above the task's (or idle's) depth starts in [from, to) on the lane.
bool quietBetween(const Trace& t, std::uint32_t lane, Time from, Time to) {
    for (int d = 1; d < t.depthCount(lane); ++d) {
        const auto [a, b] = t.segmentRange(lane, d, from, to);
        for (std::size_t i = a; i < b; ++i)
            if (t.segment(lane, d, i).start >= from) return false;
    }
    return true;
}

int pidOf(std::string_view entity) {
    const auto slash = entity.rfind('/');
    if (slash == std::string_view::npos) return -1;
    return static_cast<int>(ftrace::toInt(entity.substr(slash + 1)).value_or(-1));
}

} // namespace

Result<CaptureStats> scanCapture(const ImportResult& capture, const std::string& capturePath) {
    const Trace& t = capture.trace;
    CaptureStats cs;
    cs.cpus = capture.report.cpus;
    cs.duration = t.endTime() - t.startTime();
    // (cpu, vector) -> runs, in time order, and the raises before each
    std::map<std::pair<int, std::string>, std::vector<SoftirqRun>> runs;
    std::map<std::pair<int, std::string>, std::vector<std::pair<Time, std::string>>> raises;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        const LaneInfo& li = t.lane(lane);
        if (li.type != LaneType::Cpu) continue;
        const int cpu = li.cpu;
        for (int d = 0; d < t.depthCount(lane); ++d) {
            const std::size_t n = t.segmentCount(lane, d);
            for (std::size_t i = 0; i < n; ++i) {
                const Segment s = t.segment(lane, d, i);
                const std::string entity(t.str(s.entity));
                if (s.kind == ContextKind::Hardirq) {
                    LineStats& l = cs.lines[entity];
                    l.entity = entity;
                    l.vector = entity.find(':') == std::string::npos;
                    l.entries.push_back(s.start);
                    l.cpuOf.push_back(cpu);
                    l.cost.push_back(exclusiveNs(t, lane, d, s));
                    ++l.perCpu[cpu];
                } else if (s.kind == ContextKind::Softirq) {
                    SoftirqRun r{cpu, s.start, exclusiveNs(t, lane, d, s), {}, {}};
                    if (d + 1 < t.depthCount(lane)) {
                        const auto [a, b] = t.segmentRange(lane, d + 1, s.start, s.end);
                        for (std::size_t k = a; k < b; ++k) {
                            const Segment c = t.segment(lane, d + 1, k);
                            if (c.kind == ContextKind::Tasklet)
                                r.tasklets.emplace_back(std::string(t.str(c.entity)), exclusiveNs(t, lane, d + 1, c));
                        }
                    }
                    runs[{cpu, entity}].push_back(std::move(r));
                } else if (d == 0 && isTask(s.kind)) {
                    TaskStats& ts = cs.tasks[entity];
                    if (ts.entity.empty()) {
                        ts.entity = entity;
                        ts.pid = pidOf(entity);
                        const auto slash = entity.rfind('/');
                        ts.comm = entity.substr(0, slash);
                        ts.kind = s.kind;
                    }
                    ts.chunks.push_back({s.start, s.end, exclusiveNs(t, lane, d, s), cpu});
                    ts.cpus.insert(cpu);
                }
            }
        }
        for (const Instant& in : t.instants(lane)) {
            if (in.kind == InstantKind::SoftirqRaise) {
                const Cause c = causeAt(t, lane, in.t);
                const std::string vec(t.str(in.entity));
                raises[{cpu, vec}].emplace_back(in.t, c.kind == Cause::Kind::Line ? c.name : std::string());
                if (c.kind != Cause::Kind::Line) ++cs.raisesOutsideLines[vec];
            } else if (in.kind == InstantKind::Wakeup) {
                const std::string wakee(t.str(in.entity));
                auto it = cs.tasks.find(wakee);
                TaskStats& ts = it != cs.tasks.end() ? it->second : cs.tasks[wakee];
                ts.wakings.push_back(in.t);
                const Cause c = causeAt(t, lane, in.t);
                if (c.kind == Cause::Kind::Line) {
                    ++ts.wokenBy[c.name];
                    cs.lines[c.name].woke.insert(c.at);
                } else if (c.kind == Cause::Kind::Softirq) {
                    ++ts.wokenBy["softirq:" + c.name];
                    if (c.name == "TIMER") ts.wheelWoken.push_back(in.t);
                } else {
                    ++ts.wokenBy["task"];
                    if (c.kind == Cause::Kind::Task && c.name != wakee) {
                        ++ts.wokenByTask[c.name];
                        cs.tasks[c.name].woke.emplace_back(in.t, wakee);
                    }
                }
            }
        }
    }
    // Raises to the run that served them: a raise at or before a run's start on that CPU.
    for (auto& [key, list] : runs) {
        std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
        auto& rs = raises[key];
        std::sort(rs.begin(), rs.end());
        std::size_t k = 0;
        for (auto& r : list) {
            while (k < rs.size() && rs[k].first <= r.start) r.raisers.push_back(rs[k++].second);
        }
        auto& all = cs.softirqs[key.second];
        all.insert(all.end(), list.begin(), list.end());
    }
    struct Exit {
        int cpu;
        Time exit, sw;
    };
    std::vector<Exit> exits; // candidates of the return path, filtered once the text is read
    for (const Flow& f : t.flows()) {
        if (f.kind != FlowKind::WakeTask || f.srcLane != f.dstLane) continue;
        const auto src = t.topSegmentAt(f.srcLane, f.srcTime);
        if (!src || src->kind != ContextKind::Hardirq || src->depth != 1 || f.dstTime < src->end) continue;
        // Only the return path itself: the hardirq came straight from the task (or idle) that the
        // wakee replaces, and nothing else (a softirq at irq_exit, another interrupt) ran in between.
        if (f.dstTime - src->end >= 1'000'000 || !quietBetween(t, f.srcLane, src->end, f.dstTime)) continue;
        exits.push_back({t.lane(f.srcLane).cpu, src->end, f.dstTime});
    }
    // Work items: each queue_work -> execute_start flow, its cause and the run's cost.
    for (const Flow& f : t.flows()) {
        if (f.kind != FlowKind::QueueWork) continue;
        const auto seg = t.segmentAt(f.dstLane, 0, f.dstTime);
        if (!seg) continue;
        WorkRun w;
        w.fn = std::string(t.str(seg->detail));
        w.cost = exclusiveNs(t, f.dstLane, 0, *seg);
        const auto [a, b] = t.instantRange(f.srcLane, f.srcTime, f.srcTime + 1);
        const auto ins = t.instants(f.srcLane);
        for (std::size_t i = a; i < b; ++i)
            if (ins[i].kind == InstantKind::QueueWork) {
                w.wq = std::string(t.str(ins[i].entity));
                if (w.fn.empty()) w.fn = std::string(t.str(ins[i].detail));
            }
        w.queuedBy = causeAt(t, f.srcLane, f.srcTime);
        if (w.fn.empty()) continue;
        cs.works[w.fn].push_back(std::move(w));
    }
    for (auto& entry : cs.lines) {
        LineStats& l = entry.second; // a named reference: clang 14 refuses lambdas capturing a structured binding
        std::vector<std::size_t> order(l.entries.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return l.entries[a] < l.entries[b]; });
        std::vector<Time> e, c;
        std::vector<int> cp;
        for (std::size_t i : order) {
            e.push_back(l.entries[i]);
            c.push_back(l.cost[i]);
            cp.push_back(l.cpuOf[i]);
        }
        l.entries = std::move(e);
        l.cost = std::move(c);
        l.cpuOf = std::move(cp);
    }
    // Priorities and sleeps from the text.
    std::unordered_map<int, TaskStats> byPid;
    WakePath wp;
    if (!capturePath.empty())
        if (auto st = readTaskStates(capturePath, capture.report.timeOffsetNs, byPid, cs, wp); !st) return st.error();
    // The return path only where the exit rescheduled: an exit with need_resched
    // clear goes back to the interrupted task, which runs on (a higher-priority
    // RT task finishing its burst) and the wakee waits for it to sleep: a wait,
    // not the way to __schedule().
    for (const auto& x : exits)
        if (!wp.noReschedExit.count({x.cpu, x.exit}) && !wp.ranOn.count({x.cpu, x.sw}) &&
            (capturePath.empty() || wp.traced.count({x.cpu, x.sw})))
            cs.exitToSwitch.push_back(x.sw - x.exit);
    for (auto& [entity, ts] : cs.tasks) {
        std::sort(ts.chunks.begin(), ts.chunks.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
        std::sort(ts.wakings.begin(), ts.wakings.end());
        std::sort(ts.woke.begin(), ts.woke.end());
        if (auto it = byPid.find(ts.pid); it != byPid.end()) {
            ts.prio = it->second.prio;
            ts.sleeps = it->second.sleeps;
            ts.switchOuts = it->second.switchOuts;
            ts.exited = it->second.exited;
            ts.hasGroupLine = it->second.hasGroupLine;
            ts.autogroup = it->second.autogroup;
            ts.autogroupNice = it->second.autogroupNice;
            ts.cgroup = it->second.cgroup;
            ts.cgroupWeight = it->second.cgroupWeight;
            lostSleeps(ts, t.endTime());
        }
    }
    // exec() renames a task (begin_new_exec() -> __set_task_comm(), fs/exec.c,
    // 6.12): what ran under the old name ended there, as if it had exited
    std::map<int, std::vector<TaskStats*>> byPidEntities;
    for (auto& entry : cs.tasks)
        if (entry.second.pid > 0 && !entry.second.chunks.empty())
            byPidEntities[entry.second.pid].push_back(&entry.second);
    for (auto& entry : byPidEntities)
        for (TaskStats* a : entry.second)
            for (const TaskStats* b : entry.second)
                if (a != b && b->chunks.front().start >= a->chunks.back().end) a->exited = true;
    return cs;
}

} // namespace irqscope::twin
