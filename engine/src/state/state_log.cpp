// Replaying the machine-state log. A checkpoint every kCheckpointEvery records
// holds the whole replayed state, so stateAt() copies the checkpoint before t
// and applies at most that many records: the cost of a query does not grow
// with the length of the run.
#include "irqscope/state_log.h"

#include "trace/page_block.h"

#include <algorithm>
#include <new>
#include <type_traits>

namespace irqscope {

namespace {
constexpr std::size_t kCheckpointEvery = 2048;

struct CpuReplay {
    bool irqsOff = false;
    std::uint32_t needResched = 0;
    std::uint32_t softirqPending = 0;
    int activePriorities = 0;
    StringId running = kNoString;
    std::vector<StringId> runnable;
};

struct PoolReplay {
    int pending = 0, busy = 0, idle = 0, workers = 0;
};

struct Replay {
    std::vector<CpuReplay> cpus;
    std::vector<std::uint32_t> lines;
    std::vector<PoolReplay> pools;

    Replay(std::size_t cpuCount, std::size_t lineCount, std::size_t poolCount)
        : cpus(cpuCount), lines(lineCount, 0), pools(poolCount) {}

    void apply(const StateRecord& r) {
        const std::size_t s = r.subject;
        switch (r.field) {
        case StateField::NeedResched: cpus[s].needResched = r.value; break;
        case StateField::IrqsOff: cpus[s].irqsOff = r.value != 0; break;
        case StateField::SoftirqPending: cpus[s].softirqPending = r.value; break;
        case StateField::RunningPriority: cpus[s].activePriorities = static_cast<int>(r.value); break;
        case StateField::Running: cpus[s].running = r.value; break;
        case StateField::RunqueueAdd: cpus[s].runnable.push_back(r.value); break;
        case StateField::RunqueueRemove: {
            auto& q = cpus[s].runnable;
            if (auto it = std::find(q.begin(), q.end(), r.value); it != q.end()) q.erase(it);
            break;
        }
        case StateField::LineState: lines[s] = r.value; break;
        case StateField::PoolPending: pools[s].pending = static_cast<int>(r.value); break;
        case StateField::PoolBusy: pools[s].busy = static_cast<int>(r.value); break;
        case StateField::PoolIdle: pools[s].idle = static_cast<int>(r.value); break;
        case StateField::PoolWorkers: pools[s].workers = static_cast<int>(r.value); break;
        }
    }
};
} // namespace

struct StateLog::Checkpoint {
    std::size_t next = 0; // records [0, next) are applied
    Replay state;
};

StateLog::StateLog() = default;
StateLog::StateLog(StateLog&&) noexcept = default;
StateLog& StateLog::operator=(StateLog&&) noexcept = default;
StateLog::~StateLog() = default;

static_assert(std::is_trivially_copyable_v<StateRecord>);

void StateLog::Records::grow() {
    resize(std::max<std::size_t>(capacity * 2, 8192));
}

struct StateLog::Records::Block : PageBlock {};
void StateLog::Records::Drop::operator()(Block* b) const {
    delete b;
}

void StateLog::Records::resize(std::size_t newCapacity) {
    if (newCapacity == capacity) return;
    if (newCapacity == 0) {
        block.reset();
        data = nullptr;
        capacity = 0;
        return;
    }
    if (!block) block.reset(new Block{});
    const std::size_t old = block->size();
    // StateRecord is trivially copyable: its bytes may move with the pages
    block->resize(newCapacity * sizeof(StateRecord));
    // what a growth adds is made present in one call rather than a fault per
    // page as the records reach it
    if (block->size() > old) block->prefault(old, block->size() - old);
    data = static_cast<StateRecord*>(block->data());
    capacity = block->size() / sizeof(StateRecord);
}

std::uint16_t StateLog::addLine(StateLineInfo info) {
    lines_.push_back(std::move(info));
    return static_cast<std::uint16_t>(lines_.size() - 1);
}

std::uint16_t StateLog::addPool(StatePoolInfo info) {
    pools_.push_back(std::move(info));
    return static_cast<std::uint16_t>(pools_.size() - 1);
}

void StateLog::finalize(Time end) {
    active_ = true;
    records_.resize(records_.size);
    if (!stopped_) recordedUntil_ = end;
    checkpoints_.clear();
    Replay r(static_cast<std::size_t>(cpus_), lines_.size(), pools_.size());
    checkpoints_.push_back(Checkpoint{0, r});
    const auto recs = records();
    for (std::size_t i = 0; i < recs.size(); ++i) {
        r.apply(recs[i]);
        if ((i + 1) % kCheckpointEvery == 0) checkpoints_.push_back(Checkpoint{i + 1, r});
    }
}

std::size_t StateLog::memoryBytes() const {
    std::size_t bytes = records_.capacity * sizeof(StateRecord);
    for (const auto& c : checkpoints_) {
        bytes += sizeof(Checkpoint) + c.state.lines.size() * 4 + c.state.pools.size() * sizeof(PoolReplay);
        for (const auto& cpu : c.state.cpus) bytes += sizeof(CpuReplay) + cpu.runnable.size() * sizeof(StringId);
    }
    return bytes;
}

namespace {
// Interrupt-line lanes of the trace (imported runs) as controller states.
void linesFromTrace(const Trace& trace, Time t, std::vector<LineStateAt>& out) {
    for (std::uint32_t l = 0; l < trace.laneCount(); ++l) {
        const LaneInfo& info = trace.lane(l);
        if (info.type != LaneType::IrqLine) continue;
        LineStateAt s;
        s.info.name = info.name;
        s.info.cpu = info.cpu;
        for (int d = 0; d < trace.depthCount(l); ++d) {
            const auto seg = trace.segmentAt(l, d, t);
            if (!seg) continue;
            s.pending =
                s.pending || seg->kind == ContextKind::LinePending || seg->kind == ContextKind::LineActivePending;
            s.active = s.active || seg->kind == ContextKind::LineActive || seg->kind == ContextKind::LineActivePending;
            s.masked = s.masked || seg->kind == ContextKind::LineMasked;
        }
        out.push_back(std::move(s));
    }
}
} // namespace

MachineState stateAt(const Trace& trace, const StateLog& log, Time t) {
    MachineState m;
    m.t = t;
    for (std::uint32_t l = 0; l < trace.laneCount(); ++l) {
        const LaneInfo& info = trace.lane(l);
        if (info.type != LaneType::Cpu) continue;
        CpuStateAt c;
        c.cpu = info.cpu;
        c.lane = l;
        for (int d = 0; d < trace.depthCount(l); ++d) {
            const auto seg = trace.segmentAt(l, d, t);
            if (!seg) break; // a nested segment always has its parent underneath
            c.stack.push_back(*seg);
        }
        m.cpus.push_back(std::move(c));
    }
    m.recorded = log.active() && !log.checkpoints_.empty() && t <= log.recordedUntil();
    if (!m.recorded) {
        linesFromTrace(trace, t, m.lines);
        return m;
    }
    const auto recs = log.records();
    const std::size_t end = static_cast<std::size_t>(
        std::upper_bound(recs.begin(), recs.end(), t, [](Time v, const StateRecord& r) { return v < r.t; }) -
        recs.begin());
    const auto cp = std::upper_bound(log.checkpoints_.begin(), log.checkpoints_.end(), end,
                                     [](std::size_t v, const StateLog::Checkpoint& c) { return v < c.next; }) -
                    1;
    Replay r = cp->state;
    for (std::size_t i = cp->next; i < end; ++i) r.apply(recs[i]);

    for (CpuStateAt& c : m.cpus) {
        if (c.cpu < 0 || c.cpu >= static_cast<int>(r.cpus.size())) continue;
        const CpuReplay& s = r.cpus[static_cast<std::size_t>(c.cpu)];
        c.irqsOff = s.irqsOff;
        c.needResched = (s.needResched & 1) != 0;
        c.needReschedLazy = (s.needResched & 2) != 0;
        c.softirqPending = s.softirqPending;
        c.activePriorities = s.activePriorities;
        c.running = s.running;
        c.runnable = s.runnable;
    }
    for (std::size_t i = 0; i < log.lines_.size(); ++i)
        m.lines.push_back(LineStateAt{log.lines_[i], (r.lines[i] & kLinePending) != 0, (r.lines[i] & kLineActive) != 0,
                                      (r.lines[i] & kLineMasked) != 0});
    for (std::size_t i = 0; i < log.pools_.size(); ++i) {
        const PoolReplay& p = r.pools[i];
        m.pools.push_back(PoolStateAt{log.pools_[i], p.pending, p.busy, p.idle, p.workers});
    }
    return m;
}

} // namespace irqscope
