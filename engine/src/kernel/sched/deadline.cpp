// SCHED_DEADLINE tasks (kernel/sched/deadline.c): admission, EDF, CBS
// throttling and replenishment, the wake-up rule and placement. The fair
// server's half of the class is in dl_server.cpp.
#include "kernel/sched/deadline.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

namespace {
constexpr int kBwShift = 20;                        // BW_SHIFT: bandwidths are fixed point, 1 << 20 = 100 %
constexpr int kDlScale = 10;                        // DL_SCALE: dl_entity_overflow() works in ~us
constexpr Time kDlMin = 1024;                       // 1 << DL_SCALE: the smallest runtime __checkparam_dl() accepts
constexpr Time kPeriodMin = 100'000;                // sysctl_sched_dl_period_min: 100 us
constexpr Time kPeriodMax = (Time{1} << 22) * 1000; // sysctl_sched_dl_period_max: ~4 s

std::uint64_t toRatio(Time period, Time runtime) {
    return (static_cast<std::uint64_t>(runtime) << kBwShift) / static_cast<std::uint64_t>(period);
}
} // namespace

DlSched::DlSched(Machine& m, std::vector<RunQueue>& rqs) : m_(m), rqs_(rqs) {
    const Config& cfg = m.cfg();
    for (auto& r : rqs_) {
        DlEntity& se = r.dl.server.se;
        se.dlRuntime = cfg.fairServerRuntime;
        se.dlDeadline = se.dlPeriod = cfg.fairServerPeriod;
    }
    // dl_server_apply_params(): each CPU's fair server is admitted into the
    // root domain's bandwidth like a task.
    if (serverEnabled()) totalBw_ = toRatio(cfg.fairServerPeriod, cfg.fairServerRuntime) * rqs_.size();
}

DlSched::SetAttr DlSched::setAttr(Task& t, Time runtime, Time deadline, Time period) {
    if (period == 0) period = deadline;
    // __checkparam_dl()
    if (deadline == 0 || runtime < kDlMin || runtime > deadline || deadline > period || period < kPeriodMin ||
        period > kPeriodMax)
        return SetAttr::Invalid;
    // __sched_setscheduler(): a deadline task must be allowed on its whole root domain (-EPERM).
    if (t.affinity != m_.allCpus()) return SetAttr::Invalid;
    // sched_dl_overflow() -> __dl_overflow(): sum of bandwidths <= rt_runtime/rt_period per CPU.
    const Config& cfg = m_.cfg();
    const std::uint64_t bw = toRatio(period, runtime);
    if (cfg.rtLimit != RtLimit::Off) {
        const std::uint64_t limit = toRatio(cfg.rtPeriod, cfg.rtRuntime) * static_cast<std::uint64_t>(m_.cpuCount());
        if (totalBw_ + bw > limit) return SetAttr::Busy;
    }
    totalBw_ += bw;
    t.policy = Policy::Deadline;
    t.dl = DlEntity{};
    t.dl.dlRuntime = runtime;
    t.dl.dlDeadline = deadline;
    t.dl.dlPeriod = period;
    count(t, "throttled", 0);
    count(t, "overrun_ns", 0);
    count(t, "deadline_misses", 0);
    return SetAttr::Ok;
}

void DlSched::count(const Task& t, const char* what, std::uint64_t n) {
    m_.rec().counters["dl/" + t.name + "/" + what] += n;
}

int DlSched::queuedTasks(int cpu) const {
    const Rq& r = rq(cpu);
    return static_cast<int>(std::count_if(r.owners.begin(), r.owners.end(), [](const Task* t) { return t; }));
}

void DlSched::queue(int cpu, DlEntity& se, Task* owner) {
    Rq& r = rq(cpu);
    r.queue.push_back(&se);
    r.owners.push_back(owner);
    se.queued = true;
}

void DlSched::unqueue(int cpu, DlEntity& se) {
    Rq& r = rq(cpu);
    const auto it = std::find(r.queue.begin(), r.queue.end(), &se);
    if (it == r.queue.end()) return;
    const auto i = it - r.queue.begin();
    r.queue.erase(it);
    r.owners.erase(r.owners.begin() + i);
    se.queued = false;
}

