#include "kernel/sched/bandwidth.h"

#include "kernel/machine.h"

#include <algorithm>

namespace irqscope::kern {

RtBandwidth::RtBandwidth(Machine& m, std::vector<RunQueue>& rqs) : m_(m), cfg_(m.cfg()), rqs_(rqs) {
    for (auto& r : rqs_) r.bandwidth.runtime = m.cfg().rtRuntime;
}

void RtBandwidth::chargeThrottling(const Cpu& c, Time delta) {
    const Config& cfg = cfg_;
    rq(c.id).rtTime += delta;
    if (!timerActive_) { // start_rt_bandwidth(): the period timer, on period boundaries
        timerActive_ = true;
        m_.q().schedule<&RtBandwidth::onPeriod>((m_.now() / cfg.rtPeriod + 1) * cfg.rtPeriod, *this);
    }
}

bool RtBandwidth::exceeded(const Cpu& c) {
    const Config& cfg = m_.cfg();
    if (cfg.rtLimit != RtLimit::Throttling) return false;
    Rq& r = rq(c.id);
    if (r.throttled) return false;
    if (r.runtime >= cfg.rtPeriod) return false;
    if (cfg.rtRuntimeShare && r.rtTime > r.runtime) balanceRuntime(c.id);
    if (r.runtime >= cfg.rtPeriod || r.rtTime <= r.runtime) return false;
    if (cfg.rtRuntime == 0) { // "replenishment is a joke": no runtime assigned, nothing to throttle
        r.rtTime = 0;
        return false;
    }
    r.throttled = true; // "sched: RT throttling activated"
    return true;
}

// do_balance_runtime(): from each other CPU with spare runtime, 1/ncpus of
// it, until this CPU has the whole period.
void RtBandwidth::balanceRuntime(int cpu) {
    const Time period = m_.cfg().rtPeriod;
    const Time weight = m_.cpuCount();
    Rq& r = rq(cpu);
    for (int i = 0; i < m_.cpuCount(); ++i) {
        if (i == cpu) continue;
        Rq& o = rq(i);
        Time diff = o.runtime - o.rtTime;
        if (diff <= 0) continue;
        diff /= weight;
        if (r.runtime + diff > period) diff = period - r.runtime;
        o.runtime -= diff;
        r.runtime += diff;
        if (r.runtime == period) break;
    }
}

void RtBandwidth::onPeriod() {
    const Config& cfg = m_.cfg();
    bool idle = true;
    for (int i = 0; i < m_.cpuCount(); ++i) {
        Rq& r = rq(i);
        if (!cfg.rtRuntimeShare) r.runtime = cfg.rtRuntime;
        const int queued = m_.sched().rt().queued(i);
        const bool rtCurr = m_.cpu(i).curr->isRt();
        if (r.rtTime == 0 && queued == 0 && !rtCurr) continue;
        if (r.rtTime > 0) {
            if (r.throttled && cfg.rtRuntimeShare) balanceRuntime(i);
            r.rtTime -= std::min(r.rtTime, r.runtime);
            if (r.throttled && r.rtTime < r.runtime) {
                r.throttled = false;
                if (queued > 0) m_.sched().setNeedResched(m_.cpu(i), false);
            }
            if (r.rtTime > 0 || queued > 0 || rtCurr) idle = false;
        } else {
            idle = false;
        }
        if (r.throttled) idle = false;
    }
    timerActive_ = !idle;
    if (timerActive_) m_.q().schedule<&RtBandwidth::onPeriod>(m_.now() + cfg.rtPeriod, *this);
}

} // namespace irqscope::kern
