#include "trace/page_block.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#define IRQSCOPE_PAGE_MAP 1
#else
#define IRQSCOPE_PAGE_MAP 0
#endif
#if defined(__SANITIZE_ADDRESS__)
#define IRQSCOPE_PAGE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IRQSCOPE_PAGE_SANITIZED 1
#endif
#endif
#ifndef IRQSCOPE_PAGE_SANITIZED
#define IRQSCOPE_PAGE_SANITIZED 0
#endif

namespace irqscope {

namespace {
constexpr std::size_t kPage = 4096;
constexpr std::size_t kHuge = std::size_t{2} << 20; // x86-64 and arm64 with 4 KiB pages

std::size_t roundUp(std::size_t n, std::size_t to) {
    return (n + to - 1) / to * to;
}
// A block of 2 MiB or more is a whole number of huge pages, aligned to one,
// so that every one of them can be a huge page.
std::size_t mappedSize(std::size_t bytes) {
    return bytes >= kHuge ? roundUp(bytes, kHuge) : roundUp(bytes, kPage);
}

#if IRQSCOPE_PAGE_MAP
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
void* mapAligned(std::size_t bytes) {
    const std::size_t align = bytes >= kHuge ? kHuge : kPage;
    const std::size_t span = bytes + align - kPage;
    void* raw = ::mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    auto* base = static_cast<char*>(raw);
    auto* p = reinterpret_cast<char*>(roundUp(reinterpret_cast<std::uintptr_t>(base), align));
    if (p != base) ::munmap(base, static_cast<std::size_t>(p - base));
    if (base + span != p + bytes) ::munmap(p + bytes, static_cast<std::size_t>(base + span - (p + bytes)));
    // where transparent huge pages are off or "always", this changes nothing
    if (bytes >= kHuge) (void)::madvise(p, bytes, MADV_HUGEPAGE);
    return p;
}
#endif

// Freed pre-faulted blocks, kept for the next run. Never destroyed: a block
// freed while the process exits still finds it.
struct Pool {
    static constexpr std::size_t kMaxRegions = 256; // take() looks at each
    struct Region {
        void* p = nullptr;
        std::size_t bytes = 0;
        bool prefaulted = false;
    };
    std::mutex mu;
    std::vector<Region> regions;
    std::size_t held = 0;
    std::size_t bound = PageBlock::kPoolBound;
    PageBlock::PoolStats stats;

