#include "kernel/sched/rt.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

RtSched::RtSched(Machine& m, std::vector<RunQueue>& rqs) : m_(m), rqs_(rqs) {}

RtSched::Rq& RtSched::rq(const Cpu& c) {
    return rqs_[static_cast<std::size_t>(c.id)].rt;
}

void RtSched::added(const Cpu& c, Rq& r) {
    ++r.queued;
    waiting_.set(static_cast<std::size_t>(c.id));
}

void RtSched::removed(const Cpu& c, Rq& r) {
    if (--r.queued == 0) waiting_.reset(static_cast<std::size_t>(c.id));
}

namespace {
void setBit(std::array<std::uint64_t, 2>& bitmap, int prio, bool on) {
    const std::uint64_t bit = std::uint64_t(1) << (prio % 64);
    auto& word = bitmap[static_cast<std::size_t>(prio / 64)];
    word = on ? word | bit : word & ~bit;
}
} // namespace

void RtSched::enqueue(const Cpu& c, Task& t) {
    Rq& r = rq(c);
    r.lists[static_cast<std::size_t>(t.rtPrio)].push_back(&t);
    setBit(r.bitmap, t.rtPrio, true);
    added(c, r);
}

void RtSched::putPrev(const Cpu& c, Task& t) {
    Rq& r = rq(c);
    auto& list = r.lists[static_cast<std::size_t>(t.rtPrio)];
    list.insert(list.begin(), &t);
    setBit(r.bitmap, t.rtPrio, true);
    added(c, r);
}

bool RtSched::dequeue(const Cpu& c, Task& t) {
    Rq& r = rq(c);
    auto& list = r.lists[static_cast<std::size_t>(t.rtPrio)];
    auto it = std::find(list.begin(), list.end(), &t);
    if (it == list.end()) return false;
    list.erase(it);
    if (list.empty()) setBit(r.bitmap, t.rtPrio, false);
    removed(c, r);
    return true;
}

Task* RtSched::pick(const Cpu& c) {
    Rq& r = rq(c);
    const int p = highest(c.id);
    if (p == 0) return nullptr;
    auto& list = r.lists[static_cast<std::size_t>(p)];
    Task* t = list.front();
    list.erase(list.begin());
    if (list.empty()) setBit(r.bitmap, p, false);
    removed(c, r);
    return t;
}

bool RtSched::tick(const Cpu& c, Task& t) {
    if (t.policy != Policy::RR || t.rrLeft > 0) return false;
    t.rrLeft = m_.cfg().rrTimeslice;
    return !rq(c).lists[static_cast<std::size_t>(t.rtPrio)].empty();
}

int RtSched::selectCpu(const Task& t, int prev) const {
    const auto allowed = [&](int i) { return t.affinity.test(static_cast<std::size_t>(i)); };
    const Cpu& p = m_.cpu(prev);
    if (allowed(prev) && (!p.curr->isRt() || p.curr->rtPrio < t.rtPrio) && rq(prev).queued == 0) return prev;
    // The lowest class wins, the lowest CPU number among equals: an allowed
    // CPU running its idle task (cpupri's CPUPRI_IDLE mask) is the answer at once.
    const CpuMask idle = m_.sched().idleCurr() & t.affinity;
    if (idle.any()) return static_cast<int>(idle.first());
    int best = -1, bestPrio = 1000;
    for (int i = 0; i < m_.cpuCount(); ++i) {
        if (!allowed(i)) continue;
        const Cpu& k = m_.cpu(i);
        const int prio = k.curr->isIdle ? -2 : (k.curr->isRt() ? k.curr->rtPrio : -1);
        if (prio < bestPrio) bestPrio = prio, best = i;
    }
    return best >= 0 ? best : prev;
}

} // namespace irqscope::kern
