// The rt-app event engine: each thread of a task part runs its phases the way
// rt-app's thread_body() and run_event() do (rt-app.c, scheduler-tools/rt-app
// master), and appends one log row per phase iteration as log_timing() prints
// it:
//   perf        work done by run/runtime events, in µs of CPU work at full
//               capacity (rt-app: exec / ns-per-loop; here one loop per µs)
//   run         wall time spent in run/runtime events
//   period      wall time of the whole iteration (end - start)
//   start, end  the iteration's start and end; rel_st: start - the run's start
//   slack       at the last timer event: its expiry minus the time it was
//               reached (negative: the iteration overran the period)
//   c_duration  configured run/runtime durations; c_period: timer periods
//   wu_lat      sum over the timer events of (running again - expiry); 0 when
//               a timer was already past (rt-app resets it there)
// A timer ("ref") is shared by every thread that names it; its first expiry is
// one period after the start of the first thread that uses it (rt-app's
// t_first: the run's start plus that thread's delay). In "relative" mode
// (default) a missed expiry restarts the timer from now; in "absolute" mode
// the grid stays. A ref beginning with "unique" is private to each thread.
#include "devices/load/load.h"
#include "devices/metric_ref.h"
#include "kernel/hrtimer_sleep.h"
#include "kernel/machine.h"
#include "parts/chain.h"
#include "parts/resources.h"

#include <algorithm>
#include <map>

