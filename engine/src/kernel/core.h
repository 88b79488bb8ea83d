// Core kernel-model types: tasks, execution frames, CPUs and the context a
// code path runs in (Kctx). See exec.cpp for how a CPU executes frames.
#pragma once

#include "irqscope/trace.h"
#include "kernel/proc.h"
#include "sim/event_queue.h"

#include <array>
#include <bitset>
#include <coroutine>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace irqscope::kern {

class Machine;
struct Cpu;
struct Task;

inline constexpr int kMaxCpus = 256;
using CpuMask = std::bitset<kMaxCpus>;

// Flags of a piece of work: what the CPU's state is while it runs.
enum WorkFlags : std::uint8_t {
    kIrqsOff = 1,       // local_irq_disable / spin_lock_irqsave: no interrupt is taken
    kBhOff = 2,         // local_bh_disable: softirqs wait; the task is not preemptible
    kNoPreempt = 4,     // preempt_disable / spinlock
    kUser = 8,          // user-mode code: an interrupt returning here always may reschedule
    kReschedPoint = 16, // cond_resched(): a voluntary preemption point
};

struct Label {
    ContextKind kind = ContextKind::Idle;
    StringId entity = kNoString;
    StringId detail = kNoString;
    bool operator==(const Label&) const = default;
};

enum class Policy : std::uint8_t { Normal, Batch, Fifo, RR, Idle };

// A root code path running in one context on one CPU: a task's body, a
// hardirq flow, a softirq loop. Exactly one piece of work is outstanding: the
// coroutine suspended in `co_await c.work(ns)` waits for `remaining` ns of CPU.
struct Frame {
    enum class Type : std::uint8_t { Task, Hardirq, Softirq };
    Type type = Type::Task;
    Proc<void> root;
    std::coroutine_handle<> resumePoint; // what to resume when the work is done
    Time remaining = 0;                  // work left, in big-CPU nanoseconds
    bool hasWork = false;
    std::uint8_t flags = 0;     // WorkFlags of the outstanding work
    std::uint8_t baseFlags = 0; // held across a section (e.g. forced IRQ thread: BH+IRQs off)
    Label label;
    // trace: the segment open at this frame's depth
    Label openLabel;
    Time openSince = -1;
    Task* task = nullptr;             // task frames
    Cpu* cpu = nullptr;               // irq frames (tasks: task->cpu)
    std::function<void(Cpu&)> onExit; // irq frames: run when the frame pops
    std::unique_ptr<class Kctx> ctx;  // the context the root coroutine was given
    // The callable the root coroutine came from. A lambda coroutine refers to
    // its closure, so the closure must live as long as the coroutine does.
    std::function<Proc<void>(class Kctx&)> body;
};

struct Task {
    int pid = 0;
    std::string name;
    StringId nameId = kNoString;
    ContextKind kind = ContextKind::User;
    Policy policy = Policy::Normal;
    int rtPrio = 0; // 1..99 for FIFO/RR
    int nice = 0;
    std::uint32_t weight = 1024;
    CpuMask affinity;
    enum class State : std::uint8_t { Runnable, Running, Blocked, Dead } state = State::Blocked;
    Cpu* cpu = nullptr; // where it runs or is queued (or ran last)
    Frame frame;
    bool isIdle = false;
    struct Worker* worker = nullptr; // workqueue workers

    // fair class
    double vruntime = 0;
    double deadline = 0;
    double vlag = 0;
    Time slice = 0;
    bool sliceProtected = false; // EEVDF RUN_TO_PARITY: picked, slice not yet used up
    Time sumExec = 0;            // time charged to the task's scheduling entity
    Time execAtPick = 0;         // sumExec when last picked (CFS ideal-runtime check)
    Time rrLeft = 0;             // SCHED_RR slice left
    // PELT, runnable part only: a geometric average of the time the task was
    // runnable (half-life 32 ms), folded at each wake-up and sleep. A new task
    // starts fully loaded (init_entity_runnable_average()).
    double peltRunnable = 1.0;
    Time peltAt = 0;

    // accounting (`top`)
    Time chargedNs = 0;
    Time runNs = 0;

    // wake-up bookkeeping
    bool wakePending = false; // woken while running: don't block at the next block()
    bool hasWakeFlow = false;
    FlowKind wakeFlowKind = FlowKind::WakeTask;
    std::uint32_t wakeSrcLane = 0;
    Time wakeSrcTime = 0;
    Time wokenAt = 0;
    Time pendingSwitchCost = 0; // context-switch work done before resuming the body
    bool isRt() const { return policy == Policy::Fifo || policy == Policy::RR; }
};

