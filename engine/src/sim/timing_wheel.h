// The event core's ordering for many pending events: a hierarchical timing
// wheel, i.e. a radix heap with wide digits (the binary radix_heap.h is the
// ordering for few; event_queue.h switches between them).
//
// Relative to a base time (<= every stored entry), an entry lives at the
// level of the highest bit in which its time differs from the base, in the
// bucket named by that level's digit of its time. Level 0 (bits 0-7) holds
// exact times: one bucket per nanosecond of a 256 ns window. Levels 1-4 have
// 12-bit digits (level 1: 4,096 buckets of 256 ns, spanning 1 ms), level 5 the
// top 8 bits. Popping takes the lowest non-empty level-0 bucket in FIFO order;
// when level 0 is empty, the lowest non-empty bucket of the lowest non-empty
// level is cascaded: the base moves to that bucket's first possible time and
// its entries fall into lower levels. An event up to ~1 ms ahead is stored
// once and moved once (level 1 to level 0), where the binary radix heap moves
// it up to once per bit: at 10,000 pending 100 us apart that is 2.5x faster.
// With few events microseconds apart, though, every pop cascades a bucket of
// one entry and pays for the bitmaps and chunks: slower than the radix heap.
//
// Order: all entries of one time always sit in the same bucket, each bucket is
// FIFO, and a bucket only ever receives entries newer than the ones it holds
// (cascades go into levels that are empty at that moment), so equal times pop
// in scheduling order — exactly the order of a (time, sequence) heap.
//
// The slot of an entry is prefetched when the entry lands in level 0, so
// dispatch, ~a bucket's worth of events later, does not wait for it. Buckets
// above level 0 are chains of fixed-size chunks from a shared pool, so there
// is no allocation per event in steady state and memory follows the number of
// entries, not the number of buckets ever used. New events are bucketed in
// small batches (see kInbox).
#pragma once

#include "sim/event_slots.h"
#include "sim/timing_wheel_layout.h"

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

namespace irqscope::sim {

// push() and front() are small enough to inline into handlers and the run
// loop, and are forced to: without it GCC kept them out of line and passed
// the entry through the stack. Everything rare is out of line.
#define IRQSCOPE_EQ_INLINE [[gnu::always_inline]] inline
#define IRQSCOPE_EQ_COLD [[gnu::noinline, gnu::cold]]

class TimingWheel : private WheelLayout {
public:
    // slots: only to prefetch an entry's slot as it nears dispatch
    explicit TimingWheel(const EventSlots& slots) : slots_(slots) {}

    // Empties the wheel; base must be <= every time pushed from now on.
    void reset(Time base) {
        drain([](const QueueEntry&) {});
        base_ = base;
    }

    IRQSCOPE_EQ_INLINE void push(Time t, std::uint32_t slot) {
        if ((summary_[0] & kLevel0Words) == 0 && inboxN_ == 0) {
            // level 0 is empty: the next front() would flush right away
            if (t < base_) [[unlikely]]
                rebase(t);
            place(t, slot);
            return;
        }
        QueueEntry& in = inbox_[inboxN_];
        in.t = t;
        in.slot = slot;
        inboxMin_ = t < inboxMin_ ? t : inboxMin_;
        if (++inboxN_ == kInbox) [[unlikely]]
            flush();
    }

    // The next entry (cancelled ones too), or nullptr when none is left.
    IRQSCOPE_EQ_INLINE const QueueEntry* front() { return frontUpTo(kNever); }

    // The next entry if it may be due at or before limit, else nullptr (the
    // entry returned may still be later: the caller compares). No cascade
    // moves the base past limit, so an event the caller runs at limit (from
    // a stream) and what it schedules stay >= the base.
    IRQSCOPE_EQ_INLINE const QueueEntry* frontUpTo(Time limit) {
        const int d = frontDigit(limit);
        if (d < 0) return nullptr;
        front_ = static_cast<unsigned>(d);
        return &first_[front_];
    }
    // Removes the entry front() returned.
    IRQSCOPE_EQ_INLINE void pop() { popLevel0(front_); }

