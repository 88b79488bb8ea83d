// A bump allocator over PageBlocks (page_block.h), for records written once
// and freed together: the trace's staged segments, instants and flows, which
// live from the first record until finalize() has copied them into the
// columns, and the columns themselves (one block, sized by finalize()).
//
// Blocks grow geometrically (first block, doubling, up to the last size), so
// a short run maps little and a long one maps few, large blocks, each
// pre-faulted in bulk when it is opened (on the thread that writes the trace,
// which is not the simulation's). What it holds is at most what was
// allocated plus one block: memory stays bounded by the trace's budget.
// clear() keeps the largest block for the next records and frees the rest;
// pre-faulted blocks freed go to the block pool for the next run.
//
// Under AddressSanitizer each allocation is its own malloc, so a write past
// a chunk's end is still caught.
#pragma once

#include "trace/page_block.h"

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace irqscope {

class Arena {
public:
    static constexpr std::size_t kFirstBlock = std::size_t{256} << 10, kLastBlock = std::size_t{8} << 20;
    explicit Arena(bool prefault = true, PageBlock::Mode mode = PageBlock::defaultMode(),
                   std::size_t firstBlock = kFirstBlock, std::size_t lastBlock = kLastBlock)
        : prefault_(prefault), mode_(mode), firstBlock_(firstBlock), lastBlock_(lastBlock) {}

    // n uninitialised T, aligned for T. Throws bad_alloc.
    template <typename T> T* allocate(std::size_t n) {
        static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
        return static_cast<T*>(allocateBytes(n * sizeof(T), alignof(T)));
    }
    void* allocateBytes(std::size_t bytes, std::size_t align);
    // Everything allocated is given up; the largest block stays for reuse.
    void clear();
    // Everything, blocks included, goes back.
    void release();

    std::size_t blockCount() const { return blocks_.size(); }
    std::size_t reservedBytes() const;
    const PageBlock& block(std::size_t i) const { return blocks_[i]; }

private:
    void openBlock(std::size_t atLeast);

    bool prefault_;
    PageBlock::Mode mode_;
    std::size_t firstBlock_, lastBlock_;
    std::size_t opened_ = 0; // blocks opened so far: the next one's size doubles
    std::vector<PageBlock> blocks_;
    char* at_ = nullptr;
    char* end_ = nullptr;
};

} // namespace irqscope
