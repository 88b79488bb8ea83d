// An i915-style GPU driven through execlists (drivers/gpu/drm/i915/intel_lrc.c,
// 2016 era) and the seed thread "Move execlists irq handler to a bottom half".
//
// Hardware. Each engine has a 2-port ELSP (execlist submit port). Writing the
// ELSP loads up to two requests; the engine executes port 0 for request_ns,
// then switches to port 1 by itself. Every completion (context switch or
// switch to idle) writes one entry into the engine's context-status buffer
// (CSB, a small ring) and raises the GT interrupt — ONE shared SPI for
// every engine, routed to gpu.irq_cpu. While the line is already pending the
// edges merge, so one interrupt stands for every CSB entry written meanwhile.
//
// Driver. The handler reads and acks GT IIR over MMIO. The bottom half then
// takes forcewake (so the CSB/ELSP MMIO is valid), walks every engine's CSB
// from head to the tail it read (process_csb: retire port 0, promote port 1),
// and when an engine's ports are empty dequeues up to two queued requests and
// writes their descriptors to the ELSP. Where that bottom half runs is the
// seed's question (gpu.bottom_half):
//   hardirq  in the handler itself, interrupts off (pre-2016 i915);
//   tasklet  tasklet_hi_schedule() from the handler; the HI softirq runs it at
//            irq_exit, interrupts on, and leftovers go to ksoftirqd;
//   kthread  the handler wakes a kthread that does it; its CPU time is its own.
// Submitters (gem_exec_nop / gem_syslatency's busy threads) loop: a little user
// time, an execbuf ioctl, queue one nop request on the next engine; if that
// engine's ports are empty they write the ELSP themselves under the execlists
// lock (irqsave against a hardirq bottom half, _bh against a tasklet, plain
// against a kthread); when an engine already holds max_inflight unretired
// requests they sleep until the bottom half retires one.
//
// Nothing here knows a preset: coalescing, the irqs-off share, the latency a
// victim sees and the GPU throughput all follow from these costs and the
// kernel's rules for the context the bottom half runs in.
#include "devices/i915/i915.h"
#include "devices/metric_ref.h"
#include "kernel/machine.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <vector>

