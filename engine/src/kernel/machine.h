// The simulated machine: CPUs, the interrupt controller, the kernel's
// mechanisms and the tasks, driven by one event queue. One Machine is one
// run; nothing is global, so machines can run side by side.
//
// The implementation is split by mechanism:
//   exec.cpp      how a CPU executes frames, takes interrupts, accounts time
//   sched.cpp     run queues, pick (RT, EEVDF/CFS), wake-up preemption, tick
//   irq.cpp       genirq: flow handler, ONESHOT, threaded and forced-threaded IRQs
//   softirq.cpp   softirq vectors, __do_softirq, ksoftirqd, tasklets
//   timer.cpp     the per-CPU local timer: tick, hrtimers, jiffies
//   watchdog.cpp  soft lockup and RCU stall detection
//   workqueue.cpp worker pools, concurrency management, WQ_HIGHPRI/WQ_RT
#pragma once

#include "check/invariants.h"
#include "hw/gic.h"
#include "irqscope/metrics.h"
#include "irqscope/state_log.h"
#include "kernel/config.h"
#include "kernel/core.h"
#include "kernel/workqueue.h"
#include "sim/event_queue.h"
#include "sim/rng.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace irqscope::kern {

enum Softirq : int { HI = 0, TIMER, NET_TX, NET_RX, BLOCK, IRQ_POLL, TASKLET, SCHED, HRTIMER, RCU, kSoftirqCount };
const char* softirqName(int vec);

enum class IrqReturn : std::uint8_t { None, Handled, WakeThread };

using IrqHandlerFn = std::function<Proc<IrqReturn>(Kctx&)>;
using CodeFn = std::function<Proc<void>(Kctx&)>;

// request_threaded_irq() flags that the model distinguishes.
enum IrqFlags : std::uint32_t { IRQF_ONESHOT = 1, IRQF_NO_THREAD = 2, IRQF_PERCPU = 4 };

struct IrqDesc {
    std::string name;
    hw::IrqLine* line = nullptr;
    IrqHandlerFn handler; // primary; empty = irq_default_primary_handler (wake thread)
    CodeFn threadFn;      // threaded handler; empty = none
    std::uint32_t flags = 0;
    bool forcedThread = false;
    bool oneshotSafeChip = false; // MSI / LPI: IRQCHIP_ONESHOT_SAFE
    Task* thread = nullptr;
    bool runThread = false;   // IRQTF_RUNTHREAD
    bool masked = false;      // ONESHOT mask in force
    bool eoiDeferred = false; // active-bit masking: DIR waits for the thread
    CpuMask threadAffinity;
    std::uint64_t count = 0; // /proc/interrupts
};

// A latency series and a throughput counter registry, shared by workloads/devices.
struct Recorder {
    std::map<std::string, LatencyHistogram> latency;
    std::map<std::string, std::uint64_t> counters;
    // Waits still open at the end of the run (a probe that never got the CPU):
    // key -> (series, since). finish() adds them as samples of (end - since),
    // so a starved probe shows up instead of vanishing from the statistics.
    std::map<std::string, std::pair<std::string, Time>> openWaits;
};

class Machine {
public:
    Machine(const Scenario& s, std::uint64_t seed, Trace* trace);
    ~Machine();
    Machine(const Machine&) = delete;
    Machine& operator=(const Machine&) = delete;

    // ---- world ----
    const Config& cfg() const { return cfg_; }
    const Scenario& scenario() const { return scenario_; }
    sim::EventQueue& q() { return q_; }
    Time now() const { return q_.now(); }
    hw::Gic& gic() { return gic_; }
    Cpu& cpu(int i) { return *cpus_[static_cast<std::size_t>(i)]; }
    int cpuCount() const { return static_cast<int>(cpus_.size()); }
    Trace* trace() { return trace_; }
    StringId intern(std::string_view s) { return trace_ ? trace_->intern(s) : kNoString; }
    sim::Rng rng(std::string_view stream) const { return sim::Rng(seed_, stream); }
    Recorder& rec() { return rec_; }
    Workqueues& wq() { return *wq_; }
    std::uint64_t jiffies() const { return static_cast<std::uint64_t>(now() / cfg_.tickPeriod); }

