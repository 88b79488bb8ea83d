#include "kernel/workqueue.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

WorkerPool& Workqueues::pool(int cpu, int nice, bool rt) {
    for (auto& p : pools_)
        if (p->cpu == cpu && p->nice == nice && p->rt == rt) return *p;
    auto p = std::make_unique<WorkerPool>();
    p->cpu = cpu;
    p->nice = nice;
    p->rt = rt;
    const std::string suffix = rt ? "R" : (nice < 0 ? "H" : "");
    // (built with append: GCC 12 warns falsely about "u" + std::string)
    std::string name = cpu >= 0 ? std::to_string(cpu) : std::string(1, 'u').append(std::to_string(m_.cpuCount() * 2));
    p->name = name.append(suffix);
    p->index = static_cast<std::uint32_t>(pools_.size());
    pools_.push_back(std::move(p));
    return *pools_.back();
}

void Workqueues::poolChanged(const WorkerPool& p) {
    m_.observers().poolChanged(p);
}

Workqueue& Workqueues::alloc(std::string name, bool unbound, bool highpri, bool rt, int maxActive) {
    auto wq = std::make_unique<Workqueue>();
    wq->name = std::move(name);
    wq->nameId = m_.intern(wq->name);
    wq->unbound = unbound || rt;
    wq->highpri = highpri;
    wq->rt = rt;
    wq->maxActive = maxActive > 0 ? maxActive : m_.cfg().wqMaxActive;
    const int nice = highpri ? -20 : 0;
    if (wq->unbound) wq->pools.push_back(&pool(-1, nice, rt));
    else
        for (int i = 0; i < m_.cpuCount(); ++i) wq->pools.push_back(&pool(i, nice, rt));
    wq->pwqs.resize(wq->pools.size());
    wqs_.push_back(std::move(wq));
    return *wqs_.back();
}

WorkItem& Workqueues::item(std::string fn, std::function<Proc<void>(Kctx&)> body) {
    auto w = std::make_unique<WorkItem>();
    w->fn = std::move(fn);
    w->fnId = m_.intern(w->fn);
    w->body = std::move(body);
    items_.push_back(std::move(w));
    return *items_.back();
}

Task& Workqueues::createWorker(WorkerPool& p) {
    auto w = std::make_unique<Worker>();
    w->pool = &p;
    Worker* wp = w.get();
    workers_.push_back(std::move(w));
    const std::string name =
        "kworker/" + (p.cpu >= 0 ? std::to_string(p.cpu) + ":" : p.name.substr(0, p.name.find_first_of("HR")) + ":") +
        std::to_string(p.nextId++) + (p.rt ? "R" : (p.nice < 0 ? "H" : ""));
    const CpuMask mask = p.cpu >= 0 ? m_.oneCpu(p.cpu) : m_.allCpus();
    Task& t = m_.sched().createTask(name, ContextKind::Kworker, p.rt ? Policy::Fifo : Policy::Normal,
                                    p.rt ? m_.cfg().wqRtPriority : p.nice, mask,
                                    [this, wp](Kctx& c) { return workerThread(c, *wp); });
    t.worker = wp;
    p.workers.push_back(&t);
    return t;
}

// kick_pool() (kernel/workqueue.c, v6.12): if need_more_worker() — pending
// work and, on a bound pool, nobody running — wake the first idle worker (the
// last one to go idle). The woken worker stays on the idle list until it runs
// (worker_leave_idle() in worker_thread()), so a second kick before then finds
// the same worker and wakes nobody new; the woken worker kicks again when it
// takes an item (process_one_work()), which is how an unbound pool reaches its
// parallelism one worker at a time.
void Workqueues::kickPool(WorkerPool& p, int fromCpu) {
    if (p.worklist.empty()) return;
    if (p.concurrencyManaged() && p.nrRunning > 0) return;
    if (p.idle.empty()) {
        // Linux's manager keeps one idle worker in reserve (maybe_create_worker()
        // when the last idle worker starts working); modelled as a worker created
        // at once, idle (create_worker(): worker_enter_idle()) and woken.
        Task& t = createWorker(p);
        m_.sched().setTaskCpu(t, p.cpu >= 0 ? p.cpu : std::max(fromCpu, 0));
        p.idle.push_back(&t);
        m_.sched().wake(t, fromCpu, FlowKind::QueueWork);
        poolChanged(p);
        return;
    }
    Task* t = p.idle.back(); // first_idle_worker()
    if (Scheduler::sleeping(*t)) m_.sched().wake(*t, fromCpu, FlowKind::QueueWork);
}

void Workqueues::activate(Workqueue& wq, std::size_t pwq, WorkItem& w, int fromCpu) {
    WorkerPool& p = *wq.pools[pwq];
    ++wq.pwqs[pwq].active;
    p.worklist.push_back(&w);
    poolChanged(p); // pending grows even when no worker needs waking
    kickPool(p, fromCpu);
}