    // Visits every stored entry (dead ones too) so that entries of one time
    // come in scheduling order, then empties the wheel.
    template <class F> void drain(F&& f) {
        while (top_ != 0) {
            const unsigned i = lowestBucket();
            forEach(i, f);
            clearBucket(i);
        }
        for (unsigned k = 0; k < inboxN_; ++k) f(inbox_[k]);
        inboxN_ = 0;
        inboxMin_ = kNever;
    }
    template <class F> void forEach(F&& f) const {
        for (unsigned i = 0; i < kBuckets; ++i) forEach(i, f);
        for (unsigned k = 0; k < inboxN_; ++k) f(inbox_[k]);
    }

private:
    // New events wait in a small inbox and are bucketed in batches: each one
    // goes to a random bucket, and a store that misses the cache costs less
    // in a loop of independent ones than one at a time between handlers
    // (~10% at 10,000 pending). The inbox is flushed when it is full, before
    // any cascade, and whenever its earliest time could be due (ties
    // included: inbox entries are newer than every bucketed one, so flushing
    // before taking an equal time keeps scheduling order).
    static constexpr unsigned kInbox = 32;
    static constexpr Time kNever = INT64_MAX;

    // Three-level bitmap over the buckets: the lowest set bit is the bucket to
    // take next.
    bool isSet(unsigned b) const { return (bits_[b >> 6] >> (b & 63)) & 1; }
    void markNonEmpty(unsigned b) {
        bits_[b >> 6] |= std::uint64_t{1} << (b & 63);
        summary_[b >> 12] |= std::uint64_t{1} << ((b >> 6) & 63);
        top_ |= 1u << (b >> 12);
    }
    void markEmpty(unsigned b) {
        auto& word = bits_[b >> 6];
        word &= ~(std::uint64_t{1} << (b & 63));
        if (word != 0) return;
        auto& sum = summary_[b >> 12];
        sum &= ~(std::uint64_t{1} << ((b >> 6) & 63));
        if (sum == 0) top_ &= ~(1u << (b >> 12));
    }
    // x != 0 (std::countr_zero would add a test for 0 on every call)
    static unsigned ctz(std::uint64_t x) { return static_cast<unsigned>(__builtin_ctzll(x)); }
    unsigned lowestBucket() const {
        const unsigned s = ctz(top_);
        const unsigned w = (s << 6) | ctz(summary_[s]);
        return (w << 6) | ctz(bits_[w]);
    }
    unsigned lowestLevel0() const {
        const unsigned w = ctz(summary_[0]);
        return (w << 6) | ctz(bits_[w]);
    }

    IRQSCOPE_EQ_INLINE void place(Time t, std::uint32_t slot) {
        const unsigned i = bucketOf(t, base_);
        if (i < kDigits) {
            pushLevel0(i, t, slot);
            return;
        }
        Bucket& b = buckets_[i];
        if (b.wr == b.end) [[unlikely]]
            grow(b, i);
        QueueEntry& d = store_[b.wr++];
        d.t = t;
        d.slot = slot;
    }

    // Level 0: first_[d] is the bucket's first entry; later entries of the
    // same nanosecond (rare when events are sparse) chain through pool_.
    void pushLevel0(unsigned d, Time t, std::uint32_t slot) {
        if (!isSet(d)) [[likely]] {
            // due within 256 ns: fetch its slot for the dispatch now
            __builtin_prefetch(&slots_.slots[slot]);
            first_[d] = QueueEntry{t, slot, kNone};
            tail0_[d] = kNone;
            markNonEmpty(d);
        } else {
            appendSameTime(d, QueueEntry{t, slot, kNone});
        }
    }
    void appendSameTime(unsigned d, const QueueEntry& e) {
        std::uint32_t n = poolFree_;
        if (n == kNone) {
            n = static_cast<std::uint32_t>(pool_.size());
            pool_.push_back(e);
        } else {
            poolFree_ = pool_[n].next;
            pool_[n] = e;
        }
        (tail0_[d] == kNone ? first_[d] : pool_[tail0_[d]]).next = n;
        tail0_[d] = n;
    }
    IRQSCOPE_EQ_INLINE void popLevel0(unsigned d) {
        const std::uint32_t n = first_[d].next;
        if (n == kNone) [[likely]]
            markEmpty(d);
        else popSameTime(d, n);
    }
    [[gnu::noinline]] void popSameTime(unsigned d, std::uint32_t n) {
        first_[d] = pool_[n];
        if (tail0_[d] == n) tail0_[d] = kNone;
        pool_[n].next = poolFree_;
        poolFree_ = n;
    }

