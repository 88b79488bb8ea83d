#include "trace/ftrace_stack.h"

#include <algorithm>
#include <string>

namespace irqscope::ftrace {

namespace {

// Past this many buffered events a CPU leaves its prologue without waiting for a
// sched_switch (a CPU that never switches would otherwise be held in memory).
constexpr std::size_t kMaxPrologue = 1u << 16;
// Deeper than this the input is not a real nesting (and depth is a uint8_t).
constexpr std::size_t kMaxDepth = 32;

bool isEntry(EventType t) {
    return t == EventType::IrqEntry || t == EventType::VectorEntry || t == EventType::SoftirqEntry ||
           t == EventType::TaskletEntry;
}
bool isExit(EventType t) {
    return t == EventType::IrqExit || t == EventType::VectorExit || t == EventType::SoftirqExit ||
           t == EventType::TaskletExit;
}
EventType entryFor(EventType exit) {
    switch (exit) {
    case EventType::IrqExit: return EventType::IrqEntry;
    case EventType::VectorExit: return EventType::VectorEntry;
    case EventType::SoftirqExit: return EventType::SoftirqEntry;
    default: return EventType::TaskletEntry;
    }
}
ContextKind kindFor(EventType entry) {
    switch (entry) {
    case EventType::SoftirqEntry: return ContextKind::Softirq;
    case EventType::TaskletEntry: return ContextKind::Tasklet;
    default: return ContextKind::Hardirq;
    }
}
const char* exitName(EventType t) {
    switch (t) {
    case EventType::IrqExit: return "irq_handler_exit";
    case EventType::VectorExit: return "irq_vectors_exit";
    case EventType::SoftirqExit: return "softirq_exit";
    default: return "tasklet_exit";
    }
}
// Does `exit` close a context opened by (opener, key, entity)? Vectors are matched
// by name (local_timer), everything else by number/pointer.
bool closes(EventType opener, std::int64_t key, StringId entity, const FtraceEvent& exit) {
    if (entryFor(exit.type) != opener) return false;
    return exit.type == EventType::VectorExit ? entity == exit.name : key == exit.key;
}

} // namespace

// ---------------------------------------------------------------- StackBuilder
StackBuilder::StackBuilder(Trace& trace, MetricsBuilder& metrics, ImportReport& report)
    : trace_(trace), metrics_(metrics), report_(report) {}

StackBuilder::Cpu& StackBuilder::cpu(int n) {
    while (static_cast<int>(cpus_.size()) <= n) {
        const int id = static_cast<int>(cpus_.size());
        Cpu c;
        c.lane = trace_.addLane(LaneType::Cpu, "CPU " + std::to_string(id), id);
        cpus_.push_back(std::move(c));
        metrics_.ensureCpu(id);
    }
    return cpus_[static_cast<std::size_t>(n)];
}

void StackBuilder::declareCpus(int n) {
    if (n > 0) cpu(n - 1);
}

void StackBuilder::learnComm(std::int64_t pid, StringId comm) {
    if (pid <= 0 || comm == kNoString) return;
    const std::string_view s = trace_.str(comm);
    if (s == "<...>" || s == "<idle>") return;
    comms_[pid] = comm;
}

StringId StackBuilder::taskEntity(int n, std::int64_t pid) {
    if (pid == 0) return trace_.intern("swapper/" + std::to_string(n));
    auto it = comms_.find(pid);
    std::string s(it != comms_.end() ? trace_.str(it->second) : std::string_view("<...>"));
    s += '/';
    s += std::to_string(pid);
    return trace_.intern(s);
}

void StackBuilder::onEvent(FtraceEvent e) {
    const int n = e.cpu;
    Cpu& c = cpu(n);
    if (c.seen && e.t < c.lastT) {
        note("time_went_backwards");
        e.t = c.lastT;
    }
    if (c.gap && !c.live && c.prologue.empty()) report_.untracedNs[n] += e.t - c.gapStart;
    c.seen = true;
    c.lastT = e.t;
    if (!c.live) {
        if (e.type == EventType::Switch || c.prologue.size() >= kMaxPrologue) {
            goLive(n, &e);
            process(n, e);
        } else {
            c.prologue.push_back(e);
        }
        return;
    }
    process(n, e);
}

void StackBuilder::onLost(int n) {
    Cpu& c = cpu(n);
    if (!c.live && !c.prologue.empty()) goLive(n, nullptr);
    Cpu& cc = cpus_[static_cast<std::size_t>(n)];
    if (cc.live) {
        closeAll(n, cc.lastT, "closed_at_lost");
        cc.live = false;
    }
    if (!cc.gap) cc.gapStart = cc.seen ? cc.lastT : 0;
    cc.gap = true;
    cc.seen = true;
    cc.raised = {};
}

void StackBuilder::onBufferStarted(int n) {
    onLost(n);
}

void StackBuilder::push(Cpu& c, Frame f) {
    if (c.stack.size() >= kMaxDepth) {
        ++report_.skipped["nesting_too_deep"];
        return;
    }
    c.stack.push_back(f);
}

void StackBuilder::goLive(int n, const FtraceEvent* current) {
    Cpu& c = cpus_[static_cast<std::size_t>(n)];
    const FtraceEvent* first = !c.prologue.empty() ? &c.prologue.front() : current;
    const Time start = c.gap && first ? first->t : 0;

    // The task underneath: the one the first line names (pid 0 = idle).
    const std::int64_t pid = first ? first->pid : 0;
    if (first && !comms_.count(first->pid)) learnComm(first->pid, first->comm);
    Frame task;
    task.opener = EventType::Switch;
    task.key = pid;
    task.start = start;
    // A kworker caught in the middle of a work item: its first work event is an end.
    for (const FtraceEvent& ev : c.prologue) {
        if (ev.type == EventType::WorkStart) break;
        if (ev.type == EventType::WorkEnd && ev.pid == pid) {
            task.detail = ev.name;
            works_[pid] = ev.name;
            break;
        }
    }
    c.stack.clear();
    push(c, task);
    if (pid != 0) running_[pid] = n;

    // Orphan exits, innermost first: the contexts already running at `start`.
    std::vector<const FtraceEvent*> open, orphans;
    for (const FtraceEvent& ev : c.prologue) {
        if (ev.type == EventType::IrqEntry) irqNames_[ev.key] = ev.name; // names for orphan exits
        if (isEntry(ev.type)) {
            open.push_back(&ev);
        } else if (isExit(ev.type)) {
            auto it = std::find_if(open.rbegin(), open.rend(),
                                   [&](const FtraceEvent* o) { return closes(o->type, o->key, o->name, ev); });
            if (it != open.rend()) open.erase(std::prev(it.base()), open.end());
            else if (open.empty()) orphans.push_back(&ev);
        }
    }
    for (auto it = orphans.rbegin(); it != orphans.rend(); ++it) {
        const FtraceEvent& ex = **it;
        Frame f;
        f.opener = entryFor(ex.type);
        f.kind = kindFor(f.opener);
        f.key = ex.key;
        f.entity = ex.type == EventType::IrqExit ? kNoString : ex.name; // resolved at close
        f.start = start;
        push(c, f);
        note(std::string("backfilled:") + contextKindId(f.kind));
    }

    c.live = true;
    c.gap = false;
    std::vector<FtraceEvent> replay;
    replay.swap(c.prologue);
    for (const FtraceEvent& ev : replay) process(n, ev);
}

void StackBuilder::closeTop(int n, Time t) {
    Cpu& c = cpus_[static_cast<std::size_t>(n)];
    const Frame f = c.stack.back();
    c.stack.pop_back();
    const auto depth = static_cast<std::uint8_t>(c.stack.size());
    ContextKind kind = f.kind;
    StringId entity = f.entity;
    int pid = -1;
    StringId comm = kNoString;
    if (f.opener == EventType::Switch) {
        pid = static_cast<int>(f.key);
        if (auto it = comms_.find(f.key); it != comms_.end()) comm = it->second;
        kind = taskKind(pid == 0 ? std::string_view{} : trace_.str(comm), pid);
        entity = taskEntity(n, f.key);
        if (auto it = running_.find(f.key); it != running_.end() && it->second == n) running_.erase(it);
    } else if (entity == kNoString) {
        auto it = irqNames_.find(f.key);
        entity = it != irqNames_.end() ? it->second : trace_.intern(std::to_string(f.key));
    }
    trace_.addSegment(c.lane, depth, f.start, t, kind, entity, f.detail);
    if (!c.stack.empty()) c.stack.back().childNs += t - f.start;
    metrics_.frameClosed(n, kind, f.start, t, f.childNs, pid > 0 ? pid : -1, comm);
}

void StackBuilder::closeAll(int n, Time t, const char* why) {
    Cpu& c = cpus_[static_cast<std::size_t>(n)];
    while (!c.stack.empty()) {
        if (c.stack.size() > 1) note(std::string(why) + ":" + contextKindId(c.stack.back().kind));
        closeTop(n, t);
    }
}

bool StackBuilder::popMatching(int n, const FtraceEvent& e) {
    Cpu& c = cpus_[static_cast<std::size_t>(n)];
    std::size_t i = c.stack.size();
    while (i > 1) {
        --i;
        const Frame& f = c.stack[i];
        if (closes(f.opener, f.key, f.entity, e)) {
            while (c.stack.size() > i + 1) {
                note(std::string("missing_exit:") + contextKindId(c.stack.back().kind));
                closeTop(n, e.t);
            }
            closeTop(n, e.t);
            return true;
        }
    }
    return false;
}

void StackBuilder::openTask(int n, std::int64_t pid, Time t) {
    Cpu& c = cpus_[static_cast<std::size_t>(n)];
    Frame f;
    f.opener = EventType::Switch;
    f.key = pid;
    f.start = t;
    if (auto it = works_.find(pid); it != works_.end()) f.detail = it->second;
    push(c, f);
    if (pid != 0) running_[pid] = n;
}

// A kworker's segment is cut at each work item so every item is its own segment
// whose detail names the work function.
void StackBuilder::splitTask(int n, Time t, StringId detail) {
    Cpu& c = cpus_[static_cast<std::size_t>(n)];
    if (c.stack.size() != 1) {
        c.stack.front().detail = detail;
        return;
    }
    const std::int64_t pid = c.stack.front().key;
    closeTop(n, t);
    openTask(n, pid, t);
    cpus_[static_cast<std::size_t>(n)].stack.front().detail = detail;
}

void StackBuilder::addFlow(const FlowMatcher::Match& m, FlowKind kind, const char* series) {
    trace_.addFlow(Flow{m.cause.lane, m.effect.lane, m.cause.t, m.effect.t, kind});
    metrics_.latency(series, m.effect.t - m.cause.t);
}

void StackBuilder::process(int n, const FtraceEvent& e) {
    Cpu& c = cpus_[static_cast<std::size_t>(n)];
    const std::uint32_t lane = c.lane;
    // The header comm is looked up when the text is printed (saved_cmdlines), the
    // event fields are recorded at the event: fields win, the header only fills in.
    if (!comms_.count(e.pid)) learnComm(e.pid, e.comm);
    if (c.stack.empty() || c.stack.front().key != e.pid) {
        // The line header names the running task: a switch went missing. It is placed
        // at this event, except a switch out of idle with no interrupt open: the idle
        // loop calls schedule_idle() as soon as an interrupt returns with need_resched
        // set (do_idle(), kernel/sched/idle.c, 6.12) and traces nothing in between, so
        // idle ended at its CPU's last event. The switch-in ends the task's wake-up.
        note("implicit_switch");
        const bool fromIdle = c.stack.size() == 1 && c.stack.front().key == 0 && e.pid != 0;
        const Time at = fromIdle ? std::clamp(c.lastProcessed, c.stack.front().start, e.t) : e.t;
        closeAll(n, at, "implicit_switch");
        openTask(n, e.pid, at);
        if (fromIdle)
            if (auto m = wakes_.effect(e.pid, {lane, at}))
                addFlow(*m, trace_.str(e.comm).starts_with("irq/") ? FlowKind::WakeThread : FlowKind::WakeTask,
                        "wakeup");
    }
    cpus_[static_cast<std::size_t>(n)].lastProcessed = e.t;
    Cpu& cc = cpus_[static_cast<std::size_t>(n)];
    switch (e.type) {
    case EventType::IrqEntry:
    case EventType::VectorEntry:
        if (e.type == EventType::IrqEntry) irqNames_[e.key] = e.name;
        push(cc, Frame{ContextKind::Hardirq, e.type, e.key, e.name, kNoString, e.t, 0});
        metrics_.hardirqEntry(n, e.name);
        break;
    case EventType::IrqExit:
    case EventType::VectorExit:
    case EventType::SoftirqExit:
    case EventType::TaskletExit:
        if (!popMatching(n, e)) ++report_.skipped[std::string("unmatched_exit:") + exitName(e.type)];
        break;
    case EventType::SoftirqRaise:
        trace_.addInstant(lane, e.t, InstantKind::SoftirqRaise, e.name);
        if (e.key >= 0 && e.key < static_cast<std::int64_t>(cc.raised.size()) &&
            !cc.raised[static_cast<std::size_t>(e.key)])
            cc.raised[static_cast<std::size_t>(e.key)] = e.t;
        break;
    case EventType::SoftirqEntry: {
        // Softirqs do not nest: the same vector still open lost its exit.
        for (std::size_t i = 1; i < cc.stack.size(); ++i) {
            const Frame& f = cc.stack[i];
            if (f.opener == EventType::SoftirqEntry && f.key == e.key) {
                while (cpus_[static_cast<std::size_t>(n)].stack.size() > i) {
                    note(std::string("missing_exit:") +
                         contextKindId(cpus_[static_cast<std::size_t>(n)].stack.back().kind));
                    closeTop(n, e.t);
                }
                break;
            }
        }
        Cpu& c2 = cpus_[static_cast<std::size_t>(n)];
        if (e.key >= 0 && e.key < static_cast<std::int64_t>(c2.raised.size())) {
            auto& r = c2.raised[static_cast<std::size_t>(e.key)];
            if (r) {
                addFlow({{lane, *r}, {lane, e.t}}, FlowKind::RaiseSoftirq, "softirq_raise_to_entry");
                r.reset();
            }
        }
        push(c2, Frame{ContextKind::Softirq, e.type, e.key, e.name, kNoString, e.t, 0});
        break;
    }
    case EventType::TaskletEntry:
        push(cc, Frame{ContextKind::Tasklet, e.type, e.key, e.name, kNoString, e.t, 0});
        break;
    case EventType::Switch: {
        learnComm(e.key, e.name);
        learnComm(e.key2, e.name2);
        while (cc.stack.size() > 1) {
            note(std::string("missing_exit:") + contextKindId(cc.stack.back().kind));
            closeTop(n, e.t);
        }
        closeTop(n, e.t);
        metrics_.contextSwitch(n);
        openTask(n, e.key2, e.t);
        if (e.key2 != 0)
            if (auto m = wakes_.effect(e.key2, {lane, e.t})) {
                const bool irqThread = trace_.str(e.name2).starts_with("irq/");
                addFlow(*m, irqThread ? FlowKind::WakeThread : FlowKind::WakeTask, "wakeup");
            }
        break;
    }
    case EventType::Waking:
    case EventType::Wakeup: {
        learnComm(e.key, e.name);
        // sched_wakeup after sched_waking is the same wake-up: one marker, one flow.
        if (e.type == EventType::Wakeup && wakes_.hasCause(e.key)) break;
        trace_.addInstant(lane, e.t, InstantKind::Wakeup, taskEntity(n, e.key));
        if (e.key == 0 || running_.count(e.key)) break; // already on a CPU: nothing to switch in
        if (auto m = wakes_.cause(e.key, {lane, e.t})) {
            const bool irqThread = trace_.str(e.name).starts_with("irq/");
            addFlow(*m, irqThread ? FlowKind::WakeThread : FlowKind::WakeTask, "wakeup");
        }
        break;
    }
    case EventType::QueueWork:
        trace_.addInstant(lane, e.t, InstantKind::QueueWork, e.name2, e.name);
        if (auto m = queued_.cause(e.key, {lane, e.t})) addFlow(*m, FlowKind::QueueWork, "workqueue_queue_to_start");
        break;
    case EventType::ActivateWork: break;
    case EventType::WorkStart:
        works_[e.pid] = e.name;
        if (auto m = queued_.effect(e.key, {lane, e.t})) addFlow(*m, FlowKind::QueueWork, "workqueue_queue_to_start");
        splitTask(n, e.t, e.name);
        break;
    case EventType::WorkEnd:
        works_.erase(e.pid);
        splitTask(n, e.t, kNoString);
        break;
    }
}

void StackBuilder::finish(Time end) {
    for (int n = 0; n < cpuCount(); ++n) {
        Cpu& c = cpus_[static_cast<std::size_t>(n)];
        if (!c.live) {
            if (c.prologue.empty() && c.gap) {
                report_.untracedNs[n] += std::max<Time>(0, end - c.gapStart);
                continue;
            }
            goLive(n, nullptr); // buffered events, or a CPU that never woke: idle throughout
        }
        closeAll(n, std::max(end, cpus_[static_cast<std::size_t>(n)].lastT), "open_at_end");
    }
}

} // namespace irqscope::ftrace
