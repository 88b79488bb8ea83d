// The discrete-event core: a monotone priority queue of (time, sequence) with
// cancellable events. The sequence is the deterministic tie-break: two events
// at the same nanosecond run in the order they were scheduled, so a run is a
// pure function of its inputs. Cancelling marks the slot dead; its entry is
// skipped when it surfaces (lazy deletion keeps cancel O(1)).
//
// Simulated time never goes backwards, so the entries are kept in a radix
// structure, and which one is fastest depends on how dense the pending events
// are in time:
//   - sparse (every preset: 0.04–9 events per simulated µs, 2–400 pending): the
//     binary radix heap (radix_heap.h), whose spread of a small bucket is a
//     short loop;
//   - dense (a storm, the 10,000-pending benchmark at ~200 events per µs):
//     the timing wheel (timing_wheel.h), which moves each entry once instead
//     of once per bit, but pays for bitmaps and chunks on every cascade of a
//     256 ns bucket, so it only wins when such a bucket holds several events.
// The count of pending events alone does not tell them apart: fio at
// iodepth 256 keeps 5,000 completions pending over milliseconds, where the
// wheel cascades a bucket for every third event and is no faster. So every
// Switch::window events the queue looks at how much simulated time they
// took: dense enough (and enough pending) moves the entries into the wheel,
// sparse moves them back; the gap between the two rates keeps a load near
// one of them from moving the entries back and forth. Both orderings pop
// exactly in (time, sequence) order, so the choice changes speed, never
// results (tests/engine/test_event_queue.cpp checks both against a reference
// heap, switching many times per run).
//
// Cancelled entries wait in their ordering until they surface. A model that
// re-programs a timer on every change (the local timer's comparator) cancels
// events up to a second ahead far faster than they surface, so at each look
// at the load the queue also counts its dead entries: once they outnumber the
// live ones (2x, and at least 4,096) it moves the live entries into a fresh
// copy of the same ordering, exactly as a switch does. Memory stays
// proportional to what is pending, and a spread no longer carries the dead.
//
// A model whose events of one source come in non-decreasing time order (an
// SSD's completions, a FIFO server) can schedule them into a stream
// (event_streams.h): they wait in the stream's FIFO, out of the ordering's
// spreads, and keep their place in (time, sequence) order exactly.
//
// Model code schedules typed events: `q.schedule<&Cpu::onKick>(t, cpu)` or
// `q.schedule<&Nic::onPacket>(t, nic, arg)` names the target object and its
// member, and the compiler checks both. Underneath, an event is a plain
// function pointer plus an object and an argument (scheduleRaw, for the event
// core's own tests and benchmarks): no allocation per event.
#pragma once

#include "irqscope/time.h"
#include "sim/event_slots.h"
#include "sim/event_streams.h"
#include "sim/radix_heap.h"
#include "sim/timing_wheel.h"

#include <bit>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

namespace irqscope::sim {

struct EventId {
    std::uint32_t slot = 0;
    std::uint32_t generation = 0; // 0 = none
    bool valid() const { return generation != 0; }
};

class EventQueue {
public:
    // When to move the entries between the orderings. Calibrated with
    // bench_event_queue and the presets (docs/performance.md): the wheel
    // wins from ~4 events per 256 ns bucket (16 per µs) and ~500 pending.
    struct Switch {
        std::uint32_t window = 4096;    // events between two looks at the load (a power of two)
        Time denseWithin = 256'000;     // window took at most this (>= 16 events/µs): wheel
        Time sparseAfter = 512'000;     // took longer (< 8 events/µs): radix heap
        std::size_t wheelPending = 512; // the wheel needs at least this many pending
        std::size_t radixPending = 128; // fewer: back to the radix heap
    };
    static constexpr Switch kRadixOnly{4096, -1, 0, 0, 0};
    static constexpr Switch kWheelOnly{4096, std::numeric_limits<Time>::max(), std::numeric_limits<Time>::max(), 0, 0};