    // The level-0 digit of the next entry, or -1 when none is left (up to limit).
    IRQSCOPE_EQ_INLINE int frontDigit(Time limit) {
        if (summary_[0] & kLevel0Words) {
            const unsigned d = lowestLevel0();
            if (inboxMin_ > first_[d].t) [[likely]]
                return static_cast<int>(d);
        }
        return settle(limit);
    }
    // Buckets the inbox, in scheduling order.
    [[gnu::noinline]] void flush() {
        if (inboxMin_ < base_) rebase(inboxMin_);
        for (unsigned k = 0; k < inboxN_; ++k) place(inbox_[k].t, inbox_[k].slot);
        inboxN_ = 0;
        inboxMin_ = kNever;
    }

    // Flushes the inbox and cascades until level 0 holds an entry, or until
    // the next cascade would move the base past limit.
    [[gnu::noinline]] int settle(Time limit) {
        if (inboxN_ != 0) flush();
        for (;;) {
            if (summary_[0] & kLevel0Words) return static_cast<int>(lowestLevel0());
            if (top_ == 0) return -1;
            const unsigned i = lowestBucket();
            if (firstTimeOf(i) > limit) return -1;
            cascade(i);
        }
    }

    // The first time bucket i (level >= 1) can hold: the base its cascade sets.
    Time firstTimeOf(unsigned i) const {
        const std::size_t l = levelOf(i);
        const std::uint64_t low = l + 1 == kLevels ? ~std::uint64_t{0} : (std::uint64_t{1} << kShift[l + 1]) - 1;
        const std::uint64_t digit = i - kOffset[l];
        return static_cast<Time>((static_cast<std::uint64_t>(base_) & ~low) | (digit << kShift[l]));
    }

    // Moves bucket i (level >= 1, the lowest non-empty one; level 0 is empty)
    // into lower levels: the base becomes the first time the bucket can hold,
    // which is <= all its entries and keeps every other entry's bucket
    // unchanged. Dead entries move too (checking them would cost a random
    // read each); they are dropped when they surface.
    [[gnu::noinline]] void cascade(unsigned i) {
        const std::size_t l = levelOf(i);
        base_ = firstTimeOf(i);
        const Bucket src = buckets_[i];
        buckets_[i] = Bucket{};
        markEmpty(i);
        if (l == 1) cascadeToLevel0(src);
        else
            forEachChunk(src, [&](std::uint32_t from, std::uint32_t to) {
                for (std::uint32_t p = from; p != to; ++p) {
                    const QueueEntry e = store_[p]; // a copy: push may grow store_
                    place(e.t, e.slot);
                }
            });
    }

    // The common cascade, from level 1: every entry agrees with the new base
    // above bit 7, so all land in level 0 at digit t & 255. Level 0 is empty,
    // so its bitmap is built in locals and stored once.
    void cascadeToLevel0(const Bucket& src) {
        std::array<std::uint64_t, kLevel0WordCount> occupied{};
        forEachChunk(src, [&](std::uint32_t from, std::uint32_t to) {
            for (std::uint32_t p = from; p != to; ++p) {
                const QueueEntry e = store_[p];
                const auto d = static_cast<unsigned>(e.t & (kDigits - 1));
                std::uint64_t& word = occupied[d >> 6];
                const std::uint64_t bit = std::uint64_t{1} << (d & 63);
                if (!(word & bit)) [[likely]] {
                    word |= bit;
                    __builtin_prefetch(&slots_.slots[e.slot]);
                    first_[d] = QueueEntry{e.t, e.slot, kNone};
                    tail0_[d] = kNone;
                } else {
                    appendSameTime(d, QueueEntry{e.t, e.slot, kNone});
                }
            }
        });
        std::uint64_t words = 0;
        for (unsigned w = 0; w < kLevel0WordCount; ++w) {
            bits_[w] = occupied[w];
            words |= std::uint64_t{occupied[w] != 0} << w;
        }
        summary_[0] |= words;
        top_ |= 1;
    }

    // Calls f(from, to) on each chunk's stored range of bucket src in order,
    // and returns the chunks to the free list (f must not touch src).
    template <class F> void forEachChunk(const Bucket& src, F&& f) {
        const std::uint32_t tail = chunkOf(src.end) - 1;
        for (std::uint32_t c = src.head;;) {
            f(c * kChunk, c == tail ? src.wr : (c + 1) * kChunk);
            const std::uint32_t next = c == tail ? kNone : chunkNext_[c];
            chunkNext_[c] = freeChunk_;
            freeChunk_ = c;
            if (next == kNone) return;
            c = next;
        }
    }

