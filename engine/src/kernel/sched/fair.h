// The fair class (kernel/sched/fair.c): per-CPU queues of SCHED_NORMAL,
// BATCH and IDLE tasks, picked by EEVDF (6.6+, the default) or CFS.
//
// EEVDF: a task is eligible when its vruntime is not ahead of the queue's
// weighted average (lag >= 0); among eligible tasks the earliest virtual
// deadline (vruntime + slice*1024/weight) runs. A woken task preempts only if
// EEVDF would pick it now, and RUN_TO_PARITY keeps the current task until it
// has used the slice it was picked with — so a nice -20 kworker can still
// wait a slice or a tick behind a nice-0 hog.
// CFS (<6.6): pick the smallest vruntime; a waker preempts only when ahead by
// more than the (weighted) wake-up granularity; the tick preempts after the
// ideal slice. A sleeper keeps its vruntime and is placed at
// max(vruntime, min_vruntime - sched_latency/2) (GENTLE_FAIR_SLEEPERS), a new
// task one vslice after min_vruntime (START_DEBIT). Slices scale by 1+ilog2(min(CPUs, 8)) like the kernel's sysctls.
//
// Task groups (CONFIG_FAIR_GROUP_SCHED, one level: root -> groups -> tasks):
// a group has, on each CPU, a scheduling entity in the root queue and its own
// queue of its tasks (fair_group.cpp). Without groups the queue is flat.
#pragma once

#include "kernel/config.h"
#include "kernel/sched/runqueue.h"
#include "kernel/task.h"

#include <string>
#include <vector>

namespace irqscope::kern {

class Machine;

// A task group on one CPU (struct sched_entity tg->se[cpu] and struct cfs_rq
// tg->cfs_rq[cpu]): the entity the root queue schedules, weighted by
// calc_group_shares(), and what its own queue keeps.
struct GroupEntity {
    double vruntime = 0, deadline = 0, vlag = 0;
    double weight = 1024;
    Time slice = 0, sumExec = 0, execAtPick = 0;
    bool sliceProtected = false;
    bool cfsPlaced = false;
    int nr = 0;             // the group's tasks runnable here, queued or running (cfs_rq->h_nr_running)
    double load = 0;        // their weights (cfs_rq->load.weight)
    double minVruntime = 0; // the group queue's min_vruntime
};

class FairSched {
public:
    FairSched(Machine& m, std::vector<RunQueue>& rqs);

    bool empty(int cpu) const { return rq(cpu).queue.empty(); }
    std::size_t queued(int cpu) const { return rq(cpu).queue.size(); }
    const std::vector<Task*>& queue(int cpu) const { return rq(cpu).queue; }
    // The CPUs whose queue is not empty (a task waits there), so that a
    // search for work skips the others without looking at them.
    const CpuMask& waiting() const { return waiting_; }

    // enqueue_entity(): a woken task is placed first (place_entity()); prev
    // is the CPU whose queue the task left (its vruntime is relative to it).
    void enqueue(const Cpu& c, Task& t, bool wakeup, const Cpu* prev);
    // Back on the queue after running (put_prev_task()).
    void putPrev(const Cpu& c, Task& t) { push(c, t); }
    bool dequeue(const Cpu& c, Task& t);
    // The task leaves to sleep: remember its lag (EEVDF) or relative vruntime (CFS).
    void sleep(const Cpu& c, Task& t);
    // pick_next_entity(), taken off the queue; null when empty.
    Task* pick(const Cpu& c);
    // check_preempt_wakeup_fair(): should `woken` preempt the current fair task?
    bool wakeupPreempts(const Cpu& c, const Task& woken);
    // The tick: should the current fair task give up the CPU?
    bool tickPreempts(const Cpu& c, Task& t);
    // update_curr(): the current task ran delta ns (CFS: min_vruntime follows).
    // Inline: the accounting charges the current task at every dispatch step.
    void charge(Task& t, Time delta) {
        t.vruntime += double(delta) * 1024.0 / t.weight;
        if (grouped_) chargeGroup(t, delta);
        else if (cfg_.fair == FairClass::Cfs && t.cpu) updateMinVruntime(*t.cpu, t);
    }
    // update_min_vruntime() with `curr` running (or not a fair task): monotonic.
    void updateMinVruntime(const Cpu& c, const Task& curr);
    // A queued task pulled from `from` to `to`. EEVDF: it starts without lag
    // and is placed again (true). CFS: its vruntime moves from one queue's
    // min_vruntime to the other's, no placement (false).
    bool migrate(Task& t, const Cpu& from, const Cpu& to);
    // The slice a new task starts with.
    Time baseSlice() const;