    // The smallest region of `bytes` up to a quarter more (a larger one would
    // hold memory its new owner never uses), or an empty one.
    Region take(std::size_t bytes) {
        std::lock_guard lock(mu);
        auto best = regions.end();
        for (auto it = regions.begin(); it != regions.end(); ++it)
            if (it->bytes >= bytes && it->bytes <= bytes + bytes / 4 &&
                (best == regions.end() || it->bytes < best->bytes))
                best = it;
        if (best == regions.end()) return {};
        const Region r = *best;
        *best = regions.back();
        regions.pop_back();
        held -= r.bytes;
        ++stats.taken;
        return r;
    }
    // Whether the pool kept the region (else the caller unmaps it).
    bool give(const Region& r) {
        std::lock_guard lock(mu);
        if (held + r.bytes > bound || regions.size() >= kMaxRegions) {
            ++stats.refused;
            return false;
        }
        try {
            regions.push_back(r);
        } catch (const std::bad_alloc&) {
            return false;
        }
        held += r.bytes;
        ++stats.kept;
        return true;
    }
};
Pool& pool() {
    static Pool* const p = new Pool;
    return *p;
}
} // namespace

PageBlock::PoolStats PageBlock::poolStats() {
    Pool& pl = pool();
    std::lock_guard lock(pl.mu);
    PoolStats s = pl.stats;
    s.heldBytes = pl.held;
    s.blocks = pl.regions.size();
    return s;
}

void PageBlock::resetPool(std::size_t bound) {
    Pool& pl = pool();
    std::vector<Pool::Region> drop;
    {
        std::lock_guard lock(pl.mu);
        drop.swap(pl.regions);
        pl.held = 0;
        pl.bound = bound;
        pl.stats = {};
    }
#if IRQSCOPE_PAGE_MAP
    for (const auto& r : drop) ::munmap(r.p, r.bytes);
#endif
}

PageBlock::Mode PageBlock::defaultMode() {
    return IRQSCOPE_PAGE_MAP && !IRQSCOPE_PAGE_SANITIZED ? Mode::Mapped : Mode::Plain;
}

PageBlock::PageBlock(std::size_t bytes, bool prefault, Mode mode) : mode_(mode) {
    if (bytes == 0) return;
#if IRQSCOPE_PAGE_MAP
    if (mode_ == Mode::Mapped) {
        bytes_ = mappedSize(bytes);
        if (prefault) {
            pooled_ = true;
            if (const auto r = pool().take(bytes_); r.p) { // its pages are present still
                p_ = r.p;
                bytes_ = r.bytes;
                prefaulted_ = r.prefaulted;
                return;
            }
        }
        p_ = mapAligned(bytes_);
        if (prefault) this->prefault(0, bytes_);
        return;
    }
#endif
    mode_ = Mode::Plain;
    p_ = std::malloc(bytes);
    if (!p_) throw std::bad_alloc();
    bytes_ = bytes;
}

PageBlock::~PageBlock() {
    release();
}

PageBlock::PageBlock(PageBlock&& o) noexcept
    : p_(std::exchange(o.p_, nullptr)), bytes_(std::exchange(o.bytes_, 0)), mode_(o.mode_),
      prefaulted_(std::exchange(o.prefaulted_, false)), pooled_(std::exchange(o.pooled_, false)) {}

PageBlock& PageBlock::operator=(PageBlock&& o) noexcept {
    if (this != &o) {
        release();
        p_ = std::exchange(o.p_, nullptr);
        bytes_ = std::exchange(o.bytes_, 0);
        mode_ = o.mode_;
        prefaulted_ = std::exchange(o.prefaulted_, false);
        pooled_ = std::exchange(o.pooled_, false);
    }
    return *this;
}

void PageBlock::release() noexcept {
    if (!p_) return;
#if IRQSCOPE_PAGE_MAP
    if (mode_ != Mode::Mapped) std::free(p_);
    else if (!pooled_ || !pool().give(Pool::Region{p_, bytes_, prefaulted_})) ::munmap(p_, bytes_);
#else
    std::free(p_);
#endif
    p_ = nullptr;
    bytes_ = 0;
    prefaulted_ = false;
    pooled_ = false;
}

void PageBlock::prefault(std::size_t from, std::size_t bytes) {
#if IRQSCOPE_PAGE_MAP
    if (!mapped() || from >= bytes_) return;
    const std::size_t a = from / kPage * kPage;
    const std::size_t b = std::min(bytes_, roundUp(from + bytes, kPage));
    // EINVAL (a kernel before 5.14) or ENOMEM: the pages fault on first touch
    prefaulted_ = ::madvise(static_cast<char*>(p_) + a, b - a, MADV_POPULATE_WRITE) == 0;
#else
    (void)from;
    (void)bytes;
#endif
}

void PageBlock::resize(std::size_t bytes) {
    if (bytes == 0) {
        release();
        return;
    }
    if (!p_) {
        *this = PageBlock(bytes, false, mode_);
        return;
    }
#if IRQSCOPE_PAGE_MAP
    if (mode_ == Mode::Mapped) {
        if (roundUp(bytes, kPage) <= bytes_) { // trimmed to whole pages: the tail's go back
            const std::size_t keep = roundUp(bytes, kPage);
            if (keep < bytes_) ::munmap(static_cast<char*>(p_) + keep, bytes_ - keep);
            bytes_ = keep;
            return;
        }
        const std::size_t want = mappedSize(bytes);
        // The old pages move, page tables and all, to the head of a new
        // aligned reservation (which MREMAP_FIXED replaces there).
        void* q = mapAligned(want);
        void* moved = ::mremap(p_, bytes_, bytes_, MREMAP_MAYMOVE | MREMAP_FIXED, q);
        if (moved == MAP_FAILED) { // copy instead
            std::memcpy(q, p_, bytes_);
            ::munmap(p_, bytes_);
        }
        (void)::madvise(q, want, MADV_HUGEPAGE); // the moved head has the old block's flags
        p_ = q;
        bytes_ = want;
        return;
    }
#endif
    void* q = std::realloc(p_, bytes);
    if (!q) throw std::bad_alloc();
    p_ = q;
    bytes_ = bytes;
}

} // namespace irqscope
