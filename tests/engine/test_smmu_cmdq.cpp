// The SMMUv3 command queue (drivers/iommu/arm/arm-smmu-v3/arm-smmu-v3.c,
// arm_smmu_cmdq_issue_cmdlist(), lock-free since v5.4): CPUs reserve space one
// at a time on the producer index; the CPU that finds no owner publishes the
// batch (one prod write) after the previous owner is done, later CPUs are
// gathered into it; every CPU inserts its own CMD_SYNC and polls, IRQs off,
// until the SMMU has consumed it. The SMMU completes the pairs in order.
#include "devices/smmu/smmu_model.h"
#include "machine_harness.h"

using namespace irqscope;
using namespace irqscope::kern;
using test::Harness;

namespace {

struct Unmaps {
    std::vector<Time> doneAt; // per CPU, when its unmap returned
    std::uint64_t batches = 0, syncs = 0;
};

// `cpus` CPUs each do one strict unmap at `at[i]`.
Unmaps unmapAt(std::vector<Time> at, Time insert, Time prodWrite, Time sync) {
    Harness h({{"machine.cpus", "4"}});
    devices::SmmuParams p;
    p.mode = devices::SmmuParams::Mode::Strict;
    p.unmapNs = 0;
    p.cmdqInsertNs = insert;
    p.cmdqProdWriteNs = prodWrite;
    p.cmdqSyncNs = sync;
    auto smmu = std::make_shared<devices::Smmu>(*h.m, p);
    Unmaps r;
    r.doneAt.assign(at.size(), 0);
    for (std::size_t i = 0; i < at.size(); ++i) {
        Task& t = h.m->sched().createTask("u" + std::to_string(i), ContextKind::Kthread, Policy::Fifo, 50,
                                          h.m->oneCpu(int(i)), [&, i, smmu](Kctx& c) -> Proc<void> {
                                              co_await c.block();
                                              co_await smmu->unmapFast(c);
                                              if (smmu->syncNow(c)) co_await smmu->sync(c);
                                              r.doneAt[i] = c.now();
                                              for (;;) co_await c.block();
                                          });
        h.m->sched().wake(t, -1);
        h.at(at[i], [&h, &t] { h.m->sched().wake(t, -1); });
    }
    h.run(1 * kMs);
    r.batches = h.m->rec().counters["cmdq_batches"];
    r.syncs = h.m->rec().counters["cmdq_syncs"];
    return r;
}

} // namespace

class TestSmmuCmdq : public QObject {
    Q_OBJECT
private slots:
    void eachCpuWaitsForItsOwnSync() {
        // three CPUs at once: the SMMU completes their pairs one after another
        const Unmaps r = unmapAt({100 * kUs, 100 * kUs, 100 * kUs}, 100, 300, 1000);
        QCOMPARE(r.syncs, std::uint64_t(3));
        std::vector<Time> d = r.doneAt;
        std::sort(d.begin(), d.end());
        QVERIFY(d[1] - d[0] >= 1000 && d[2] - d[1] >= 1000);
    }

    void cpusArrivingWhileTheOwnerWaitsAreGathered() {
        // a slow prod write: the second owner waits for the first, and the third CPU joins its batch
        const Unmaps r = unmapAt({100 * kUs, 100 * kUs, 100 * kUs}, 100, 2000, 100);
        QCOMPARE(r.syncs, std::uint64_t(3));
        QCOMPARE(r.batches, std::uint64_t(2));
    }

    void insertionIsSerialised() {
        // the producer index is one cache line: with a slow cmpxchg the CPUs finish apart even on a fast SMMU
        const Unmaps r = unmapAt({100 * kUs, 100 * kUs, 100 * kUs}, 5000, 0, 0);
        std::vector<Time> d = r.doneAt;
        std::sort(d.begin(), d.end());
        QVERIFY(d[2] - d[0] >= 10000);
    }

    void devicesBehindTheSmmuShareItsQueue() {
        // Two devices' domains (two Smmu objects) on one machine: the SMMU has
        // one command queue, so two CPUs unmapping for different devices at the
        // same time still complete one after another.
        Harness h({{"machine.cpus", "2"}});
        devices::SmmuParams p;
        p.mode = devices::SmmuParams::Mode::Strict;
        p.cmdqSyncNs = 1000;
        auto a = std::make_shared<devices::Smmu>(*h.m, p), b = std::make_shared<devices::Smmu>(*h.m, p);
        std::vector<Time> doneAt(2, 0);
        for (int i = 0; i < 2; ++i) {
            auto domain = i == 0 ? a : b;
            Task& t = h.m->sched().createTask("u" + std::to_string(i), ContextKind::Kthread, Policy::Fifo, 50,
                                              h.m->oneCpu(i), [&doneAt, i, domain](Kctx& c) -> Proc<void> {
                                                  co_await c.block();
                                                  co_await domain->unmapFast(c);
                                                  if (domain->syncNow(c)) co_await domain->sync(c);
                                                  doneAt[std::size_t(i)] = c.now();
                                                  for (;;) co_await c.block();
                                              });
            h.m->sched().wake(t, -1);
            h.at(100 * kUs, [&h, &t] { h.m->sched().wake(t, -1); });
        }
        h.run(1 * kMs);
        QCOMPARE(h.m->rec().counters["cmdq_syncs"], std::uint64_t(2));
        QVERIFY2(std::abs(double(doneAt[1] - doneAt[0])) >= 1000,
                 qPrintable(QString("done at %1 and %2 ns").arg(doneAt[0]).arg(doneAt[1])));
    }
};

QTEST_GUILESS_MAIN(TestSmmuCmdq)
#include "test_smmu_cmdq.moc"
