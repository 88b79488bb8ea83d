// What a handler does next: a chain of steps ("then"), each a kernel call
// with its own cost and its own "then" — raise a softirq, schedule a tasklet,
// wake the IRQ thread, queue work, wake a task, complete a completion. Task
// events that act on other parts ("queue_work", "submit") are steps too, so a
// task and a handler queue work the same way.
//
// Where a step's cost and its "then" run is the kernel's: a softirq step's in
// the vector's action (__do_softirq(), or ksoftirqd), a tasklet's in the
// tasklet (the TASKLET or HI softirq), a thread step's in the IRQ thread, a
// queue_work step's in a kworker of the workqueue's pool. A wake, complete or
// submit step does its cost in the caller, then makes the call. The caller
// pays the call itself (cost.softirq_raise, cost.queue_work, cost.wakeup).
//
// Coalescing is the kernel's too: a tasklet scheduled again before it runs
// runs once (TASKLET_STATE_SCHED), a work item queued again while pending runs
// once (WORK_STRUCT_PENDING). Each softirq step raise adds one entry to the
// CPU's list for that vector, run once by the action, as blk-mq's completion
// list (blk_mq_complete_request_remote() -> BLOCK_SOFTIRQ) is.
//
// A napi step (last in a source's own "then") makes the source a NAPI device:
// its arrivals fill an RX ring, the handler masks the device's interrupt and
// napi_schedule()s, and NET_RX polls the ring `weight` packets at a time, the
// step's cost and "then" once per packet, until the ring is empty:
// napi_complete_done() and unmask (source_runtime.cpp, on devices/nic/napi.h).
#pragma once

#include "irqscope/result.h"
#include "kernel/proc.h"
#include "parts/distribution.h"
#include "parts/part_names.h"
#include "parts/registry.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace irqscope::kern {
class Kctx;
class Machine;
} // namespace irqscope::kern

namespace irqscope::parts {

struct StepState; // chain_run.cpp: what a step owns at run time

struct Step {
    enum class Kind : std::uint8_t { Softirq, Tasklet, HiTasklet, Thread, QueueWork, Wake, Complete, Submit, Napi };
    Kind kind = Kind::Wake;
    // The part or object the step names: the vector (softirq), the tasklet,
    // the workqueue, the task, the resource or the source. Empty for thread.
    std::string target;
    int vec = 0;       // softirq: the vector (NET_TX, NET_RX, BLOCK, IRQ_POLL)
    Distribution cost; // the step's own work
    std::vector<Step> then;
    bool oneshot = false; // thread: IRQF_ONESHOT
    int priority = 0;     // thread: SCHED_FIFO priority of the IRQ thread (0: the kernel's)
    int weight = 64;      // napi: packets one poll may take (NAPI_POLL_WEIGHT)
    int ring = 1024;      // napi: the device's RX descriptors; an arrival to a full ring is dropped
    std::string fn;       // queue_work: the work function's name in the trace
    std::string path;     // JSON path ("sources[0].then[1]"): errors, probes, its random stream
    // Run time: the state the chains' runtime keeps for this step, and which
    // runtime that is (ChainRuntime::id(): unique in the process, never
    // reused, so a pointer left by a runtime that is gone is never taken).
    // Each step of a chain asks for its state; this makes that a compare and
    // a load instead of a hash look-up keyed by the step. A step run by
    // another machine (a test may share parts between machines, one at a time)
    // finds its own state again through that runtime's map.
    mutable std::uint64_t stateOwner = 0;
    mutable StepState* state = nullptr;
};

// The name a step has in the language ("softirq", "hi_tasklet", ...).
const char* stepKindName(Step::Kind k);

// A "then" list at `path` ("sources[0].then"). `underSource`: the list is a
// source's own, where a thread step may stand (last: the primary handler
// returns IRQ_WAKE_THREAD when its other steps are done).
Result<std::vector<Step>> readChain(const nlohmann::json& then, const PartNames& names, const std::string& source,
                                    const std::string& path, bool underSource);

// A task event that is a kernel action: {"queue_work": {...}} or {"submit": "src"}.
// `path` is the event's JSON path for errors.
Result<std::shared_ptr<const Step>> readTaskKernelEvent(const nlohmann::json& event, const PartNames& names,
                                                        const std::string& source, const std::string& path);

// Runs a step (and the chain it starts) in the caller's context. The step must
// live as long as the machine (a task keeps its shared_ptr). `stamp`: the
// arrival the caller works on (a source's handler, a napi step's packet, its
// thread step), which a complete step hands to the completion; a deferred
// step's chain (softirq, tasklet, work) runs without one.
kern::Proc<void> runStep(kern::Kctx& c, PartsRuntime& rt, const Step& step, std::optional<Stamp> stamp = std::nullopt);
// Runs each step of a list in order.
kern::Proc<void> runSteps(kern::Kctx& c, PartsRuntime& rt, const std::vector<Step>& steps,
                          std::optional<Stamp> stamp = std::nullopt);

// The run-time side of the chains: what the steps own (a tasklet, a work item,
// a random stream, a probe) and the per-CPU lists of the softirq vectors they
// raise. Made on first use; a source's install prepares its chain before the
// run starts.
ChainRuntime& chainRuntime(kern::Machine& m, PartsRuntime& rt);
// Makes what `step` and its chain need (tasklets, work items, softirq actions).
void prepareChain(kern::Machine& m, PartsRuntime& rt, const Step& step);
// A probe's series for the raise-to-run time of `step` (when its deferred
// work starts: the softirq entry, the tasklet, the thread, the work function).
void probeStep(kern::Machine& m, PartsRuntime& rt, const Step& step, const std::string& series);
// The thread step's raise-to-run sample (the source's IRQ thread measures it).
void sampleStep(PartsRuntime& rt, const Step& step, Time ns);
// The step's random stream (its cost draws).
sim::Rng& stepRng(kern::Machine& m, PartsRuntime& rt, const Step& step);

} // namespace irqscope::parts
