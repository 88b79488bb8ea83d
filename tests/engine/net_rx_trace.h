// What NET_RX did on CPU 0 of a recorded run, for the NAPI tests: its time in
// softirq context and in ksoftirqd, and how many of a line's hardirqs nested
// on top of it (a masked card raises none).
#pragma once

#include "irqscope/trace.h"

#include <string_view>
#include <vector>

namespace irqscope::test {

struct NetRxTrace {
    Time softirq = 0;
    Time ksoftirqd = 0;
    int irqOnNetRx = 0;
};

inline NetRxTrace netRxOnCpu0(const Trace& t, std::string_view line) {
    NetRxTrace n;
    std::vector<Segment> netrx, irqs;
    for (int d = 0; d < t.depthCount(0); ++d)
        for (std::size_t i = 0; i < t.segmentCount(0, d); ++i) {
            auto seg = t.segment(0, d, i);
            const auto name = t.str(seg.entity);
            if (name == "NET_RX" && seg.kind == ContextKind::Softirq) {
                n.softirq += seg.end - seg.start;
                netrx.push_back(seg);
            }
            if (name == "NET_RX" && seg.kind == ContextKind::Ksoftirqd) n.ksoftirqd += seg.end - seg.start;
            if (name == line && seg.kind == ContextKind::Hardirq) irqs.push_back(seg);
        }
    for (const auto& h : irqs)
        for (const auto& s : netrx)
            if (h.depth > s.depth && h.start >= s.start && h.start < s.end) ++n.irqOnNetRx;
    return n;
}

} // namespace irqscope::test
