#include "core/timeline/CausalChain.h"

#include <set>
#include <tuple>

namespace irqscope::app {

std::optional<SegmentRef> flowSource(const Trace& trace, const Flow& f) {
    if (f.srcLane >= trace.laneCount()) return std::nullopt;
    if (auto s = trace.topSegmentAt(f.srcLane, f.srcTime)) return SegmentRef{f.srcLane, *s};
    return std::nullopt;
}

std::optional<SegmentRef> flowTarget(const Trace& trace, const Flow& f) {
    if (f.dstLane >= trace.laneCount()) return std::nullopt;
    if (auto s = trace.topSegmentAt(f.dstLane, f.dstTime)) return SegmentRef{f.dstLane, *s};
    return std::nullopt;
}

namespace {
using Key = std::tuple<std::uint32_t, int, std::uint32_t>;
Key keyOf(const SegmentRef& r) {
    return {r.lane, r.segment.depth, r.segment.index};
}

template <typename Next, typename Endpoint>
std::vector<Flow> walk(const Trace& trace, const SegmentRef& start, int maxSteps, Next next, Endpoint endpoint) {
    std::vector<Flow> out;
    std::set<Key> seen{keyOf(start)};
    std::vector<SegmentRef> frontier{start};
    while (!frontier.empty() && static_cast<int>(out.size()) < maxSteps) {
        std::vector<SegmentRef> nextFrontier;
        for (const SegmentRef& s : frontier) {
            for (const Flow& f : next(s)) {
                if (static_cast<int>(out.size()) >= maxSteps) break;
                out.push_back(f);
                if (auto e = endpoint(trace, f); e && seen.insert(keyOf(*e)).second) nextFrontier.push_back(*e);
            }
        }
        frontier = std::move(nextFrontier);
    }
    return out;
}
} // namespace

CausalChain causalChain(const Trace& trace, const SegmentRef& seg, int maxSteps) {
    CausalChain c;
    c.causes = walk(
        trace, seg, maxSteps, [&](const SegmentRef& s) { return trace.flowsInto(s.lane, s.segment); }, flowSource);
    c.effects = walk(
        trace, seg, maxSteps, [&](const SegmentRef& s) { return trace.flowsFrom(s.lane, s.segment); }, flowTarget);
    return c;
}

} // namespace irqscope::app
