// The resources tasks share, as rt-app's threads use them through pthreads
// and the kernel (rt-app.c run_event()):
//
//   mutex      pthread_mutex_lock()/unlock(): a futex. Contended, the caller
//              sleeps; unlock wakes the top waiter (futex_wake() takes waiters
//              by priority, FIFO among equals), which takes the lock when it
//              runs unless another task took it first. With "pi": true
//              (PTHREAD_PRIO_INHERIT, a PI futex = an rt_mutex,
//              kernel/locking/rtmutex.c) the owner runs at the priority of
//              its top RT waiter (rt_mutex_adjust_prio_chain(), through the
//              chain of owners blocked on further PI mutexes), and a task may
//              take a free lock ahead of waiters only with a strictly higher
//              priority than the top waiter (rt_mutex_steal()).
//   condition  pthread_cond_wait() (release the mutex, sleep, take it again),
//              signal (the top waiter), broadcast (all).
//   barrier    rt-app's barrier: every thread that names it waits until the
//              last one arrives, which wakes them all.
//   completion complete() / wait_for_completion() (kernel/sched/completion.c):
//              a count; complete() adds one and wakes the first waiter
//              (swake_up_locked() -> try_to_wake_up(): the caller does the
//              wake-up's work, then the waiter is runnable), which takes one
//              when it runs.
// Lock and condition operations cost no CPU time of their own here beyond the
// wake-ups they cause (cost.wakeup) — the futex syscalls are not modelled.
#pragma once

#include "kernel/kctx.h"
#include "kernel/proc.h"
#include "parts/task_parts.h"

#include <deque>
#include <map>
#include <optional>
#include <vector>

namespace irqscope::parts {

class Resource;

// A task waiting on a resource; lives in the waiting coroutine's frame.
struct Waiter {
    kern::Task* task = nullptr;
    bool woken = false;
};

// What the mutexes of one run know of each other (for the PI chain).
struct ResourceSet {
    std::vector<Resource*> all;
    std::map<const kern::Task*, Resource*> blockedOn; // task -> the PI mutex it waits for
    // rt_mutex_adjust_prio(): `t` runs at the top RT priority among the
    // waiters of the PI mutexes it owns; a change goes on along the chain.
    void adjustPrio(kern::Machine& m, kern::Task& t, int fromCpu, int depth = 0);
};

class Resource {
public:
    Resource(const ResourcePart& part, ResourceSet& set) : part_(part), set_(set) {}
    const ResourcePart& part() const { return part_; }

    // mutex
    kern::Proc<void> lock(kern::Kctx& c);
    kern::Proc<void> unlock(kern::Kctx& c);
    const kern::Task* owner() const { return owner_; }
    // condition
    kern::Proc<void> wait(kern::Kctx& c, Resource& mutex);
    kern::Proc<void> signal(kern::Kctx& c, bool all);
    // barrier: `users` threads name it
    int users = 0;
    kern::Proc<void> barrier(kern::Kctx& c);
    // completion
    // Takes one count; returns the stamp that came with it (stamps are kept
    // only once trackStamps() was called: an arrival_to_task probe listens).
    kern::Proc<std::optional<Stamp>> waitForCompletion(kern::Kctx& c);
    kern::Proc<void> complete(kern::Kctx& c, std::optional<Stamp> stamp = std::nullopt);
    void trackStamps() { trackStamps_ = true; }

    int topWaiterRtPrio() const;

private:
    std::deque<Waiter*>::iterator top();
    static kern::Proc<void> sleepOn(kern::Kctx& c, Waiter& w);
    ResourcePart part_; // a copy: the parts read from the file do not outlive installation
    ResourceSet& set_;
    kern::Task* owner_ = nullptr;
    std::deque<Waiter*> waiters_;
    int arrived_ = 0;        // barrier
    unsigned long done_ = 0; // completion
    // completion: one entry per count (FIFO, as the socket queue a packet
    // waits in), when an arrival_to_task probe listens
    std::deque<std::optional<Stamp>> stamps_;
    bool trackStamps_ = false;
};

// Effective priority for waiter order: deadline above RT above the rest.
int waiterRank(const kern::Task& t);

} // namespace irqscope::parts