    EventQueue() : EventQueue(Switch{}) {}
    explicit EventQueue(Switch when) : when_(when), lookMask_(when.window - 1) {
        assert(std::has_single_bit(when.window));
        // every load qualifies for the wheel: start there
        if (when_.denseWithin == std::numeric_limits<Time>::max() && when_.wheelPending == 0) useWheel();
    }
    // The wheel refers to slots_ (to prefetch): the queue stays where it was made.
    // The streams too (their ties are broken by the slots' sequences).
    EventQueue(const EventQueue&) = delete;
    EventQueue& operator=(const EventQueue&) = delete;

    Time now() const { return now_; }
    std::uint64_t dispatched() const { return dispatched_; }
    std::size_t pending() const { return static_cast<std::size_t>(scheduled_ - dispatched_ - cancelled_); }
    bool usesWheel() const { return wheel_ != nullptr; }
    // Totals for the invariant "every event scheduled is dispatched, cancelled
    // or still pending" (check/invariants.h).
    std::uint64_t scheduledTotal() const { return scheduled_; }
    std::uint64_t cancelledTotal() const { return cancelled_; }
    // Cancelled entries not yet dropped (compacted once they outnumber the live).
    std::uint64_t deadStored() const { return deadStored_; }
    // Live entries actually stored, counted the slow way (not from the totals), so
    // a lost or duplicated entry shows.
    std::uint64_t countStoredLive() const {
        std::uint64_t n = 0;
        const auto count = [&](const QueueEntry& e) { n += !slots_.dead(e); };
        radix_.forEach(count);
        if (wheelStore_) wheelStore_->forEach(count);
        streams_.forEach(count);
        return n;
    }

