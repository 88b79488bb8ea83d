// Running a chain: each step through the kernel's public calls, its deferred
// part (cost and "then") in the context the kernel runs it in.
#include "devices/device_instance.h"
#include "devices/metric_ref.h"
#include "kernel/machine.h"
#include "parts/chain.h"
#include "parts/source_parts.h"
#include "parts/workqueue_parts.h"

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <unordered_map>

namespace irqscope::parts {

using namespace kern;

// What a step owns at run time (chain.h: Step::state).
struct StepState {
    explicit StepState(sim::Rng r) : rng(r) {}
    sim::Rng rng;
    Tasklet* tasklet = nullptr;
    WorkItem* work = nullptr;
    std::optional<devices::LatencyRef> probe;
    // A wake step's task, looked up by name at its first wake-up rather
    // than in the name map at each one (a dozen nodes on a large machine).
    kern::Task* wakeTask = nullptr;
    bool wakeLookedUp = false;
};

class ChainRuntime {
public:
    ChainRuntime(Machine& m, PartsRuntime& rt) : m_(m), rt_(rt), id_(nextId()) {
        for (auto& perCpu : lists_) perCpu.resize(static_cast<std::size_t>(m.cpuCount()));
    }

    // The step's state; its tasklet, work item or softirq action made on first use.
    StepState& ensure(const Step& s) {
        if (s.stateOwner == id_) [[likely]]
            return *s.state;
        return make(s);
    }

    void prepare(const Step& s) {
        ensure(s);
        for (const Step& next : s.then) prepare(next);
    }

    Proc<void> run(Kctx& c, const Step& s, std::optional<Stamp> stamp) {
        StepState& st = ensure(s);
        const Costs& cost = m_.cfg().cost;
        switch (s.kind) {
        case Step::Kind::Softirq:
            co_await c.work(cost.softirqRaise);
            list(s.vec, c.cpu().id).push_back(Pending{&s, c.now()});
            m_.softirq().raise(c.cpu(), s.vec); // raise_softirq()
            break;
        case Step::Kind::Tasklet:
        case Step::Kind::HiTasklet:
            co_await c.work(cost.softirqRaise);
            m_.tasklets().schedule(c.cpu(), *st.tasklet, s.kind == Step::Kind::HiTasklet);
            break;
        case Step::Kind::Thread: break; // the source's IRQ thread runs it (source_runtime.cpp)
        case Step::Kind::Napi: break;   // the source's handler and poll run it (source_runtime.cpp)
        case Step::Kind::QueueWork:
            co_await c.work(cost.queueWork);
            if (auto it = rt_.workqueues.find(s.target); it != rt_.workqueues.end())
                m_.wq().queue(c.cpu(), *it->second->wq, *st.work); // queue_work()
            break;
        case Step::Kind::Wake:
            if (!s.cost.isZero()) co_await c.work(s.cost.sample(st.rng));
            if (!st.wakeLookedUp) {
                if (auto it = rt_.tasks.find(s.target); it != rt_.tasks.end()) st.wakeTask = it->second;
                st.wakeLookedUp = true;
            }
            if (st.wakeTask) co_await c.wakeUpProcess(*st.wakeTask); // wake_up_process()
            break;
        case Step::Kind::Complete:
            if (!s.cost.isZero()) co_await c.work(s.cost.sample(st.rng));
            co_await completeResource(c, rt_, s.target, stamp);
            break;
        case Step::Kind::Submit:
            if (!s.cost.isZero()) co_await c.work(s.cost.sample(st.rng));
            if (auto it = rt_.sources.find(s.target); it != rt_.sources.end()) it->second->submit();
            if (auto it = rt_.devices.find(s.target); it != rt_.devices.end())
                co_await it->second->submit(c); // a placed device: sleeps until its completion wakes the task
            break;
        }
    }

    void probe(const Step& s, const std::string& series) { ensure(s).probe.emplace(m_.rec(), series); }
    void sample(const Step& s, Time ns) {
        if (auto& p = ensure(s).probe) p->add(ns);
    }
    sim::Rng& rng(const Step& s) { return ensure(s).rng; }

private:
    static std::uint64_t nextId() {
        static std::atomic<std::uint64_t> last{0};
        return ++last;
    }

