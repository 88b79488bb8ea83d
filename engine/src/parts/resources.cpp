#include "parts/resources.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::parts {

using namespace kern;

int waiterRank(const Task& t) {
    if (t.isDl()) return 100;
    return t.isRt() ? t.rtPrio : 0;
}

void ResourceSet::adjustPrio(Machine& m, Task& t, int fromCpu, int depth) {
    int prio = 0;
    for (const Resource* r : all)
        if (r->part().pi && r->owner() == &t) prio = std::max(prio, r->topWaiterRtPrio());
    m.sched().setPiPrio(t, prio, fromCpu);
    // rt_mutex_adjust_prio_chain(): the owner is itself blocked on a PI mutex,
    // whose owner must follow (the kernel's chain walk stops at
    // max_lock_depth = 1024; a chain here is at most as long as the tasks).
    auto it = blockedOn.find(&t);
    if (it == blockedOn.end() || depth > 64) return;
    if (Task* next = const_cast<Task*>(it->second->owner())) adjustPrio(m, *next, fromCpu, depth + 1);
}

int Resource::topWaiterRtPrio() const {
    int prio = 0;
    for (const Waiter* w : waiters_)
        if (w->task->isRt()) prio = std::max(prio, w->task->rtPrio);
    return prio;
}

std::deque<Waiter*>::iterator Resource::top() {
    auto best = waiters_.begin();
    for (auto it = waiters_.begin(); it != waiters_.end(); ++it)
        if (waiterRank(*(*it)->task) > waiterRank(*(*best)->task)) best = it;
    return best;
}

Proc<void> Resource::sleepOn(Kctx& c, Waiter& w) {
    while (!w.woken) co_await c.block();
}

Proc<void> Resource::lock(Kctx& c) {
    Task* self = c.task();
    bool wasWoken = false;
    for (;;) {
        if (!owner_) {
            // A free lock: a PI waiter woken by unlock takes it unless a more
            // important waiter queued since; a newcomer must beat the top waiter.
            if (!part_.pi || waiters_.empty()) break;
            const int topRank = waiterRank(*(*top())->task);
            if (wasWoken ? waiterRank(*self) >= topRank : waiterRank(*self) > topRank) break;
        }
        Waiter w{self};
        waiters_.push_back(&w);
        if (part_.pi) {
            set_.blockedOn[self] = this;
            if (owner_) set_.adjustPrio(c.m(), *owner_, c.cpu().id);
        }
        co_await sleepOn(c, w);
        if (part_.pi) set_.blockedOn.erase(self);
        std::erase(waiters_, &w);
        wasWoken = true;
    }
    owner_ = self;
    if (part_.pi && !waiters_.empty()) set_.adjustPrio(c.m(), *self, c.cpu().id);
}

Proc<void> Resource::unlock(Kctx& c) {
    Task* self = c.task();
    if (owner_ != self) co_return; // EPERM: not the owner
    owner_ = nullptr;
    if (part_.pi) set_.adjustPrio(c.m(), *self, c.cpu().id); // the boost ends with the lock
    if (waiters_.empty()) co_return;
    auto it = top();
    Waiter* w = *it;
    w->woken = true;
    // A futex waiter leaves the queue when woken; an rt_mutex waiter stays
    // queued (and keeps boosting) until it runs and takes the lock.
    if (!part_.pi) waiters_.erase(it);
    co_await c.wakeUpProcess(*w->task);
}

Proc<void> Resource::wait(Kctx& c, Resource& mutex) {
    Task* self = c.task();
    const bool held = mutex.owner_ == self;
    Waiter w{self};
    waiters_.push_back(&w);
    if (held) co_await mutex.unlock(c);
    co_await sleepOn(c, w);
    if (held) co_await mutex.lock(c);
}

Proc<void> Resource::signal(Kctx& c, bool all) {
    std::vector<Waiter*> wake;
    if (all) {
        wake.assign(waiters_.begin(), waiters_.end());
        waiters_.clear();
    } else if (!waiters_.empty()) {
        auto it = top();
        wake.push_back(*it);
        waiters_.erase(it);
    }
    for (Waiter* w : wake) w->woken = true;
    for (Waiter* w : wake) co_await c.wakeUpProcess(*w->task);
}

Proc<void> Resource::barrier(Kctx& c) {
    if (++arrived_ < users) {
        Waiter w{c.task()};
        waiters_.push_back(&w);
        co_await sleepOn(c, w);
        co_return;
    }
    arrived_ = 0; // the last one: pthread_cond_broadcast()
    co_await signal(c, true);
}

Proc<std::optional<Stamp>> Resource::waitForCompletion(Kctx& c) {
    while (done_ == 0) {
        Waiter w{c.task()};
        waiters_.push_back(&w);
        co_await sleepOn(c, w);
    }
    --done_;
    std::optional<Stamp> stamp;
    if (!stamps_.empty()) {
        stamp = stamps_.front();
        stamps_.pop_front();
    }
    co_return stamp;
}

Proc<void> Resource::complete(Kctx& c, std::optional<Stamp> stamp) {
    ++done_;
    if (trackStamps_) stamps_.push_back(stamp);
    if (waiters_.empty()) co_return;
    Waiter* w = waiters_.front(); // swake_up_locked(): the first waiter
    waiters_.pop_front();
    w->woken = true;
    // try_to_wake_up(): its work in the caller, then the waiter is runnable
    // (as a condition's signal, a wake step and the built-in devices wake)
    co_await c.wakeUpProcess(*w->task);
}

} // namespace irqscope::parts
