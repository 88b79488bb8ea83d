// The machine-state log: each piece of state the slow-motion player shows is
// recorded where the model changes it, and stateAt() reconstructs it. Every
// check looks at a moment the trace marks (a raise, an ack, a wake-up) and at
// the state just before and after, so removing a recording hook fails a test.
#include "irqscope/presets.h"
#include "irqscope/state_log.h"
#include "machine_harness.h"

#include <algorithm>

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {
struct Logged {
    Harness h;
    StateLog log;
    explicit Logged(std::initializer_list<std::pair<const char*, const char*>> kv) : h(kv) { h.recordState(log); }
    void run(Time until) {
        h.run(until);
        log.finalize(until);
    }
    MachineState at(Time t) const { return stateAt(h.trace, log, t); }
    const CpuStateAt& cpu(const MachineState& s, int c) const { return s.cpus.at(static_cast<std::size_t>(c)); }
    std::string name(StringId id) const { return std::string(h.trace.str(id)); }
    bool runnable(const MachineState& s, int c, std::string_view task) const {
        for (StringId id : cpu(s, c).runnable)
            if (h.trace.str(id) == task) return true;
        return false;
    }
};

// A line or pool the log never mentioned reads as all-clear, so a missing hook fails a check, not
// the run.
const LineStateAt* line(const MachineState& s, std::string_view name) {
    static const LineStateAt none;
    for (const auto& l : s.lines)
        if (l.info.name == name) return &l;
    return &none;
}

const PoolStateAt* pool(const MachineState& s, std::string_view name) {
    static const PoolStateAt none;
    for (const auto& p : s.pools)
        if (p.info.name == name) return &p;
    return &none;
}

// A device line on CPU 0 whose handler works `ns`, then calls `after`.
void device(Machine& m, hw::IrqLine& l, Time ns, std::function<void(Kctx&)> after = {}) {
    m.irq().request(
        l, l.name,
        [ns, after](Kctx& c) -> Proc<IrqReturn> {
            co_await c.work(ns);
            if (after) after(c);
            co_return IrqReturn::Handled;
        },
        {}, IRQF_NO_THREAD);
}
} // namespace

class TestStateLog : public QObject {
    Q_OBJECT
private slots:
    void hardirqIsOnTheStackWithIrqsOffAndTheLineActive() {
        Logged L({{"machine.cpus", "1"}});
        test::spinner(*L.h.m, "hog", 0);
        auto& l = L.h.m->gic().addLine(hw::IntType::SPI, 40, 0, "dev");
        device(*L.h.m, l, 20 * kUs);
        L.h.at(100 * kUs, [&] { L.h.m->irq().raise(l); });
        L.run(1 * kMs);

        const auto hard = L.h.segments(0, ContextKind::Hardirq, "dev");
        QCOMPARE(hard.size(), std::size_t(1));
        const Time mid = (hard[0].start + hard[0].end) / 2;
        const MachineState in = L.at(mid);
        QVERIFY(in.recorded);
        const auto& c = L.cpu(in, 0);
        QCOMPARE(c.stack.size(), std::size_t(2));
        QCOMPARE(c.stack[0].kind, ContextKind::User);
        QCOMPARE(c.stack[1].kind, ContextKind::Hardirq);
        QVERIFY(c.irqsOff);
        QCOMPARE(c.activePriorities, 1); // EOImode 0: the priority drops at the end
        QCOMPARE(L.name(c.running), std::string("hog"));

        const MachineState before = L.at(hard[0].start - 10 * kUs);
        QVERIFY(!L.cpu(before, 0).irqsOff);
        QCOMPARE(L.cpu(before, 0).activePriorities, 0);
        QCOMPARE(L.cpu(before, 0).stack.size(), std::size_t(1));
        QVERIFY(!L.cpu(L.at(hard[0].end + 10 * kUs), 0).irqsOff);

        // pending from the raise to the acknowledge, active from the ack to the deactivate
        const Time raise = L.h.instants(0, InstantKind::IrqRaise).at(0).t;
        const Time ack = L.h.instants(0, InstantKind::IrqAck).at(0).t;
        const auto deact = L.h.instants(0, InstantKind::Deactivate);
        const Time off = std::find_if(deact.begin(), deact.end(), [&](const Instant& i) {
                             return L.h.trace.str(i.entity) == "dev";
                         })->t;
        QVERIFY(raise < ack && ack < off);
        const MachineState sRaise = L.at(raise), sMid = L.at((ack + off) / 2); // outlive the pointers
        const auto* atRaise = line(sRaise, "dev");
        QVERIFY(atRaise->pending && !atRaise->active);
        QVERIFY(!line(L.at(raise - 1), "dev")->pending);
        const auto* atMid = line(sMid, "dev");
        QVERIFY(atMid->active && !atMid->pending && !atMid->masked);
        QVERIFY(!line(L.at(off), "dev")->active);
    }