    // Calls f on every stored entry of bucket i in order.
    template <class F> void forEach(unsigned i, F&& f) const {
        if (i < kDigits) {
            if (!isSet(i)) return;
            for (const QueueEntry* e = &first_[i];; e = &pool_[e->next]) {
                f(*e);
                if (e->next == kNone) return;
            }
        }
        const Bucket& b = buckets_[i];
        if (b.head == kNone) return;
        const std::uint32_t tail = chunkOf(b.end) - 1;
        for (std::uint32_t c = b.head;; c = chunkNext_[c]) {
            const std::uint32_t stop = c == tail ? b.wr : (c + 1) * kChunk;
            for (std::uint32_t p = c * kChunk; p != stop; ++p) f(store_[p]);
            if (c == tail) return;
        }
    }

    // The tail chunk is full or the bucket has none: chain a new one.
    [[gnu::noinline]] void grow(Bucket& b, unsigned i) {
        std::uint32_t c = freeChunk_;
        if (c == kNone) {
            c = static_cast<std::uint32_t>(chunkNext_.size());
            chunkNext_.push_back(kNone);
            store_.resize(store_.size() + kChunk);
        } else {
            freeChunk_ = chunkNext_[c];
        }
        if (b.head == kNone) {
            b.head = c;
            markNonEmpty(i);
        } else {
            chunkNext_[chunkOf(b.end) - 1] = c;
        }
        b.wr = c * kChunk;
        b.end = b.wr + kChunk;
    }

    // Rare: an event earlier than the base (possible after a look at the
    // front — peekTime, or runNextUntil finding the next event past its end —
    // cascaded ahead). Only the levels up to the one of the highest bit in
    // which the new time differs from the base depend on the base; their
    // entries are re-bucketed around the new time. Entries of one time leave
    // one bucket in order and land in one (empty) bucket, so ties keep
    // scheduling order.
    IRQSCOPE_EQ_COLD void rebase(Time t) {
        const auto x = static_cast<std::uint64_t>(t ^ base_);
        const std::size_t top = kByBit[static_cast<unsigned>(63 - std::countl_zero(x))].level;
        const unsigned stop = top + 1 == kLevels ? kBuckets : kOffset[top + 1];
        tmp_.clear();
        for (unsigned i = 0; i < stop; ++i) {
            if (!isSet(i)) continue;
            forEach(i, [&](const QueueEntry& e) { tmp_.push_back(e); });
            clearBucket(i);
        }
        base_ = t;
        for (const QueueEntry& e : tmp_) place(e.t, e.slot);
    }

    // Returns bucket i's chunks or same-time chain to their pools.
    void clearBucket(unsigned i) {
        if (i < kDigits) {
            while (first_[i].next != kNone) popSameTime(i, first_[i].next);
        } else {
            forEachChunk(buckets_[i], [](std::uint32_t, std::uint32_t) {});
            buckets_[i] = Bucket{};
        }
        markEmpty(i);
    }

    std::array<std::uint64_t, (kBuckets + 63) / 64> bits_{};        // bucket b non-empty
    std::array<std::uint64_t, (kBuckets + 4095) / 4096> summary_{}; // bit w: bits_[w] != 0
    std::uint32_t top_ = 0;                                         // bit s: summary_[s] != 0
    Time base_ = 0;                                                 // every stored entry is >= it
    const EventSlots& slots_;
    unsigned front_ = 0; // level-0 digit of the entry front() returned
    std::array<QueueEntry, kDigits> first_{};
    std::array<std::uint32_t, kDigits> tail0_{}; // last of first_[d]'s chain in pool_, or kNone
    std::vector<QueueEntry> pool_;               // level 0's later entries of one time
    std::uint32_t poolFree_ = kNone;
    std::vector<Bucket> buckets_ = std::vector<Bucket>(kBuckets); // level 0's are unused
    std::vector<QueueEntry> store_;
    std::vector<std::uint32_t> chunkNext_; // chain within a bucket, or the free list
    std::uint32_t freeChunk_ = kNone;
    std::vector<QueueEntry> tmp_;
    std::array<QueueEntry, kInbox> inbox_{};
    unsigned inboxN_ = 0;
    Time inboxMin_ = kNever; // earliest time in the inbox
};

#undef IRQSCOPE_EQ_INLINE
#undef IRQSCOPE_EQ_COLD

} // namespace irqscope::sim
