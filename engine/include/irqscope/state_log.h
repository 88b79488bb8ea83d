// The machine-state log: what the trace does not show, recorded while simulating.
//
// The trace holds what each CPU executed (nested segments) and the moments of
// raises, acks and wake-ups. The slow-motion player also needs the state in
// between: is need_resched set, are interrupts off, which softirqs are pending,
// what is the GIC CPU interface's running priority, which tasks wait on each
// run queue, which interrupt lines are pending / active / masked, how many work
// items wait in each worker pool. The simulation appends one small record per
// change (time order); stateAt() replays them from the nearest checkpoint.
//
// The log is optional: an imported ftrace run has none, and the reader then
// reports only what the trace itself gives (the context stack). A memory cap
// stops recording at a point in time (recordedUntil()); replay is exact before
// it and reports "not recorded" after it.
#pragma once

#include "irqscope/time.h"
#include "irqscope/trace.h"

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace irqscope {

enum class StateField : std::uint8_t {
    NeedResched,     // cpu; value bit 0 = TIF_NEED_RESCHED, bit 1 = TIF_NEED_RESCHED_LAZY
    IrqsOff,         // cpu; value 1 = local interrupts disabled (hardirq, local_irq_disable)
    SoftirqPending,  // cpu; value = pending mask (bit = vector)
    RunningPriority, // cpu; value = priorities active at the GIC CPU interface (0 = idle priority)
    RunqueueAdd,     // cpu; value = name of the task now runnable (waiting) on this CPU's run queue
    RunqueueRemove,  // cpu; value = name of the task leaving the queue (picked, migrated)
    Running,         // cpu; value = name of the task now current
    LineState,       // line; value = kLine* bits
    PoolPending,     // pool; value = work items waiting on the worklist
    PoolBusy,        // pool; value = workers running a work item
    PoolIdle,        // pool; value = workers on the idle list
    PoolWorkers,     // pool; value = workers that exist
};

// LineState values: bits of the controller state of one INTID.
inline constexpr std::uint32_t kLinePending = 1, kLineActive = 2, kLineMasked = 4;

// 16 bytes: a field carries either a number or a name, never both.
struct StateRecord {
    Time t = 0;
    std::uint16_t subject = 0; // cpu, line or pool index
    StateField field = StateField::NeedResched;
    std::uint8_t reserved = 0;
    std::uint32_t value = 0; // the number, or the StringId of the name fields (Runqueue*, Running)
};

struct StateLineInfo {
    std::string name;
    int intid = 0;
    int cpu = 0;
};

struct StatePoolInfo {
    std::string name; // "0", "0H", "u4"
    int cpu = -1;     // -1: unbound
};

// The full state of the machine at one time.
struct CpuStateAt {
    int cpu = 0;
    std::uint32_t lane = 0;
    std::vector<Segment> stack; // depth 0 (task or idle) upwards, from the trace
    // From the log (meaningless when MachineState::recorded is false):
    bool irqsOff = false;
    bool needResched = false;
    bool needReschedLazy = false;
    std::uint32_t softirqPending = 0;
    int activePriorities = 0;
    StringId running = kNoString;
    std::vector<StringId> runnable; // waiting on the run queue, in queueing order
};

struct LineStateAt {
    StateLineInfo info;
    bool pending = false;
    bool active = false;
    bool masked = false;
};

struct PoolStateAt {
    StatePoolInfo info;
    int pending = 0;
    int busy = 0;
    int idle = 0;
    int workers = 0;
};

struct MachineState {
    Time t = 0;
    bool recorded = false; // the log covers t: everything below is meaningful
    std::vector<CpuStateAt> cpus;
    std::vector<LineStateAt> lines; // log, or the trace's interrupt-line lanes
    std::vector<PoolStateAt> pools;
};

class StateLog {
public:
    StateLog();
    StateLog(StateLog&&) noexcept;
    StateLog& operator=(StateLog&&) noexcept;
    StateLog(const StateLog&) = delete;
    StateLog& operator=(const StateLog&) = delete;
    ~StateLog();

    // ---- recording (the simulation) ----
    void setCpuCount(int cpus) { cpus_ = cpus; }
    std::uint16_t addLine(StateLineInfo info);
    std::uint16_t addPool(StatePoolInfo info);
    // Past the budget recording stops for good: a replay needs every record.
    void setMemoryBudget(std::size_t bytes) { budgetBytes_ = bytes; }
    void record(Time t, std::uint16_t subject, StateField field, std::uint32_t value) {
        if (stopped_) return;
        if (budgetBytes_ && (records_.size + 1) * sizeof(StateRecord) > budgetBytes_) {
            stopped_ = true;
            recordedUntil_ = t;
            return;
        }
        if (records_.size == records_.capacity) [[unlikely]]
            records_.grow();
        records_.data[records_.size++] = StateRecord{t, subject, field, 0, value};
    }
    // Build the checkpoints; call once when the run is over (end = its end time).
    void finalize(Time end);

    // ---- reading ----
    bool empty() const { return !active_; }
    bool active() const { return active_; }
    int cpuCount() const { return cpus_; }
    std::span<const StateRecord> records() const { return {records_.data, records_.size}; }
    const std::vector<StateLineInfo>& lines() const { return lines_; }
    const std::vector<StatePoolInfo>& pools() const { return pools_; }
    // Exact up to this time (the end of the run unless the budget stopped it).
    Time recordedUntil() const { return recordedUntil_; }
    bool truncated() const { return stopped_; }
    std::size_t memoryBytes() const;

    void markActive() { active_ = true; }

private:
    friend MachineState stateAt(const Trace&, const StateLog&, Time);
    struct Checkpoint;
    // The records in one block (trace/page_block.h): a large block grows by
    // moving its pages (mremap) rather than by copying them into new ones,
    // its huge pages fault 2 MiB at a time, and finalize() trims it, so a
    // long log is touched once, with few faults.
    struct Records {
        struct Block; // the PageBlock, out of this header
        struct Drop {
            void operator()(Block* b) const;
        };
        std::unique_ptr<Block, Drop> block;
        StateRecord* data = nullptr;
        std::size_t size = 0, capacity = 0;
        Records() = default;
        Records(Records&& o) noexcept
            : block(std::move(o.block)), data(std::exchange(o.data, nullptr)), size(std::exchange(o.size, 0)),
              capacity(std::exchange(o.capacity, 0)) {}
        Records& operator=(Records&& o) noexcept {
            block = std::move(o.block);
            data = std::exchange(o.data, nullptr);
            size = std::exchange(o.size, 0);
            capacity = std::exchange(o.capacity, 0);
            return *this;
        }
        void grow();                          // twice the capacity
        void resize(std::size_t newCapacity); // at least size
    };
    Records records_;
    std::vector<StateLineInfo> lines_;
    std::vector<StatePoolInfo> pools_;
    std::vector<Checkpoint> checkpoints_;
    int cpus_ = 0;
    bool active_ = false;
    bool stopped_ = false;
    std::size_t budgetBytes_ = 0;
    Time recordedUntil_ = std::numeric_limits<Time>::max();
};

// The state at t: records at or before t are applied (a change at exactly t
// is visible at t). Fast on long runs: replay starts at the nearest checkpoint.
// With an empty log, only the context stacks and interrupt-line lanes of the
// trace are filled in and `recorded` is false.
MachineState stateAt(const Trace& trace, const StateLog& log, Time t);

} // namespace irqscope
