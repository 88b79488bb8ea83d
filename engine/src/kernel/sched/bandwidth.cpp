#include "kernel/sched/bandwidth.h"

#include "kernel/machine.h"

namespace irqscope::kern {

RtBandwidth::RtBandwidth(Machine& m) : m_(m), rqs_(static_cast<std::size_t>(m.cpuCount())) {}

RtBandwidth::Rq& RtBandwidth::rq(const Cpu& c) {
    return rqs_[static_cast<std::size_t>(c.id)];
}

void RtBandwidth::charge(const Cpu& c, Time delta) {
    rq(c).timeInPeriod += delta;
}

RtBandwidth::Change RtBandwidth::tick(const Cpu& c, bool fairWaiting) {
    const Config& cfg = m_.cfg();
    const Time now = m_.now();
    Rq& r = rq(c);
    Change ch;
    if (now - r.periodStart >= cfg.rtPeriod) {
        r.periodStart = now - (now - r.periodStart) % cfg.rtPeriod;
        r.timeInPeriod = 0;
        if (r.throttled) {
            r.throttled = false;
            ch.unthrottled = true;
        }
    }
    if (cfg.rtLimit != RtLimit::Off && !r.throttled) {
        const Time budget = cfg.rtLimit == RtLimit::Throttling ? cfg.rtRuntime : cfg.rtPeriod - cfg.fairServerRuntime;
        if (r.timeInPeriod > budget && fairWaiting) {
            r.throttled = true;
            ch.throttled = true;
        }
    }
    return ch;
}

} // namespace irqscope::kern