// dl_entity_overflow(): runtime / (deadline - now) > dl_runtime / dl_deadline,
// cross-multiplied, both sides scaled down by DL_SCALE as the kernel does.
bool DlSched::overflow(const DlEntity& se) const {
    const Time left = (se.dlDeadline >> kDlScale) * (se.runtime >> kDlScale);
    const Time right = ((se.deadline - m_.now()) >> kDlScale) * (se.dlRuntime >> kDlScale);
    return right < left;
}

// update_dl_entity(): the CBS wake-up rule.
void DlSched::updateEntity(DlEntity& se) const {
    const Time now = m_.now();
    const bool fresh = se.deadline == 0 && se.runtime == 0; // setup_new_dl_entity()
    if (!fresh && se.deadline >= now && !overflow(se)) return;
    if (!fresh && se.dlDeadline != se.dlPeriod && se.deadline >= now) {
        // update_dl_revised_wakeup(): constrained deadline, runtime = density * laxity
        se.runtime = static_cast<Time>(
            (toRatio(se.dlDeadline, se.dlRuntime) * static_cast<std::uint64_t>(se.deadline - now)) >> kBwShift);
        return;
    }
    se.deadline = now + se.dlDeadline;
    se.runtime = se.dlRuntime;
}

// replenish_dl_entity(): a new runtime, the deadline one period on, as often
// as it takes to pay back an overrun.
void DlSched::replenish(DlEntity& se) const {
    while (se.runtime <= 0) {
        se.deadline += se.dlPeriod;
        se.runtime += se.dlRuntime;
    }
    if (se.deadline < m_.now()) { // "DL replenish lagged too much"
        se.deadline = m_.now() + se.dlDeadline;
        se.runtime = se.dlRuntime;
    }
    se.throttled = false;
}

void DlSched::enqueue(Cpu& c, Task& t, bool wakeup) {
    DlEntity& se = t.dl;
    if (se.throttled) return; // its replenishment timer will queue it
    if (wakeup) {
        // dl_check_constrained_dl(): woken after its deadline but before its
        // next period, a constrained task waits for that period.
        const Time next = se.deadline - se.dlDeadline + se.dlPeriod;
        if (se.dlDeadline != se.dlPeriod && se.deadline != 0 && se.deadline < m_.now() && m_.now() < next) {
            se.runtime = std::min<Time>(se.runtime, 0);
            se.throttled = true;
            if (startTimer(c.id, t)) return;
            se.throttled = false;
        }
        updateEntity(se);
    }
    queue(c.id, se, &t);
}

bool DlSched::dequeue(const Cpu& c, Task& t) {
    if (!t.dl.queued) return false;
    unqueue(c.id, t.dl);
    return true;
}

void DlSched::putPrev(Cpu& c, Task& t) {
    if (t.dl.throttled) return;
    if (t.dl.runtime <= 0) {
        throttle(c, t);
        if (t.dl.throttled) return;
    }
    queue(c.id, t.dl, &t);
}

void DlSched::sleep(Cpu& c, Task& t) {
    if (m_.now() > t.dl.deadline) count(t, "deadline_misses"); // the job ended after its deadline
    if (!t.dl.throttled && t.dl.runtime <= 0) throttle(c, t);
}

bool DlSched::tick(Cpu& c, Task& t) {
    if (t.dl.throttled || t.dl.runtime > 0) return false;
    throttle(c, t);
    return true;
}

// update_curr_dl(): the runtime is used up. The task leaves the queue until
// its replenishment timer; if that instant has already passed it is
// replenished at once (and stays).
void DlSched::throttle(Cpu& c, Task& t) {
    DlEntity& se = t.dl;
    count(t, "throttled");
    if (se.runtime < 0) count(t, "overrun_ns", static_cast<std::uint64_t>(-se.runtime));
    se.throttled = true;
    unqueue(c.id, se);
    if (!startTimer(c.id, t)) replenish(se);
}

