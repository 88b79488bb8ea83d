#include "kernel/frame_pool.h"

namespace irqscope::kern::frame_pool {

namespace {
thread_local bool gone = false; // trivially destructible: still readable after Lists' destructor
thread_local Lists threadLists;
} // namespace

Lists::~Lists() {
    for (std::size_t k = 0; k < kClasses; ++k)
        while (FreeBlock* b = head[k]) {
            head[k] = b->next;
            ::operator delete(b);
        }
    gone = true;
    tCurrent = nullptr;
}

Lists* lookUp() {
    if (gone) return nullptr;
    tCurrent = &threadLists;
    return tCurrent;
}

} // namespace irqscope::kern::frame_pool