    // The hot paths are forced inline into handlers and the run loop (GCC
    // kept them out of line, spilling six registers per event: ~10% at
    // 10,000 pending); everything rare is out of line.
    // At t, call (object.*Method)() (or Method(object) for a free function).
    template <auto Method, class T> [[gnu::always_inline]] EventId schedule(Time t, T& object) {
        static_assert(std::is_invocable_v<decltype(Method), T&>,
                      "Method must be a member of T (or a function of T&) taking no argument");
        return scheduleRaw(
            t, [](void* o, std::uint64_t) { std::invoke(Method, *static_cast<T*>(o)); }, &object);
    }
    // At t, call (object.*Method)(arg); arg must outlive the event (an object, not a local).
    template <auto Method, class T, class A> [[gnu::always_inline]] EventId schedule(Time t, T& object, A& arg) {
        static_assert(!std::is_integral_v<A>, "an integer argument: scheduleIndex");
        static_assert(std::is_invocable_v<decltype(Method), T&, A&>, "Method must be a member of T taking an A&");
        return scheduleRaw(
            t,
            [](void* o, std::uint64_t a) {
                std::invoke(Method, *static_cast<T*>(o), *reinterpret_cast<A*>(static_cast<std::uintptr_t>(a)));
            },
            &object, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&arg)));
    }

    // At t, call (object.*Method)(index): an index into the object's own table.
    template <auto Method, class T, std::integral I>
    [[gnu::always_inline]] EventId scheduleIndex(Time t, T& object, I index) {
        static_assert(std::is_invocable_v<decltype(Method), T&, I>, "Method must be a member of T taking the index");
        return scheduleRaw(
            t, [](void* o, std::uint64_t a) { std::invoke(Method, *static_cast<T*>(o), static_cast<I>(a)); }, &object,
            static_cast<std::uint64_t>(index));
    }

    [[gnu::always_inline]] EventId scheduleRaw(Time t, EventHandler fn, void* object, std::uint64_t arg = 0) {
        assert(t >= now_ && "events may not be scheduled in the past");
        const std::uint32_t slot = take(fn, object, arg);
        if (wheel_) wheel_->push(t, slot);
        else radix_.push(t, slot);
        return EventId{slot, slots_.slots[slot].generation};
    }

    // A stream: events scheduled into it must come in non-decreasing time.
    // Streams are added before the run (a device's build), never by an event.
    StreamId addStream() {
        assert(dispatched_ == 0 && "streams are added before the run");
        return streams_.add();
    }
    // Whether a stream was added: the run loop then takes runNextUntil<true>,
    // else runNextUntil<false>, which never looks at the streams (every preset
    // without an SSD).
    bool hasStreams() const { return streams_.any(); }
    // At t, call (object.*Method)(index), from stream s; t is not earlier than
    // the stream's last event. Not cancellable.
    template <auto Method, class T, std::integral I>
    [[gnu::always_inline]] void scheduleIndexInStream(StreamId s, Time t, T& object, I index) {
        static_assert(std::is_invocable_v<decltype(Method), T&, I>, "Method must be a member of T taking the index");
        scheduleRawInStream(
            s, t, [](void* o, std::uint64_t a) { std::invoke(Method, *static_cast<T*>(o), static_cast<I>(a)); },
            &object, static_cast<std::uint64_t>(index));
    }
    void scheduleRawInStream(StreamId s, Time t, EventHandler fn, void* object, std::uint64_t arg = 0) {
        assert(t >= now_ && t < EventStreams::kNever && "events may not be scheduled in the past");
        streams_.push(s, t, take(fn, object, arg));
    }

    // Safe to call with an id that already ran or was cancelled.
    void cancel(EventId id) {
        if (!id.valid() || id.slot >= slots_.slots.size()) return;
        EventSlot& s = slots_.slots[id.slot];
        if (s.generation != id.generation) return;
        s.generation = 0; // dead; its entry is dropped when it surfaces
        ++cancelled_;
        ++deadStored_;
    }

    bool isPending(EventId id) const {
        return id.valid() && id.slot < slots_.slots.size() && slots_.slots[id.slot].generation == id.generation;
    }

    // Time of the next live event, or -1 when none.
    [[gnu::always_inline]] Time peekTime() {
        const Time s = streams_.minTime();
        const QueueEntry* e = wheel_ ? frontOf(*wheel_, s) : frontOf(radix_, s);
        if (e && e->t <= s) return e->t;
        return s == EventStreams::kNever ? -1 : s;
    }

    // Runs the next live event. Returns false when the queue is empty.
    [[gnu::always_inline]] bool runNext() { return runNextUntil(std::numeric_limits<Time>::max()); }

    // Runs the next live event if it is due at or before end; false when
    // none is (one look at the front instead of peekTime + runNext).
    // Streams = false: only for a queue without streams (!hasStreams()); it
    // takes the ordering's front without a look at the streams, a test per
    // event that costs ~6 instructions.
    template <bool Streams = true> [[gnu::always_inline]] bool runNextUntil(Time end) {
        assert(Streams || !hasStreams());
        // one test of the ordering per event, not one per step
        return wheel_ ? runNextIn<Streams>(*wheel_, end) : runNextIn<Streams>(radix_, end);
    }

    void advanceTo(Time t) {
        assert(t >= now_);
        now_ = t;
    }

