// The event core's ordering for few pending events (every preset keeps at
// most a few hundred): a radix heap with one bucket per bit.
//
// Simulated time never goes backwards, so an entry can live in the bucket
// named by the highest bit in which its time differs from the last minimum
// taken. Popping takes bucket 0 (time == last) in FIFO order; when it is
// empty, the lowest non-empty bucket is scanned for its minimum and spread
// into lower buckets. An entry moves at most once per bit of the time span;
// with a handful of events microseconds apart a spread is a loop over one or
// two entries, which is why this beats the wider-digit timing wheel here.
//
// Order: equal times always share a bucket, buckets are FIFO and a spread
// only fills buckets that are empty, so equal times pop in scheduling order —
// exactly the order of a (time, sequence) heap.
#pragma once

#include "sim/event_slots.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

namespace irqscope::sim {

class RadixHeap {
public:
    // Empties the heap; base must be <= every time pushed from now on.
    void reset(Time base) {
        for (auto& b : buckets_) b.clear();
        head0_ = 0;
        nonEmpty_ = 0;
        last_ = base;
    }

    [[gnu::always_inline]] void push(Time t, std::uint32_t slot) {
        if (t < last_) [[unlikely]]
            rebase(t);
        const int b = bucketOf(t);
        buckets_[static_cast<std::size_t>(b)].push_back(QueueEntry{t, slot, 0});
        nonEmpty_ |= std::uint64_t{1} << b;
    }

    // The next entry (cancelled ones too), or nullptr when none is left.
    [[gnu::always_inline]] const QueueEntry* front() { return frontUpTo(std::numeric_limits<Time>::max()); }

    // The next entry if it may be due at or before limit, else nullptr (the
    // entry returned may still be later: the caller compares). A spread
    // never takes a minimum past limit, so an event the caller runs at limit
    // (from a stream) and what it schedules stay >= the last minimum taken.
    [[gnu::always_inline]] const QueueEntry* frontUpTo(Time limit) {
        for (;;) {
            auto& b0 = buckets_[0];
            if (head0_ < b0.size()) return &b0[head0_];
            b0.clear();
            head0_ = 0;
            nonEmpty_ &= ~std::uint64_t{1};
            if (nonEmpty_ == 0) return nullptr;
            const int i = std::countr_zero(nonEmpty_);
            // bucket i's entries agree with last_ above bit i-1 and have it set
            const auto low = static_cast<std::uint64_t>(last_) >> (i - 1) | 1;
            if (static_cast<Time>(low << (i - 1)) > limit) [[unlikely]]
                return nullptr;
            if (!spread(i, limit)) return nullptr;
        }
    }
    // Removes the entry front() returned.
    void pop() { ++head0_; }

    // Visits every stored entry (dead ones too) so that entries of one time
    // come in scheduling order, then empties the heap.
    template <class F> void drain(F&& f) {
        forEach(f);
        reset(last_);
    }
    template <class F> void forEach(F&& f) const {
        for (std::size_t k = head0_; k < buckets_[0].size(); ++k) f(buckets_[0][k]);
        for (std::size_t b = 1; b < kBuckets; ++b)
            for (const QueueEntry& e : buckets_[b]) f(e);
    }

private:
    static constexpr std::size_t kBuckets = 64; // times are non-negative: XOR < 2^63

    int bucketOf(Time t) const {
        return t == last_ ? 0 : int(kBuckets) - std::countl_zero(static_cast<std::uint64_t>(t ^ last_));
    }

    // Moves bucket i's entries into lower buckets relative to their minimum,
    // or to limit if that is earlier (then bucket 0 stays empty: returns
    // false). limit is at least the bucket's lowest possible time, so every
    // entry still moves down. Dead entries move too (checking them would
    // touch the slot table at random); the queue drops them when they
    // surface, and a dead minimum only makes last_ smaller, which keeps
    // every entry >= last_.
    bool spread(int i, Time limit) {
        auto& src = buckets_[static_cast<std::size_t>(i)];
        const QueueEntry* const first = src.data();
        const QueueEntry* const end = first + src.size();
        Time min = first->t;
        for (const QueueEntry* e = first; e != end; ++e) min = e->t < min ? e->t : min;
        const bool reached = min <= limit;
        min = reached ? min : limit;
        last_ = min;
        // min and the bit mask in registers: the pushes below store entries,
        // which the compiler would otherwise assume may change last_ and nonEmpty_
        std::uint64_t nonEmpty = nonEmpty_ & ~(std::uint64_t{1} << i);
        for (const QueueEntry* e = first; e != end; ++e) {
            // countl_zero(0) is 64: an entry at min lands in bucket 0
            const int b = int(kBuckets) - std::countl_zero(static_cast<std::uint64_t>(e->t ^ min));
            assert(b < i);
            buckets_[static_cast<std::size_t>(b)].push_back(*e);
            nonEmpty |= std::uint64_t{1} << b;
        }
        src.clear();
        nonEmpty_ = nonEmpty;
        return reached;
    }

    // Rare: an event earlier than the last minimum taken (possible after a
    // look-ahead). Re-bucket everything around the new minimum, keeping
    // equal-time entries in scheduling order. Cancelled entries stay: a dead
    // entry is dropped only when it surfaces, by the queue.
    [[gnu::noinline]] void rebase(Time t) {
        std::vector<QueueEntry> all;
        forEach([&](const QueueEntry& e) { all.push_back(e); });
        std::stable_sort(all.begin(), all.end(), [](const QueueEntry& a, const QueueEntry& b) { return a.t < b.t; });
        reset(t);
        for (const QueueEntry& e : all) {
            const int b = bucketOf(e.t);
            buckets_[static_cast<std::size_t>(b)].push_back(e);
            nonEmpty_ |= std::uint64_t{1} << b;
        }
    }

    std::array<std::vector<QueueEntry>, kBuckets> buckets_;
    std::size_t head0_ = 0;      // bucket 0 is consumed from the front
    std::uint64_t nonEmpty_ = 0; // bit b: bucket b may hold entries
    Time last_ = 0;              // the last minimum taken; every entry is >= it
};

} // namespace irqscope::sim
