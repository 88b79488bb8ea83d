// A machine built by hand for focused mechanism tests: the test installs its
// own IRQ lines, handlers and tasks, schedules device events at chosen times,
// runs, and inspects the trace and metrics. Uses the engine's private model
// headers (engine/src), which is what a unit test of the model should do.
#pragma once

#include "check/invariant_observer.h"
#include "kernel/machine.h"
#include "scenario/kernel_config.h"
#include "sim_helpers.h"
#include "state/state_log_recorder.h"
#include "trace/trace_recorder.h"

#include <functional>
#include <list>
#include <memory>
#include <optional>

namespace irqscope::test {

class Harness {
public:
    explicit Harness(std::initializer_list<std::pair<const char*, const char*>> kv) : scenario_(scenarioWith(kv)) {
        m = std::make_unique<kern::Machine>(kernelConfig(scenario_), 1, &trace.strings());
        m->attach(recorder_.emplace(trace, *m));
        if (check::Invariants::compiledIn()) {
            m->attach(checker_.emplace(invariants_, *m));
            m->setChecker(&invariants_);
        }
    }

    // Record the machine-state log too (before anything runs).
    void recordState(StateLog& log) { m->attach(stateRecorder_.emplace(log, *m)); }
    check::Invariants& invariants() { return invariants_; }

    // Run fn at simulated time t (a device event: not on any CPU).
    void at(Time t, std::function<void()> fn) {
        fns_.push_back(std::move(fn));
        m->q().schedule<&Harness::fire>(t, *this, fns_.back());
    }

    void run(Time until) {
        m->start();
        m->runUntil(until, nullptr, {});
        m->finish(until, metrics);
        recorder_->wait(); // the recording thread has written every record
        trace.setTimeRange(0, until);
        trace.finalize();
    }

    // Segments of a kind on a CPU lane (any depth), in start order.
    std::vector<Segment> segments(int cpu, ContextKind kind) const {
        std::vector<Segment> out;
        const auto lane = static_cast<std::uint32_t>(cpu);
        for (int d = 0; d < trace.depthCount(lane); ++d)
            for (std::size_t i = 0; i < trace.segmentCount(lane, d); ++i) {
                auto s = trace.segment(lane, d, i);
                if (s.kind == kind) out.push_back(s);
            }
        std::sort(out.begin(), out.end(), [](const Segment& a, const Segment& b) { return a.start < b.start; });
        return out;
    }
    std::vector<Segment> segments(int cpu, ContextKind kind, std::string_view entity) const {
        std::vector<Segment> out;
        for (auto& s : segments(cpu, kind))
            if (trace.str(s.entity) == entity) out.push_back(s);
        return out;
    }
    std::vector<Instant> instants(int cpu, InstantKind kind) const {
        std::vector<Instant> out;
        for (auto& i : trace.instants(static_cast<std::uint32_t>(cpu)))
            if (i.kind == kind) out.push_back(i);
        return out;
    }
    const TaskMetrics* task(std::string_view name) const {
        for (auto& t : metrics.tasks)
            if (t.name == name) return &t;
        return nullptr;
    }

    Trace trace;
    Metrics metrics;
    std::unique_ptr<kern::Machine> m;

private:
    std::optional<TraceRecorder> recorder_;
    std::optional<StateLogRecorder> stateRecorder_;
    check::Invariants invariants_;
    std::optional<check::InvariantObserver> checker_;
    void fire(std::function<void()>& fn) { fn(); }
    Scenario scenario_;
    std::list<std::function<void()>> fns_;
};

// A user task that spins in user mode forever.
inline kern::Task& spinner(kern::Machine& m, const std::string& name, int cpu, kern::Policy pol = kern::Policy::Normal,
                           int prioOrNice = 0, std::uint8_t flags = kern::kUser) {
    auto& t = m.sched().createTask(name, ContextKind::User, pol, prioOrNice, m.oneCpu(cpu),
                                   [flags](kern::Kctx& c) -> kern::Proc<void> {
                                       for (;;) co_await c.work(kMs, flags);
                                   });
    m.sched().wake(t, -1);
    return t;
}

// A user task on `cpu` that sleeps until woken, then records in *latency how
// long the wake-up took and runs 10 us.
inline kern::Task& sleeper(kern::Machine& m, const std::string& name, int cpu, kern::Policy pol, int prioOrNice,
                           Time* latency) {
    auto& t = m.sched().createTask(name, ContextKind::User, pol, prioOrNice, m.oneCpu(cpu),
                                   [latency](kern::Kctx& c) -> kern::Proc<void> {
                                       for (;;) {
                                           co_await c.block();
                                           *latency = c.now() - c.task()->wokenAt;
                                           co_await c.work(10 * kUs, kern::kUser);
                                       }
                                   });
    m.sched().wake(t, -1); // run up to its first sleep
    return t;
}

} // namespace irqscope::test
