// Where coroutine frames (proc.h) live: a per-thread free list per size
// class, so that the frames a run makes and drops by the million (a wake-up,
// an SMMU unmap, a sub-path called per I/O) reuse memory instead of going
// through malloc and free each time. A run's engine stays on one thread, so a
// frame is freed on the thread that made it; what a thread keeps is at most
// the most frames it had alive at once, and is given back when it exits.
// Under AddressSanitizer frames go straight to the allocator, so a frame used
// after it is freed is still caught.
#pragma once

#include <cstddef>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define IRQSCOPE_FRAME_POOL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IRQSCOPE_FRAME_POOL 0
#endif
#endif
#ifndef IRQSCOPE_FRAME_POOL
#define IRQSCOPE_FRAME_POOL 1
#endif

namespace irqscope::kern::frame_pool {

inline constexpr std::size_t kGrain = 64;   // size classes of 64 bytes
inline constexpr std::size_t kClasses = 16; // up to 1 KiB; larger frames use the allocator
inline constexpr std::size_t kMaxPooled = kGrain * kClasses;

struct FreeBlock {
    FreeBlock* next;
};

struct Lists {
    FreeBlock* head[kClasses] = {};
    ~Lists(); // gives the blocks back (frame_pool.cpp)
};

// This thread's lists once looked up: a trivially destructible pointer with a
// constant initializer, read with one TLS load (the lists themselves have a
// destructor, so reaching them costs a call through the TLS wrapper).
inline thread_local constinit Lists* tCurrent = nullptr;
Lists* lookUp(); // this thread's, or null once it has been destroyed (thread exit)

inline Lists* lists() {
    Lists* l = tCurrent;
    return l ? l : lookUp();
}

inline std::size_t classOf(std::size_t n) {
    return (n - 1) / kGrain; // n > 0
}

inline void* allocate(std::size_t n) {
#if IRQSCOPE_FRAME_POOL
    if (n <= kMaxPooled) {
        const std::size_t k = classOf(n);
        if (Lists* l = lists()) {
            if (FreeBlock* b = l->head[k]) {
                l->head[k] = b->next;
                return b;
            }
        }
        return ::operator new((k + 1) * kGrain);
    }
#endif
    return ::operator new(n);
}

inline void release(void* p, [[maybe_unused]] std::size_t n) noexcept {
#if IRQSCOPE_FRAME_POOL
    if (n <= kMaxPooled) {
        const std::size_t k = classOf(n);
        if (Lists* l = lists()) {
            auto* b = static_cast<FreeBlock*>(p);
            b->next = l->head[k];
            l->head[k] = b;
            return;
        }
        ::operator delete(p); // unsized: clang enables sized deallocation only on request
        return;
    }
#endif
    ::operator delete(p);
}

} // namespace irqscope::kern::frame_pool
