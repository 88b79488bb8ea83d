// Where a simulated wake-up's flow (the `wakeup` latency series) starts and
// ends: at the kernel's tracepoints, so that a run and an imported capture
// measure the same interval. Linux traces sched_waking at the start of
// try_to_wake_up() and sched_switch in __schedule(), which an idle CPU reaches
// only after it left its idle state (do_idle() -> schedule_idle();
// kernel/sched/core.c and idle.c, 6.12). The engine charges try_to_wake_up()
// (cost.wakeup_ns) before it enqueues the task and the idle exit
// (machine.idle_exit_ns) with the switch: the flow must start before the
// first and end after the second.
#include "machine_harness.h"

#include <QtTest>

using namespace irqscope;
using namespace irqscope::kern;
using irqscope::test::Harness;

namespace {

constexpr Time kTtwu = 5 * kUs, kIdleExit = 20 * kUs;

// A task on `cpu` that sleeps until woken, then runs 10 us.
Task& wakee(Machine& m, int cpu) {
    Task& t =
        m.sched().createTask("wakee", ContextKind::User, Policy::Normal, 0, m.oneCpu(cpu), [](Kctx& c) -> Proc<void> {
            for (;;) {
                co_await c.block();
                co_await c.work(10 * kUs, kUser);
            }
        });
    m.sched().wake(t, -1); // up to its first sleep
    return t;
}

// A task on CPU 0 that runs 100 us, wakes `t` (wake_up_process()) and sleeps.
void waker(Machine& m, Task& t) {
    Task& w =
        m.sched().createTask("waker", ContextKind::User, Policy::Normal, 0, m.oneCpu(0), [&t](Kctx& c) -> Proc<void> {
            co_await c.work(100 * kUs, kUser);
            co_await c.wakeUpProcess(t);
            for (;;) co_await c.block();
        });
    m.sched().wake(w, -1);
}

// The waker's wake-up of the wakee (the last flow into it).
const Flow* wakeFlow(const Trace& t) {
    const Flow* last = nullptr;
    for (const Flow& f : t.flows()) {
        const auto seg = t.segmentAt(f.dstLane, 0, f.dstTime);
        if (f.kind == FlowKind::WakeTask && seg && t.str(seg->entity) == "wakee") last = &f;
    }
    return last;
}

} // namespace

class TestWakeupMarks : public QObject {
    Q_OBJECT
private slots:
    // sched_waking precedes try_to_wake_up()'s work: the flow starts cost.wakeup_ns
    // before the task is enqueued (the Wakeup marker), where the waker began it.
    void flowStartsAtTryToWakeUpsStart() {
        Harness h({{"machine.cpus", "2"}, {"cost.wakeup_ns", "5us"}, {"machine.idle_exit_ns", "20us"}});
        Task& t = wakee(*h.m, 0);
        h.at(1 * kMs, [&] { waker(*h.m, t); });
        h.run(3 * kMs);
        const Flow* f = wakeFlow(h.trace);
        QVERIFY(f);
        const auto marks = h.instants(0, InstantKind::Wakeup);
        QVERIFY(!marks.empty());
        QCOMPARE(f->srcTime, marks.back().t - kTtwu);
        // woken on the waker's busy CPU: it runs when the waker sleeps, and the
        // series counts the whole of try_to_wake_up()
        const auto waker = h.segments(0, ContextKind::User, "waker");
        QVERIFY(!waker.empty());
        QCOMPARE(f->srcTime, waker.front().end - kTtwu);
        QCOMPARE(f->dstTime, waker.front().end);
        QCOMPARE(f->dstTime - f->srcTime, kTtwu);
    }

    // sched_switch follows the idle CPU's exit: the flow ends idle_exit_ns after
    // the idle CPU switched to the task (the engine charges the exit with it).
    void flowEndsAfterTheIdleExit() {
        Harness h({{"machine.cpus", "2"}, {"cost.wakeup_ns", "5us"}, {"machine.idle_exit_ns", "20us"}});
        Task& t = wakee(*h.m, 1);
        h.at(1 * kMs, [&] { waker(*h.m, t); });
        h.run(3 * kMs);
        const Flow* f = wakeFlow(h.trace);
        QVERIFY(f);
        QCOMPARE(f->dstLane, 1u);
        const auto runs = h.segments(1, ContextKind::User, "wakee");
        QVERIFY(!runs.empty());
        const Segment& run = runs.back();
        QVERIFY(run.start <= f->dstTime && f->dstTime < run.end);
        QCOMPARE(f->dstTime, run.start + kIdleExit);
        // the sample: the waker's try_to_wake_up(), then the idle CPU's exit
        QCOMPARE(f->dstTime - f->srcTime, kTtwu + kIdleExit);
    }
};

QTEST_GUILESS_MAIN(TestWakeupMarks)
#include "test_wakeup_marks.moc"
