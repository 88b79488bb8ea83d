// Streams of the event core: events a model schedules in non-decreasing time
// order (a FIFO server such as an SSD's completions, spaced by its throughput
// limit) wait in their stream's own FIFO instead of the ordering, and only
// the earliest head of all streams is compared with the ordering's front.
// A device that keeps hundreds of completions in flight up to ~260 µs ahead
// would otherwise carry them through every spread of the radix heap (once
// per bit of their distance).
//
// Order stays exactly (time, sequence): each entry keeps the sequence it was
// scheduled with (its slot's generation), and the queue breaks a tie between
// a stream's head and the ordering's front by that sequence. Within a stream
// times are non-decreasing and sequences increasing, so its head is its
// minimum. Streams are few (one per device): the earliest head is found by
// a scan over them when a head changes.
#pragma once

#include "sim/event_slots.h"

#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

namespace irqscope::sim {

using StreamId = std::uint32_t;

class EventStreams {
public:
    static constexpr Time kNever = std::numeric_limits<Time>::max();

    // slots: the sequence of each entry, for ties between streams
    explicit EventStreams(const EventSlots& slots) : slots_(slots) {}

    // Whether any stream was added (the run loop leaves them out if not).
    bool any() const { return !fifos_.empty(); }

    StreamId add() {
        fifos_.emplace_back();
        return static_cast<StreamId>(fifos_.size() - 1);
    }

    // Appends to stream s; t must not be earlier than the stream's last entry.
    void push(StreamId s, Time t, std::uint32_t slot) {
        Fifo& f = fifos_[s];
        assert(f.size == 0 || t >= f.at(f.size - 1).t);
        if (f.size == f.ring.size()) [[unlikely]]
            f.grow();
        f.at(f.size++) = QueueEntry{t, slot, 0};
        ++stored_;
        if (t < minTime_) {
            minTime_ = t;
            min_ = s;
        }
    }

    // Time of the earliest head (kNever: every stream is empty) and its entry.
    Time minTime() const { return minTime_; }
    const QueueEntry& minHead() const { return fifos_[min_].head(); }

    // Removes the earliest head.
    void popMin() {
        fifos_[min_].pop();
        --stored_;
        findMin();
    }

    std::uint64_t stored() const { return stored_; }
    template <class F> void forEach(F&& f) const {
        for (const Fifo& fifo : fifos_)
            for (std::size_t k = 0; k < fifo.size; ++k) f(fifo.at(k));
    }

private:
    // A ring of a power-of-two size: a device that always has I/Os in
    // flight never empties its stream, so a vector consumed from the front
    // would only grow.
    struct Fifo {
        std::vector<QueueEntry> ring;
        std::size_t first = 0, size = 0;
        QueueEntry& at(std::size_t k) { return ring[(first + k) & (ring.size() - 1)]; }
        const QueueEntry& at(std::size_t k) const { return ring[(first + k) & (ring.size() - 1)]; }
        const QueueEntry& head() const { return ring[first]; }
        void pop() {
            first = (first + 1) & (ring.size() - 1);
            --size;
        }
        [[gnu::noinline]] void grow() {
            std::vector<QueueEntry> bigger(ring.empty() ? 64 : 2 * ring.size());
            for (std::size_t k = 0; k < size; ++k) bigger[k] = at(k);
            ring.swap(bigger);
            first = 0;
        }
    };

    // Heads of equal time in different streams: the one scheduled first.
    void findMin() {
        minTime_ = kNever;
        for (std::size_t s = 0; s < fifos_.size(); ++s) {
            const Fifo& f = fifos_[s];
            if (f.size == 0) continue;
            const QueueEntry& h = f.head();
            if (h.t < minTime_ || (h.t == minTime_ && slots_.sequence(h.slot) < slots_.sequence(minHead().slot))) {
                minTime_ = h.t;
                min_ = static_cast<StreamId>(s);
            }
        }
    }

    const EventSlots& slots_;
    std::vector<Fifo> fifos_;
    Time minTime_ = kNever;
    StreamId min_ = 0;
    std::uint64_t stored_ = 0;
};

} // namespace irqscope::sim
