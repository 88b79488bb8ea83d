// The discrete-event core: a monotone priority queue of (time, sequence) with
// cancellable events. The sequence is the deterministic tie-break: two events
// at the same nanosecond run in the order they were scheduled, so a run is a
// pure function of its inputs. Cancelling marks the event's slot dead; its
// entry is skipped when it surfaces (lazy deletion keeps cancel O(1)).
//
// Simulated time never goes backwards, so a radix structure fits: a
// hierarchical timing wheel, i.e. a radix heap with wide digits. Relative to
// a base time (<= every stored entry), an entry lives at the level of the
// highest bit in which its time differs from the base, in the bucket named by
// that level's digit of its time. Level 0 (bits 0-7) holds exact times: one
// bucket per nanosecond of a 256 ns window. Levels 1-4 have 12-bit digits
// (level 1: 4,096 buckets of 256 ns, spanning 1 ms), level 5 the top 8 bits.
// Popping takes the lowest non-empty level-0 bucket in FIFO order; when level
// 0 is empty, the lowest non-empty bucket of the lowest non-empty level is
// cascaded: the base moves to that bucket's first possible time and its
// entries fall into lower levels. An event up to ~1 ms ahead is stored once
// and moved once (level 1 to level 0), so schedule + dispatch is O(1) per
// level of the time span, with sequential reads while cascading. The binary
// radix heap this replaced (one bucket per bit, 16-byte entries) moved each
// entry up to ~17 times at the benchmark's 100 us span and was 2.5x slower;
// 8-bit digits moved most events twice.
//
// Order: all entries of one time always sit in the same bucket, each bucket is
// FIFO, and a bucket only ever receives entries newer than the ones it holds
// (cascades go into levels that are empty at that moment), so equal times pop
// in scheduling order — exactly the order of a (time, sequence) heap.
//
// Entries are 16 bytes {time, slot} so that moving them is cheap; the handler
// (a plain function pointer, object and argument) and the generation used for
// the dead check live in a 32-byte slot per pending event. The slot is
// prefetched when its entry lands in level 0, so dispatch, ~a bucket's worth
// of events later, does not wait for it. Buckets above level 0 are chains of
// fixed-size chunks from a shared pool, so there is no allocation per event
// in steady state and memory follows the number of entries, not the number of
// buckets ever used. New events are bucketed in small batches (see kInbox).
#pragma once

#include "irqscope/time.h"

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

namespace irqscope::sim {

using EventHandler = void (*)(void* object, std::uint64_t arg);

struct EventId {
    std::uint32_t slot = 0;
    std::uint32_t generation = 0; // 0 = none
    bool valid() const { return generation != 0; }
};

// schedule() and runNext() are small enough to inline into handlers and the
// run loop, and are forced to: without it GCC kept schedule out of line and
// passed the entry through the stack. Everything rare is out of line.
#define IRQSCOPE_EQ_INLINE [[gnu::always_inline]] inline
#define IRQSCOPE_EQ_COLD [[gnu::noinline, gnu::cold]]

class EventQueue {
public:
    Time now() const { return now_; }
    std::uint64_t dispatched() const { return dispatched_; }
    std::size_t pending() const { return static_cast<std::size_t>(scheduled_ - dispatched_ - cancelled_); }
    // Totals for the invariant "every event scheduled is dispatched, cancelled
    // or still pending" (check/invariants.h).
    std::uint64_t scheduledTotal() const { return scheduled_; }
    std::uint64_t cancelledTotal() const { return cancelled_; }
    // Live entries actually stored in the buckets, counted the slow way (not
    // from the totals), so a lost or duplicated entry shows.
    std::uint64_t countStoredLive() const {
        std::uint64_t n = 0;
        for (unsigned i = 0; i < kBuckets; ++i)
            forEach(i, [&](const Entry& e) { n += !dead(e); });
        for (unsigned k = 0; k < inboxN_; ++k) n += !dead(inbox_[k]);
        return n;
    }

