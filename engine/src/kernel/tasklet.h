// Tasklets (kernel/softirq.c tasklet_action_common()): per-CPU lists run by
// the TASKLET and HI softirqs, coalesced by TASKLET_STATE_SCHED, serialised by
// TASKLET_STATE_RUN (a tasklet running elsewhere is re-queued), never migrated.
#pragma once

#include "kernel/cpu.h"
#include "kernel/kctx.h"

#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace irqscope::kern {

class Machine;

struct Tasklet {
    std::string name;
    StringId nameId = kNoString;
    CodeFn fn;
    bool scheduled = false; // TASKLET_STATE_SCHED
    bool running = false;   // TASKLET_STATE_RUN
    int disabled = 0;
    Time scheduledAt = 0;
    int scheduledCpu = 0;
};

class Tasklets {
public:
    // Registers the HI and TASKLET softirq actions.
    explicit Tasklets(Machine& m);

    Tasklet& create(std::string name, CodeFn fn);
    // tasklet_schedule() / tasklet_hi_schedule() on the CPU c runs on.
    void schedule(Cpu& c, Tasklet& t, bool hi);

private:
    Proc<void> action(Kctx& c, bool hi);
    std::deque<Tasklet*>& list(int cpu, bool hi) { return lists_[static_cast<std::size_t>(cpu)][hi ? 1 : 0]; }

    Machine& m_;
    std::vector<std::array<std::deque<Tasklet*>, 2>> lists_; // per CPU: [0] TASKLET, [1] HI
    std::vector<std::unique_ptr<Tasklet>> tasklets_;
};

} // namespace irqscope::kern
