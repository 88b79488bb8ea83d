// Softirqs (kernel/softirq.c).
//
// Ten vectors per CPU, run in ascending order. raise_softirq() sets a bit on
// the raising CPU; outside interrupt context it also wakes ksoftirqd. Pending
// softirqs run (1) at irq_exit() when the hardirq did not interrupt a softirq
// or a BH-disabled section, (2) at local_bh_enable() in a task, or (3) in
// ksoftirqd/N, a SCHED_NORMAL nice-0 kthread.
// __do_softirq() snapshots and clears the pending mask, runs the set vectors
// with interrupts enabled, and restarts while new ones are pending — unless
// MAX_SOFTIRQ_TIME (2 ms, counted in jiffies) has passed, need_resched is set,
// or MAX_SOFTIRQ_RESTART (10) passes are done; then leftovers go to ksoftirqd,
// where an RT task can preempt them.
// 4.9-6.4 also had the "ksoftirqd gate" (commit 4cd13c21b207, reverted in
// d15121be7485): while ksoftirqd is runnable, irq_exit leaves everything but
// HI and TASKLET to it (kernel.ksoftirqd_gate).
// PREEMPT_RT (the CONFIG_PREEMPT_RT half of kernel/softirq.c): softirqs never
// run in interrupt context. local_bh_disable() takes a per-CPU local lock
// (softirq_ctrl.lock, an rt_mutex: a second task blocks on it and lends the
// holder its priority) and stays preemptible; the task that re-enables BH runs
// the pending softirqs itself, preemptibly; irq_exit() and raise_softirq() wake
// ksoftirqd only while no task holds the lock (should_wake_ksoftirqd()), and
// ksoftirqd takes the lock around its pass. softirq_bh.cpp.
#pragma once

#include "kernel/cpu.h"
#include "kernel/kctx.h"
#include "kernel/task.h"

#include <array>
#include <vector>

namespace irqscope::kern {

class Machine;

enum Softirq : int { HI = 0, TIMER, NET_TX, NET_RX, BLOCK, IRQ_POLL, TASKLET, SCHED, HRTIMER, RCU, kSoftirqCount };
const char* softirqName(int vec);

class Softirqs {
public:
    explicit Softirqs(Machine& m);

    // ksoftirqd/N (the machine creates each CPU's kthreads in the kernel's order).
    void createKsoftirqd(int cpu);
    // open_softirq()
    void setHandler(int vec, CodeFn fn) { handlers_[static_cast<std::size_t>(vec)] = std::move(fn); }
    // The vector's action (empty: nobody opened it), for a second user of the vector to chain to.
    const CodeFn& handler(int vec) const { return handlers_[static_cast<std::size_t>(vec)]; }
    // raise_softirq() on the CPU c runs on.
    void raise(Cpu& c, int vec);
    // __raise_softirq_irqoff() from within a softirq: the bit only.
    void markPending(const Cpu& c, int vec) { at(c.id).pending |= 1u << vec; }
    std::uint32_t pending(int cpu) const { return at(cpu).pending; }

    // irq_exit(): invoke_softirq() when allowed.
    void irqExit(Cpu& c);
    // local_bh_disable() in a task (on RT: take the CPU's local lock, which may block).
    Proc<void> localBhDisable(Kctx& c);
    // local_bh_enable() in a task: leave the section and run pending softirqs,
    // on top of the task (!RT) or inside it, preemptibly (RT, then unlock).
    Proc<void> localBhEnable(Kctx& c);
    // The task holding the CPU's BH local lock (PREEMPT_RT; null otherwise).
    const Task* bhOwner(int cpu) const { return at(cpu).bhOwner; }

private:
    struct PerCpu {
        std::uint32_t pending = 0;
        std::array<Time, kSoftirqCount> raisedAt{};
        Task* ksoftirqd = nullptr;
        // PREEMPT_RT softirq_ctrl: the local lock's owner, its nesting, its waiters.
        Task* bhOwner = nullptr;
        int bhDepth = 0;
        std::vector<Task*> bhWaiters;
    };
    PerCpu& at(int cpu) { return cpus_[static_cast<std::size_t>(cpu)]; }
    const PerCpu& at(int cpu) const { return cpus_[static_cast<std::size_t>(cpu)]; }
    void wakeupSoftirqd(Cpu& c);
    Proc<void> doSoftirq(Kctx& c, bool inKsoftirqd);
    Proc<void> ksoftirqdBody(Kctx& c);
    void runOnTop(Cpu& c);
    bool rt() const;
    // should_wake_ksoftirqd(): on RT not while a task holds the BH lock.
    bool shouldWakeKsoftirqd(int cpu) const { return !rt() || !at(cpu).bhOwner; }
    // ksoftirqd_run_end() / __local_bh_enable(): leave the section without running softirqs.
    void bhUnlock(Kctx& c);
    int topWaiterPrio(const PerCpu& s) const;

    Machine& m_;
    std::vector<PerCpu> cpus_;
    std::array<CodeFn, kSoftirqCount> handlers_;
    std::array<StringId, kSoftirqCount> names_{};
    StringId sSoftirq_ = kNoString;
};

} // namespace irqscope::kern
