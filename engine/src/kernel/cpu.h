// A CPU as the execution core sees it: the stack of frames it runs, the task
// that is current, its one outstanding piece of work and the need_resched
// flags. Every other mechanism keeps its own per-CPU state, indexed by id.
#pragma once

#include "kernel/frame.h"
#include "sim/event_queue.h"

#include <memory>
#include <vector>

namespace irqscope::kern {

struct Cpu {
    int id = 0;
    double speed = 1.0;        // work done per ns, relative to a big core
    std::vector<Frame*> stack; // [0] = current task's frame
    std::vector<std::unique_ptr<Frame>> irqFrames;
    Task* curr = nullptr;
    Task* idle = nullptr;

    sim::EventId workEvent;
    Time workStart = 0;
    bool kickPending = false;
    bool needResched = false;     // TIF_NEED_RESCHED
    bool needReschedLazy = false; // TIF_NEED_RESCHED_LAZY
    // The task frame is being returned to from an interrupt (the exit path
    // that checks the TIF flags: irqentry_exit_to_user_mode()).
    bool irqReturn = false;
    // An interrupt woke this CPU from its idle state and paid the exit
    // (machine.idle_exit_ns); until the CPU settles back into idle or switches
    // to a task, neither another interrupt nor that switch pays it again.
    bool idleWoken = false;

    Frame* top() const { return stack.back(); }
    bool inIrqFrame() const { return stack.size() > 1; }
};

} // namespace irqscope::kern
