// Recording memory reused between runs (trace/page_block.h): a freed
// pre-faulted block goes to a bounded pool and the next block of about its
// size comes from there, its pages present; a lazy block never does; the
// pool never holds more than its bound; a second run in the same process
// takes its blocks from the pool and records the same trace. And the trace's
// column store (trace/trace_finalize.cpp) gives the same trace when it is
// finalized more than once.
#include "irqscope/engine.h"
#include "irqscope/presets.h"
#include "trace/page_block.h"

#include <QtTest>

#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace irqscope;

namespace {
constexpr std::size_t kMiB = std::size_t{1} << 20;

// Pages of the block that are present (mincore), or -1 where it cannot tell.
long residentPages(const PageBlock& b) {
#if defined(__linux__)
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> v((b.size() + page - 1) / page);
    if (::mincore(b.data(), b.size(), v.data()) != 0) return -1;
    long n = 0;
    for (unsigned char c : v) n += c & 1;
    return n;
#else
    (void)b;
    return -1;
#endif
}

Trace build(int segments) {
    Trace t;
    const auto cpu = t.addLane(LaneType::Cpu, "CPU 0", 0);
    const auto task = t.addLane(LaneType::Task, "fio/1", -1);
    const StringId e = t.intern("nvme0q1");
    for (int i = 0; i < segments; ++i) {
        const Time at = Time(i) * 100;
        t.addSegment(cpu, static_cast<std::uint8_t>(i % 2), at, at + 50 + i % 7, ContextKind::Hardirq, e);
        t.addSegment(task, 0, at, at + 60, ContextKind::User, e);
        if (i % 3 == 0) t.addInstant(cpu, at + 10, InstantKind::IrqRaise, e);
        if (i % 5 == 0) t.addFlow(Flow{cpu, task, at + 20, at + 30 + Time(i % 4), FlowKind::WakeTask});
    }
    return t;
}
} // namespace

class TestBlockPool : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { PageBlock::resetPool(); }

    void aFreedBlockIsTakenAgainWithItsPagesPresent() {
        if (PageBlock::defaultMode() != PageBlock::Mode::Mapped) QSKIP("plain allocation on this build: no pool");
        PageBlock::resetPool(8 * kMiB);
        const void* first = nullptr;
        {
            PageBlock b(2 * kMiB, true);
            first = b.data();
            std::memset(b.data(), 0x5a, b.size());
        }
        QCOMPARE(PageBlock::poolStats().kept, std::size_t(1));
        QCOMPARE(PageBlock::poolStats().heldBytes, 2 * kMiB);
        PageBlock lazy(2 * kMiB, false); // promises pages not present: never from the pool
        QVERIFY(lazy.data() != first);
        QCOMPARE(PageBlock::poolStats().taken, std::size_t(0));
        PageBlock again(2 * kMiB, true);
        QCOMPARE(again.data(), first);
        QCOMPARE(PageBlock::poolStats().taken, std::size_t(1));
        QCOMPARE(PageBlock::poolStats().heldBytes, std::size_t(0));
        if (residentPages(again) >= 0)
            QCOMPARE(residentPages(again),
                     static_cast<long>(again.size() / static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))));
    }

    void thePoolKeepsWithinItsBoundAndAboutTheSizeAsked() {
        if (PageBlock::defaultMode() != PageBlock::Mode::Mapped) QSKIP("plain allocation on this build: no pool");
        PageBlock::resetPool(8 * kMiB);
        {
            std::vector<PageBlock> blocks;
            for (int i = 0; i < 5; ++i) blocks.emplace_back(2 * kMiB, true);
        }
        const auto s = PageBlock::poolStats();
        QCOMPARE(s.kept, std::size_t(4));
        QCOMPARE(s.refused, std::size_t(1));
        QCOMPARE(s.heldBytes, 8 * kMiB);
        // a 2 MiB block is not handed out for 256 KiB (it would hold 8x what is used)
        PageBlock small(256 << 10, true);
        QCOMPARE(PageBlock::poolStats().taken, std::size_t(0));
        QCOMPARE(small.size(), std::size_t(256 << 10));
    }

    void aSecondRunTakesItsBlocksFromThePool() {
        if (PageBlock::defaultMode() != PageBlock::Mode::Mapped) QSKIP("plain allocation on this build: no pool");
        PageBlock::resetPool();
        auto s = loadPreset("gic-eoimode");
        QVERIFY(s.ok());
        RunOptions o;
        o.duration = 20 * kMs;
        std::uint64_t hash = 0;
        {
            auto r = run(*s, o);
            QVERIFY(r.ok());
            hash = r->trace.hash();
        }
        const auto afterFirst = PageBlock::poolStats();
        QVERIFY(afterFirst.kept >= 2); // the staging arena's blocks and the column store
        QVERIFY(afterFirst.heldBytes <= PageBlock::kPoolBound);
        auto r = run(*s, o);
        QVERIFY(r.ok());
        QCOMPARE(r->trace.hash(), hash);
        const auto afterSecond = PageBlock::poolStats();
        // every block the first run gave back was taken again
        QCOMPARE(afterSecond.taken, afterFirst.kept);
        QVERIFY(afterSecond.heldBytes <= PageBlock::kPoolBound);
    }

    void finalizingTwiceKeepsEveryRecord() {
        Trace once = build(20000);
        once.finalize();
        // the same records, finalized half-way as well
        Trace twice;
        const auto cpu = twice.addLane(LaneType::Cpu, "CPU 0", 0);
        const auto task = twice.addLane(LaneType::Task, "fio/1", -1);
        const StringId e = twice.intern("nvme0q1");
        for (int i = 0; i < 20000; ++i) {
            if (i == 7777) twice.finalize();
            const Time at = Time(i) * 100;
            twice.addSegment(cpu, static_cast<std::uint8_t>(i % 2), at, at + 50 + i % 7, ContextKind::Hardirq, e);
            twice.addSegment(task, 0, at, at + 60, ContextKind::User, e);
            if (i % 3 == 0) twice.addInstant(cpu, at + 10, InstantKind::IrqRaise, e);
            if (i % 5 == 0) twice.addFlow(Flow{cpu, task, at + 20, at + 30 + Time(i % 4), FlowKind::WakeTask});
        }
        twice.finalize();
        QCOMPARE(twice.hash(), once.hash());
        QCOMPARE(twice.segmentCount(), std::size_t(40000));
        QCOMPARE(twice.instants(cpu).size(), std::size_t(6667));
        QCOMPARE(twice.flows().size(), std::size_t(4000));
        QCOMPARE(twice.memoryUse().segments, once.memoryUse().segments);
        QCOMPARE(twice.memoryUse().index, once.memoryUse().index);
        // the level-of-detail index over both halves
        std::vector<TraceBin> a, b;
        once.queryBins(cpu, 0, 0, 2000000, 100, a);
        twice.queryBins(cpu, 0, 0, 2000000, 100, b);
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].count, a[i].count);
            QCOMPARE(b[i].coverage, a[i].coverage);
        }
        // a moved trace keeps its columns; the moved-from one has none
        Trace moved(std::move(twice));
        QCOMPARE(moved.hash(), once.hash());
        QCOMPARE(twice.flows().size(), std::size_t(0)); // NOLINT(bugprone-use-after-move): the moved-from state
    }
};

QTEST_GUILESS_MAIN(TestBlockPool)
#include "test_block_pool.moc"
