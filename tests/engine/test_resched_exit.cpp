// cost.resched_exit_ns: an interrupt's exit that reschedules pays the way to
// __schedule() (exit_to_user_mode_loop(), preempt_schedule_irq(), the idle
// loop's schedule_idle()) before the switch. It is drawn only on such exits,
// in order, from its own random stream, and charged to the interrupted
// context (a task, or idle), never to the hardirq: a trace shows that gap
// under what ran before sched_switch. An exit that does not reschedule (the
// tick under a lone fair task) draws nothing.
#include "machine_harness.h"

#include "parts/distribution.h"
#include "sim/rng.h"

#include <vector>

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

constexpr int kWakes = 400;
constexpr const char* kDist = R"({"empirical": [["10us", 1], ["20us", 1], ["40us", 1]]})";

struct Run {
    std::vector<Time> lat; // expiry to the FIFO task running, in wake-up order
    Time hardirqNs = 0;
    Time idleNs = 0;
    Time hogNs = 0; // the time charged to the fair hog's context (user)
    std::uint64_t ticks = 0;
};

// A FIFO task woken by an hrtimer every millisecond on CPU 0, over a fair hog
// in user mode (every wake-up preempts it at the interrupt's exit) or over
// idle; the tick keeps running under the hog and reschedules nothing.
Run timerWakes(const char* reschedExit, bool hog) {
    Harness h({{"machine.cpus", "1"},
               {"machine.idle_exit_ns", "0"},
               {"machine.nohz_idle", "false"},
               {"cost.resched_exit_ns", reschedExit}});
    Run r;
    Time expiry = 0;
    Task& t = h.m->sched().createTask("sleeper", ContextKind::User, Policy::Fifo, 50, h.m->oneCpu(0),
                                      [&r, &expiry](Kctx& c) -> Proc<void> {
                                          for (;;) {
                                              co_await c.block();
                                              r.lat.push_back(c.now() - expiry);
                                              co_await c.work(5 * kUs, kUser);
                                          }
                                      });
    h.m->sched().wake(t, -1);
    if (hog) {
        Task& g = h.m->sched().createTask("hog", ContextKind::User, Policy::Normal, 0, h.m->oneCpu(0),
                                          [](Kctx& c) -> Proc<void> {
                                              for (;;) co_await c.work(50 * kUs, kUser);
                                          });
        h.m->sched().wake(g, -1);
    }
    for (int i = 1; i <= kWakes; ++i) {
        const Time when = i * kMs + 300 * kUs; // off the tick's edges
        h.at(when - 100 * kUs, [&h, &t, &expiry, when] {
            expiry = when;
            h.m->timers().hrtimerStart(0, when, [&t](Kctx& k, Time) { k.m().sched().wake(t, k.cpu().id); });
        });
    }
    h.run((kWakes + 1) * kMs);
    const auto& ns = h.m->cpu(0).time.nsByKind;
    r.hardirqNs = ns[static_cast<std::size_t>(ContextKind::Hardirq)];
    r.idleNs = ns[static_cast<std::size_t>(ContextKind::Idle)];
    r.hogNs = ns[static_cast<std::size_t>(ContextKind::User)];
    r.ticks = h.segments(0, ContextKind::Hardirq).size();
    return r;
}

// The draws the machine makes, in order: its stream for this cost (seed 1).
std::vector<Time> expectedDraws(std::size_t n) {
    auto d = parts::readDistribution(nlohmann::json::parse(kDist), "t", "cost.resched_exit_ns");
    sim::Rng rng(1, "cost.resched_exit_ns");
    std::vector<Time> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back(d->sample(rng));
    return out;
}

} // namespace

class TestReschedExit : public QObject {
    Q_OBJECT
private slots:
    void eachReschedulingExitDrawsInTurn_data() {
        QTest::addColumn<bool>("hog");
        QTest::newRow("over a user task") << true;
        QTest::newRow("over idle") << false;
    }
    void eachReschedulingExitDrawsInTurn() {
        QFETCH(bool, hog);
        const Run base = timerWakes("0", hog);
        const Run drawn = timerWakes(kDist, hog);
        QCOMPARE(int(base.lat.size()), kWakes);
        QCOMPARE(int(drawn.lat.size()), kWakes);
        // more interrupts than wake-ups: ticks exit too, without rescheduling
        QVERIFY2(base.ticks > std::uint64_t(kWakes), qPrintable(QString::number(base.ticks)));
        // the i-th wake-up waits the i-th draw: a draw at every exit would shift the sequence
        const auto draws = expectedDraws(base.lat.size());
        Time total = 0;
        for (std::size_t i = 0; i < draws.size(); ++i) {
            QCOMPARE(drawn.lat[i] - base.lat[i], draws[i]);
            total += draws[i];
        }
        // charged to what the interrupt came from, not to the hardirq
        QCOMPARE(drawn.hardirqNs, base.hardirqNs);
        if (hog) QCOMPARE(drawn.hogNs, base.hogNs); // the hog runs whenever the FIFO task does not
        else QCOMPARE(drawn.idleNs, base.idleNs);   // idle: the return path is idle's until the switch
    }

    void aPlainDurationDelaysEveryReschedulingExitAlike() {
        const Run base = timerWakes("0", true);
        const Run fixed = timerWakes("7us", true);
        for (std::size_t i = 0; i < base.lat.size(); ++i) QCOMPARE(fixed.lat[i] - base.lat[i], 7 * kUs);
        QCOMPARE(fixed.hardirqNs, base.hardirqNs);
    }
};

QTEST_GUILESS_MAIN(TestReschedExit)
#include "test_resched_exit.moc"
