#include "trace/trace_ring.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace irqscope {

TraceRing::TraceRing(Trace& trace, bool finalizeAtEnd)
    : trace_(trace), finalizeAtEnd_(finalizeAtEnd), block_(kMaxChunks * kChunk * sizeof(TraceOp)) {
    thread_ = std::thread([this] { consume(); });
}

TraceRing::~TraceRing() {
    close();
    if (thread_.joinable()) thread_.join();
}

std::uint32_t TraceRing::addName(std::string name) {
    std::lock_guard lock(mu_);
    names_.push_back(std::move(name));
    return static_cast<std::uint32_t>(names_.size() - 1);
}

void TraceRing::pushSegment(Time start, Time end, std::uint32_t lane, std::uint32_t lane2, StringId entity,
                            StringId detail, ContextKind kind, std::uint8_t depth) {
    if (TraceOp::fits(start, end)) return push(TraceOp::segment(start, end, lane, lane2, entity, detail, kind, depth));
    // the two records go into one chunk: apply() reads them together
    if (end_ - at_ < 2) handOff();
    TraceOp op = TraceOp::segment(start, start, lane, lane2, entity, detail, kind, depth);
    op.span = TraceOp::kLongSpan;
    *at_++ = op;
    TraceOp rest;
    rest.a = end;
    *at_++ = rest;
}

void TraceRing::handOff() {
    // a record after the run's end would never be applied (and, once the
    // chunks are all used, would wait for ever): a model bug, said loudly
    if (closed_) throw std::logic_error("trace record after the end of the run");
    std::unique_lock lock(mu_);
    if (current_.ops) {
        current_.n = static_cast<std::size_t>(at_ - current_.ops);
        full_.push_back(current_);
        ready_.notify_one();
    }
    if (free_.empty() && chunks_ < kMaxChunks) {
        current_.ops = chunk(chunks_++);
    } else {
        freed_.wait(lock, [this] { return !free_.empty(); });
        current_ = free_.back();
        free_.pop_back();
    }
    at_ = current_.ops;
    end_ = at_ + kChunk;
}

void TraceRing::close() {
    if (closed_) return;
    closed_ = true;
    std::lock_guard lock(mu_);
    if (current_.ops && at_ != current_.ops) {
        current_.n = static_cast<std::size_t>(at_ - current_.ops);
        full_.push_back(current_);
    }
    at_ = end_ = nullptr;
    done_ = true;
    ready_.notify_one();
}

void TraceRing::wait() {
    close();
    if (thread_.joinable()) thread_.join();
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void TraceRing::consume() {
    prefaultAhead(0);
    for (;;) {
        Chunk c;
        std::size_t taken = 0;
        {
            std::unique_lock lock(mu_);
            ready_.wait(lock, [this] { return !full_.empty() || done_; });
            if (full_.empty()) break;
            c = full_.front();
            full_.pop_front();
            taken = chunks_;
        }
        prefaultAhead(taken);
        // After a failure (out of memory) the records are dropped, but the
        // chunks still go back, so the simulation thread never waits forever.
        if (!error_) try {
                apply(c.ops, c.ops + c.n);
            } catch (...) {
                error_ = std::current_exception();
            }
        {
            std::lock_guard lock(mu_);
            free_.push_back(c);
        }
        freed_.notify_one();
    }
    if (!error_ && finalizeAtEnd_) try {
            trace_.finalize();
        } catch (...) {
            error_ = std::current_exception();
        }
}

void TraceRing::prefaultAhead(std::size_t taken) {
    // Writing into pages made present concurrently is safe: populating only
    // maps what is missing and never changes what was written.
    const std::size_t want = std::min(taken + kPrefaultAhead, kMaxChunks);
    if (want <= prefaulted_) return;
    block_.prefault(prefaulted_ * kChunk * sizeof(TraceOp), (want - prefaulted_) * kChunk * sizeof(TraceOp));
    prefaulted_ = want;
}

void TraceRing::apply(const TraceOp* b, const TraceOp* e) {
    for (const TraceOp* op = b; op != e; ++op) switch (op->type) {
        case TraceOp::Type::Segment: {
            const TraceOp& s = *op;
            Time end = s.a + s.span;
            if (s.span == TraceOp::kLongSpan) end = (++op)->a; // the end is the next record's (same chunk)
            trace_.addSegment(s.lane, s.depth, s.a, end, static_cast<ContextKind>(s.kind), s.entity, s.detail);
            if (s.lane2 != TraceOp::kNoLane)
                trace_.addSegment(s.lane2, 0, s.a, end, static_cast<ContextKind>(s.kind), s.entity, s.detail);
            break;
        }
        case TraceOp::Type::Instant:
            trace_.addInstant(op->lane, op->a, static_cast<InstantKind>(op->kind), op->entity, op->detail);
            break;
        case TraceOp::Type::Flow:
            trace_.addFlow(Flow{op->lane, op->lane2, op->a, op->flowDestination(), static_cast<FlowKind>(op->kind)});
            break;
        case TraceOp::Type::Lane: {
            std::string name;
            {
                std::lock_guard lock(mu_);
                name = std::move(names_[op->lane]);
            }
            trace_.addLane(static_cast<LaneType>(op->kind), std::move(name), static_cast<int>(op->a));
            break;
        }
        }
}

} // namespace irqscope