namespace irqscope::parts {

using namespace kern;
using Kind = TaskEvent::Kind;

namespace {

constexpr Time kRuntimeChunk = 32 * kUs; // rt-app's runtime event: loadwait(32) until the wall time has passed

struct TimerState {
    bool init = false;
    Time next = 0;
};

// What a thread's event names, looked up once at installation: the timer
// state of a timer event, the waiter list of a suspend or resume event (the
// maps' nodes do not move), so that no event compares strings.
struct EventSlot {
    TimerState* timer = nullptr;
    std::vector<Waiter*>* waiters = nullptr;
};

struct Thread {
    const TaskPart* part = nullptr;
    std::string name;
    int index = 0; // rt-app's thread index (ind), in start order over every task
    Task* task = nullptr;
    Time first = 0; // t_first: the run's start plus the delay
    bool hasTimer = false;
    std::optional<Stamp> held;                 // an arrival taken with a completion, until a run event ends
    std::vector<std::vector<EventSlot>> slots; // per phase, per event
};

struct TaskWorld {
    PartsRuntime* rt = nullptr;
    std::vector<TaskPart> parts; // a copy: the parts read from the file do not outlive installation
    std::vector<std::unique_ptr<Thread>> threads;
    std::map<std::string, TimerState> timers;
    std::map<std::string, std::vector<Waiter*>> suspended; // suspend "X" waits for resume "X"
    Time start = 0;
};

struct LoopLog {
    Time perf = 0, run = 0, slack = 0, cDuration = 0, cPeriod = 0, wuLat = 0;
};

Proc<void> sleepUntil(Kctx& c, Time when) {
    if (when <= c.now()) co_return;
    co_await hrtimerSleepUntil(c, c.cpu().id, when);
}

// schedule_timeout(msecs_to_jiffies(d)) (kernel/time/timer.c, 6.12):
// a timer-wheel timer on this CPU, expired by a tick's TIMER softirq
// (process_timeout() -> wake_up_process()), so no interrupt of its own.
Proc<void> sleepOnWheel(Kctx& c, Time d) {
    Machine& m = c.m();
    Task* self = c.task();
    const Time tick = m.cfg().tickPeriod;
    const auto timeout = static_cast<std::uint64_t>((std::max<Time>(d, 0) + tick - 1) / tick); // rounded up
    bool fired = false;
    m.timers().addWheelTimer(c.cpu().id, timeout, [self, &fired](Kctx& k, Time) {
        fired = true;
        k.wakeUpProcessNow(*self);
    });
    while (!fired) co_await c.block();
}

// A run event ended: the arrival the thread took with its last completion
// has been worked on (arrival_to_task probes: from the arrival to here).
void endOfWork(Kctx& c, TaskWorld& w, Thread& th) {
    if (!th.held) return;
    for (const ArrivalProbe& p : w.rt->arrivalProbes)
        if (p.task == th.part->name && p.source == *th.held->source) p.add(c.now() - th.held->at);
    th.held.reset();
}

Resource& res(TaskWorld& w, const std::string& name) {
    return *w.rt->resources.find(name)->second;
}

Proc<void> runEvent(Kctx& c, TaskWorld& w, Thread& th, const TaskEvent& e, const EventSlot& slot, sim::Rng& rng,
                    LoopLog& log) {
    Machine& m = c.m();
    switch (e.kind) {
    case Kind::Run: {
        const Time d = e.cost.sample(rng), t0 = c.now();
        log.cDuration += d;
        co_await c.work(d, kUser);
        log.perf += d / kUs;
        log.run += c.now() - t0;
        endOfWork(c, w, th);
        break;
    }
    case Kind::Runtime: {
        const Time d = e.cost.sample(rng), t0 = c.now();
        log.cDuration += d;
        while (c.now() - t0 < d) {
            const Time chunk = std::min(kRuntimeChunk, d - (c.now() - t0));
            co_await c.work(chunk, kUser);
            log.perf += chunk / kUs;
        }
        log.run += c.now() - t0;
        endOfWork(c, w, th);
        break;
    }
    case Kind::Sleep: co_await sleepUntil(c, c.now() + e.cost.sample(rng)); break;
    case Kind::ScheduleTimeout: co_await sleepOnWheel(c, e.cost.sample(rng)); break;
    case Kind::Timer: {
        TimerState& t = *slot.timer;
        if (!t.init) t = TimerState{true, th.first};
        t.next += e.period;
        log.cPeriod += e.period;
        const Time now = c.now();
        log.slack = t.next - now;
        if (now < t.next) {
            const Time expiry = t.next;
            co_await sleepUntil(c, expiry);
            log.wuLat += c.now() - expiry;
        } else {
            if (!e.absolute) t.next = now;
            log.wuLat = 0;
        }
        break;
    }
    case Kind::Lock: co_await res(w, e.ref).lock(c); break;
    case Kind::Unlock: co_await res(w, e.ref).unlock(c); break;
    case Kind::Wait: co_await res(w, e.ref).wait(c, res(w, e.mutex)); break;
    case Kind::Signal: co_await res(w, e.ref).signal(c, false); break;
    case Kind::Broad: co_await res(w, e.ref).signal(c, true); break;
    case Kind::Sync: // rt-app: pthread_cond_signal() then pthread_cond_wait()
        co_await res(w, e.ref).signal(c, false);
        co_await res(w, e.ref).wait(c, res(w, e.mutex));
        break;
    case Kind::Suspend: {
        // A single sleep: rt-app's resume, or a source's wake_up_process(), ends it.
        Waiter self{c.task()};
        slot.waiters->push_back(&self);
        co_await c.block();
        std::erase(*slot.waiters, &self);
        break;
    }
    case Kind::Resume: {
        // pthread_cond_broadcast(): every thread suspended on the name; none waiting, nothing happens.
        auto waiting = std::exchange(*slot.waiters, {});
        for (Waiter* s : waiting) co_await c.wakeUpProcess(*s->task);
        break;
    }
    case Kind::Barrier: co_await res(w, e.ref).barrier(c); break;
    case Kind::Yield: // sched_yield() as a schedule() call; see docs/scenarios.md
        m.sched().setNeedResched(c.cpu(), false);
        co_await c.condResched();
        break;
    case Kind::WaitCompletion:
        // the arrival this count carries (a source's complete step), for its first run event
        if (auto stamp = co_await res(w, e.ref).waitForCompletion(c); stamp && stamp->source) th.held = *stamp;
        break;
    case Kind::Complete: co_await res(w, e.ref).complete(c); break;
    case Kind::Syscall: {
        Time left = e.cost.sample(rng);
        const Time step = e.reschedEvery > 0 ? e.reschedEvery : left;
        while (left > 0) {
            co_await c.work(std::min(step, left)); // kernel mode: preemptible only as the model allows
            left -= std::min(step, left);
            if (e.reschedEvery > 0 && left > 0) co_await c.condResched();
        }
        break;
    }
    case Kind::Kernel: co_await runStep(c, *w.rt, *e.step); break;
    case Kind::RcuGp: {
        // rcu_init_geometry() (kernel/rcu/tree.c, 6.12): by default both are
        // RCU_JIFFIES_TILL_FORCE_QS + nr_cpu_ids / RCU_JIFFIES_FQS_DIV (256).
        const int hz = m.cfg().hz;
        const auto d = static_cast<std::uint64_t>(1 + (hz > 250) + (hz > 500) + m.cpuCount() / 256);
        co_await m.watchdogs().rcuGpWait(c, e.fqsFirst > 0 ? static_cast<std::uint64_t>(e.fqsFirst) : d,
                                         e.fqsNext > 0 ? static_cast<std::uint64_t>(e.fqsNext) : d);
        break;
    }
    }
}

// sched_setaffinity() of the running thread (rt-app's per-phase "cpus").
// When its CPU leaves the mask, __set_cpus_allowed_ptr() -> affine_move_task()
// calls stop_one_cpu(migration_cpu_stop) and waits for it (kernel/sched/core.c,
// v6.12): the thread sleeps, the stopper preempts everything on the CPU, and
// its completion wakes the thread, which select_task_rq() places on an
// allowed CPU.
Proc<void> setAffinity(Kctx& c, Task& t, const std::vector<int>& cpus) {
    CpuMask mask;
    for (int cpu : cpus) mask.set(static_cast<std::size_t>(cpu));
    t.affinity = mask;
    if (mask.test(static_cast<std::size_t>(c.cpu().id))) co_return;
    Machine& m = c.m();
    bool moved = false;
    m.watchdogs().stopOneCpu(c.cpu().id, [&t, &moved](Kctx& k) -> Proc<void> {
        moved = true;
        co_await k.wakeUpProcess(t); // cpu_stop_signal_done() -> complete()
    });
    while (!moved) co_await c.block();
}

Proc<void> threadBody(Kctx& c, std::shared_ptr<TaskWorld> w, Thread* th) {
    const TaskPart& p = *th->part;
    sim::Rng rng = c.m().rng("task/" + th->name);
    devices::LatencyRef wuSeries(c.m().rec(), "wu_lat/" + th->name);
    co_await sleepUntil(c, th->first); // rt-app's initial delay
    for (int loop = 0; loop != p.loop; loop = p.loop < 0 ? 0 : loop + 1) {
        for (std::size_t ph = 0; ph < p.phases.size(); ++ph) {
            const TaskPhase& phase = p.phases[ph];
            if (!phase.cpus.empty()) co_await setAffinity(c, *th->task, phase.cpus);
            for (int pl = 0; pl < phase.loop; ++pl) {
                LoopLog log;
                const Time start = c.now();
                for (std::size_t i = 0; i < phase.events.size(); ++i)
                    co_await runEvent(c, *w, *th, phase.events[i], th->slots[ph][i], rng, log);
                const Time end = c.now();
                if (w->rt->taskLogs) {
                    TaskLogRow row;
                    row.idx = th->index;
                    row.perf = log.perf;
                    row.run = log.run;
                    row.period = end - start;
                    row.start = start;
                    row.end = end;
                    row.relStart = start - w->start;
                    row.slack = log.slack;
                    row.cDuration = log.cDuration;
                    row.cPeriod = log.cPeriod;
                    row.wuLat = log.wuLat;
                    (*w->rt->taskLogs)[th->name].push_back(row);
                }
                if (phase.hasTimer) wuSeries.add(log.wuLat);
                // An iteration that took no time at all (only lock/unlock, say)
                // passes through the CPU once, so a loop of them is seen as a
                // stall instead of spinning inside one instant.
                if (end == start) co_await c.condResched();
            }
        }
    }
}

} // namespace

void installResourceParts(Machine& m, const std::vector<ResourcePart>& parts, PartsRuntime& rt) {
    if (parts.empty()) return;
    auto set = std::make_shared<ResourceSet>();
    m.keepAlive(set);
    for (const ResourcePart& p : parts) {
        auto r = std::make_shared<Resource>(p, *set);
        m.keepAlive(r);
        set->all.push_back(r.get());
        rt.resources[p.name] = r.get();
    }
}

void installTaskParts(Machine& m, const std::vector<TaskPart>& parts, PartsRuntime& rt) {
    if (parts.empty()) return;
    auto w = std::make_shared<TaskWorld>();
    m.keepAlive(w);
    w->rt = &rt;
    w->parts = parts;
    w->start = m.now();
    // A barrier waits for every thread whose events name it.
    for (const TaskPart& p : w->parts) {
        for (auto& entry : rt.resources) {
            const std::string& name = entry.first;
            Resource* r = entry.second;
            if (r->part().type != ResourcePart::Type::Barrier) continue;
            const bool uses = std::any_of(p.phases.begin(), p.phases.end(), [&](const TaskPhase& ph) {
                return std::any_of(ph.events.begin(), ph.events.end(),
                                   [&](const TaskEvent& e) { return e.kind == Kind::Barrier && e.ref == name; });
            });
            if (uses) r->users += p.instance;
        }
    }
    int index = 0;
    std::map<std::string, int, std::less<>> groups; // a task group's id in the fair class, by name
    for (const TaskPart& p : w->parts) {
        int group = 0;
        if (!p.group.empty()) {
            auto [it, fresh] = groups.emplace(p.group, 0);
            if (fresh) it->second = m.sched().fair().addGroup(p.group, p.groupShares);
            group = it->second;
        }
        CpuMask mask;
        for (int cpu : p.cpus) mask.set(static_cast<std::size_t>(cpu));
        if (p.cpus.empty()) mask = m.allCpus();
        const bool dl = p.policy == Policy::Deadline;
        const bool rtPolicy = p.policy == Policy::Fifo || p.policy == Policy::RR;
        for (int i = 0; i < p.instance; ++i) {
            auto th = std::make_unique<Thread>();
            th->part = &p;
            th->name = p.threadName(i);
            th->index = index++;
            th->first = m.now() + p.delay;
            for (const TaskPhase& phase : p.phases) {
                auto& slots = th->slots.emplace_back(phase.events.size());
                for (std::size_t k = 0; k < phase.events.size(); ++k) {
                    const TaskEvent& e = phase.events[k];
                    if (e.kind == Kind::Timer)
                        slots[k].timer = &w->timers[e.ref.starts_with("unique") ? th->name + "/" + e.ref : e.ref];
                    if (e.kind == Kind::Suspend || e.kind == Kind::Resume) slots[k].waiters = &w->suspended[e.ref];
                }
            }
            Thread* raw = th.get();
            Task& t = m.sched().createTask(th->name, ContextKind::User, dl ? Policy::Normal : p.policy,
                                           rtPolicy ? p.priority : p.nice, mask,
                                           [w, raw](Kctx& c) { return threadBody(c, w, raw); });
            // set_load_weight(): SCHED_IDLE runs at WEIGHT_IDLEPRIO (3) whatever its nice.
            if (p.policy == Policy::Idle) t.weight = 3;
            t.group = group;
            th->task = &t;
            if (dl && !devices::setDeadline(m, t, p.dlRuntime, p.dlDeadline, p.dlPeriod, (p.path + ".dl").c_str()))
                return;
            rt.tasks[th->name] = &t;
            if (i == 0) rt.tasks.emplace(p.name, &t); // the part's name finds its first thread
            w->threads.push_back(std::move(th));
        }
    }
    for (auto& th : w->threads) m.sched().wake(*th->task, -1);
}

Proc<void> completeResource(Kctx& c, PartsRuntime& rt, const std::string& name, std::optional<Stamp> stamp) {
    if (auto it = rt.resources.find(name); it != rt.resources.end()) co_await it->second->complete(c, stamp);
}

} // namespace irqscope::parts
