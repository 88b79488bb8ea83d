// cost.irq_exit_ns may be a distribution: each interrupt's exit draws from
// it (its own random stream), so a wake-up's latency takes the distribution's
// shape — p50 follows its median, p99 its tail — where the mean would move
// every wake-up alike. A plain duration (or {"fixed": d}) draws nothing. A bad
// distribution is refused with the file and the field.
#include "machine_harness.h"

#include "irqscope/scenario.h"

#include <algorithm>
#include <vector>

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

constexpr int kWakes = 1000;

// A FIFO task on idle CPU 0 woken by an hrtimer every millisecond: from each
// expiry to the task running, sorted.
std::vector<Time> timerWakeLatencies(const char* irqExit) {
    Harness h({{"machine.cpus", "1"}, {"machine.idle_exit_ns", "0"}, {"cost.irq_exit_ns", irqExit}});
    std::vector<Time> lat;
    Time expiry = 0;
    Task& t = h.m->sched().createTask("sleeper", ContextKind::User, Policy::Fifo, 50, h.m->oneCpu(0),
                                      [&lat, &expiry](Kctx& c) -> Proc<void> {
                                          for (;;) {
                                              co_await c.block();
                                              lat.push_back(c.now() - expiry);
                                              co_await c.work(5 * kUs, kUser);
                                          }
                                      });
    h.m->sched().wake(t, -1);
    for (int i = 1; i <= kWakes; ++i) {
        const Time when = i * kMs;
        h.at(when - 100 * kUs, [&h, &t, &expiry, when] {
            expiry = when;
            h.m->timers().hrtimerStart(0, when, [&t](Kctx& k, Time) { k.m().sched().wake(t, k.cpu().id); });
        });
    }
    h.run((kWakes + 1) * kMs);
    std::sort(lat.begin(), lat.end());
    return lat;
}

Time quantile(const std::vector<Time>& sorted, double q) {
    return sorted[static_cast<std::size_t>(q * double(sorted.size() - 1) + 0.5)];
}

} // namespace

class TestIrqExitDraw : public QObject {
    Q_OBJECT
private slots:
    void aDistributionShapesTheWakeUpLatency() {
        // 98 % of exits take 2 us, 2 % stall 200 us: a mean of 5.96 us
        const auto base = timerWakeLatencies("0");
        const auto drawn = timerWakeLatencies(R"({"empirical": [["2us", 98], ["200us", 2]]})");
        QCOMPARE(int(base.size()), kWakes);
        QCOMPARE(int(drawn.size()), kWakes);
        QCOMPARE(base.front(), base.back()); // nothing else varies
        QCOMPARE(quantile(drawn, 0.5) - quantile(base, 0.5), 2 * kUs);
        QCOMPARE(quantile(drawn, 0.99) - quantile(base, 0.99), 200 * kUs);
        QCOMPARE(drawn.front() - base.front(), 2 * kUs);
        // about 2 % of the wake-ups stalled (binomial: 20 +- 4.4)
        const auto stalled =
            std::count_if(drawn.begin(), drawn.end(), [&](Time l) { return l > base.back() + 10 * kUs; });
        QVERIFY2(stalled >= 8 && stalled <= 35, qPrintable(QString::number(stalled)));
        // the mean instead moves every wake-up by the same 5.96 us: no tail
        const auto mean = timerWakeLatencies("5960ns");
        QCOMPARE(quantile(mean, 0.99) - quantile(base, 0.99), 5960);
    }

    void aFixedDistributionIsThePlainDuration() {
        QCOMPARE(timerWakeLatencies(R"({"fixed": "3us"})"), timerWakeLatencies("3us"));
        Scenario s;
        QVERIFY(s.set("cost.irq_exit_ns", R"({"fixed": "3us"})"));
        QVERIFY(s.getDistribution("cost.irq_exit_ns").is_null());
        QCOMPARE(s.getDuration("cost.irq_exit_ns"), 3 * kUs);
    }

    void aDistributionReadsBackAndReportsItsMean() {
        auto s = Scenario::fromJsonText(
            R"({"schema": "irqscope.scenario/1", "cost": {"irq_exit_ns": {"uniform": ["1us", "5us"]}}})", "t.json");
        QVERIFY(s);
        QCOMPARE(s->getDuration("cost.irq_exit_ns"), 3 * kUs);
        QCOMPARE(s->getDistribution("cost.irq_exit_ns").dump(), std::string(R"({"uniform":["1us","5us"]})"));
        // what is saved reads back the same
        auto again = Scenario::fromJsonText(s->document().dump(), "again.json");
        QVERIFY(again);
        QVERIFY(again->getDistribution("cost.irq_exit_ns") == s->getDistribution("cost.irq_exit_ns"));
        QCOMPARE(QString(paramTypeId(Schema::builtin().find("cost.irq_exit_ns")->type)), QString("distribution"));
    }

    void aBadDistributionNamesTheFileAndTheField() {
        auto bad = Scenario::fromJsonText(
            R"({"schema": "irqscope.scenario/1", "cost": {"irq_exit_ns": {"empirical": [["2us", -1]]}}})", "t.json");
        QVERIFY(!bad);
        QCOMPARE(QString::fromStdString(bad.error().file), QString("t.json"));
        QVERIFY2(bad.error().where.starts_with("cost.irq_exit_ns.empirical[0]"), bad.error().where.c_str());
        // the mean is bounded by the parameter's range (0 to 100 us)
        auto far = Scenario::fromJsonText(
            R"({"schema": "irqscope.scenario/1", "cost": {"irq_exit_ns": {"fixed": "1ms"}}})", "t.json");
        QVERIFY(!far);
        QCOMPARE(QString::fromStdString(far.error().where), QString("cost.irq_exit_ns"));
        Scenario s;
        const auto st = s.set("cost.irq_exit_ns", "{\"lognormal\": ");
        QVERIFY(!st);
        QCOMPARE(QString::fromStdString(st.error().where), QString("cost.irq_exit_ns"));
    }
};

QTEST_GUILESS_MAIN(TestIrqExitDraw)
#include "test_irq_exit_draw.moc"