namespace irqscope::devices {

using namespace kern;

namespace {

constexpr std::size_t kElspPorts = 2;

using BottomHalf = I915Params::BottomHalf;

struct Gpu;

// A request: when it was queued, and for a user task's submit (a placed
// instance) the task sleeping until the bottom half retires it.
struct Req {
    Time queued = 0;
    Task* user = nullptr;
    bool* userDone = nullptr;
};

struct Engine {
    Gpu* gpu = nullptr;
    int id = 0;
    std::deque<Req> queue;      // requests waiting for the ELSP
    std::deque<Req> ports;      // requests in the ELSP, port 0 first, not yet retired by the driver
    std::size_t hwDone = 0;     // how many of `ports` the hardware has completed
    int csbUnread = 0;          // CSB entries between the driver's head and the hardware's tail
    bool submitting = false;    // someone holds the execlists lock to write the ELSP
    std::vector<Task*> waiters; // submitters throttled on this engine
    std::size_t inflight() const { return queue.size() + ports.size(); }
};

struct Gpu final : DeviceInstance {
    Machine& m;
    I915Params p;
    std::vector<std::unique_ptr<Engine>> engines;
    hw::IrqLine* line = nullptr;
    Tasklet* tasklet = nullptr;
    Task* kthread = nullptr;
    bool kthreadPending = false;
    // Counters live in the machine's recorder (std::map nodes do not move).
    std::uint64_t* retired = nullptr;
    std::uint64_t* irqs = nullptr;
    std::uint64_t* csbRead = nullptr;
    std::uint64_t* bhRuns = nullptr;
    std::size_t nextEngine = 0; // a placed instance: the engine of the next user request
    Gpu(Machine& mm, const I915Params& params) : m(mm), p(params) {}
    Proc<void> submit(Kctx& c) override;
};

// ---- hardware side: plain events -------------------------------------------

void startNext(Engine& e);

// The engine finished the request in port hwDone: write a CSB entry, raise the
// interrupt, and switch to the next loaded port if there is one.
void onRequestDone(Engine& e) {
    Gpu& g = *e.gpu;
    ++e.hwDone;
    // With two ELSP ports at most two entries are ever unread, so the CSB ring
    // (6 entries, 12 on Gen11+) never overflows: its size is not modelled.
    ++e.csbUnread;
    g.m.irq().raise(*g.line);
    if (e.hwDone < e.ports.size()) startNext(e);
}

void startNext(Engine& e) {
    e.gpu->m.q().schedule<&onRequestDone>(e.gpu->m.now() + e.gpu->p.requestNs, e);
}

// ---- driver side: coroutines ----------------------------------------------

void takeWaiters(Engine& e, std::vector<Task*>& out) {
    if (e.waiters.empty() || e.inflight() >= e.gpu->p.maxInflight) return;
    for (Task* t : e.waiters) out.push_back(t);
    e.waiters.clear();
}

// execlists_context_unqueue(): the caller holds the lock (e.submitting) and
// found both ports empty. Dequeue up to two requests and write the ELSP; the
// engine starts when the write lands.
Proc<void> elspSubmit(Kctx& c, Engine& e, std::uint8_t flags) {
    Gpu& g = *e.gpu;
    const std::size_t n = std::min(kElspPorts, e.queue.size());
    for (std::size_t i = 0; i < n; ++i) co_await c.work(g.p.dequeueNs, flags);
    co_await c.work(g.p.elspWriteNs, flags);
    for (std::size_t i = 0; i < n && !e.queue.empty(); ++i) {
        e.ports.push_back(e.queue.front());
        e.queue.pop_front();
    }
    e.hwDone = 0;
    e.submitting = false;
    if (!e.ports.empty()) startNext(e);
}

// The bottom half proper: forcewake, process_csb() on every engine, resubmit.
Proc<void> bottomHalf(Kctx& c, Gpu& g, std::uint8_t flags) {
    ++*g.bhRuns;
    co_await c.work(g.p.forcewakeNs / 2, flags); // forcewake get (+ ack wait)
    std::vector<Task*> wake;
    for (auto& ep : g.engines) {
        Engine& e = *ep;
        // Read the CSB tail once; entries written after this wait for the next run.
        const int n = e.csbUnread;
        for (int i = 0; i < n; ++i) {
            co_await c.work(g.p.csbEntryNs, flags);
            const Req r = e.ports.front();
            e.ports.pop_front(); // retire port 0, promote port 1
            if (r.user) {        // a user task's request: i915_request_retire() signals its fence
                *r.userDone = true;
                wake.push_back(r.user);
            }
            --e.hwDone;
            --e.csbUnread;
            ++*g.retired;
        }
        *g.csbRead += static_cast<std::uint64_t>(n);
        takeWaiters(e, wake);
        if (e.ports.empty() && !e.queue.empty() && !e.submitting) {
            e.submitting = true;
            co_await elspSubmit(c, e, flags);
        }
    }
    co_await c.work(g.p.forcewakeNs - g.p.forcewakeNs / 2, flags); // forcewake put
    for (Task* t : wake) {
        const Time waking = c.now(); // sched_waking: try_to_wake_up()'s start
        co_await c.work(c.wakeupCost(), flags);
        c.m().sched().wake(*t, c.cpu().id, FlowKind::WakeTask, waking);
    }
}

Proc<IrqReturn> gtIrqHandler(Kctx& c, Gpu& g) {
    ++*g.irqs;
    co_await c.work(g.p.iirNs); // read GT IIR, ack it (MMIO)
    switch (g.p.bottomHalf) {
    case BottomHalf::Hardirq: co_await bottomHalf(c, g, 0); break;
    case BottomHalf::Tasklet:
        co_await c.work(c.m().cfg().cost.softirqRaise);
        c.m().tasklets().schedule(c.cpu(), *g.tasklet, true); // tasklet_hi_schedule()
        break;
    case BottomHalf::Kthread:
        g.kthreadPending = true;
        co_await c.wakeUpProcess(*g.kthread);
        break;
    }
    co_return IrqReturn::Handled;
}

// The kthread bottom half: one pass per wake-up.
Proc<void> bottomHalfKthread(Kctx& c, Gpu& g) {
    for (;;) {
        while (!g.kthreadPending) co_await c.block();
        g.kthreadPending = false;
        // spin_lock(execlists_lock): no preemption inside a pass (on PREEMPT_RT a sleeping lock)
        co_await bottomHalf(c, g, kSpinLock);
        co_await c.condResched();
    }
}

// The execbuf ioctl (i915_gem_do_execbuffer()) of one request on engine e:
// kernel mode. Under voluntary preemption its might_sleep() points
// (mutex_lock, GFP_KERNEL allocations) are where a woken task gets the CPU;
// between them the ioctl is not preempted. Then the request is queued, and
// written to the ELSP at once if the engine is idle.
Proc<void> execbuf(Kctx& c, Gpu& g, Engine& e, Req r) {
    // The execlists lock the submitter takes depends on where the bottom half runs.
    const std::uint8_t lockFlags = g.p.bottomHalf == BottomHalf::Hardirq   ? kIrqsOff   // spin_lock_irqsave
                                   : g.p.bottomHalf == BottomHalf::Tasklet ? kBhOff     // spin_lock_bh
                                                                           : kSpinLock; // spin_lock
    const int points = g.p.execbufSleepPoints;
    Time left = g.p.execbufNs; // the chunks add up to the whole ioctl
    for (int i = 0; i < points; ++i) {
        co_await c.mightSleep();
        const Time chunk = left / (points - i);
        co_await c.work(chunk);
        left -= chunk;
    }
    if (points == 0) co_await c.work(left);
    while (e.inflight() >= g.p.maxInflight) { // throttle: wait for the bottom half to retire some
        e.waiters.push_back(c.task());
        co_await c.block();
    }
    r.queued = c.now();
    e.queue.push_back(r);
    if (e.ports.empty() && !e.submitting) { // engine idle: submit directly
        e.submitting = true;
        if (lockFlags & kBhOff) co_await c.m().softirq().localBhDisable(c); // spin_lock_bh()
        co_await elspSubmit(c, e, lockFlags);
        if (lockFlags & kBhOff) co_await c.m().softirq().localBhEnable(c); // spin_unlock_bh()
    }
}

Proc<void> submitterBody(Kctx& c, Gpu& g, std::size_t first) {
    std::size_t next = first;
    for (;;) {
        co_await c.work(g.p.userNs, kUser);
        Engine& e = *g.engines[next];
        next = (next + 1) % g.engines.size();
        co_await execbuf(c, g, e, Req{});
    }
}

// A user task's request (a placed instance's {"submit": name}): an execbuf
// on the next engine, round robin, then a sleep until the bottom half that
// processes its CSB entry retires it and wakes the task.
Proc<void> Gpu::submit(Kctx& c) {
    Engine& e = *engines[nextEngine];
    nextEngine = (nextEngine + 1) % engines.size();
    bool done = false;
    co_await execbuf(c, *this, e, Req{0, c.task(), &done});
    while (!done) co_await c.block();
}

std::shared_ptr<Gpu> build(Machine& m, const I915Params& p, const InstanceNaming& naming) {
    auto gp = std::make_shared<Gpu>(m, p);
    Gpu& g = *gp;
    const std::string& name = naming.name;
    const std::string suffix = name.empty() ? "" : "/" + name, prefix = name.empty() ? "" : name + "/";
    auto& counters = m.rec().counters;
    g.retired = &counters["gpu_requests" + suffix];
    g.irqs = &counters["gpu_irqs" + suffix];
    g.csbRead = &counters["gpu_csb_entries" + suffix];
    g.bhRuns = &counters["gpu_bottom_halves" + suffix];

    for (int i = 0; i < p.engines; ++i) {
        auto e = std::make_unique<Engine>();
        e->gpu = &g;
        e->id = i;
        g.engines.push_back(std::move(e));
    }
    const int irqCpu = std::min(p.irqCpu, m.cpuCount() - 1);
    const std::string lineName = name.empty() ? "i915" : name;
    g.line = &m.gic().addLine(hw::IntType::SPI, name.empty() ? kGpuIntid : freeIntid(m, false), irqCpu, lineName);
    m.irq().request(
        *g.line, lineName, [gp](Kctx& c) { return gtIrqHandler(c, *gp); }, {}, 0);

    if (p.bottomHalf == BottomHalf::Tasklet) {
        g.tasklet = &m.tasklets().create(prefix + "execlists_tasklet", [gp](Kctx& c) { return bottomHalf(c, *gp, 0); });
    } else if (p.bottomHalf == BottomHalf::Kthread) {
        const int prio = p.kthreadFifo ? p.kthreadPriority : 0;
        g.kthread = &m.sched().createTask(name.empty() ? "i915/execlists" : prefix + "execlists", ContextKind::Kthread,
                                          p.kthreadFifo ? Policy::Fifo : Policy::Normal, prio, m.allCpus(),
                                          [gp](Kctx& c) { return bottomHalfKthread(c, *gp); });
        m.sched().setTaskCpu(*g.kthread, irqCpu);
    }

    for (int i = 0; i < p.submitters; ++i) {
        const int cpu = i % m.cpuCount();
        const auto first = static_cast<std::size_t>(i) % g.engines.size();
        Task& t = m.sched().createTask(prefix + "gem_exec_nop/" + std::to_string(i), ContextKind::User, Policy::Normal,
                                       0, p.pinSubmitters ? m.oneCpu(cpu) : m.allCpus(),
                                       [gp, first](Kctx& c) { return submitterBody(c, *gp, first); });
        m.sched().setTaskCpu(t, cpu);
        m.sched().wake(t, -1);
    }
    m.keepAlive(gp);
    return gp;
}

} // namespace

void installI915(Machine& m, const I915Params& p) {
    if (p.enabled) build(m, p, {});
}

std::shared_ptr<DeviceInstance> placeI915(Machine& m, const I915Params& p, const InstanceNaming& naming) {
    return build(m, p, naming);
}

} // namespace irqscope::devices
