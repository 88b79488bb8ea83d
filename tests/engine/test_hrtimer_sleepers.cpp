// Every task that sleeps on an hrtimer is woken by hrtimer_wakeup() ->
// wake_up_process() (kernel/time/hrtimer.c, 6.12), so the timer interrupt that
// wakes it pays try_to_wake_up() (cost.wakeup_ns): the built-in devices'
// sleepers (latency probes, bursty hogs, panthor's frame thread) as much as
// the open language's sleeps and timers. Each run measures the local timer
// interrupts in which the sleeper was woken, with cost.wakeup_ns 0 and 30 us.
#include "sim_helpers.h"

#include <QTest>

#include <string>
#include <vector>

using namespace irqscope;

namespace {

struct Wakes {
    std::size_t count = 0; // timer interrupts that woke the sleeper
    Time meanNs = 0;       // their mean duration
};

Wakes timerWakes(std::vector<std::pair<const char*, const char*>> kv, const char* wakeupNs, const std::string& task) {
    kv.emplace_back("cost.wakeup_ns", wakeupNs);
    Scenario s;
    for (const auto& [k, v] : kv)
        if (auto st = s.set(k, v); !st) qFatal("bad test scenario: %s", st.error().toString().c_str());
    const RunResult r = test::runOrDie(s);
    const Trace& tr = r.trace;
    Wakes w;
    Time total = 0;
    for (std::uint32_t lane = 0; lane < static_cast<std::uint32_t>(r.metrics.cpus.size()); ++lane) {
        std::vector<Time> wakes;
        for (const Instant& i : tr.instants(lane))
            if (i.kind == InstantKind::Wakeup && tr.str(i.entity).starts_with(task)) wakes.push_back(i.t);
        for (int d = 0; d < tr.depthCount(lane); ++d)
            for (std::size_t n = 0; n < tr.segmentCount(lane, d); ++n) {
                const Segment seg = tr.segment(lane, d, n);
                if (seg.kind != ContextKind::Hardirq || tr.str(seg.entity) != "arch_timer") continue;
                for (Time t : wakes)
                    if (t >= seg.start && t <= seg.end) {
                        ++w.count;
                        total += seg.end - seg.start;
                        break;
                    }
            }
    }
    if (w.count) w.meanNs = total / static_cast<Time>(w.count);
    return w;
}

} // namespace

class TestHrtimerSleepers : public QObject {
    Q_OBJECT
private slots:
    void builtInSleepersPayTheWakeup_data() {
        QTest::addColumn<QString>("task");
        QTest::addColumn<QStringList>("settings");
        QTest::newRow("latency probe") << "syslatency"
                                       << QStringList{"machine.cpus=2", "probe.enabled=true", "probe.period_ns=1ms"};
        QTest::newRow("bursty hog") << "hog/"
                                    << QStringList{"machine.cpus=2", "load.hogs=1", "load.hog_burst_ns=200us",
                                                   "load.hog_sleep_ns=1ms"};
        QTest::newRow("panthor frame thread")
            << "submitter" << QStringList{"machine.cpus=2", "submitter.enabled=true", "submitter.period_ns=2ms"};
    }
    void builtInSleepersPayTheWakeup() {
        QFETCH(QString, task);
        QFETCH(QStringList, settings);
        std::vector<std::string> keep;
        for (const QString& kv : settings) keep.push_back(kv.toStdString());
        std::vector<std::pair<const char*, const char*>> kv;
        for (std::string& s : keep) {
            const auto eq = s.find('=');
            s[eq] = '\0';
            kv.emplace_back(s.c_str(), s.c_str() + eq + 1);
        }
        kv.emplace_back("run.duration_ns", "100ms");
        const Wakes free = timerWakes(kv, "0", task.toStdString());
        const Wakes paid = timerWakes(kv, "30us", task.toStdString());
        QVERIFY2(free.count >= 20 && paid.count >= 20, qPrintable(QString::number(paid.count)));
        // The interrupt that wakes the sleeper runs try_to_wake_up(): 30 us longer.
        const Time extra = paid.meanNs - free.meanNs;
        QVERIFY2(extra >= 28 * kUs && extra <= 32 * kUs, qPrintable(QString("%1 ns longer").arg(extra)));
    }
};

QTEST_GUILESS_MAIN(TestHrtimerSleepers)
#include "test_hrtimer_sleepers.moc"