// start_dl_timer(): at the next period, dl_next_period() = deadline - dl_deadline + dl_period.
bool DlSched::startTimer(int cpu, Task& t) {
    DlEntity& se = t.dl;
    const Time act = se.deadline - se.dlDeadline + se.dlPeriod;
    if (act < m_.now()) return false;
    if (se.timer == 0) se.timer = m_.timers().hrtimerStart(cpu, act, [this, &t](Kctx& k, Time) { taskTimer(k, t); });
    return true;
}

// dl_task_timer(): replenish; a runnable task goes back on its queue and
// preempts if it is now the earliest deadline.
void DlSched::taskTimer(Kctx&, Task& t) {
    DlEntity& se = t.dl;
    se.timer = 0;
    if (!se.throttled) return;
    replenish(se);
    if (!t.runnable() || t.state == Task::State::Running) return;
    Cpu& c = *t.cpu;
    queue(c.id, se, &t);
    if (wakeupPreempts(c, t)) m_.sched().setNeedResched(c, false);
}

bool DlSched::wakeupPreempts(const Cpu& c, const Task& woken) const {
    if (woken.dl.throttled) return false;
    const Task* cur = c.curr;
    if (!cur->isDl()) return true; // a higher class
    return woken.dl.deadline < cur->dl.deadline;
}

Time DlSched::earliest(int cpu) const {
    Time e = 0;
    const Rq& r = rq(cpu);
    for (std::size_t i = 0; i < r.queue.size(); ++i)
        if (r.owners[i] && (e == 0 || r.queue[i]->deadline < e)) e = r.queue[i]->deadline;
    const Task* cur = m_.cpu(cpu).curr;
    if (cur->isDl() && (e == 0 || cur->dl.deadline < e)) e = cur->dl.deadline;
    return e;
}

// select_task_rq_dl(): stay, unless the previous CPU runs a deadline task this
// one cannot preempt (or one that cannot move); then find_later_rq(): a CPU
// with no deadline task (the previous one first), else the CPU whose earliest
// deadline is latest (cpudl_find(), cpudeadline.c), if this task's is earlier.
int DlSched::selectCpu(const Task& t, int prev) const {
    const auto allowed = [&](int i) { return t.affinity.test(static_cast<std::size_t>(i)); };
    const Task* cur = m_.cpu(prev).curr;
    const bool move = !allowed(prev) || (cur->isDl() && t.affinity.count() > 1 &&
                                         (cur->affinity.count() < 2 || !(t.dl.deadline < cur->dl.deadline)));
    if (!move) return prev;
    int target = -1;
    if (allowed(prev) && earliest(prev) == 0) target = prev;
    for (int i = 0; target < 0 && i < m_.cpuCount(); ++i)
        if (allowed(i) && earliest(i) == 0) target = i;
    if (target >= 0) return target;
    Time latest = 0;
    for (int i = 0; i < m_.cpuCount(); ++i)
        if (allowed(i) && earliest(i) > latest) latest = earliest(i), target = i;
    if (target >= 0 && t.dl.deadline < latest) return target;
    return allowed(prev) ? prev : firstCpu(t.affinity);
}

Task* DlSched::pick(Cpu& c, FairSched& fair) {
    Rq& r = rq(c.id);
    for (;;) {
        if (r.queue.empty()) return nullptr;
        std::size_t best = 0;
        for (std::size_t i = 1; i < r.queue.size(); ++i)
            if (r.queue[i]->deadline < r.queue[best]->deadline) best = i;
        if (Task* t = r.owners[best]) {
            unqueue(c.id, t->dl);
            return t;
        }
        // The fair server: it stays queued while it runs a fair task for it.
        if (Task* p = fair.pick(c)) {
            r.server.running = true;
            p->dlServed = true;
            return p;
        }
        serverStop(c); // nothing to serve (fair_server_pick_task() returned NULL)
    }
}

} // namespace irqscope::kern
