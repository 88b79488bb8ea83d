// GICv3 RWP polling by kernel version (drivers/irqchip/irq-gic-v3.c): before
// v5.19 gic_poke_irq() polls GICD_CTLR.RWP after every write (mask, unmask,
// set-pending); from v5.19 (commit 63f13483f068, "irqchip/gic-v3: Relax
// polling of GIC{R,D}_CTLR.RWP") only gic_mask_irq() polls. GICv2 has no RWP.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

constexpr Time kThreadNs = 50 * kUs;
constexpr Time kRwp = 1000;
constexpr Time kWrite = 100;

struct Cycle {
    Time hardirq = 0;  // the hardirq's length (mask + RWP poll inside)
    Time unmaskAt = 0; // from the thread's start to its unmask
};

// One ONESHOT threaded SPI raised once; dist write 100 ns, RWP poll 1 us.
Cycle oneCycle(const char* version, const char* gic = "v3") {
    Harness h({{"machine.cpus", "1"},
               {"kernel.version", version},
               {"gic.version", gic},
               {"gic.cost.dist_write_ns", "100"},
               {"gic.cost.rwp_wait_ns", "1000"}});
    auto& line = h.m->gic().addLine(hw::IntType::SPI, 40, 0, "spi");
    h.m->irq().request(
        line, "spi", {}, [](Kctx& c) -> Proc<void> { co_await c.work(kThreadNs); }, IRQF_ONESHOT);
    h.at(100 * kUs, [&] { h.m->irq().raise(line); });
    h.run(1 * kMs);
    const auto hard = h.segments(0, ContextKind::Hardirq, "spi");
    const auto thread = h.segments(0, ContextKind::IrqThread);
    const auto unmasks = h.instants(0, InstantKind::Unmask);
    if (hard.size() != 1 || thread.empty() || unmasks.size() != 1) qFatal("expected one masked cycle");
    return {hard[0].end - hard[0].start, unmasks[0].t - thread.front().start};
}

} // namespace

class TestGicRwp : public QObject {
    Q_OBJECT
private slots:
    void beforeV519EveryWritePolls() {
        const Cycle old = oneCycle("5.10"), now = oneCycle("6.12");
        // the mask polls in both: the hardirq is as long
        QCOMPARE(old.hardirq, now.hardirq);
        // the unmask polls only before 5.19
        QCOMPARE(old.unmaskAt - now.unmaskAt, kRwp);
        QVERIFY(now.unmaskAt >= kThreadNs + kWrite);
    }

    void versionProfilesSelectThePoll() {
        for (const char* v : {"4.4", "4.19", "5.10"}) {
            Harness h({{"kernel.version", v}});
            QVERIFY2(h.m->cfg().rwpPollEveryWrite, v);
        }
        for (const char* v : {"6.1", "6.6", "6.12"}) {
            Harness h({{"kernel.version", v}});
            QVERIFY2(!h.m->cfg().rwpPollEveryWrite, v);
        }
    }

    void onlyTheMaskPollsFromV519() {
        Harness h({{"gic.cost.dist_write_ns", "100"}, {"gic.cost.rwp_wait_ns", "1000"}});
        const Config& c = h.m->cfg();
        QCOMPARE(c.distWriteCost(DistWrite::ClearEnable), kWrite + kRwp);
        QCOMPARE(c.distWriteCost(DistWrite::Other), kWrite);
    }

    void gicV2HasNoRwp() {
        const Cycle old = oneCycle("5.10", "v2"), now = oneCycle("6.12", "v2");
        QCOMPARE(old.hardirq, now.hardirq);
        QCOMPARE(old.unmaskAt, now.unmaskAt);
    }
};

QTEST_GUILESS_MAIN(TestGicRwp)
#include "test_gic_rwp.moc"
