#include "kernel/sched/fair.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

FairSched::FairSched(Machine& m, std::vector<RunQueue>& rqs) : m_(m), cfg_(m.cfg()), rqs_(rqs) {}

FairSched::Rq& FairSched::rq(const Cpu& c) {
    return rqs_[static_cast<std::size_t>(c.id)].fair;
}

Time FairSched::baseSlice() const {
    return m_.cfg().baseSlice * m_.cfg().schedScale();
}

// The current task counts in the average while it runs (it is not on the queue).
static bool currCounts(const Task* cur) {
    return cur && cur->isFair() && cur->state == Task::State::Running;
}

double FairSched::avgVruntime(const Cpu& c) const {
    const Rq& r = rq(c.id);
    double sw = 0, svw = 0;
    for (const Task* t : r.queue) {
        sw += t->weight;
        svw += t->vruntime * t->weight;
    }
    const Task* cur = c.curr;
    if (currCounts(cur)) {
        sw += cur->weight;
        svw += cur->vruntime * cur->weight;
    }
    return sw > 0 ? svw / sw : r.minVruntime;
}

void FairSched::placeEntity(const Cpu& c, Task& t, const Cpu* prev) {
    const Config& cfg = m_.cfg();
    if (cfg.fair == FairClass::Eevdf) {
        // place_entity(): keep the lag the task had when it left (limit_lag()).
        const double limit = double(std::max<Time>(2 * t.slice, cfg.tickPeriod)) * 1024.0 / t.weight;
        double lag = std::clamp(t.vlag, -limit, limit);
        // PLACE_LAG: inflate the lag by (W + w) / W so that it survives the
        // task's own effect on the weighted average (only on a non-empty queue).
        double load = 0;
        for (const Task* q : rq(c).queue) load += q->weight;
        if (currCounts(c.curr)) load += c.curr->weight;
        if (load > 0) lag = lag * (load + t.weight) / load;
        else lag = 0;
        t.vruntime = avgVruntime(c) - lag;
        t.deadline = t.vruntime + double(t.slice) * 1024.0 / t.weight;
        return;
    }
    // kernel/sched/fair.c v6.1 place_entity(), task_fork_fair(), migrate_task_rq_fair().
    const double minV = rq(c).minVruntime;
    if (!t.cfsPlaced) {
        // initial: START_DEBIT, the new task's slot opens at the end of the period
        t.cfsPlaced = true;
        t.vruntime = minV + cfsVslice(c, t);
        return;
    }
    // A sleeper kept its vruntime; waking on another CPU moves it from that
    // queue's min_vruntime to this one's.
    if (prev && prev != &c) t.vruntime += minV - rq(prev->id).minVruntime;
    // Sleeps up to half a latency period don't count (GENTLE_FAIR_SLEEPERS);
    // a SCHED_IDLE task gets min_granularity.
    const Time thresh =
        t.policy == Policy::Idle ? cfg.cfsMinGran * cfg.schedScale() : cfg.cfsLatency * cfg.schedScale() / 2;
    t.vruntime = std::max(t.vruntime, minV - double(thresh));
}

// sched_slice() with the task added to the queue, scaled by its weight.
double FairSched::cfsVslice(const Cpu& c, const Task& t) {
    const Config& cfg = m_.cfg();
    double load = t.weight;
    for (const Task* q : rq(c).queue) load += q->weight;
    std::size_t nr = rq(c).queue.size() + 1;
    if (currCounts(c.curr)) load += c.curr->weight, ++nr;
    const Time minGran = cfg.cfsMinGran * cfg.schedScale();
    Time period = cfg.cfsLatency * cfg.schedScale();
    if (static_cast<Time>(nr) > period / std::max<Time>(minGran, 1)) period = static_cast<Time>(nr) * minGran;
    const double slice = double(period) * t.weight / load;
    return slice * 1024.0 / t.weight;
}

void FairSched::enqueue(const Cpu& c, Task& t, bool wakeup, const Cpu* prev) {
    if (grouped_) return enqueueGrouped(c, t, wakeup, prev);
    if (wakeup) placeEntity(c, t, prev);
    push(c, t);
}

void FairSched::push(const Cpu& c, Task& t) {
    rq(c).queue.push_back(&t);
    waiting_.set(static_cast<std::size_t>(c.id));
}

bool FairSched::migrate(Task& t, const Cpu& from, const Cpu& to) {
    if (grouped_) return migrateGrouped(t, from, to);
    if (m_.cfg().fair == FairClass::Eevdf) {
        t.vlag = 0;
        return true;
    }
    t.vruntime += rq(to).minVruntime - rq(from).minVruntime;
    return false;
}

bool FairSched::dequeue(const Cpu& c, Task& t) {
    auto& q = rq(c).queue;
    auto it = std::find(q.begin(), q.end(), &t);
    if (it == q.end()) return false;
    q.erase(it);
    if (q.empty()) waiting_.reset(static_cast<std::size_t>(c.id));
    if (grouped_) leaveGroup(c, t);
    return true;
}

