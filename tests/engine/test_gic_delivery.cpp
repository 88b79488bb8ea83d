// Gic::signalled(): the lowest deliverable INTID of a CPU (pending, enabled,
// not active unless an LPI; lines of one INTID in the order they were added),
// none while a priority is not dropped. The GIC lists each CPU's pending
// lines while few are pending and scans all of the CPU's lines beyond; random
// raise / acknowledge / mask / priority-drop sequences are checked against a
// scan of every line at each step, with up to 20 lines pending on one CPU so
// that both ways and the switch between them are taken.
#include "hw/gic.h"

#include <QtTest>

#include <random>
#include <vector>

using namespace irqscope;
using hw::Gic;
using hw::IntType;
using hw::IrqLine;

namespace {

// What the GIC must answer, from every line it holds.
const IrqLine* reference(const Gic& g, int cpu) {
    if (g.activePriorities(cpu) > 0) return nullptr;
    const IrqLine* best = nullptr;
    for (const auto& l : g.lines()) {
        if (l->cpu != cpu || !l->pending || !l->enabled) continue;
        if (l->active && l->type != IntType::LPI) continue;
        if (!best || l->intid < best->intid) best = l.get(); // lines() is in the order added
    }
    return best;
}

} // namespace

class TestGicDelivery : public QObject {
    Q_OBJECT
private slots:
    void lowestDeliverableIntidWins() {
        Gic g(2);
        IrqLine& spi = g.addLine(IntType::SPI, 40, 0, "spi");
        IrqLine& ppi = g.addLine(IntType::PPI, 27, 0, "ppi");
        IrqLine& lpi = g.addLine(IntType::LPI, 8192, 0, "lpi");
        g.setPending(spi);
        g.setPending(lpi);
        QCOMPARE(g.signalled(0), &spi);
        QCOMPARE(g.signalled(1), nullptr);
        g.setPending(ppi);
        QCOMPARE(g.signalled(0), &ppi); // the timer PPI beats the SPI
        g.acknowledge(0, ppi);
        QCOMPARE(g.signalled(0), nullptr); // running priority raised
        g.priorityDrop(0);
        QCOMPARE(g.signalled(0), &spi);
        spi.enabled = false;
        QCOMPARE(g.signalled(0), &lpi);
    }

    void randomSequencesMatchAScanOfEveryLine() {
        std::mt19937 rng(7);
        int roundsBeyondList = 0;
        for (int round = 0; round < 50; ++round) {
            Gic g(3);
            std::vector<IrqLine*> lines;
            for (int i = 0; i < 30; ++i) {
                const auto type = static_cast<IntType>(rng() % 4);
                // repeated INTIDs on one CPU: the order added decides between them
                // 14 lines on CPU 0, so that more than the listed six are pending there at times
                const int cpu = i < 14 ? 0 : static_cast<int>(rng() % 3);
                lines.push_back(&g.addLine(type, static_cast<int>(rng() % 24), cpu, "l"));
            }
            int maxPending = 0;
            for (int step = 0; step < 2000; ++step) {
                IrqLine& l = *lines[rng() % lines.size()];
                const int cpu = static_cast<int>(rng() % 3);
                switch (rng() % 6) {
                case 0:
                case 1:
                case 2:
                    if (!l.pending) g.setPending(l);
                    break;
                case 3:
                    if (IrqLine* s = g.signalled(l.cpu)) g.acknowledge(l.cpu, *s);
                    break;
                case 4:
                    g.priorityDrop(cpu);
                    g.deactivate(l);
                    break;
                case 5: l.enabled = !l.enabled; break;
                }
                int pending0 = 0;
                for (const IrqLine* p : lines) pending0 += p->pending && p->cpu == 0;
                maxPending = std::max(maxPending, pending0);
                for (int c = 0; c < 3; ++c) QCOMPARE(static_cast<const IrqLine*>(g.signalled(c)), reference(g, c));
            }
            roundsBeyondList += maxPending > 6;
        }
        QVERIFY(roundsBeyondList >= 25); // the scan beyond the list is taken, and the way back
    }
};

QTEST_GUILESS_MAIN(TestGicDelivery)
#include "test_gic_delivery.moc"