    IRQSCOPE_EQ_INLINE EventId schedule(Time t, EventHandler fn, void* object, std::uint64_t arg = 0) {
        assert(t >= now_ && "events may not be scheduled in the past");
        if (free_.empty()) [[unlikely]]
            addSlot();
        const std::uint32_t slot = free_.back();
        free_.pop_back();
        if (++generationCounter_ == 0) [[unlikely]]
            generationCounter_ = 1;
        const std::uint32_t g = generationCounter_;
        Slot& s = slots_[slot];
        s.fn = fn;
        s.object = object;
        s.arg = arg;
        s.generation = g;
        if ((summary_[0] & kLevel0Words) == 0 && inboxN_ == 0) {
            // level 0 is empty: the next front() would flush right away
            if (t < base_) [[unlikely]]
                rebase(t);
            push(t, slot);
            ++scheduled_;
            return EventId{slot, g};
        }
        Entry& in = inbox_[inboxN_];
        in.t = t;
        in.slot = slot;
        inboxMin_ = t < inboxMin_ ? t : inboxMin_;
        if (++inboxN_ == kInbox) [[unlikely]]
            flush();
        ++scheduled_;
        return EventId{slot, g};
    }

    // Safe to call with an id that already ran or was cancelled.
    void cancel(EventId id) {
        if (!id.valid() || id.slot >= slots_.size()) return;
        std::uint32_t& g = slots_[id.slot].generation;
        if (g != id.generation) return;
        g = 0; // dead; its entry is dropped (and the slot freed) when it surfaces
        ++cancelled_;
    }

    bool isPending(EventId id) const {
        return id.valid() && id.slot < slots_.size() && slots_[id.slot].generation == id.generation;
    }

    // Time of the next live event, or -1 when none.
    Time peekTime() {
        const int d = front();
        return d < 0 ? -1 : first_[static_cast<unsigned>(d)].t;
    }

    // Runs the next live event. Returns false when the queue is empty.
    IRQSCOPE_EQ_INLINE bool runNext() {
        const int di = front();
        if (di < 0) return false;
        const auto d = static_cast<unsigned>(di);
        const Time t = first_[d].t;
        const std::uint32_t slot = first_[d].slot;
        Slot& s = slots_[slot];
        const EventHandler fn = s.fn;
        void* const object = s.object;
        const std::uint64_t arg = s.arg;
        s.generation = 0;
        popLevel0(d);
        now_ = t;
        free_.push_back(slot);
        ++dispatched_;
        fn(object, arg);
        return true;
    }

    void advanceTo(Time t) {
        assert(t >= now_);
        now_ = t;
    }

private:
    struct Entry {
        Time t;
        std::uint32_t slot;
        std::uint32_t next; // level 0 only: the next entry of the same time in pool_
    };
    struct alignas(32) Slot {
        EventHandler fn = nullptr;
        void* object = nullptr;
        std::uint64_t arg = 0;
        std::uint32_t generation = 0; // 0 = not pending
    };
    // A bucket above level 0 is a chain of chunks of kChunk entries in store_
    // (chunk c holds positions [c * kChunk, (c + 1) * kChunk)); positions, not
    // pointers, so the queue stays copyable and store_ may grow.
    struct Bucket {
        std::uint32_t wr = 0;  // next free position in the tail chunk
        std::uint32_t end = 0; // end of the tail chunk; wr == end: full (or none)
        std::uint32_t head = kNone;
    };
    static constexpr std::uint32_t kNone = 0xffffffffu;
    static constexpr std::uint32_t kChunk = 32; // a level-1 bucket holds ~25 at 10,000 pending
    // New events wait in a small inbox and are bucketed in batches: each one
    // goes to a random bucket, and a store that misses the cache costs less
    // in a loop of independent ones than one at a time between handlers
    // (~10% at 10,000 pending). The inbox is flushed when it is full, before
    // any cascade, and whenever its earliest time could be due (ties
    // included: inbox entries are newer than every bucketed one, so flushing
    // before taking an equal time keeps scheduling order).
    static constexpr unsigned kInbox = 32;
    static constexpr Time kNever = INT64_MAX;