    // ---- tasks (sched.cpp) ----
    Task& createTask(std::string name, ContextKind kind, Policy policy, int prioOrNice, CpuMask affinity, CodeFn body);
    CpuMask allCpus() const;
    CpuMask oneCpu(int cpu) const;
    // try_to_wake_up from `waker` (nullptr: from a device/timer on `fromCpu`).
    // Returns true if the task was sleeping.
    bool wake(Task& t, int fromCpu, FlowKind flow = FlowKind::WakeTask);
    void setNeedResched(Cpu& c, bool lazyOk);
    void schedule(Cpu& c);
    void schedTick(Cpu& c);
    std::vector<std::unique_ptr<Task>>& tasks() { return tasks_; }

    // ---- execution (exec.cpp) ----
    void kick(Cpu& c); // re-evaluate this CPU soon (zero-delay event)
    void pushIrqFrame(Cpu& c, Frame::Type type, CodeFn root, Label label, std::function<void(Cpu&)> onExit = {});
    bool irqsEnabled(const Cpu& c) const;
    bool inInterrupt(const Cpu& c) const; // hardirq or softirq frame, or BH disabled
    void instant(const Cpu& c, InstantKind k, StringId entity, StringId detail = kNoString);
    void flow(FlowKind k, std::uint32_t srcLane, Time srcTime, std::uint32_t dstLane, Time dstTime);

    // ---- interrupts (irq.cpp) ----
    IrqDesc& requestIrq(hw::IrqLine& line, std::string name, IrqHandlerFn handler, CodeFn threadFn,
                        std::uint32_t flags);
    void raiseLine(hw::IrqLine& line); // device/software sets the line pending
    hw::IrqLine& ipiLine(int cpu) { return *ipiLines_[static_cast<std::size_t>(cpu)]; }
    void sendReschedIpi(int fromCpu, Cpu& target);

    // ---- softirq & tasklets (softirq.cpp) ----
    void raiseSoftirq(Cpu& c, int vec);
    void setSoftirqHandler(int vec, CodeFn fn) { softirqHandlers_[static_cast<std::size_t>(vec)] = std::move(fn); }
    Tasklet& createTasklet(std::string name, CodeFn fn);
    void taskletSchedule(Cpu& c, Tasklet& t, bool hi);
    Proc<void> doSoftirq(Kctx& c, bool inKsoftirqd);
    void irqExitSoftirq(Cpu& c); // irq_exit(): invoke_softirq when allowed
    // local_bh_enable() in a task: run pending softirqs on top of it.
    Proc<void> localBhEnable(Kctx& c);

    // ---- timers (timer.cpp) ----
    // An hrtimer on `cpu` expiring at `when`; fn runs in the timer hardirq.
    void hrtimerStart(int cpu, Time when, std::function<void(Kctx&, Time expiry)> fn);
    void armLocalTimer(Cpu& c);

    // ---- machine-state log (state_hooks.cpp): each helper records only a change ----
    void setStateLog(StateLog* log);
    StateLog* stateLog() const { return log_; }
    void logCpuState(Cpu& c); // irqs off, need_resched, softirq pending, running priority, current task
    void logLine(hw::IrqLine& l);
    void logRunqueue(Cpu& c, const Task& t, bool added);
    void logPool(WorkerPool& p);

