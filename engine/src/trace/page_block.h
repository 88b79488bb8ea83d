// Large blocks of memory for what a recording writes once, in bulk: the
// trace's staged segments (through Arena, arena.h), the trace ring's chunks
// and the machine-state log's records.
//
// Writing memory for the first time costs a page fault per 4 KiB page, and on
// a paravirtualised guest a fault costs ~10 us of CPU: 200 ms of nvme-smmu
// writes ~80 MB, so its faults alone took about as long as the simulation.
// A block is therefore mapped with mmap, marked for transparent huge pages
// (madvise MADV_HUGEPAGE: one fault per 2 MiB where the kernel has huge pages)
// and, when asked, pre-faulted in one call (MADV_POPULATE_WRITE, Linux 5.14;
// an older kernel's EINVAL leaves the pages to be faulted on first touch).
//
// A run is often followed by another in the same process (the window re-runs,
// a sweep runs many): a mapped block asked to be pre-faulted is given, when
// freed, to a process-wide pool bounded to kPoolBound bytes, and the next
// such block of about its size is taken from there, its pages still present,
// instead of being mapped and faulted again.
//
// Where mmap is not available, and under AddressSanitizer (whose heap checks
// only see malloc'ed memory), a block is plain malloc'ed memory: the same
// results, the faults as before, no pool.
#pragma once

#include <cstddef>

namespace irqscope {

class PageBlock {
public:
    enum class Mode : unsigned char { Mapped, Plain };
    // Mapped where the platform has it and no sanitizer watches the heap.
    static Mode defaultMode();

    PageBlock() = default;
    // At least `bytes`, uninitialised (zero when newly mapped). prefault: the
    // pages are made present now, in bulk, on the calling thread, and the
    // block may come from the pool (and goes to it when freed). Throws
    // bad_alloc.
    explicit PageBlock(std::size_t bytes, bool prefault = false, Mode mode = defaultMode());
    ~PageBlock();
    PageBlock(PageBlock&& o) noexcept;
    PageBlock& operator=(PageBlock&& o) noexcept;
    PageBlock(const PageBlock&) = delete;
    PageBlock& operator=(const PageBlock&) = delete;

    void* data() const { return p_; }
    std::size_t size() const { return bytes_; }
    bool mapped() const { return mode_ == Mode::Mapped && p_ != nullptr; }
    // Whether a prefault() made the pages present (false: the kernel refused,
    // or the block is plain memory).
    bool prefaulted() const { return prefaulted_; }

    // Makes the pages of [from, from + bytes) present in one call, best
    // effort; on a plain block it does nothing.
    void prefault(std::size_t from, std::size_t bytes);
    // To at least `bytes`, keeping the first min(old, new) bytes. A mapped
    // block moves its pages (mremap) instead of copying them, so what was
    // written is not touched again. Throws bad_alloc.
    void resize(std::size_t bytes);

    // The pool of freed pre-faulted blocks (shared by every thread).
    static constexpr std::size_t kPoolBound = std::size_t{64} << 20;
    struct PoolStats {
        std::size_t taken = 0;     // blocks taken from the pool instead of mapped
        std::size_t kept = 0;      // freed blocks the pool kept
        std::size_t refused = 0;   // freed blocks unmapped: the bound was reached
        std::size_t heldBytes = 0; // what the pool holds now (<= its bound)
        std::size_t blocks = 0;    // how many blocks it holds
    };
    static PoolStats poolStats();
    // Unmaps what the pool holds and sets its bound (tests; 0: no pool).
    static void resetPool(std::size_t bound = kPoolBound);

private:
    void release() noexcept;
    void* p_ = nullptr;
    std::size_t bytes_ = 0;
    Mode mode_ = defaultMode(); // what an empty block grows into
    bool prefaulted_ = false;
    bool pooled_ = false; // goes to the pool when freed
};

} // namespace irqscope