    // 9 or 10 bits for level 0 (fewer, fuller level-1 buckets) measured no faster.
    static constexpr unsigned kL0 = 8;
    static constexpr int kLevels = 6;
    static constexpr std::array<unsigned, kLevels> kShift = {0, kL0, kL0 + 12, kL0 + 24, kL0 + 36, kL0 + 48};
    static constexpr unsigned kDigits = 1u << kL0; // level 0
    static constexpr std::array<unsigned, kLevels> kOffset = {0, kDigits, kDigits + 4096, kDigits + 2 * 4096,
                                                              kDigits + 3 * 4096, kDigits + 4 * 4096};
    static constexpr unsigned kBuckets = kDigits + 4 * 4096 + (1u << (64 - kShift[5]));
    static constexpr unsigned kLevel0WordCount = kDigits / 64;
    static constexpr std::uint64_t kLevel0Words = (std::uint64_t{1} << kLevel0WordCount) - 1;
    static constexpr std::size_t levelOf(unsigned bucket) {
        std::size_t l = 0;
        while (l + 1 < kLevels && bucket >= kOffset[l + 1]) ++l;
        return l;
    }
    // Indexed by the highest bit in which a time differs from the base.
    struct ByBit {
        std::uint32_t offset;
        std::uint16_t mask;
        std::uint8_t shift;
        std::uint8_t level;
    };
    static constexpr std::array<ByBit, 64> kByBit = [] {
        std::array<ByBit, 64> a{};
        for (unsigned h = 0; h < 64; ++h) {
            std::size_t l = 0;
            while (l + 1 < kLevels && h >= kShift[l + 1]) ++l;
            const unsigned width = (l + 1 < kLevels ? kShift[l + 1] : 64) - kShift[l];
            a[h] = ByBit{kOffset[l], static_cast<std::uint16_t>((1u << width) - 1),
                         static_cast<std::uint8_t>(kShift[l]), static_cast<std::uint8_t>(l)};
        }
        return a;
    }();

    bool dead(const Entry& e) const { return slots_[e.slot].generation == 0; }

    static std::uint32_t chunkOf(std::uint32_t pos) { return pos / kChunk; }

    // Bucket of time t relative to base (t >= base): its level's offset plus
    // the digit; bucket numbers are ordered by (level, digit).
    static unsigned bucketOf(Time t, Time base) {
        const auto x = static_cast<std::uint64_t>(t ^ base) | 1;
        const ByBit& l = kByBit[static_cast<unsigned>(63 - std::countl_zero(x))];
        return l.offset + static_cast<unsigned>((static_cast<std::uint64_t>(t) >> l.shift) & l.mask);
    }

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

    IRQSCOPE_EQ_INLINE void push(Time t, std::uint32_t slot) {
        const unsigned i = bucketOf(t, base_);
        if (i < kDigits) {
            pushLevel0(i, t, slot);
            return;
        }
        Bucket& b = buckets_[i];
        if (b.wr == b.end) [[unlikely]]
            grow(b, i);
        Entry& d = store_[b.wr++];
        d.t = t;
        d.slot = slot;
    }

    // Level 0: first_[d] is the bucket's first entry; later entries of the
    // same nanosecond (rare when events are sparse) chain through pool_.
    void pushLevel0(unsigned d, Time t, std::uint32_t slot) {
        if (!isSet(d)) [[likely]] {
            // due within 256 ns: fetch its slot for the dispatch now
            __builtin_prefetch(&slots_[slot]);
            first_[d] = Entry{t, slot, kNone};
            tail0_[d] = kNone;
            markNonEmpty(d);
        } else {
            appendSameTime(d, Entry{t, slot, kNone});
        }
    }
    void appendSameTime(unsigned d, const Entry& e) {
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
        else
            popSameTime(d, n);
    }
    [[gnu::noinline]] void popSameTime(unsigned d, std::uint32_t n) {
        first_[d] = pool_[n];
        if (tail0_[d] == n) tail0_[d] = kNone;
        pool_[n].next = poolFree_;
        poolFree_ = n;
    }

    // The level-0 digit of the next live event, or -1 when none is left.
    IRQSCOPE_EQ_INLINE int front() {
        if (summary_[0] & kLevel0Words) {
            const unsigned d = lowestLevel0();
            if (!dead(first_[d]) && inboxMin_ > first_[d].t) [[likely]]
                return static_cast<int>(d);
        }
        return settle();
    }
    // Buckets the inbox, in scheduling order.
    [[gnu::noinline]] void flush() {
        if (inboxMin_ < base_) rebase(inboxMin_);
        for (unsigned k = 0; k < inboxN_; ++k) push(inbox_[k].t, inbox_[k].slot);
        inboxN_ = 0;
        inboxMin_ = kNever;
    }

    // Cascades and drops dead entries until level 0 starts with a live entry.
    [[gnu::noinline]] int settle() {
        if (inboxN_ != 0) flush();
        for (;;) {
            if (summary_[0] & kLevel0Words) {
                const unsigned d = lowestLevel0();
                if (!dead(first_[d])) return static_cast<int>(d);
                free_.push_back(first_[d].slot);
                popLevel0(d);
                continue;
            }
            if (top_ == 0) return -1;
            cascade(lowestBucket());
        }
    }