struct Tasklet {
    std::string name;
    StringId nameId = kNoString;
    std::function<Proc<void>(class Kctx&)> fn;
    bool scheduled = false;
    bool running = false;
    int disabled = 0;
    Time scheduledAt = 0;
    std::uint32_t scheduledLane = 0;
};

struct Cpu {
    int id = 0;
    double speed = 1.0;
    std::uint32_t lane = 0;
    std::vector<Frame*> stack; // [0] = current task's frame
    std::vector<std::unique_ptr<Frame>> irqFrames;
    Task* curr = nullptr;
    Task* idle = nullptr;
    Task* ksoftirqd = nullptr;

    sim::EventId workEvent;
    Time workStart = 0;
    bool kickPending = false;
    bool needResched = false;
    bool needReschedLazy = false;
    Time lastAccount = 0;

    // softirq / tasklets
    std::uint32_t softirqPending = 0;
    std::array<Time, 10> softirqRaisedAt{};
    std::array<std::deque<Tasklet*>, 2> tasklets; // [0] TASKLET, [1] HI

    // run queue
    std::array<std::deque<Task*>, 100> rtQueue; // index = rt priority
    int rtQueued = 0;
    std::vector<Task*> fairQueue;
    double minVruntime = 0;
    Time rtTimeInPeriod = 0;
    Time rtPeriodStart = 0;
    bool rtThrottled = false;

    // local timer / tick
    sim::EventId timerEvent;
    Time nextTick = 0;
    bool tickStopped = false;
    std::uint64_t jiffiesSeen = 0;

    // watchdogs
    Task* stopper = nullptr; // migration/N: touches lastTouch when it runs
    Time lastWatchdogKick = 0;
    Time lastTouch = 0; // soft lockup: when the stopper last ran
    Time lastQs = 0;    // RCU: last quiescent state
    Time softWarnedAt = -1;
    Time rcuWarnedAt = -1;

    // metrics
    std::array<Time, kContextKindCount> nsByKind{};
    Time irqsOffNs = 0;
    std::uint64_t contextSwitches = 0;
    std::uint64_t interrupts = 0;

    // machine-state log: what was recorded last (changes only are logged)
    struct Logged {
        bool irqsOff = false;
        std::uint8_t needResched = 0;
        std::uint32_t softirqPending = 0;
        int priorities = 0;
        StringId running = kNoString;
    } logged;

    Frame* top() const { return stack.back(); }
    bool inIrqFrame() const { return stack.size() > 1; }
};

// The handle every kernel code path gets: which machine, which frame.
class Kctx {
public:
    Kctx(Machine& m, Frame& f) : m_(m), f_(f) {}
    Machine& m() const { return m_; }
    Frame& frame() const { return f_; }
    Cpu& cpu() const;
    Task* task() const { return f_.task; }
    Time now() const;

    // Spend `ns` of CPU time (scaled by the CPU's speed) with the given flags.
    struct WorkAwaiter {
        Kctx& c;
        Time ns;
        std::uint8_t flags;
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) noexcept {
            c.f_.resumePoint = h;
            c.f_.remaining = ns;
            c.f_.flags = flags | c.f_.baseFlags;
            c.f_.hasWork = true;
        }
        void await_resume() const noexcept {}
    };
    WorkAwaiter work(Time ns, std::uint8_t flags = 0) { return WorkAwaiter{*this, ns, flags}; }

    // What the trace shows for this frame from now on.
    void label(ContextKind kind, StringId entity, StringId detail = kNoString) {
        f_.label = Label{kind, entity, detail};
    }

    // Task frames: sleep until woken (TASK_INTERRUPTIBLE + schedule()).
    struct BlockAwaiter {
        Kctx& c;
        bool await_ready() const noexcept;
        void await_suspend(std::coroutine_handle<> h) noexcept;
        void await_resume() const noexcept {}
    };
    BlockAwaiter block() { return BlockAwaiter{*this}; }

    // Task frames: cond_resched(): reschedule here if need_resched is set.
    WorkAwaiter condResched() { return WorkAwaiter{*this, 0, kReschedPoint}; }

private:
    friend struct WorkAwaiter;
    Machine& m_;
    Frame& f_;
};

} // namespace irqscope::kern
