// Workqueues (kernel/workqueue.c, Documentation/core-api/workqueue.rst).
//
// A bound workqueue queues an item on the pool of the CPU that queued it: two
// pools per CPU, normal (nice 0) and highpri (nice -20) — both CFS; WQ_HIGHPRI
// is not real-time. Bound pools are concurrency managed: an idle worker is
// woken only when work is pending and no worker of the pool is running
// (nr_running == 0); a running worker keeps taking items while it is the only
// one. A worker that sleeps lets another start; an item running longer than
// wq_cpu_intensive_thresh_us leaves concurrency management. Unbound pools (one
// per attribute set, all CPUs) have no concurrency management. An ordered
// workqueue is unbound with max_active 1. WQ_RT (the seed proposal) gives a
// pool SCHED_FIFO workers.
#pragma once

#include "kernel/cpu.h"
#include "kernel/kctx.h"
#include "kernel/task.h"

#include <array>
#include <memory>

#include <deque>
#include <string>
#include <vector>

namespace irqscope::kern {

class Machine;
struct Workqueue;

struct WorkItem {
    std::string fn;
    StringId fnId = kNoString;
    std::function<Proc<void>(Kctx&)> body;
    bool pending = false;
    Time queuedAt = 0;
    int queuedCpu = 0;
    Workqueue* wq = nullptr;
};

struct WorkerPool {
    std::string name; // "0", "0H", "u8", "u8R"
    int cpu = -1;     // -1: unbound
    int nice = 0;
    bool rt = false;
    std::deque<WorkItem*> worklist;
    std::vector<Task*> workers;
    std::vector<Task*> idle;
    int nrRunning = 0;
    int nextId = 0;
    std::uint32_t index = 0; // in the order pools were made
    bool concurrencyManaged() const { return cpu >= 0; }
};

struct Workqueue {
    std::string name;
    StringId nameId = kNoString;
    bool unbound = false;
    bool highpri = false;
    bool rt = false;
    int maxActive = 256;
    // max_active is counted per pool_workqueue (pwq->nr_active): per CPU for
    // a bound workqueue. An unbound one has one pwq here (one pod); from 6.9
    // the kernel counts unbound max_active across the workqueue per node
    // (wq_node_nr_active), the same with one node.
    struct PoolWq {
        int active = 0; // items queued or running
        std::deque<WorkItem*> inactive;
    };
    std::vector<WorkerPool*> pools; // bound: per CPU; unbound: one
    std::vector<PoolWq> pwqs;       // parallel to pools
};

// Per-worker state hung off Task::worker.
struct Worker {
    WorkerPool* pool = nullptr;
    WorkItem* current = nullptr;
    Time itemStart = 0;
    bool cpuIntensive = false;
    bool sleeping = false; // counted out of nr_running
    // Items that were queued again while this worker ran them: a work item
    // never runs on two workers of a pool at once (process_one_work()'s
    // find_worker_executing_work()); the worker runs them next.
    std::deque<WorkItem*> scheduled;
};

class Workqueues {
public:
    explicit Workqueues(Machine& m) : m_(m) {}
    Workqueue& alloc(std::string name, bool unbound, bool highpri, bool rt, int maxActive);
    WorkItem& item(std::string fn, std::function<Proc<void>(Kctx&)> body);
    // queue_work(): false when the item was already pending.
    bool queue(Cpu& c, Workqueue& wq, WorkItem& w);
    const std::vector<std::unique_ptr<WorkerPool>>& pools() const { return pools_; }
    // scheduler hooks (wq_worker_sleeping / wq_worker_running / wq_worker_tick)
    void workerSleeping(Task& t);
    void workerRunning(Task& t);
    void workerTick(Task& t);

private:
    WorkerPool& pool(int cpu, int nice, bool rt);
    Task& createWorker(WorkerPool& p);
    void kickPool(WorkerPool& p, int fromCpu);
    void activate(Workqueue& wq, std::size_t pwq, WorkItem& w, int fromCpu);
    Proc<void> workerThread(Kctx& c, Worker& w);
    Worker* executing(const WorkerPool& p, const WorkItem& item) const;
    void poolChanged(const WorkerPool& p);

    Machine& m_;
    std::vector<std::unique_ptr<WorkerPool>> pools_;
    std::vector<std::unique_ptr<Workqueue>> wqs_;
    std::vector<std::unique_ptr<WorkItem>> items_;
    std::vector<std::unique_ptr<Worker>> workers_;
};

} // namespace irqscope::kern