bool Workqueues::queue(Cpu& c, Workqueue& wq, WorkItem& w) {
    m_.observers().instant(c.id, InstantKind::QueueWork, wq.nameId, w.fnId);
    if (w.pending) return false; // WORK_STRUCT_PENDING already set
    w.pending = true;
    w.wq = &wq;
    w.queuedAt = m_.now();
    w.queuedCpu = c.id;
    const std::size_t pwq = wq.unbound ? 0 : static_cast<std::size_t>(c.id);
    if (wq.pwqs[pwq].active >= wq.maxActive) {
        wq.pwqs[pwq].inactive.push_back(&w);
        return true;
    }
    activate(wq, pwq, w, c.id);
    return true;
}

void Workqueues::workerSleeping(Task& t) {
    Worker* w = t.worker;
    if (!w || w->sleeping || w->cpuIntensive) return;
    w->sleeping = true;
    if (w->pool->concurrencyManaged()) {
        --w->pool->nrRunning;
        kickPool(*w->pool, t.cpu ? t.cpu->id : -1);
    }
}

void Workqueues::workerRunning(Task& t) {
    Worker* w = t.worker;
    if (!w || !w->sleeping) return;
    w->sleeping = false;
    if (w->pool->concurrencyManaged() && !w->cpuIntensive) ++w->pool->nrRunning;
}

void Workqueues::workerTick(Task& t) {
    Worker* w = t.worker;
    // wq_worker_tick() auto-detection: 6.5+ (commit 616db8779b1e)
    if (!m_.cfg().wqCpuIntensiveDetect || !w || !w->current || w->cpuIntensive) return;
    if (m_.now() - w->itemStart < m_.cfg().wqCpuIntensive) return;
    // wq_worker_tick(): a CPU hog leaves concurrency management.
    w->cpuIntensive = true;
    if (w->pool->concurrencyManaged()) {
        --w->pool->nrRunning;
        kickPool(*w->pool, t.cpu ? t.cpu->id : -1);
    }
}

Worker* Workqueues::executing(const WorkerPool& p, const WorkItem& item) const {
    for (const Task* t : p.workers)
        if (t->worker && t->worker->current == &item) return t->worker;
    return nullptr;
}

Proc<void> Workqueues::workerThread(Kctx& c, Worker& w) {
    WorkerPool& p = *w.pool;
    Task& self = *c.task();
    w.sleeping = true; // a new worker starts idle
    for (;;) {
        if (p.worklist.empty()) {
            if (std::find(p.idle.begin(), p.idle.end(), &self) == p.idle.end()) p.idle.push_back(&self);
            poolChanged(p);
            co_await c.block();
            continue;
        }
        // worker_thread(): start working, keep going while we are the only runner
        p.idle.erase(std::remove(p.idle.begin(), p.idle.end(), &self), p.idle.end());
        if (w.sleeping) {
            w.sleeping = false;
            if (p.concurrencyManaged()) ++p.nrRunning;
        }
        while (!w.scheduled.empty() || !p.worklist.empty()) {
            WorkItem* item = nullptr;
            if (!w.scheduled.empty()) {
                item = w.scheduled.front();
                w.scheduled.pop_front();
            } else {
                if (p.concurrencyManaged() && p.nrRunning > 1) break; // !keep_working()
                item = p.worklist.front();
                p.worklist.pop_front();
                if (Worker* busy = executing(p, *item)) {
                    busy->scheduled.push_back(item); // still pending: it runs there next
                    poolChanged(p);
                    continue;
                }
            }
            // process_one_work(): kick the pool after taking the item — a no-op on a
            // bound pool, where this worker runs; on an unbound one the next idle
            // worker is woken for the items behind this one.
            kickPool(p, c.cpu().id);
            item->pending = false;
            w.current = item;
            w.itemStart = m_.now();
            c.label(ContextKind::Kworker, self.nameId, item->fnId);
            poolChanged(p);
            m_.observers().flow(FlowKind::QueueWork, item->queuedCpu, item->queuedAt, c.cpu().id, m_.now());
            co_await c.work(m_.cfg().cost.workerDispatch);
            co_await item->body(c);
            w.current = nullptr;
            poolChanged(p);
            if (w.cpuIntensive) {
                w.cpuIntensive = false;
                if (p.concurrencyManaged()) ++p.nrRunning;
            }
            Workqueue& wq = *item->wq;
            // pwq_dec_nr_active(): the next inactive item of this pool_workqueue
            const std::size_t pwq = wq.unbound ? 0 : static_cast<std::size_t>(p.cpu);
            Workqueue::PoolWq& q = wq.pwqs[pwq];
            --q.active;
            if (!q.inactive.empty()) {
                WorkItem* next = q.inactive.front();
                q.inactive.pop_front();
                activate(wq, pwq, *next, c.cpu().id);
            }
            c.label(ContextKind::Kworker, self.nameId);
            co_await c.condResched();
        }
        if (p.concurrencyManaged()) --p.nrRunning;
        w.sleeping = true;
        if (!p.worklist.empty()) kickPool(p, c.cpu().id);
        if (std::find(p.idle.begin(), p.idle.end(), &self) == p.idle.end()) p.idle.push_back(&self);
        poolChanged(p);
        co_await c.block();
    }
}

} // namespace irqscope::kern
