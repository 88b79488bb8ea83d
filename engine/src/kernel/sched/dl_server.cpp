// The fair server (6.12: kernel/sched/deadline.c dl_server_*, fair.c
// fair_server_init(); deferred since the same release): a per-CPU deadline
// entity of fair_server_runtime per fair_server_period that runs fair tasks
// when they are starved, and does nothing otherwise.
//
//   - dl_server_start() when a fair task is queued: a new period is started
//     (deadline = now + period) but deferred — throttled, with its timer at
//     deadline - runtime;
//   - meanwhile any fair task that runs consumes the server's runtime
//     (dl_server_update()); if the runtime is used up this way the fair tasks
//     did not need the server, and a new deferred period starts;
//   - if the timer fires with fair tasks waiting, they were starved: the
//     server runs (dl_defer_running) as a deadline entity — above RT — with a
//     fresh runtime and deadline now + period, is throttled when the runtime
//     is used up and replenished at the next period, where it runs again at
//     once while the starvation lasts;
//   - dl_server_stop() when no fair task is left.
#include "kernel/machine.h"
#include "kernel/sched/deadline.h"

namespace irqscope::kern {

namespace {
constexpr Time kServerMinRes = 1'000'000; // dl_server_min_res: do not forward the defer timer by less
} // namespace

bool DlSched::serverEnabled() const {
    return m_.cfg().rtLimit == RtLimit::FairServer && m_.cfg().fairServerRuntime > 0;
}

// server_has_tasks(): rq->cfs.nr_running, the current task included.
bool DlSched::fairWaiting(int cpu) const {
    const Cpu& c = m_.cpu(cpu);
    return !m_.sched().fair().empty(cpu) || (c.curr->isFair() && c.curr->state == Task::State::Running);
}

// replenish_dl_new_period(): a fresh runtime and deadline; deferred unless
// the server already runs for starving fair tasks.
void DlSched::serverNewPeriod(Server& s) {
    s.se.deadline = m_.now() + s.se.dlDeadline;
    s.se.runtime = s.se.dlRuntime;
    if (!s.deferRunning) {
        s.se.throttled = true;
        s.deferArmed = true;
    }
}

void DlSched::serverStart(Cpu& c) {
    Server& s = rq(c.id).server;
    if (!serverEnabled() || s.active) return;
    s.active = true;
    serverEnqueue(c, true, false);
}

void DlSched::serverStop(Cpu& c) {
    Server& s = rq(c.id).server;
    if (!s.active) return;
    unqueue(c.id, s.se);
    if (s.se.timer) m_.timers().hrtimerCancel(c.id, s.se.timer);
    s.se.timer = 0;
    s.deferArmed = false;
    s.se.throttled = false;
    s.active = false;
    s.running = false;
}

// enqueue_dl_entity() for the server: a wake-up applies update_dl_entity()
// (with the defer rule), a replenishment replenish_dl_entity(); a throttled
// server waits for its timer.
void DlSched::serverEnqueue(Cpu& c, bool wakeup, bool replenishing) {
    Server& s = rq(c.id).server;
    DlEntity& se = s.se;
    if (wakeup) {
        if ((se.deadline == 0 && se.runtime == 0) || se.deadline < m_.now() || overflow(se)) {
            serverNewPeriod(s);
        } else if (!s.deferRunning) {
            s.deferArmed = true;
            se.throttled = true;
        }
    } else if (replenishing) {
        serverReplenish(c);
    }
    if (se.throttled && serverStartTimer(c)) return;
    if (se.throttled) {
        if (se.timer) m_.timers().hrtimerCancel(c.id, se.timer);
        se.timer = 0;
        s.deferArmed = false;
        se.throttled = false;
    }
    if (!se.queued) queue(c.id, se, nullptr);
    const Task* cur = c.curr;
    if (!cur->isDl() || se.deadline < cur->dl.deadline) m_.sched().setNeedResched(c, false);
}

// replenish_dl_entity() with the deferred server's rules.
void DlSched::serverReplenish(Cpu& c) {
    Server& s = rq(c.id).server;
    DlEntity& se = s.se;
    const Time now = m_.now();
    // A deferred activation that cannot keep its deadline without exceeding
    // its bandwidth (current u > U) starts a new period.
    if (s.deferArmed && overflow(se)) {
        se.deadline = now + se.dlDeadline;
        se.runtime = se.dlRuntime;
    }
    while (se.runtime <= 0) {
        se.deadline += se.dlPeriod;
        se.runtime += se.dlRuntime;
    }
    if (se.deadline < now) serverNewPeriod(s);
    se.throttled = false;
    if (s.deferArmed) {
        s.deferArmed = false;
        return;
    }
    if (!s.deferRunning && now < se.deadline - se.runtime && fairWaiting(c.id)) {
        s.deferArmed = true;
        se.throttled = true;
        if (!serverStartTimer(c)) {
            s.deferArmed = false;
            se.throttled = false;
        }
    }
}

// start_dl_timer(): a deferred server's timer is at deadline - runtime,
// otherwise at the next period.
bool DlSched::serverStartTimer(Cpu& c) {
    Server& s = rq(c.id).server;
    DlEntity& se = s.se;
    const Time act = s.deferArmed ? se.deadline - se.runtime : se.deadline - se.dlDeadline + se.dlPeriod;
    if (act < m_.now()) return false;
    if (se.timer == 0) se.timer = m_.timers().hrtimerStart(c.id, act, [this](Kctx& k, Time) { serverTimer(k); });
    return true;
}

// dl_server_timer()
void DlSched::serverTimer(Kctx& k) {
    Cpu& c = k.cpu();
    Server& s = rq(c.id).server;
    DlEntity& se = s.se;
    se.timer = 0;
    if (!se.throttled || se.dlRuntime == 0) return;
    if (!fairWaiting(c.id)) {
        serverReplenish(c);
        return;
    }
    if (s.deferArmed) {
        // The fair tasks consumed runtime in the background meanwhile: wait
        // until deadline - runtime again.
        if (m_.now() < se.deadline - se.runtime - kServerMinRes) {
            serverStartTimer(c);
            return;
        }
        s.deferRunning = true;
    }
    serverEnqueue(c, false, true);
}

// update_curr_dl_se() for the server (serverCharge(), deadline.h): the
// throttled server's runtime is used up. Fair tasks got it on their own: not
// needed this period; back to the initial, deferred state.
void DlSched::serverExhausted(const Cpu& c) {
    Server& s = rq(c.id).server;
    DlEntity& se = s.se;
    s.deferRunning = false;
    if (se.timer) m_.timers().hrtimerCancel(c.id, se.timer);
    se.timer = 0;
    serverNewPeriod(s);
    Cpu& cpu = m_.cpu(c.id);
    serverStartTimer(cpu);
}

void DlSched::idleStart(const Cpu& c) {
    rq(c.id).idleSince = m_.now();
}

// dl_server_update_idle_time(): idle time consumes the deferred server's
// runtime; once it is used up the server is back in its deferred state.
void DlSched::serverIdle(const Cpu& c) {
    Rq& r = rq(c.id);
    const Time delta = m_.now() - r.idleSince;
    r.idleSince = m_.now();
    DlEntity& se = r.server.se;
    if (!serverEnabled() || se.runtime < 0 || delta <= 0) return;
    se.runtime -= delta;
    if (se.runtime < 0) {
        r.server.deferRunning = false;
        se.runtime = 0;
    }
}

void DlSched::serverThrottle(Cpu& c) {
    Server& s = rq(c.id).server;
    s.se.throttled = true;
    unqueue(c.id, s.se);
    if (!serverStartTimer(c)) serverEnqueue(c, false, true);
}

bool DlSched::serverCheck(Cpu& c) {
    Server& s = rq(c.id).server;
    if (!s.active || !s.se.queued || s.se.runtime > 0) return false;
    const bool wasRunning = s.running;
    serverThrottle(c);
    return wasRunning;
}

void DlSched::serverPutPrev(Cpu& c, Task& t) {
    Server& s = rq(c.id).server;
    if (t.dlServed) serverCheck(c);
    s.running = false;
    t.dlServed = false;
}

} // namespace irqscope::kern