    void softirqIsPendingBetweenRaiseAndRun() {
        Logged L({{"machine.cpus", "1"}});
        test::spinner(*L.h.m, "hog", 0);
        auto& l = L.h.m->gic().addLine(hw::IntType::SPI, 40, 0, "nic");
        device(*L.h.m, l, 10 * kUs, [](Kctx& c) { c.m().softirq().raise(c.cpu(), NET_RX); });
        L.h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(30 * kUs); });
        L.h.at(100 * kUs, [&] { L.h.m->irq().raise(l); });
        L.run(1 * kMs);

        const Time raised = L.h.instants(0, InstantKind::SoftirqRaise).at(0).t;
        const auto soft = L.h.segments(0, ContextKind::Softirq, "NET_RX");
        QCOMPARE(soft.size(), std::size_t(1));
        QVERIFY(soft[0].start > raised);
        const std::uint32_t bit = 1u << NET_RX;
        QCOMPARE(L.cpu(L.at(raised - 1), 0).softirqPending & bit, 0u);
        QCOMPARE(L.cpu(L.at(raised), 0).softirqPending & bit, bit);
        QCOMPARE(L.cpu(L.at((raised + soft[0].start) / 2), 0).softirqPending & bit, bit);
        // __do_softirq() cleared the mask before running the vector
        const MachineState running = L.at((soft[0].start + soft[0].end) / 2);
        QCOMPARE(L.cpu(running, 0).softirqPending & bit, 0u);
        QCOMPARE(L.cpu(running, 0).stack.back().kind, ContextKind::Softirq);
    }

    void wokenTaskQueuesAndNeedReschedIsSetUntilTheSwitch() {
        Logged L({{"machine.cpus", "1"}});
        test::spinner(*L.h.m, "hog", 0);
        auto& rt = L.h.m->sched().createTask("rt", ContextKind::User, Policy::Fifo, 50, L.h.m->oneCpu(0),
                                             [](Kctx& c) -> Proc<void> {
                                                 for (;;) {
                                                     co_await c.work(50 * kUs);
                                                     co_await c.block();
                                                 }
                                             });
        auto& l = L.h.m->gic().addLine(hw::IntType::SPI, 40, 0, "dev");
        device(*L.h.m, l, 10 * kUs, [&rt](Kctx& c) { c.m().sched().wake(rt, c.cpu().id); });
        L.h.at(100 * kUs, [&] { L.h.m->irq().raise(l); });
        L.run(1 * kMs);

        const Time woken = L.h.instants(0, InstantKind::Wakeup).at(0).t;
        const auto rtRuns = L.h.segments(0, ContextKind::User, "rt");
        QVERIFY(!rtRuns.empty());
        const Time switched = rtRuns[0].start;
        QVERIFY(switched > woken); // the rest of the hardirq runs first
        const MachineState between = L.at((woken + switched) / 2);
        QVERIFY(L.runnable(between, 0, "rt"));
        QVERIFY(L.cpu(between, 0).needResched);
        QCOMPARE(L.name(L.cpu(between, 0).running), std::string("hog"));
        const MachineState before = L.at(woken - 1);
        QVERIFY(!L.runnable(before, 0, "rt"));
        QVERIFY(!L.cpu(before, 0).needResched);
        const MachineState after = L.at(switched + 1);
        QVERIFY(!L.runnable(after, 0, "rt"));
        QVERIFY(L.runnable(after, 0, "hog")); // preempted: back on the queue
        QVERIFY(!L.cpu(after, 0).needResched);
        QCOMPARE(L.name(L.cpu(after, 0).running), std::string("rt"));
    }

    void oneshotLineIsMaskedUntilItsThreadUnmasks() {
        Logged L({{"machine.cpus", "1"}});
        auto& l = L.h.m->gic().addLine(hw::IntType::SPI, 40, 0, "spi");
        L.h.m->irq().request(
            l, "spi", {}, [](Kctx& c) -> Proc<void> { co_await c.work(100 * kUs); }, IRQF_ONESHOT);
        L.h.at(100 * kUs, [&] { L.h.m->irq().raise(l); });
        L.run(1 * kMs);
        const Time mask = L.h.instants(0, InstantKind::Mask).at(0).t;
        const Time unmask = L.h.instants(0, InstantKind::Unmask).at(0).t;
        QVERIFY(unmask > mask + 100 * kUs);
        QVERIFY(!line(L.at(mask - 1), "spi")->masked);
        QVERIFY(line(L.at(mask), "spi")->masked);
        QVERIFY(line(L.at((mask + unmask) / 2), "spi")->masked);
        QVERIFY(!line(L.at(unmask), "spi")->masked);
    }

    void workItemIsPendingInItsPoolUntilItRuns() {
        Logged L({{"machine.cpus", "1"}});
        test::spinner(*L.h.m, "hog", 0);
        auto& wq = L.h.m->wq().alloc("events", false, false, false, 0);
        auto& item = L.h.m->wq().item("flush_fn", [](Kctx& c) -> Proc<void> { co_await c.work(40 * kUs); });
        L.h.at(100 * kUs, [&] { L.h.m->wq().queue(L.h.m->cpu(0), wq, item); });
        L.run(20 * kMs);
        const Time queued = L.h.instants(0, InstantKind::QueueWork).at(0).t;
        Segment ran{};
        bool found = false;
        for (const Segment& s : L.h.segments(0, ContextKind::Kworker))
            if (L.h.trace.str(s.detail) == "flush_fn") ran = s, found = true;
        QVERIFY(found);
        QVERIFY(ran.start > queued);
        QCOMPARE(pool(L.at(queued - 1), "0")->pending, 0);
        QCOMPARE(pool(L.at(queued), "0")->pending, 1);
        QCOMPARE(pool(L.at((queued + ran.start) / 2), "0")->pending, 1);
        const MachineState sDuring = L.at((ran.start + ran.end) / 2); // outlives `during`
        const auto* during = pool(sDuring, "0");
        QCOMPARE(during->pending, 0);
        QCOMPARE(during->busy, 1);
        QCOMPARE(during->workers, 1);
        QCOMPARE(pool(L.at(ran.end + 5 * kUs), "0")->busy, 0);
    }

    void budgetStopsRecordingAndSaysSo() {
        auto s = loadPreset("basics");
        QVERIFY(bool(s));
        RunOptions o;
        o.duration = 50 * kMs;
        o.traceBudgetBytes = 64 << 10; // the log gets a quarter: 16 KiB
        auto r = test::runOrDie(*s, o);
        QVERIFY(r.stateLog.truncated());
        QVERIFY(r.stateLog.memoryBytes() < (64u << 10));
        QVERIFY(r.stateLog.recordedUntil() < 50 * kMs);
        QVERIFY(stateAt(r.trace, r.stateLog, r.stateLog.recordedUntil() - 1).recorded);
        QVERIFY(!stateAt(r.trace, r.stateLog, r.stateLog.recordedUntil() + 1).recorded);
        // without a log, only what the trace gives: the stacks
        const MachineState bare = stateAt(r.trace, StateLog{}, 1 * kMs);
        QVERIFY(!bare.recorded);
        QVERIFY(!bare.cpus.empty() && !bare.cpus[0].stack.empty());
    }

    // The records' block grows past its first capacity, is trimmed to its
    // size by finalize() and moves with the log (the source left empty).
    void recordsGrowTrimAndMove() {
        StateLog log;
        log.setCpuCount(1);
        const std::uint32_t n = 50000; // several growths of the first 8192
        for (std::uint32_t i = 0; i < n; ++i) log.record(Time(i), 0, StateField::SoftirqPending, i);
        log.finalize(Time(n));
        QCOMPARE(log.records().size(), std::size_t(n));
        for (std::uint32_t i = 0; i < n; i += 997) QCOMPARE(log.records()[i].value, i);
        const std::size_t bytes = log.memoryBytes();
        QVERIFY(bytes >= n * sizeof(StateRecord) && bytes < n * sizeof(StateRecord) + (64u << 10));
        StateLog moved(std::move(log));
        QCOMPARE(moved.records().size(), std::size_t(n));
        QCOMPARE(moved.records().back().value, n - 1);
        QCOMPARE(log.records().size(), std::size_t(0)); // NOLINT(bugprone-use-after-move): the moved-from state
        log = std::move(moved);
        QCOMPARE(log.records().size(), std::size_t(n));
        QCOMPARE(stateAt(Trace{}, log, Time(n / 2)).recorded, true);
    }

    void checkpointedQueriesMatchTheTrace() {
        auto s = loadPreset("basics");
        QVERIFY(bool(s));
        RunOptions o;
        o.duration = 1000 * kMs;
        auto r = test::runOrDie(*s, o);
        const StateLog& log = r.stateLog;
        QVERIFY(!log.truncated());
        QVERIFY(log.records().size() > 10000);
        // What recording costs and how fast stateAt() answers are measured by
        // tests/bench/bench_state_log.cpp: a ctest asserts no wall-clock time.
        qInfo("state log: %zu records, %.1f MB (trace %.1f MB)", log.records().size(), double(log.memoryBytes()) / 1e6,
              double(r.trace.memoryBytes()) / 1e6);
        int perField[16] = {};
        for (const auto& rec : log.records()) ++perField[static_cast<int>(rec.field)];
        qInfo("records by field (NeedResched, IrqsOff, SoftirqPending, RunningPriority, RqAdd, "
              "RqRemove, Running, Line, "
              "PoolPending, PoolBusy, PoolIdle, PoolWorkers): %d %d %d %d %d %d %d %d %d %d %d %d",
              perField[0], perField[1], perField[2], perField[3], perField[4], perField[5], perField[6], perField[7],
              perField[8], perField[9], perField[10], perField[11]);

        // consistency: the running task matches the trace's depth-0 segment wherever one is open
        int checked = 0;
        for (int i = 1; i < 200; ++i) {
            const Time t = Time(i) * 5 * kMs + 1234;
            const MachineState m = stateAt(r.trace, log, t);
            for (const auto& c : m.cpus) {
                // ksoftirqd's segments name the vector it runs, not the task
                if (c.stack.empty() || c.stack[0].kind == ContextKind::Idle ||
                    c.stack[0].kind == ContextKind::Ksoftirqd)
                    continue;
                if (c.stack[0].start == t || c.stack[0].end == t) continue;
                QCOMPARE(r.trace.str(c.running), r.trace.str(c.stack[0].entity));
                ++checked;
            }
        }
        QVERIFY(checked > 50);
    }
};

QTEST_GUILESS_MAIN(TestStateLog)
#include "test_state_log.moc"
