// The memory a recording writes in bulk (trace/page_block.h, trace/arena.h):
// a block asked to be pre-faulted is present before it is touched and one
// not asked is not, a block keeps its bytes when it grows or is trimmed, the
// plain fallback behaves the same, and the arena's blocks grow geometrically
// up to a bound and the largest is reused after clear().
#include "trace/arena.h"
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

// Whether this kernel pre-faults on request (MADV_POPULATE_WRITE, 5.14),
// asked directly rather than through the code under test.
bool kernelPrefaults() {
#if defined(__linux__)
    void* p = ::mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    const bool ok = ::madvise(p, 4096, 23 /* MADV_POPULATE_WRITE */) == 0;
    ::munmap(p, 4096);
    return ok;
#else
    return false;
#endif
}

void fill(void* p, std::size_t n) {
    auto* c = static_cast<unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) c[i] = static_cast<unsigned char>(i * 7 + 3);
}
bool filled(const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i)
        if (c[i] != static_cast<unsigned char>(i * 7 + 3)) return false;
    return true;
}
} // namespace

class TestTraceArena : public QObject {
    Q_OBJECT
private slots:
    void prefaultFlagHonoured() {
        if (PageBlock::defaultMode() != PageBlock::Mode::Mapped) QSKIP("plain allocation on this build");
        PageBlock lazy(4 * kMiB, false);
        QVERIFY(lazy.mapped());
        QVERIFY(!lazy.prefaulted());
        QCOMPARE(residentPages(lazy), 0L); // nothing touched, nothing present
        PageBlock eager(4 * kMiB, true);
        if (!kernelPrefaults()) QSKIP("the kernel has no MADV_POPULATE_WRITE (before 5.14)");
        QVERIFY(eager.prefaulted());
        QCOMPARE(residentPages(eager),
                 static_cast<long>(eager.size() / static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))));
        // and part of a block on request
        lazy.prefault(kMiB, 4096);
        QVERIFY(lazy.prefaulted());
        QVERIFY(residentPages(lazy) >= 1);
    }
    void mappedBlockGrowsAndTrimsKeepingItsBytes() {
        if (PageBlock::defaultMode() != PageBlock::Mode::Mapped) QSKIP("plain allocation on this build");
        PageBlock b(kMiB);
        fill(b.data(), kMiB);
        b.resize(5 * kMiB);
        QCOMPARE(b.size(), 6 * kMiB); // whole huge pages
        QCOMPARE(reinterpret_cast<std::uintptr_t>(b.data()) % (2 * kMiB), std::uintptr_t(0));
        QVERIFY(filled(b.data(), kMiB));
        std::memset(static_cast<char*>(b.data()) + kMiB, 1, 5 * kMiB); // the new part is writable
        b.resize(100);
        QCOMPARE(b.size(), std::size_t(4096)); // trimmed to whole pages
        QVERIFY(filled(b.data(), 100));
        PageBlock moved(std::move(b));
        QVERIFY(moved.mapped());
        QVERIFY(filled(moved.data(), 100));
        QVERIFY(b.data() == nullptr); // NOLINT(bugprone-use-after-move): the moved-from state
    }
    void plainFallbackBehavesTheSame() {
        PageBlock b(3 * kMiB, true, PageBlock::Mode::Plain);
        QVERIFY(b.data() != nullptr);
        QVERIFY(!b.mapped());
        QVERIFY(!b.prefaulted()); // nothing to pre-fault: malloc'ed memory
        QCOMPARE(b.size(), 3 * kMiB);
        fill(b.data(), b.size());
        b.resize(7 * kMiB);
        QVERIFY(filled(b.data(), 3 * kMiB));
        b.resize(10);
        QVERIFY(filled(b.data(), 10));
        b.resize(0);
        QVERIFY(b.data() == nullptr);
    }
    void arenaBlocksGrowGeometricallyUpToTheBound() {
        for (auto mode : {PageBlock::Mode::Mapped, PageBlock::Mode::Plain}) {
            if (PageBlock::defaultMode() == PageBlock::Mode::Plain) QSKIP("one allocation per request on this build");
            Arena a(false, mode, 64 << 10, 256 << 10);
            std::size_t asked = 0;
            std::vector<std::uint32_t*> chunks;
            for (int i = 0; i < 2000; ++i) {
                auto* p = a.allocate<std::uint32_t>(250); // 1000 bytes
                QCOMPARE(reinterpret_cast<std::uintptr_t>(p) % alignof(std::uint32_t), std::uintptr_t(0));
                for (std::uint32_t k = 0; k < 250; ++k) p[k] = static_cast<std::uint32_t>(i) * 1000 + k;
                chunks.push_back(p);
                asked += 1000;
            }
            // no chunk overlaps another: each still holds what was written
            for (std::size_t i = 0; i < chunks.size(); ++i)
                QCOMPARE(chunks[i][249], static_cast<std::uint32_t>(i) * 1000 + 249);
            QCOMPARE(a.block(0).size(), std::size_t(64 << 10));
            QCOMPARE(a.block(1).size(), std::size_t(128 << 10));
            for (std::size_t i = 2; i < a.blockCount(); ++i) QCOMPARE(a.block(i).size(), std::size_t(256 << 10));
            // bounded: what was asked for, plus at most the last block
            QVERIFY(a.reservedBytes() <= asked + (256 << 10));
            a.release();
            QCOMPARE(a.blockCount(), std::size_t(0));
        }
    }
    void arenaClearReusesTheLargestBlock() {
        if (PageBlock::defaultMode() == PageBlock::Mode::Plain) QSKIP("one allocation per request on this build");
        Arena a(false, PageBlock::defaultMode(), 64 << 10, 256 << 10);
        for (int i = 0; i < 500; ++i) (void)a.allocate<char>(1000);
        QVERIFY(a.blockCount() >= 3);
        a.clear();
        QCOMPARE(a.blockCount(), std::size_t(1));
        QCOMPARE(a.block(0).size(), std::size_t(256 << 10));
        const void* kept = a.block(0).data();
        QCOMPARE(static_cast<const void*>(a.allocate<char>(1000)), kept); // no new block
        QCOMPARE(a.blockCount(), std::size_t(1));
        // an allocation larger than the blocks gets a block of its own size
        (void)a.allocate<char>(kMiB);
        QVERIFY(a.block(1).size() >= kMiB);
    }
    void arenaPrefaultsTheBlocksItOpensWhenAsked() {
        if (PageBlock::defaultMode() != PageBlock::Mode::Mapped) QSKIP("plain allocation on this build");
        Arena eager(true), lazy(false);
        (void)eager.allocate<char>(100);
        (void)lazy.allocate<char>(100);
        QVERIFY(!lazy.block(0).prefaulted());
        if (!kernelPrefaults()) QSKIP("the kernel has no MADV_POPULATE_WRITE (before 5.14)");
        QVERIFY(eager.block(0).prefaulted());
        QCOMPARE(residentPages(eager.block(0)), static_cast<long>(Arena::kFirstBlock / 4096));
        QVERIFY(residentPages(lazy.block(0)) <= 1);
    }
};

QTEST_GUILESS_MAIN(TestTraceArena)
#include "test_trace_arena.moc"