    // First use of a step by this runtime (or the step last ran in another
    // machine's): its state, made once, and the step's pointer to it.
    [[gnu::noinline]] StepState& make(const Step& s) {
        std::unique_ptr<StepState>& slot = steps_[&s];
        const bool fresh = !slot;
        if (fresh) slot = std::make_unique<StepState>(m_.rng("step/" + s.path));
        s.state = slot.get();
        s.stateOwner = id_; // the pointer is set first: never an owner with another's state
        StepState& st = *slot;
        if (!fresh) return st;
        switch (s.kind) {
        case Step::Kind::Softirq: hook(s.vec); break;
        case Step::Kind::Tasklet:
        case Step::Kind::HiTasklet:
            // tasklet_setup(): the driver's tasklet, one per step
            st.tasklet = &m_.tasklets().create(s.target, [this, &s](Kctx& c) { return deferred(c, s); });
            break;
        case Step::Kind::QueueWork:
            // INIT_WORK(): the driver's work_struct, one per step
            st.work = &m_.wq().item(s.fn, [this, &s](Kctx& c) { return deferred(c, s); });
            break;
        default: break;
        }
        return st;
    }

    struct Pending {
        const Step* step;
        Time raisedAt;
    };
    std::vector<Pending>& list(int vec, int cpu) {
        return lists_[static_cast<std::size_t>(vec)][static_cast<std::size_t>(cpu)];
    }

    // The vector's action: whatever the kernel or a built-in device opened it
    // with first, then this CPU's entries raised by steps.
    void hook(int vec) {
        const auto v = static_cast<std::size_t>(vec);
        if (hooked_[v]) return;
        hooked_[v] = true;
        previous_[v] = m_.softirq().handler(vec);
        m_.softirq().setHandler(vec, [this, vec](Kctx& c) { return action(c, vec); });
    }

    Proc<void> action(Kctx& c, int vec) {
        if (const CodeFn& prev = previous_[static_cast<std::size_t>(vec)]) co_await prev(c);
        const int cpu = c.cpu().id;
        std::vector<Pending> now;
        now.swap(list(vec, cpu)); // entries raised while these run wait for the restart
        for (const Pending& p : now) {
            StepState& st = ensure(*p.step);
            if (st.probe) st.probe->add(c.now() - p.raisedAt);
            co_await c.work(p.step->cost.sample(st.rng));
            co_await runSteps(c, rt_, p.step->then);
        }
        // The buffer goes back to the list for the next raises unless some
        // came meanwhile: a vector (not a deque, which allocates even empty)
        // so that an action allocates nothing once the lists have grown.
        now.clear();
        if (std::vector<Pending>& l = list(vec, cpu); l.empty()) l.swap(now);
    }

    // A tasklet's or a work item's function: the step's cost, then its chain.
    Proc<void> deferred(Kctx& c, const Step& s) {
        StepState& st = ensure(s);
        if (st.probe) st.probe->add(c.now() - (st.tasklet ? st.tasklet->scheduledAt : st.work->queuedAt));
        co_await c.work(s.cost.sample(st.rng));
        co_await runSteps(c, rt_, s.then);
    }

    Machine& m_;
    PartsRuntime& rt_;
    const std::uint64_t id_;
    std::unordered_map<const Step*, std::unique_ptr<StepState>> steps_;
    std::array<std::vector<std::vector<Pending>>, kSoftirqCount> lists_;
    std::array<CodeFn, kSoftirqCount> previous_;
    std::array<bool, kSoftirqCount> hooked_{};
};

ChainRuntime& chainRuntime(Machine& m, PartsRuntime& rt) {
    if (!rt.chains) rt.chains = std::make_shared<ChainRuntime>(m, rt);
    return *rt.chains;
}

void prepareChain(Machine& m, PartsRuntime& rt, const Step& step) {
    chainRuntime(m, rt).prepare(step);
}

void probeStep(Machine& m, PartsRuntime& rt, const Step& step, const std::string& series) {
    chainRuntime(m, rt).probe(step, series);
}

void sampleStep(PartsRuntime& rt, const Step& step, Time ns) {
    if (rt.chains) rt.chains->sample(step, ns);
}

sim::Rng& stepRng(Machine& m, PartsRuntime& rt, const Step& step) {
    return chainRuntime(m, rt).rng(step);
}

Proc<void> runStep(Kctx& c, PartsRuntime& rt, const Step& step, std::optional<Stamp> stamp) {
    return chainRuntime(c.m(), rt).run(c, step, stamp);
}

Proc<void> runSteps(Kctx& c, PartsRuntime& rt, const std::vector<Step>& steps, std::optional<Stamp> stamp) {
    for (const Step& s : steps) co_await runStep(c, rt, s, stamp);
}

} // namespace irqscope::parts
