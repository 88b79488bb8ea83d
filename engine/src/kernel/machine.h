// The simulated machine: the root that owns the event queue, the interrupt
// controller, the CPUs and the kernel's mechanisms, and wires them together.
// One Machine is one run; nothing is global, so machines can run side by side.
//
// Each mechanism is a module with its own per-CPU state and rules:
//   exec.h        frames, irqs/BH off, preemption points, dispatch
//   accounting.h  time by context, irqs-off time, IRQ time accounting
//   sched/        core, fair (EEVDF/CFS), rt, placement + PELT, RT bandwidth
//   irq.h         genirq: flows, ONESHOT, threaded and forced-threaded IRQs
//   softirq.h     vectors, __do_softirq, ksoftirqd;  tasklet.h  tasklets
//   timers.h      the local timer: tick, hrtimers, NO_HZ
//   watchdogs.h   soft lockup and RCU stall detection
//   workqueue.h   worker pools, concurrency management, WQ_HIGHPRI/WQ_RT
// Recording is not among them: observers (observer.h) are told what changed.
#pragma once

#include "check/invariants.h"
#include "hw/gic.h"
#include "kernel/accounting.h"
#include "kernel/config.h"
#include "kernel/cost_draw.h"
#include "kernel/exec.h"
#include "kernel/irq.h"
#include "kernel/observer.h"
#include "kernel/recorder.h"
#include "kernel/sched/sched.h"
#include "kernel/softirq.h"
#include "kernel/tasklet.h"
#include "kernel/timers.h"
#include "kernel/watchdogs.h"
#include "kernel/workqueue.h"
#include "sim/event_queue.h"
#include "sim/rng.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <typeindex>
#include <utility>
#include <vector>

namespace irqscope::kern {

class Machine {
public:
    // names: where labels are interned (the trace's table), or null when
    // nothing is recorded (every name is then kNoString).
    Machine(const Config& cfg, std::uint64_t seed, StringTable* names);
    ~Machine();
    Machine(const Machine&) = delete;
    Machine& operator=(const Machine&) = delete;

    // ---- the world ----
    const Config& cfg() const { return cfg_; }
    sim::EventQueue& q() { return q_; }
    Time now() const { return q_.now(); }
    hw::Gic& gic() { return gic_; }
    const hw::Gic& gic() const { return gic_; }
    Cpu& cpu(int i) { return *cpus_[static_cast<std::size_t>(i)]; }
    const Cpu& cpu(int i) const { return *cpus_[static_cast<std::size_t>(i)]; }
    int cpuCount() const { return static_cast<int>(cpus_.size()); }
    CpuMask allCpus() const;
    CpuMask oneCpu(int cpu) const;
    StringId intern(std::string_view s) { return names_ ? names_->intern(s) : kNoString; }
    sim::Rng rng(std::string_view stream) const { return sim::Rng(seed_, stream); }
    // Costs drawn at each use (a distribution in the scenario), each from its own stream.
    CostDraws& draws() { return draws_; }
    Recorder& rec() { return rec_; }

    // ---- the mechanisms ----
    Exec& exec() { return exec_; }
    const Exec& exec() const { return exec_; }
    Accounting& accounting() { return accounting_; }
    Scheduler& sched() { return sched_; }
    GenIrq& irq() { return irq_; }
    Softirqs& softirq() { return softirq_; }
    const Softirqs& softirq() const { return softirq_; }
    Tasklets& tasklets() { return tasklets_; }
    Timers& timers() { return timers_; }
    Watchdogs& watchdogs() { return watchdogs_; }
    Workqueues& wq() { return wq_; }

    // ---- the kernel log: warnings a kernel prints (soft lockup, RCU stall) ----
    void warn(const Cpu& c, std::string kind, std::string message);
    const std::vector<Warning>& warnings() const { return warnings_; }

    // ---- observers (recording, checks): told of every change, in order ----
    void attach(MachineObserver& o) { observers_.attach(o); }
    const Observers& observers() const { return observers_; }

    // Device/workload state lives as long as the machine.
    void keepAlive(std::shared_ptr<void> p) { owned_.push_back(std::move(p)); }
    // Platform hardware several devices share (an SMMU's command queue): one
    // per machine and type, made by the first device that asks for it.
    template <class T, class... Args> T& platform(Args&&... args) {
        for (auto& [type, p] : platform_)
            if (type == std::type_index(typeid(T))) return *static_cast<T*>(p.get());
        auto p = std::make_shared<T>(std::forward<Args>(args)...);
        platform_.emplace_back(std::type_index(typeid(T)), p);
        return *p;
    }

    // ---- run ----
    void start();
    void runUntil(Time end, const std::atomic<bool>* cancel, const std::function<void(double)>& progress);
    // Simulated time stopped advancing (a cycle of work that costs nothing):
    // the run stops and says why. Costs of 0 are allowed one at a time, but a
    // loop of them would run forever inside one instant.
    void stall(std::string why);
    const std::optional<std::string>& stalled() const { return stalled_; }
    // The kernel refused a device's setup (sched_setattr() -EBUSY/-EINVAL): the
    // run does not go on and says which parameter and why.
    void refuse(std::string param, std::string why) {
        if (!refused_) refused_.emplace(std::move(param), std::move(why));
    }
    const std::optional<std::pair<std::string, std::string>>& refused() const { return refused_; }
    // The run is over: close what is open and report (metrics.cpp).
    void finish(Time end, Metrics& out);
    // The checker of an invariant build: the run loop reports every event to
    // it (time order, event balance) and stops at its first violation.
    void setChecker(check::Invariants* inv) { checker_ = inv; }

private:
    Config cfg_;
    std::uint64_t seed_;
    CostDraws draws_;
    StringTable* names_;
    sim::EventQueue q_;
    hw::Gic gic_;
    std::vector<std::unique_ptr<Cpu>> cpus_;
    Recorder rec_;
    FlowLatency flowLatency_{rec_.latency};
    std::vector<Warning> warnings_;
    Observers observers_;
    std::optional<std::string> stalled_;
    std::optional<std::pair<std::string, std::string>> refused_;
    check::Invariants* checker_ = nullptr;
    std::vector<std::shared_ptr<void>> owned_;
    std::vector<std::pair<std::type_index, std::shared_ptr<void>>> platform_;
    // the mechanisms, in the order they are made (each may use those before it)
    Exec exec_;
    Accounting accounting_;
    Scheduler sched_;
    GenIrq irq_;
    Softirqs softirq_;
    Tasklets tasklets_;
    Timers timers_;
    Watchdogs watchdogs_;
    Workqueues wq_;
};

// Kctx's clock, inline in every caller (kctx.h cannot include Machine).
inline Time Kctx::now() const {
    return m_.now();
}

} // namespace irqscope::kern