void FairSched::sleep(const Cpu& c, Task& t) {
    if (grouped_) return sleepGrouped(c, t);
    const Rq& r = rq(c);
    if (m_.cfg().fair == FairClass::Eevdf) {
        // update_entity_lag(), against the average the task itself is still part of.
        double sw = t.weight, svw = t.vruntime * t.weight;
        for (const Task* q : r.queue) sw += q->weight, svw += q->vruntime * q->weight;
        t.vlag = svw / sw - t.vruntime;
        // DELAY_DEQUEUE (6.12+): a sleeper that ran ahead stays queued until
        // its negative lag is paid back, so it leaves at lag 0.
        if (m_.cfg().delayDequeue) t.vlag = std::max(t.vlag, 0.0);
    }
    // CFS: dequeue_entity(DEQUEUE_SLEEP) keeps the absolute vruntime.
}

bool FairSched::eevdfPicksOther(const Cpu& c, const Task* candidate) {
    // pick_eevdf() with the current task still on the queue.
    Task* cur = c.curr;
    // update_curr() runs first: a used-up slice gets its next deadline and loses protection.
    if (cur->vruntime >= cur->deadline) {
        cur->deadline = cur->vruntime + double(cur->slice) * 1024.0 / cur->weight;
        cur->sliceProtected = false;
    }
    // pick_eevdf(): curr is dropped when it is no longer eligible; only an
    // eligible curr keeps its RUN_TO_PARITY slice protection.
    const double avg = avgVruntime(c);
    if (m_.cfg().runToParity && cur->sliceProtected && cur->vruntime <= avg + 1e-9) return false;
    const Task* best = nullptr;
    auto consider = [&](const Task* t) {
        if (t->vruntime > avg + 1e-9) return; // not eligible
        if (!best || t->deadline < best->deadline) best = t;
    };
    consider(cur);
    for (const Task* t : rq(c).queue) consider(t);
    if (candidate) return best == candidate;
    return best && best != cur;
}

bool FairSched::wakeupPreempts(const Cpu& c, const Task& woken) {
    if (grouped_) return wakeupPreemptsGrouped(c, woken);
    const Config& cfg = m_.cfg();
    if (cfg.fair == FairClass::Eevdf) return eevdfPicksOther(c, &woken);
    const double gran = double(cfg.cfsWakeupGran * cfg.schedScale()) * 1024.0 / woken.weight;
    return c.curr->vruntime - woken.vruntime > gran;
}

Task* FairSched::pick(const Cpu& c) {
    auto& q = rq(c).queue;
    if (q.empty()) return nullptr;
    if (grouped_) return pickGrouped(c);
    Task* best = nullptr;
    if (m_.cfg().fair == FairClass::Eevdf) {
        const double avg = avgVruntime(c);
        for (Task* t : q)
            if (t->vruntime <= avg + 1e-9 && (!best || t->deadline < best->deadline)) best = t;
    }
    if (!best)
        for (Task* t : q)
            if (!best || t->vruntime < best->vruntime) best = t;
    dequeue(c, *best);
    return best;
}

bool FairSched::tickPreempts(const Cpu& c, Task& t) {
    if (grouped_) return tickPreemptsGrouped(c, t);
    const Config& cfg = m_.cfg();
    const auto& q = rq(c).queue;
    if (cfg.fair == FairClass::Eevdf) {
        // update_deadline(): a used-up slice gets a new deadline and reschedules.
        if (t.vruntime < t.deadline) return false;
        t.deadline = t.vruntime + double(t.slice) * 1024.0 / t.weight;
        t.sliceProtected = false;
        return true;
    }
    // check_preempt_tick()
    double totalW = t.weight;
    for (const Task* o : q) totalW += o->weight;
    const auto nr = static_cast<Time>(q.size() + 1);
    const Time minGran = cfg.cfsMinGran * cfg.schedScale();
    Time period = cfg.cfsLatency * cfg.schedScale();
    if (nr > period / std::max<Time>(minGran, 1)) period = nr * minGran;
    const Time ideal = static_cast<Time>(double(period) * t.weight / totalW);
    const Time ran = t.sumExec - t.execAtPick;
    double leftmost = t.vruntime;
    for (const Task* o : q) leftmost = std::min(leftmost, o->vruntime);
    return ran > ideal || (ran > minGran && t.vruntime - leftmost > double(ideal));
}

void FairSched::updateMinVruntime(const Cpu& c, const Task& curr) {
    if (grouped_) return updateMinVruntimeGrouped(c, curr);
    Rq& r = rq(c);
    const bool fairCurr = curr.isFair() && curr.state == Task::State::Running;
    double mv = fairCurr ? curr.vruntime : r.minVruntime;
    bool any = fairCurr;
    for (const Task* t : r.queue) {
        mv = any ? std::min(mv, t->vruntime) : t->vruntime;
        any = true;
    }
    r.minVruntime = std::max(r.minVruntime, mv);
}

} // namespace irqscope::kern
