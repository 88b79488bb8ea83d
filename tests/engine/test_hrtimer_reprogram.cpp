// Programming the comparator (kernel/time/hrtimer.c, 6.12): starting an
// hrtimer reprograms the clock event device only when the new timer expires
// before cpu_base->expires_next (hrtimer_reprogram()), and a cancel only when
// the next expiry moves (hrtimer_force_reprogram(cpu_base, skip_equal = 1)).
// A timer left to a later interrupt still fires: hrtimer_interrupt()
// programs the next expiry at its end.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

struct QueueCounts {
    std::uint64_t scheduled, cancelled;
};

QueueCounts counts(Harness& h) {
    return {h.m->q().scheduledTotal(), h.m->q().cancelledTotal()};
}

} // namespace

class TestHrtimerReprogram : public QObject {
    Q_OBJECT
private slots:
    void onlyAMovedEarliestExpiryReprograms() {
        Harness h({{"machine.cpus", "1"}, {"machine.hz", "250"}});
        std::vector<Time> fired;
        const auto record = [&fired](Kctx& c, Time) { fired.push_back(c.now()); };
        bool checked = false;
        h.at(100 * kUs, [&] {
            Timers& t = h.m->timers();
            t.hrtimerStart(0, 400 * kUs, record); // the earliest: the comparator follows it

            QueueCounts before = counts(h);
            const std::uint64_t later = t.hrtimerStart(0, 900 * kUs, record);
            t.hrtimerStart(0, 700 * kUs, record); // kept: fires from the 400 us interrupt's reprogram
            QueueCounts after = counts(h);
            QCOMPARE(after.scheduled, before.scheduled); // expires after expires_next: left alone
            QCOMPARE(after.cancelled, before.cancelled);

            before = after;
            const std::uint64_t earlier = t.hrtimerStart(0, 300 * kUs, record);
            after = counts(h);
            QCOMPARE(after.scheduled, before.scheduled + 1); // a new earliest: reprogrammed
            QCOMPARE(after.cancelled, before.cancelled + 1);

            before = after;
            t.hrtimerCancel(0, later);
            after = counts(h);
            QCOMPARE(after.scheduled, before.scheduled); // the next expiry did not move
            QCOMPARE(after.cancelled, before.cancelled);

            t.hrtimerCancel(0, earlier);
            after = counts(h);
            QCOMPARE(after.scheduled, before.scheduled + 1); // it moved back to 400 us
            QCOMPARE(after.cancelled, before.cancelled + 1);
            checked = true;
        });
        h.run(2 * kMs);
        QVERIFY(checked);
        QCOMPARE(int(fired.size()), 2);
        QVERIFY2(fired[0] >= 400 * kUs && fired[0] < 450 * kUs, qPrintable(QString::number(fired[0])));
        QVERIFY2(fired[1] >= 700 * kUs && fired[1] < 750 * kUs, qPrintable(QString::number(fired[1])));
    }
};

QTEST_GUILESS_MAIN(TestHrtimerReprogram)
#include "test_hrtimer_reprogram.moc"