private:
    [[gnu::always_inline]] std::uint32_t take(EventHandler fn, void* object, std::uint64_t arg) {
        const std::uint32_t slot = slots_.take();
        sequence_ += 2;
        EventSlot& s = slots_.slots[slot];
        s.fn = fn;
        s.object = object;
        s.arg = arg;
        s.generation = static_cast<std::uint32_t>(sequence_);
        s.sequenceHigh = static_cast<std::uint32_t>(sequence_ >> 32);
        ++scheduled_;
        return slot;
    }

    // The next live entry of an ordering if it may be due at or before limit
    // (the earliest stream head); cancelled ones met on the way are dropped
    // here, so the orderings never look at the slot table.
    template <class Ordering> [[gnu::always_inline]] const QueueEntry* frontOf(Ordering& o, Time limit) {
        for (;;) {
            const QueueEntry* e = o.frontUpTo(limit);
            if (!e || !slots_.dead(*e)) [[likely]]
                return e;
            --deadStored_;
            slots_.release(e->slot);
            o.pop();
        }
    }

    template <bool Streams, class Ordering> [[gnu::always_inline]] bool runNextIn(Ordering& o, Time end) {
        if constexpr (!Streams) {
            // no stream: the ordering alone, its limit a constant
            const QueueEntry* e = frontOf(o, EventStreams::kNever);
            if (!e || e->t > end) return false;
            const Time t = e->t;
            const std::uint32_t slot = e->slot;
            o.pop();
            return dispatch(t, slot);
        }
        // kNever when every stream is empty: then the ordering's front (if
        // any) comes first, as without streams
        const Time streamT = streams_.minTime();
        Time t;
        std::uint32_t slot;
        const QueueEntry* e = frontOf(o, streamT);
        // the ordering's front unless a stream's head comes first in (time, sequence)
        if (e && (e->t < streamT ||
                  (e->t == streamT && slots_.sequence(e->slot) < slots_.sequence(streams_.minHead().slot)))) {
            if (e->t > end) return false;
            t = e->t;
            slot = e->slot;
            o.pop();
        } else {
            if (streamT > end || streamT == EventStreams::kNever) return false; // (end may be kNever)
            t = streamT;
            slot = streams_.minHead().slot;
            streams_.popMin();
        }
        return dispatch(t, slot);
    }

    [[gnu::always_inline]] bool dispatch(Time t, std::uint32_t slot) {
        EventSlot& s = slots_.slots[slot];
        const EventHandler fn = s.fn;
        void* const object = s.object;
        const std::uint64_t arg = s.arg;
        s.generation = 0;
        slots_.release(slot);
        now_ = t;
        ++dispatched_;
        if ((dispatched_ & lookMask_) == 0) [[unlikely]]
            lookAtLoad();
        fn(object, arg);
        return true;
    }

    // Every window events: choose the ordering for the load just seen.
    [[gnu::noinline]] void lookAtLoad() {
        const Time took = now_ - windowStart_;
        windowStart_ = now_;
        const std::size_t live = pending();
        if (!wheel_ && took <= when_.denseWithin && live >= when_.wheelPending) useWheel();
        else if (wheel_ && (took > when_.sparseAfter || live < when_.radixPending)) useRadix();
        else if (deadStored_ > 2 * live + kCompactAtLeast) compact();
    }
    // The dead entries outnumber the live ones: keep only the live.
    [[gnu::noinline]] void compact() {
        if (wheel_) move(*wheel_, *wheel_);
        else move(radix_, radix_);
    }

    [[gnu::noinline]] void useWheel() {
        if (!wheelStore_) wheelStore_ = std::make_unique<TimingWheel>(slots_);
        move(radix_, *wheelStore_);
        wheel_ = wheelStore_.get();
    }
    [[gnu::noinline]] void useRadix() {
        move(*wheel_, radix_);
        wheel_ = nullptr;
    }
    // Moves the live entries in an order that keeps equal times in scheduling
    // order (both orderings' drain() guarantees it) and frees the dead ones.
    // From and to may be the same ordering (compact()).
    template <class From, class To> void move(From& from, To& to) {
        moving_.clear();
        deadStored_ = 0;
        from.drain([&](const QueueEntry& e) {
            if (slots_.dead(e)) slots_.release(e.slot);
            else moving_.push_back(e);
        });
        to.reset(now_); // every pending and every new event is at now_ or later
        for (const QueueEntry& e : moving_) to.push(e.t, e.slot);
    }

    Switch when_;
    EventSlots slots_;
    RadixHeap radix_;
    std::unique_ptr<TimingWheel> wheelStore_; // made on the first switch, kept
    TimingWheel* wheel_ = nullptr;            // non-null: the wheel orders the entries
    std::vector<QueueEntry> moving_;
    Time now_ = 0;
    std::uint64_t lookMask_; // look at the load when (dispatched_ & lookMask_) == 0
    Time windowStart_ = 0;   // simulated time of the last look
    EventStreams streams_{slots_};
    std::uint64_t sequence_ = 1; // odd, so its low half (the generation) is never 0 (dead)
    std::uint64_t dispatched_ = 0;
    std::uint64_t scheduled_ = 0;
    std::uint64_t cancelled_ = 0;
    std::uint64_t deadStored_ = 0; // cancelled entries still in the ordering
    static constexpr std::uint64_t kCompactAtLeast = 4096;
};

} // namespace irqscope::sim
