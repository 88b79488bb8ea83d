// A CPU's run queue (struct rq, kernel/sched/sched.h): what each scheduling
// class keeps per CPU, in one cache-aligned structure per CPU instead of one
// vector per class, so that a pick, a wake-up or a dispatch step's charge on
// a CPU touches few lines of it (and lines of no other CPU):
//   line 0: the stop class's queue, the fair queue and the RT bandwidth
//           (every pick reads them);
//   line 1: the fair server (charged at every dispatch step of a fair task);
//   line 2: the deadline queue, the idle mark and the switch count;
//   then the RT class: its bitmap and count first, its 100 lists after.
// Each class reads only its own part (FairSched, RtSched, DlSched, RtBandwidth).
#pragma once

#include "kernel/task.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace irqscope::kern {

// The fair class's queue of one CPU (struct cfs_rq).
struct FairRq {
    std::vector<Task*> queue;
    double minVruntime = 0;
};

// RT throttling before 6.12 (bandwidth.h): struct rt_rq's rt_time and rt_runtime.
struct RtBandwidthRq {
    Time rtTime = 0;  // rt_rq->rt_time
    Time runtime = 0; // rt_rq->rt_runtime: this CPU's share, moved by RT_RUNTIME_SHARE
    bool throttled = false;
};

// The fair server (deadline.h): a deadline entity without a task.
struct DlServer {
    DlEntity se;
    bool active = false;       // dl_server_active
    bool deferArmed = false;   // dl_defer_armed: the timer waits for deadline - runtime
    bool deferRunning = false; // dl_defer_running: fair tasks starved, the server runs
    bool running = false;      // the current task runs for it
};

// The deadline class's queue of one CPU (struct dl_rq), its fair server first.
struct DlRq {
    DlServer server;
    std::vector<DlEntity*> queue; // insertion order; EDF by scan (ties: first queued)
    std::vector<Task*> owners;    // the task of each entry, null for the server
    Time idleSince = 0;
};

// The RT class's queue of one CPU (struct rt_rq). What queued(), highest() and
// below() read of another CPU comes first. The lists are vectors, which hold
// no heap buffer while empty: a CPU queues a few RT tasks at most, and a
// std::deque allocates its map and a 512-byte block even empty (about 57 KB
// per CPU for the 100 lists).
struct RtRq {
    std::array<std::uint64_t, 2> bitmap{}; // bit p: lists[p] is not empty (rt_prio_array.bitmap)
    int queued = 0;
    std::array<std::vector<Task*>, 100> lists; // index = rt priority, head first
};

struct alignas(64) RunQueue {
    Task* stopQueued = nullptr; // the stop class's queue: at most the CPU's stopper
    FairRq fair;
    RtBandwidthRq bandwidth;
    alignas(64) DlRq dl;
    std::uint64_t nrSwitches = 0;
    alignas(64) RtRq rt;
};
static_assert(sizeof(Task*) + sizeof(FairRq) + sizeof(RtBandwidthRq) <= 64 && sizeof(DlServer) <= 64 &&
                  offsetof(RunQueue, nrSwitches) + sizeof(std::uint64_t) <= 192,
              "the lines of a run queue are as described above");

} // namespace irqscope::kern
