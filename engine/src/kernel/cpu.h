// A CPU as the execution core sees it: the stack of frames it runs, the task
// that is current, its one outstanding piece of work and the need_resched
// flags, and the CPU time charged to each context (written at each of its
// dispatch steps). Every other mechanism keeps its own per-CPU state, indexed by id.
#pragma once

#include "kernel/frame.h"
#include "sim/event_queue.h"

#include <array>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <vector>

namespace irqscope::kern {

// The frames a CPU runs, bottom ([0], the current task's) to top, kept inside
// the Cpu: the top frame's pointer is on the Cpu's first cache line instead
// of in a heap buffer of its own. At most a task, a softirq and a hardirq:
// a hardirq frame keeps interrupts disabled and softirqs do not start inside
// one another (Softirqs::irqExit() tests in_interrupt()); one spare.
class FrameStack {
public:
    static constexpr std::size_t kCapacity = 4;
    std::size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    Frame* back() const { return f_[n_ - 1]; }
    Frame*& operator[](std::size_t i) { return f_[i]; }
    Frame* operator[](std::size_t i) const { return f_[i]; }
    void push_back(Frame* f) {
        if (n_ == kCapacity) std::abort(); // see above: cannot happen
        f_[n_++] = f;
    }
    void pop_back() { --n_; }
    Frame* const* begin() const { return f_.data(); }
    Frame* const* end() const { return f_.data() + n_; }

private:
    std::array<Frame*, kCapacity> f_{};
    std::uint32_t n_ = 0;
};

// The CPU time the accounting (accounting.h) charged to each context on this
// CPU (kernel/sched/cputime.c): kept inside the Cpu, on the line the dispatch
// step that charges it writes anyway (see Cpu).
struct CpuTime {
    Time last = 0; // the time charged up to
    Time irqsOffNs = 0;
    std::array<Time, kContextKindCount> nsByKind{};
};

// An interrupt's return that reschedules (Exec::returnPath()): none pending,
// on its way to __schedule() (cost.resched_exit_ns), arrived there.
enum ReturnPath : std::uint8_t { kReturnNone, kOnTheWay, kArrived };

// Aligned to a cache line, the fields every dispatch step reads first (the
// frame stack, curr, the work event, id and the flags dispatch() tests) fill
// the first 64 bytes; the second holds the work's start and speed, written
// when work starts, and with them the accounting's clock and the time of the
// contexts a task's work and idle are charged to (Idle, User), so that a
// dispatch step charging a task touches no line of its own for it; the
// kernel contexts (Kthread to Nmi) fill the third line exactly.
struct alignas(64) Cpu {
    FrameStack stack; // [0] = current task's frame
    Task* curr = nullptr;
    sim::EventId workEvent;
    int id = 0;
    bool kickPending = false;
    bool needResched = false;     // TIF_NEED_RESCHED
    bool needReschedLazy = false; // TIF_NEED_RESCHED_LAZY
    // The task frame is being returned to from an interrupt (the exit path
    // that checks the TIF flags: irqentry_exit_to_user_mode()).
    bool irqReturn = false;

    Time workStart = 0;
    double speed = 1.0; // work done per ns, relative to a big core
    Task* idle = nullptr;
    // An interrupt woke this CPU from its idle state and paid the exit
    // (machine.idle_exit_ns); until the CPU settles back into idle or switches
    // to a task, neither another interrupt nor that switch pays it again.
    bool idleWoken = false;
    std::uint8_t returnPath = kReturnNone; // ReturnPath
    CpuTime time;
    std::vector<std::unique_ptr<Frame>> irqFrames;

    Frame* top() const { return stack.back(); }
    bool inIrqFrame() const { return stack.size() > 1; }
};
static_assert(offsetof(Cpu, workStart) == 64, "the hot fields fill the first cache line");
static_assert(offsetof(Cpu, time) + offsetof(CpuTime, nsByKind) + 2 * sizeof(Time) == 128 &&
                  static_cast<int>(ContextKind::Idle) == 0 && static_cast<int>(ContextKind::User) == 1 &&
                  static_cast<int>(ContextKind::Nmi) == 9,
              "Idle and User time on the second line, Kthread to Nmi on the third");

} // namespace irqscope::kern