    // ---- run ----
    void start();
    void runUntil(Time end, const std::atomic<bool>* cancel, const std::function<void(double)>& progress);
    void finish(Time end, Metrics& out);

private:
    friend class Kctx;
    // exec.cpp
    static void onWorkDone(void* cpu, std::uint64_t machine);
    static void onKick(void* cpu, std::uint64_t machine);
    void dispatch(Cpu& c);
    void suspendWork(Cpu& c);
    void account(Cpu& c);
    void takeInterrupt(Cpu& c);
    void popFrame(Cpu& c);
    void traceLabel(Cpu& c, std::size_t depth, Frame& f);
    void closeSegment(Cpu& c, std::size_t depth, Frame& f);
    bool taskPreemptible(const Cpu& c) const;
    // irq.cpp
    Proc<void> irqEntry(Kctx& c);
    Proc<void> handleFasteoi(Kctx& c, IrqDesc& d);
    Proc<void> handlePercpu(Kctx& c, IrqDesc& d);
    Proc<void> irqThread(Kctx& c, IrqDesc& d);
    Proc<void> unmaskThreadedIrq(Kctx& c, IrqDesc& d);
    // sched.cpp
    Task* pickNext(Cpu& c);
    void enqueue(Cpu& c, Task& t, bool wakeup);
    void dequeue(Cpu& c, Task& t);
    int selectCpu(Task& t, int fromCpu);
    bool cpuIdle(int cpu) const;
    int wakeAffine(Task& t, int thisCpu, int prevCpu);
    void peltFold(Task& t);
    double peltRunnableNow(const Task& t) const;
    double peltLoad(const Task& t) const;
    void checkPreemptWakeup(Cpu& c, Task& woken);
    void updateCurr(Cpu& c, Time delta);
    double avgVruntime(const Cpu& c) const;
    void placeEntity(Cpu& c, Task& t);
    bool eevdfPicksOther(Cpu& c, const Task* candidate);
    Task* pickFair(Cpu& c);
    void newidleBalance(Cpu& c);
    // softirq.cpp
    void wakeupSoftirqd(Cpu& c);
    Proc<void> taskletAction(Kctx& c, bool hi);
    Proc<void> ksoftirqdBody(Kctx& c);
    // timer.cpp
    static void onLocalTimer(void* cpu, std::uint64_t machine);
    Proc<IrqReturn> localTimerHandler(Kctx& c);
    // watchdog.cpp
    void watchdogCheck(Kctx& c);

    Scenario scenario_;
    Config cfg_;
    std::uint64_t seed_;
    sim::EventQueue q_;
    hw::Gic gic_;
    Trace* trace_;
    StateLog* log_ = nullptr;
    Recorder rec_;
    std::unique_ptr<Workqueues> wq_;
    std::vector<std::unique_ptr<Cpu>> cpus_;
    std::vector<std::unique_ptr<Task>> tasks_;
    std::vector<std::unique_ptr<IrqDesc>> irqDescs_;
    std::vector<std::unique_ptr<Tasklet>> tasklets_;
    std::vector<hw::IrqLine*> ipiLines_;
    std::vector<hw::IrqLine*> timerLines_;
    std::array<CodeFn, kSoftirqCount> softirqHandlers_;
    std::array<StringId, kSoftirqCount> softirqNames_{};
    struct HrTimer {
        Time when;
        std::uint64_t seq;
        std::function<void(Kctx&, Time)> fn;
    };
    std::vector<std::vector<HrTimer>> hrtimers_; // per CPU, unsorted (few)
    std::uint64_t hrSeq_ = 0;
    std::vector<Warning> warnings_;
    int nextPid_ = 1;
    StringId sIdle_ = kNoString, sCtxSwitch_ = kNoString;

public:
    std::vector<Warning>& warnings() { return warnings_; }
    // Self-checks (live in IRQSCOPE_INVARIANTS builds); a violation stops runUntil.
    check::Invariants& invariants() { return inv_; }
    void warn(const Cpu& c, std::string kind, std::string message);
    // Device/workload state lives as long as the machine.
    void keepAlive(std::shared_ptr<void> p) { owned_.push_back(std::move(p)); }

private:
    std::vector<std::shared_ptr<void>> owned_;
    check::Invariants inv_;
};

} // namespace irqscope::kern
