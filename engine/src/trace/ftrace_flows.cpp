// Matching a cause with its effect by key (a wake-up with the switch that runs
// the task, a queue_work with its execute_start), whichever CPU's event is
// read first.
#include "trace/ftrace_stack.h"

namespace irqscope::ftrace {

std::optional<FlowMatcher::Match> FlowMatcher::cause(std::int64_t key, End c) {
    if (auto it = effects_.find(key); it != effects_.end()) {
        // the effect arrived first (its CPU was not buffering, this one was)
        const End e = it->second;
        effects_.erase(it);
        if (e.t >= c.t) return Match{c, e};
    }
    auto [it, inserted] = causes_.try_emplace(key, c);
    if (!inserted && c.t < it->second.t) it->second = c; // keep the earliest
    return std::nullopt;
}

std::optional<FlowMatcher::Match> FlowMatcher::effect(std::int64_t key, End e) {
    if (auto it = causes_.find(key); it != causes_.end() && it->second.t <= e.t) {
        const End c = it->second;
        causes_.erase(it);
        return Match{c, e};
    }
    effects_[key] = e;
    return std::nullopt;
}

} // namespace irqscope::ftrace
