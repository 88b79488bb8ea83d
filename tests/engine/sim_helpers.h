// Helpers for engine tests: build a scenario from key=value pairs, run it,
// and look at what the trace and metrics recorded.
#pragma once

#include "irqscope/engine.h"
#include "irqscope/scenario.h"

#include <QTest>

#include <initializer_list>
#include <string>
#include <utility>

namespace irqscope::test {

inline Scenario scenarioWith(std::initializer_list<std::pair<const char*, const char*>> kv) {
    Scenario s;
    for (const auto& [k, v] : kv) {
        auto st = s.set(k, v);
        if (!st) qFatal("bad test scenario: %s", st.error().toString().c_str());
    }
    return s;
}

inline RunResult runOrDie(const Scenario& s, RunOptions o = {}) {
    auto r = run(s, o);
    if (!r) qFatal("run failed: %s", r.error().toString().c_str());
    return std::move(*r);
}

// Total time of segments of `kind` on a lane, at any depth (for nested views).
inline Time kindTime(const Trace& t, std::uint32_t lane, ContextKind kind) {
    Time sum = 0;
    for (int d = 0; d < t.depthCount(lane); ++d)
        for (std::size_t i = 0; i < t.segmentCount(lane, d); ++i) {
            auto s = t.segment(lane, d, i);
            if (s.kind == kind) sum += s.end - s.start;
        }
    return sum;
}

} // namespace irqscope::test
