#include "trace/arena.h"

#include <algorithm>
#include <cstdint>

namespace irqscope {

namespace {
std::uintptr_t alignUp(std::uintptr_t p, std::size_t a) {
    return (p + a - 1) / a * a;
}
} // namespace

void* Arena::allocateBytes(std::size_t bytes, std::size_t align) {
    if (bytes == 0) bytes = 1;
    if (mode_ == PageBlock::Mode::Plain && PageBlock::defaultMode() == PageBlock::Mode::Plain) {
        // a sanitizer watches the heap: one allocation per request, so it
        // sees each one's bounds
        blocks_.emplace_back(bytes, false, PageBlock::Mode::Plain);
        return blocks_.back().data();
    }
    auto p = alignUp(reinterpret_cast<std::uintptr_t>(at_), align);
    if (!at_ || p + bytes > reinterpret_cast<std::uintptr_t>(end_)) {
        openBlock(bytes + align);
        p = alignUp(reinterpret_cast<std::uintptr_t>(at_), align);
    }
    at_ = reinterpret_cast<char*>(p + bytes);
    return reinterpret_cast<void*>(p);
}

void Arena::openBlock(std::size_t atLeast) {
    const std::size_t step = std::min<std::size_t>(opened_, 20);
    const std::size_t size = std::max(std::min(firstBlock_ << step, lastBlock_), atLeast);
    ++opened_;
    blocks_.emplace_back(size, prefault_, mode_);
    at_ = static_cast<char*>(blocks_.back().data());
    end_ = at_ + blocks_.back().size();
}

void Arena::clear() {
    if (blocks_.empty()) return;
    auto largest = std::max_element(blocks_.begin(), blocks_.end(),
                                    [](const PageBlock& a, const PageBlock& b) { return a.size() < b.size(); });
    PageBlock keep = std::move(*largest);
    blocks_.clear();
    blocks_.push_back(std::move(keep));
    at_ = static_cast<char*>(blocks_.back().data());
    end_ = at_ + blocks_.back().size();
}

void Arena::release() {
    blocks_.clear();
    at_ = end_ = nullptr;
    opened_ = 0;
}

std::size_t Arena::reservedBytes() const {
    std::size_t n = 0;
    for (const auto& b : blocks_) n += b.size();
    return n;
}

} // namespace irqscope
