// CFS group scheduling, one level (kernel/sched/fair.c, CONFIG_FAIR_GROUP_SCHED,
// 6.12): the root queue of a CPU holds its ungrouped tasks and one entity per
// task group with runnable tasks there; a group's entity holds the group's
// tasks of that CPU in a queue of its own. Each level has its own vruntime,
// deadline, lag and average (the same EEVDF or CFS rules as a flat queue),
// a group entity is charged what its running task runs, weighted by
// calc_group_shares(). The tasks themselves stay in the CPU's one list
// (FairRq::queue), which the balancing code reads; `group` says their level.
#include "kernel/sched/fair.h"

#include "kernel/machine.h"

#include <algorithm>
#include <type_traits>

namespace irqscope::kern {

namespace {

bool currCounts(const Task* cur) {
    return cur && cur->isFair() && cur->state == Task::State::Running;
}

// sched_feat(RUN_TO_PARITY) and update_deadline(): a used-up slice gets its
// next deadline and loses its protection.
template <class E> bool renewDeadline(E& se) {
    if (se.vruntime < se.deadline) return false;
    se.deadline = se.vruntime + double(se.slice) * 1024.0 / double(se.weight);
    se.sliceProtected = false;
    return true;
}

// pick_eevdf(): the eligible entity with the earliest deadline; CFS (or
// nothing eligible): the smallest vruntime.
const void* pickLevel(const std::vector<FairSched::Ent>& ents, bool eevdf, double avg) {
    const FairSched::Ent* best = nullptr;
    if (eevdf)
        for (const auto& e : ents)
            if (e.vruntime <= avg + 1e-9 && (!best || e.deadline < best->deadline)) best = &e;
    if (!best)
        for (const auto& e : ents)
            if (!best || e.vruntime < best->vruntime) best = &e;
    return best->id;
}

} // namespace

int FairSched::addGroup(const std::string& name, double shares) {
    if (groups_.empty()) groups_.emplace_back(); // the root group: no entity
    Group g;
    g.name = name;
    g.shares = shares;
    g.cpus.resize(rqs_.size());
    for (GroupEntity& e : g.cpus) e.slice = baseSlice(), e.weight = shares;
    groups_.push_back(std::move(g));
    grouped_ = true;
    return static_cast<int>(groups_.size() - 1);
}

// The entities of level g on c (0: the root queue), the running one included.
// A group's entity is on the root queue while a task of it is queued or runs
// here (nr counts them; a task that left the fair class while running, by
// priority inheritance, is not seen).
void FairSched::collect(const Cpu& c, int g, std::vector<Ent>& out) const {
    out.clear();
    const Task* cur = c.curr;
    const bool curFair = currCounts(cur);
    if (g != 0) {
        for (const Task* t : rq(c.id).queue)
            if (t->group == g) out.push_back({t->vruntime, t->deadline, double(t->weight), t});
        if (curFair && cur->group == g) out.push_back({cur->vruntime, cur->deadline, double(cur->weight), cur});
        return;
    }
    std::uint64_t present = 0; // groups 1..63 with a task here (more: their nr alone)
    for (const Task* t : rq(c.id).queue) {
        if (t->group == 0) out.push_back({t->vruntime, t->deadline, double(t->weight), t});
        else if (t->group < 64) present |= std::uint64_t(1) << t->group;
    }
    if (curFair) {
        if (cur->group == 0) out.push_back({cur->vruntime, cur->deadline, double(cur->weight), cur});
        else if (cur->group < 64) present |= std::uint64_t(1) << cur->group;
    }
    for (std::size_t i = 1; i < groups_.size(); ++i) {
        const GroupEntity& e = groups_[i].cpus[static_cast<std::size_t>(c.id)];
        if (e.nr > 0 && (i >= 64 || (present >> i & 1))) out.push_back({e.vruntime, e.deadline, e.weight, &e});
    }
}

double& FairSched::levelMin(const Cpu& c, int g) {
    return g == 0 ? rq(c).minVruntime : ge(g, c.id).minVruntime;
}

double FairSched::levelAvg(const Cpu& c, int g, const std::vector<Ent>& ents) const {
    double sw = 0, svw = 0;
    for (const Ent& e : ents) sw += e.weight, svw += e.vruntime * e.weight;
    if (sw > 0) return svw / sw;
    return g == 0 ? rq(c.id).minVruntime
                  : groups_[static_cast<std::size_t>(g)].cpus[static_cast<std::size_t>(c.id)].minVruntime;
}

// calc_group_shares(), PELT-free: the group's runnable weight on this CPU
// stands for its load there, the sum over all CPUs for tg->load_avg.
// MIN_SHARES (2) is in scaled load units, 2/1024 of a nice-0 weight here.
double FairSched::calcShares(int g, int cpu) const {
    const Group& gr = groups_[static_cast<std::size_t>(g)];
    const double load = gr.cpus[static_cast<std::size_t>(cpu)].load;
    const double shares = gr.load > 0 ? gr.shares * load / gr.load : gr.shares;
    return std::clamp(shares, 2.0 / 1024.0, gr.shares);
}

// update_cfs_group() -> reweight_entity(): an entity on the queue keeps its
// lag and the rest of its slice in real time (reweight_eevdf()); one off the
// queue scales its remembered lag.
void FairSched::updateGroupWeight(const Cpu& c, int g) {
    GroupEntity& e = ge(g, c.id);
    const double w = calcShares(g, c.id);
    if (w == e.weight) return;
    if (e.nr > 0 && cfg_.fair == FairClass::Eevdf) {
        collect(c, 0, scratch_);
        const double avg = levelAvg(c, 0, scratch_);
        const double lag = avg - e.vruntime, rel = e.deadline - e.vruntime;
        e.vruntime = avg - lag * e.weight / w;
        e.deadline = e.vruntime + rel * e.weight / w;
    } else {
        e.vlag = e.vlag * e.weight / w;
    }
    e.weight = w;
}

// place_entity() at one level: se is not on it yet.
template <class E> void FairSched::placeAt(const Cpu& c, int level, E& se, const Cpu* prev) {
    const Config& cfg = m_.cfg();
    const double w = double(se.weight);
    collect(c, level, scratch_);
    if (cfg.fair == FairClass::Eevdf) {
        const double limit = double(std::max<Time>(2 * se.slice, cfg.tickPeriod)) * 1024.0 / w;
        double lag = std::clamp(se.vlag, -limit, limit);
        double load = 0;
        for (const Ent& e : scratch_) load += e.weight;
        lag = load > 0 ? lag * (load + w) / load : 0;
        se.vruntime = levelAvg(c, level, scratch_) - lag;
        se.deadline = se.vruntime + double(se.slice) * 1024.0 / w;
        return;
    }
    const double minV = levelMin(c, level);
    if (!se.cfsPlaced) { // START_DEBIT: one vslice of this level after its min_vruntime
        se.cfsPlaced = true;
        double load = w;
        for (const Ent& e : scratch_) load += e.weight;
        const auto nr = static_cast<Time>(scratch_.size() + 1);
        const Time minGran = cfg.cfsMinGran * cfg.schedScale();
        Time period = cfg.cfsLatency * cfg.schedScale();
        if (nr > period / std::max<Time>(minGran, 1)) period = nr * minGran;
        se.vruntime = minV + double(period) * 1024.0 / load;
        return;
    }
    if (prev && prev != &c) se.vruntime += minV - levelMin(*prev, level);
    bool idle = false;
    if constexpr (std::is_same_v<E, Task>) idle = se.policy == Policy::Idle;
    const Time thresh = idle ? cfg.cfsMinGran * cfg.schedScale() : cfg.cfsLatency * cfg.schedScale() / 2;
    se.vruntime = std::max(se.vruntime, minV - double(thresh));
}

// enqueue_task_fair(): the task joins its group's queue; the group's entity
// is reweighted (update_cfs_group()) and, when it was off the root queue,
// placed there with its new weight.
void FairSched::enqueueGrouped(const Cpu& c, Task& t, bool wakeup, const Cpu* prev) {
    const int g = t.group;
    if (wakeup) placeAt(c, g, t, prev);
    if (g != 0) {
        GroupEntity& e = ge(g, c.id);
        e.load += t.weight;
        groups_[static_cast<std::size_t>(g)].load += t.weight;
        if (e.nr == 0) {
            e.weight = calcShares(g, c.id);
            placeAt(c, 0, e, nullptr); // not counted yet: nr is 0
        } else {
            updateGroupWeight(c, g);
        }
        ++e.nr;
    }
    push(c, t);
}

// dequeue_task_fair(): the task has left its group's queue (or stopped
// running); the last one takes the group's entity off the root queue, which
// remembers its lag (update_entity_lag()).
void FairSched::leaveGroup(const Cpu& c, Task& t) {
    const int g = t.group;
    if (g == 0) return;
    GroupEntity& e = ge(g, c.id);
    if (e.nr == 1 && cfg_.fair == FairClass::Eevdf) {
        collect(c, 0, scratch_);
        e.vlag = levelAvg(c, 0, scratch_) - e.vruntime;
        if (cfg_.delayDequeue) e.vlag = std::max(e.vlag, 0.0);
    }
    --e.nr;
    e.load -= t.weight;
    groups_[static_cast<std::size_t>(g)].load -= t.weight;
    if (e.nr == 0) e.load = 0, e.sliceProtected = false;
    else updateGroupWeight(c, g);
}

void FairSched::sleepGrouped(const Cpu& c, Task& t) {
    if (cfg_.fair == FairClass::Eevdf) {
        // update_entity_lag() at the task's level, the task still part of the average.
        collect(c, t.group, scratch_);
        double sw = t.weight, svw = t.vruntime * t.weight;
        for (const Ent& e : scratch_) sw += e.weight, svw += e.vruntime * e.weight;
        t.vlag = svw / sw - t.vruntime;
        if (cfg_.delayDequeue) t.vlag = std::max(t.vlag, 0.0);
    }
    leaveGroup(c, t);
}

// pick_task_fair(): pick_eevdf() (or the leftmost entity, CFS) of the root
// queue, then of the picked group's queue. The running group's entity stays
// the root's current one while its task changes: with RUN_TO_PARITY a
// protected, eligible group entity is picked again.
Task* FairSched::pickGrouped(const Cpu& c) {
    const bool eevdf = cfg_.fair == FairClass::Eevdf;
    const Task* prev = c.curr;
    const int prevGroup = prev && prev->isFair() ? prev->group : 0;
    collect(c, 0, scratch_);
    const double rootAvg = eevdf ? levelAvg(c, 0, scratch_) : 0;
    const void* chosen = nullptr;
    if (prevGroup != 0 && eevdf && m_.cfg().runToParity) {
        GroupEntity& pe = ge(prevGroup, c.id);
        renewDeadline(pe);
        const bool queued = std::any_of(scratch_.begin(), scratch_.end(), [&](const Ent& e) { return e.id == &pe; });
        if (queued && pe.sliceProtected && pe.vruntime <= rootAvg + 1e-9) chosen = &pe;
    }
    if (!chosen) chosen = pickLevel(scratch_, eevdf, rootAvg);
    int g = 0;
    for (std::size_t i = 1; i < groups_.size() && g == 0; ++i)
        if (chosen == &groups_[i].cpus[static_cast<std::size_t>(c.id)]) g = static_cast<int>(i);
    if (g != 0) {
        GroupEntity& e = ge(g, c.id);
        if (g != prevGroup) e.sliceProtected = true, e.execAtPick = e.sumExec; // set_next_entity()
        collect(c, g, scratch_);
        chosen = pickLevel(scratch_, eevdf, eevdf ? levelAvg(c, g, scratch_) : 0);
    }
    Task* t = const_cast<Task*>(static_cast<const Task*>(chosen));
    auto& q = rq(c).queue;
    q.erase(std::find(q.begin(), q.end(), t));
    if (q.empty()) waiting_.reset(static_cast<std::size_t>(c.id));
    return t;
}

// pick_eevdf() at one level with `cur` its running entity: is `candidate`
// picked (or, without one, anything else than cur)?
template <class E> bool FairSched::levelPicksOther(const Cpu& c, int level, E& cur, const void* candidate) {
    renewDeadline(cur);
    collect(c, level, scratch_);
    const double avg = levelAvg(c, level, scratch_);
    if (m_.cfg().runToParity && cur.sliceProtected && cur.vruntime <= avg + 1e-9) return false;
    const void* best = cur.vruntime <= avg + 1e-9 ? &cur : nullptr;
    double bestDeadline = cur.deadline;
    for (const Ent& e : scratch_)
        if (e.id != &cur && e.vruntime <= avg + 1e-9 && (!best || e.deadline < bestDeadline))
            best = e.id, bestDeadline = e.deadline;
    if (candidate) return best == candidate;
    return best && best != &cur;
}

// check_preempt_wakeup_fair(): find_matching_se() brings both to the level
// where they share a queue — the tasks themselves in one group (or both
// ungrouped), else their entities in the root queue.
bool FairSched::wakeupPreemptsGrouped(const Cpu& c, const Task& woken) {
    Task& cur = *c.curr;
    const int gc = cur.group, gw = woken.group;
    if (cfg_.fair == FairClass::Cfs) {
        const double curV = gc != gw && gc != 0 ? ge(gc, c.id).vruntime : cur.vruntime;
        const double wV = gc != gw && gw != 0 ? ge(gw, c.id).vruntime : woken.vruntime;
        const double wW = gc != gw && gw != 0 ? ge(gw, c.id).weight : double(woken.weight);
        return curV - wV > double(cfg_.cfsWakeupGran * cfg_.schedScale()) * 1024.0 / wW;
    }
    if (gc == gw) return levelPicksOther(c, gc, cur, &woken);
    const void* candidate = gw != 0 ? static_cast<const void*>(&ge(gw, c.id)) : &woken;
    if (gc != 0) return levelPicksOther(c, 0, ge(gc, c.id), candidate);
    return levelPicksOther(c, 0, cur, candidate);
}

// task_tick_fair(): entity_tick() at each level — update_deadline() of the
// task and of its group's entity, update_cfs_group() — or, CFS,
// check_preempt_tick() at each level.
bool FairSched::tickPreemptsGrouped(const Cpu& c, Task& t) {
    const int g = t.group;
    if (g != 0) updateGroupWeight(c, g);
    if (cfg_.fair == FairClass::Eevdf) {
        bool resched = renewDeadline(t);
        if (g != 0) resched = renewDeadline(ge(g, c.id)) || resched;
        return resched;
    }
    const Time minGran = cfg_.cfsMinGran * cfg_.schedScale();
    const auto levelTick = [&](int level, double v, double w, Time ran) {
        collect(c, level, scratch_);
        double totalW = 0, leftmost = v;
        for (const Ent& e : scratch_) totalW += e.weight, leftmost = std::min(leftmost, e.vruntime);
        const auto nr = static_cast<Time>(scratch_.size());
        Time period = cfg_.cfsLatency * cfg_.schedScale();
        if (nr > period / std::max<Time>(minGran, 1)) period = nr * minGran;
        const Time ideal = static_cast<Time>(double(period) * w / std::max(totalW, w));
        return nr > 1 && (ran > ideal || (ran > minGran && v - leftmost > double(ideal)));
    };
    bool resched = levelTick(g, t.vruntime, double(t.weight), t.sumExec - t.execAtPick);
    if (g != 0) {
        const GroupEntity& e = ge(g, c.id);
        resched = levelTick(0, e.vruntime, e.weight, e.sumExec - e.execAtPick) || resched;
    }
    return resched;
}

void FairSched::chargeGroup(Task& t, Time delta) {
    if (!t.cpu) return;
    if (t.group != 0) {
        GroupEntity& e = ge(t.group, t.cpu->id);
        e.vruntime += double(delta) * 1024.0 / e.weight;
        e.sumExec += delta;
    }
    if (cfg_.fair == FairClass::Cfs) updateMinVruntimeGrouped(*t.cpu, t);
}

// update_min_vruntime() of the root queue and of the running task's group.
void FairSched::updateMinVruntimeGrouped(const Cpu& c, const Task& curr) {
    const int levels[2] = {0, currCounts(&curr) ? curr.group : 0};
    for (int i = 0; i < (levels[1] != 0 ? 2 : 1); ++i) {
        collect(c, levels[i], scratch_);
        if (scratch_.empty()) continue;
        double mv = scratch_.front().vruntime;
        for (const Ent& e : scratch_) mv = std::min(mv, e.vruntime);
        double& m = levelMin(c, levels[i]);
        m = std::max(m, mv);
    }
}

// migrate_task_rq_fair(): EEVDF places the task again without lag; CFS moves
// its vruntime from one group queue's min_vruntime to the other's.
bool FairSched::migrateGrouped(Task& t, const Cpu& from, const Cpu& to) {
    if (cfg_.fair == FairClass::Eevdf) {
        t.vlag = 0;
        return true;
    }
    t.vruntime += levelMin(to, t.group) - levelMin(from, t.group);
    return false;
}

} // namespace irqscope::kern