    // A task group of tg->shares `shares` (1024: a nice-0 autogroup or
    // cpu.weight 100); returns the id a task's `group` names (1, 2, ...).
    int addGroup(const std::string& name, double shares);
    const std::string& groupName(int g) const { return groups_[static_cast<std::size_t>(g)].name; }
    const GroupEntity& groupEntity(int g, int cpu) const {
        return groups_[static_cast<std::size_t>(g)].cpus[static_cast<std::size_t>(cpu)];
    }

    // One entity of a level (a task, or a group's entity in the root queue).
    struct Ent {
        double vruntime, deadline, weight;
        const void* id;
    };

private:
    struct Group {
        std::string name;
        double shares = 1024;          // tg->shares
        double load = 0;               // its runnable weight over all CPUs (tg->load_avg, PELT-free)
        std::vector<GroupEntity> cpus; // per CPU
    };
    GroupEntity& ge(int g, int cpu) { return groups_[static_cast<std::size_t>(g)].cpus[static_cast<std::size_t>(cpu)]; }
    // fair_group.cpp: the grouped versions of the operations above.
    void chargeGroup(Task& t, Time delta);
    void collect(const Cpu& c, int g, std::vector<Ent>& out) const;
    double levelAvg(const Cpu& c, int g, const std::vector<Ent>& ents) const;
    double& levelMin(const Cpu& c, int g);
    void enqueueGrouped(const Cpu& c, Task& t, bool wakeup, const Cpu* prev);
    void leaveGroup(const Cpu& c, Task& t);
    double calcShares(int g, int cpu) const;
    void updateGroupWeight(const Cpu& c, int g);
    template <class E> void placeAt(const Cpu& c, int level, E& se, const Cpu* prev);
    void sleepGrouped(const Cpu& c, Task& t);
    Task* pickGrouped(const Cpu& c);
    template <class E> bool levelPicksOther(const Cpu& c, int level, E& cur, const void* candidate);
    bool wakeupPreemptsGrouped(const Cpu& c, const Task& woken);
    bool tickPreemptsGrouped(const Cpu& c, Task& t);
    void updateMinVruntimeGrouped(const Cpu& c, const Task& curr);
    bool migrateGrouped(Task& t, const Cpu& from, const Cpu& to);

    using Rq = FairRq;
    Rq& rq(const Cpu& c);
    void push(const Cpu& c, Task& t);
    Rq& rq(int cpu) { return rqs_[static_cast<std::size_t>(cpu)].fair; }
    const Rq& rq(int cpu) const { return rqs_[static_cast<std::size_t>(cpu)].fair; }
    double avgVruntime(const Cpu& c) const;
    void placeEntity(const Cpu& c, Task& t, const Cpu* prev);
    // CFS sched_vslice(): t's share of the latency period, in its vruntime.
    double cfsVslice(const Cpu& c, const Task& t);
    bool eevdfPicksOther(const Cpu& c, const Task* candidate);

    Machine& m_;
    const Config& cfg_;
    std::vector<RunQueue>& rqs_; // the scheduler's
    CpuMask waiting_;
    bool grouped_ = false;      // a group exists: every operation takes the grouped path
    std::vector<Group> groups_; // index 0: the root group (unused)
    std::vector<Ent> scratch_;  // collect()'s output, reused
};

} // namespace irqscope::kern
