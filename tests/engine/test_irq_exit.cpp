// Returning from a softirq or hardirq (kernel/softirq.c __do_softirq's tail,
// irq_exit) happens with interrupts disabled: nothing can raise a softirq
// between the last pending check and the frame's end.
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

class TestIrqExit : public QObject {
    Q_OBJECT
private slots:
    // __do_softirq returns to irq_exit with interrupts disabled: an interrupt
    // signalled during its tail is taken after the frame is gone, so the
    // softirq it raises runs at its irq_exit rather than waiting for another one.
    void anInterruptAtASoftirqsEndStillRunsItsSoftirq() {
        Time netrxEnd = 0;
        for (int pass = 0; pass < 2; ++pass) {
            Harness h({{"machine.cpus", "1"}, {"machine.nohz_idle", "true"}});
            auto mk = [&](int intid, int vec) -> hw::IrqLine& {
                auto& line = h.m->gic().addLine(hw::IntType::SPI, intid, 0, "dev" + std::to_string(intid));
                h.m->irq().request(
                    line, line.name,
                    [vec](Kctx& c) -> Proc<IrqReturn> {
                        co_await c.work(2 * kUs);
                        c.m().softirq().raise(c.cpu(), vec);
                        co_return IrqReturn::Handled;
                    },
                    {}, 0);
                return line;
            };
            auto& first = mk(40, NET_RX);
            auto& second = mk(41, BLOCK);
            h.m->softirq().setHandler(NET_RX, [](Kctx& c) -> Proc<void> { co_await c.work(20 * kUs); });
            h.m->softirq().setHandler(BLOCK, [](Kctx& c) -> Proc<void> { co_await c.work(10 * kUs); });
            h.at(100 * kUs, [&] { h.m->irq().raise(first); });
            if (pass == 1) h.at(netrxEnd - 1, [&] { h.m->irq().raise(second); }); // in __do_softirq's tail
            h.run(3 * kMs);
            auto netrx = h.segments(0, ContextKind::Softirq, "NET_RX");
            QCOMPARE(netrx.size(), std::size_t(1));
            if (pass == 0) {
                netrxEnd = netrx[0].end;
                continue;
            }
            auto block = h.segments(0, ContextKind::Softirq, "BLOCK");
            QCOMPARE(block.size(), std::size_t(1));
            QVERIFY(block[0].start < netrxEnd + 10 * kUs);
        }
    }
};

QTEST_GUILESS_MAIN(TestIrqExit)
#include "test_irq_exit.moc"
