// The trace's records on their way from the simulation thread to a recording
// thread. The trace recorder (trace_recorder.cpp) writes one fixed-size record
// per segment, instant, flow or new lane into a chunk; a full chunk goes to the
// recording thread, which makes the Trace calls the record stands for, in the
// order the records were written. Those are the calls, in the same order, that
// the simulation thread would have made, so the trace (what its memory budget
// drops included) does not depend on the threads' timing.
//
// A record costs the simulation thread one 32-byte store, two records to a
// cache line (the chunks start on a page); a chunk handed over costs one
// lock. Chunks are reused, and at most kMaxChunks exist: a recording
// thread that falls behind makes the simulation wait, it never grows memory.
// The chunks are one block (page_block.h) whose pages the recording thread
// makes present two chunks ahead of the simulation thread's first use, so the
// simulation does not take their page faults.
#pragma once

#include "irqscope/trace.h"
#include "trace/page_block.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace irqscope {

// 32 bytes: a segment's end and a flow's destination time are kept as the
// distance from `a` in 32 bits. A segment longer than that (~4.29 s; none in
// 10 s of basics or panthor-submit) is a record with span == kLongSpan then a
// second record whose `a` is the end, so the recording thread makes the same
// addSegment() call; a flow keeps the distance's high half in `entity`.
// No alignas: plain (malloc'ed) chunks are only 16-byte aligned; mapped ones
// start on a page, so there a record never straddles a cache line.
struct TraceOp {
    enum class Type : std::uint8_t { Segment, Instant, Flow, Lane };
    static constexpr std::uint32_t kNoLane = ~0u;
    static constexpr std::uint32_t kLongSpan = ~0u;
    Time a = 0;                  // segment start, instant time, flow source time; lane: its CPU
    std::uint32_t span = 0;      // segment: end - a (or kLongSpan), flow: low half of destination - a
    std::uint32_t lane = 0;      // segment and instant lane, flow source lane; lane: the name's index
    std::uint32_t lane2 = 0;     // segment: a task lane that shows it too (or kNoLane), flow: destination lane
    StringId entity = kNoString; // segment, instant; flow: high half of destination - a
    StringId detail = kNoString; // segment, instant
    Type type = Type::Segment;
    std::uint8_t kind = 0; // ContextKind, InstantKind, FlowKind or LaneType
    std::uint8_t depth = 0;

    // Whether a segment [start, end) fits one record.
    static bool fits(Time start, Time end) { return static_cast<std::uint64_t>(end - start) < kLongSpan; }
    // A segment that fits() one record.
    static TraceOp segment(Time start, Time end, std::uint32_t lane, std::uint32_t lane2, StringId entity,
                           StringId detail, ContextKind kind, std::uint8_t depth) {
        return TraceOp{start,         static_cast<std::uint32_t>(end - start), lane, lane2, entity, detail,
                       Type::Segment, static_cast<std::uint8_t>(kind),         depth};
    }
    static TraceOp instant(Time t, std::uint32_t lane, InstantKind kind, StringId entity, StringId detail) {
        return TraceOp{t, 0, lane, kNoLane, entity, detail, Type::Instant, static_cast<std::uint8_t>(kind), 0};
    }
    static TraceOp flow(Time src, Time dst, std::uint32_t srcLane, std::uint32_t dstLane, FlowKind kind) {
        const auto d = static_cast<std::uint64_t>(dst - src);
        return TraceOp{src,        static_cast<std::uint32_t>(d),   srcLane,
                       dstLane,    static_cast<StringId>(d >> 32),  kNoString,
                       Type::Flow, static_cast<std::uint8_t>(kind), 0};
    }
    Time flowDestination() const { return a + static_cast<Time>((std::uint64_t{entity} << 32) | span); }
};
static_assert(sizeof(TraceOp) == 32);

class TraceRing {
public:
    // Starts the recording thread. finalizeAtEnd: once the last record is
    // applied it also runs trace.finalize().
    TraceRing(Trace& trace, bool finalizeAtEnd);
    ~TraceRing();
    TraceRing(const TraceRing&) = delete;
    TraceRing& operator=(const TraceRing&) = delete;

    void push(const TraceOp& op) {
        if (at_ == end_) [[unlikely]]
            handOff();
        *at_++ = op;
    }
    // The chunk is full: the next push() hands it over. A caller that tests
    // this first can put() without a call on its common path, and so without
    // saving registers for one.
    bool full() const { return at_ == end_; }
    void put(const TraceOp& op) { *at_++ = op; }
    // Any segment, one that does not fit() a record included (two records,
    // in one chunk).
    void pushSegment(Time start, Time end, std::uint32_t lane, std::uint32_t lane2, StringId entity, StringId detail,
                     ContextKind kind, std::uint8_t depth);
    // A lane's name, kept until its Lane record is applied; the index goes in
    // the record (names are rare: one per task and line lane).
    std::uint32_t addName(std::string name);
    // No more records: the last chunk goes to the recording thread.
    void close();
    // close(), then waits until every record is applied (and the trace
    // finalized, if asked); rethrows what the recording thread threw.
    void wait();

    static constexpr std::size_t kChunk = 4096, kMaxChunks = 16; // 128 KiB chunks, 2 MiB at most

private:
    static constexpr std::size_t kPrefaultAhead = 2; // chunks
    struct Chunk {
        TraceOp* ops = nullptr;
        std::size_t n = 0;
    };
    void handOff();
    void consume();
    void prefaultAhead(std::size_t taken); // chunks [0, taken + kPrefaultAhead)
    void apply(const TraceOp* b, const TraceOp* e);

    Trace& trace_;
    const bool finalizeAtEnd_;
    PageBlock block_; // the kMaxChunks chunks
    TraceOp* chunk(std::size_t i) const { return static_cast<TraceOp*>(block_.data()) + i * kChunk; }
    // simulation thread only
    TraceOp* at_ = nullptr;
    TraceOp* end_ = nullptr;
    Chunk current_;
    bool closed_ = false;
    // shared, under mu_
    std::mutex mu_;
    std::condition_variable ready_, freed_;
    std::deque<Chunk> full_;
    std::vector<Chunk> free_;
    std::size_t chunks_ = 0; // taken into use
    // recording thread only: chunks [0, prefaulted_) are present
    std::size_t prefaulted_ = 0;
    bool done_ = false; // the last chunk is in full_
    std::deque<std::string> names_;
    // recording thread until joined
    std::exception_ptr error_;
    std::thread thread_;
};

} // namespace irqscope
