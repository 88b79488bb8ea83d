// What the two orderings of the event core (radix_heap.h, timing_wheel.h)
// share: the 16-byte entry they sort and the slot table it points into.
//
// An entry is only {time, slot}, so moving it between buckets is cheap; the
// handler and the generation used for cancelling live in the slot. A slot
// whose generation is 0 belongs to a cancelled (or dispatched) event: its
// entry is dropped, and the slot freed, when the entry surfaces.
#pragma once

#include "irqscope/time.h"

#include <cstdint>
#include <vector>

namespace irqscope::sim {

using EventHandler = void (*)(void* object, std::uint64_t arg);

struct QueueEntry {
    Time t;
    std::uint32_t slot;
    std::uint32_t next; // the timing wheel's same-time chain; unused by the radix heap
};

struct alignas(32) EventSlot {
    EventHandler fn = nullptr;
    void* object = nullptr;
    std::uint64_t arg = 0;
    std::uint32_t generation = 0;   // 0 = not pending; else the low half of the sequence
    std::uint32_t sequenceHigh = 0; // the high half: sequences never wrap around
};

struct EventSlots {
    std::vector<EventSlot> slots;

    bool dead(std::uint32_t slot) const { return slots[slot].generation == 0; }
    bool dead(const QueueEntry& e) const { return dead(e.slot); }
    // The pending event's place in scheduling order (the (time, sequence) tie-break).
    std::uint64_t sequence(std::uint32_t slot) const {
        const EventSlot& s = slots[slot];
        return std::uint64_t{s.sequenceHigh} << 32 | s.generation;
    }
    // A free slot, made when none is left.
    std::uint32_t take() {
        if (freeCount_ == 0) [[unlikely]]
            grow();
        return free_[--freeCount_];
    }
    // The free list has room for every slot, so giving one back is a store
    // without a capacity check (a vector's push_back was not inlined).
    void release(std::uint32_t slot) { free_[freeCount_++] = slot; }

private:
    [[gnu::noinline]] void grow() {
        slots.push_back(EventSlot{});
        free_.resize(slots.size());
        free_[freeCount_++] = static_cast<std::uint32_t>(slots.size() - 1);
    }
    std::vector<std::uint32_t> free_;
    std::size_t freeCount_ = 0;
};

} // namespace irqscope::sim