    // Moves bucket i (level >= 1, the lowest non-empty one; level 0 is empty)
    // into lower levels: the base becomes the first time the bucket can hold,
    // which is <= all its entries and keeps every other entry's bucket
    // unchanged. Dead entries move too (checking them would cost a random
    // read each); they are dropped when they surface.
    [[gnu::noinline]] void cascade(unsigned i) {
        const std::size_t l = levelOf(i);
        const unsigned shift = kShift[l];
        const std::uint64_t low = l + 1 == kLevels ? ~std::uint64_t{0} : (std::uint64_t{1} << kShift[l + 1]) - 1;
        const std::uint64_t digit = i - kOffset[l];
        base_ = static_cast<Time>((static_cast<std::uint64_t>(base_) & ~low) | (digit << shift));
        const Bucket src = buckets_[i];
        buckets_[i] = Bucket{};
        markEmpty(i);
        if (l == 1)
            cascadeToLevel0(src);
        else
            forEachChunk(src, [&](std::uint32_t from, std::uint32_t to) {
                for (std::uint32_t p = from; p != to; ++p) {
                    const Entry e = store_[p]; // a copy: push may grow store_
                    push(e.t, e.slot);
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
                const Entry e = store_[p];
                const auto d = static_cast<unsigned>(e.t & (kDigits - 1));
                std::uint64_t& word = occupied[d >> 6];
                const std::uint64_t bit = std::uint64_t{1} << (d & 63);
                if (!(word & bit)) [[likely]] {
                    word |= bit;
                    __builtin_prefetch(&slots_[e.slot]);
                    first_[d] = Entry{e.t, e.slot, kNone};
                    tail0_[d] = kNone;
                } else {
                    appendSameTime(d, Entry{e.t, e.slot, kNone});
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
            for (const Entry* e = &first_[i];; e = &pool_[e->next]) {
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

    IRQSCOPE_EQ_COLD void addSlot() {
        free_.push_back(static_cast<std::uint32_t>(slots_.size()));
        slots_.push_back(Slot{});
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

    // Rare: an event earlier than the base (possible after peekTime looked
    // ahead and cascaded). Only the levels up to the one of the highest bit in
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
            forEach(i, [&](const Entry& e) { tmp_.push_back(e); });
            if (i < kDigits) {
                while (first_[i].next != kNone) popSameTime(i, first_[i].next);
            } else {
                forEachChunk(buckets_[i], [](std::uint32_t, std::uint32_t) {});
                buckets_[i] = Bucket{};
            }
            markEmpty(i);
        }
        base_ = t;
        for (const Entry& e : tmp_) {
            if (dead(e))
                free_.push_back(e.slot);
            else
                push(e.t, e.slot);
        }
    }

    std::array<std::uint64_t, (kBuckets + 63) / 64> bits_{};        // bucket b non-empty
    std::array<std::uint64_t, (kBuckets + 4095) / 4096> summary_{}; // bit w: bits_[w] != 0
    std::uint32_t top_ = 0;                                         // bit s: summary_[s] != 0
    Time base_ = 0; // every stored entry is >= it
    Time now_ = 0;
    std::uint32_t generationCounter_ = 0;
    std::uint64_t dispatched_ = 0;
    std::uint64_t scheduled_ = 0;
    std::uint64_t cancelled_ = 0;
    std::vector<Slot> slots_;
    std::vector<std::uint32_t> free_; // free slots
    std::array<Entry, kDigits> first_{};
    std::array<std::uint32_t, kDigits> tail0_{}; // last of first_[d]'s chain in pool_, or kNone
    std::vector<Entry> pool_;                     // level 0's later entries of one time
    std::uint32_t poolFree_ = kNone;
    std::vector<Bucket> buckets_ = std::vector<Bucket>(kBuckets); // level 0's are unused
    std::vector<Entry> store_;
    std::vector<std::uint32_t> chunkNext_; // chain within a bucket, or the free list
    std::uint32_t freeChunk_ = kNone;
    std::vector<Entry> tmp_;
    std::array<Entry, kInbox> inbox_{};
    unsigned inboxN_ = 0;
    Time inboxMin_ = kNever; // earliest time in the inbox
};

#undef IRQSCOPE_EQ_INLINE
#undef IRQSCOPE_EQ_COLD

} // namespace irqscope::sim
