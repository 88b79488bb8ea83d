// Trace::finalize(): the staged segments, instants and flows (and the
// columns of an earlier finalize(), if any) written into the trace's column
// store, with the level-of-detail index.
//
// Every column's final size is known here, so the store is one block of
// exactly their bytes, pre-faulted in bulk in huge pages where the kernel has
// them (trace/page_block.h): a column written by the recording thread costs
// no page fault per 4 KiB, as a std::vector grown and trimmed would. Under
// AddressSanitizer the arena gives each column its own allocation.
#include "irqscope/trace.h"

#include "trace_storage.h"

#include <algorithm>
#include <thread>
#include <tuple>

namespace irqscope {

namespace {
constexpr std::size_t kFlowsOnThread = 16384; // fewer: a thread costs more than the sort

// A thread joined when it goes out of scope (also when an exception leaves it).
struct JoinedThread {
    std::thread t;
    ~JoinedThread() {
        if (t.joinable()) t.join();
    }
};

// Bytes of n values in the store, with room to align what follows.
template <typename T> std::size_t storeBytes(std::size_t n) {
    return n == 0 ? 0 : n * sizeof(T) + alignof(std::max_align_t);
}
template <typename T> Column<T> carve(Arena& store, std::size_t n) {
    return n == 0 ? Column<T>{} : Column<T>{store.allocate<T>(n), n};
}
// The old values, then the staged ones in the order they came.
template <typename T> void fill(Column<T>& to, const Column<T>& old, const StagedChunks<T>& staged) {
    T* at = std::copy(old.begin(), old.end(), to.p);
    staged.forEachRun([&at](const T* b, const T* e) { at = std::copy(b, e, at); });
}

struct TrackColumns {
    Column<Time> start;
    Column<std::uint32_t> dur;
    Column<ContextKind> kind;
    Column<StringId> entity;
    Column<StringId> detail;
    Column<std::array<Time, kContextKindCount>> prefix;
    Column<Time> groupStart;
};
} // namespace

void Trace::finalize() {
    using Prefix = std::array<Time, kContextKindCount>;
    Staging& stage = staging();
    // sizes first: one block holds every column
    std::size_t bytes = storeBytes<Flow>(flows_.n + stage.flows.count());
    for (const auto& lane : lanes_) {
        bytes += storeBytes<Instant>(lane.instants.size() + lane.stagedInstants.count());
        for (const auto& t : lane.tracks) {
            const std::size_t n = t.size() + t.staged.count();
            bytes += storeBytes<Time>(n) + storeBytes<std::uint32_t>(n) + storeBytes<ContextKind>(n) +
                     2 * storeBytes<StringId>(n) + storeBytes<Prefix>(n / kGroup + 1) +
                     storeBytes<Time>((n + kGroup - 1) / kGroup);
        }
    }
    auto store = std::make_unique<Arena>(true, PageBlock::defaultMode(), bytes, bytes);

    // Every column is carved before any is written (an allocation that fails
    // leaves the trace as it was).
    Column<Flow> flows = carve<Flow>(*store, flows_.n + stage.flows.count());
    std::vector<Column<Instant>> instants;
    std::vector<TrackColumns> tracks;
    for (const auto& lane : lanes_) {
        instants.push_back(carve<Instant>(*store, lane.instants.size() + lane.stagedInstants.count()));
        for (const auto& t : lane.tracks) {
            const std::size_t n = t.size() + t.staged.count();
            tracks.push_back(TrackColumns{carve<Time>(*store, n), carve<std::uint32_t>(*store, n),
                                          carve<ContextKind>(*store, n), carve<StringId>(*store, n),
                                          carve<StringId>(*store, n), carve<Prefix>(*store, n / kGroup + 1),
                                          carve<Time>(*store, (n + kGroup - 1) / kGroup)});
        }
    }

    // The flows' order and the lanes' columns share nothing: a long run sorts
    // its flows on a second thread while this one builds the columns.
    auto sortFlows = [&flows, &old = flows_, &staged = stage.flows] {
        Flow* at = std::copy(old.p, old.p + old.n, flows.p);
        staged.forEachRun([&at](const Flow* b, const Flow* e) { at = std::copy(b, e, at); });
        std::sort(flows.p, flows.p + flows.n, [](const Flow& a, const Flow& b) {
            return std::tie(a.dstTime, a.dstLane, a.srcTime) < std::tie(b.dstTime, b.dstLane, b.srcTime);
        });
    };
    JoinedThread flowThread;
    if (flows.n >= kFlowsOnThread) flowThread.t = std::thread(sortFlows);
    else sortFlows();

    std::size_t ti = 0;
    for (std::size_t li = 0; li < lanes_.size(); ++li) {
        LaneData& lane = lanes_[li];
        fill(instants[li], lane.instants, lane.stagedInstants);
        lane.instants = instants[li];
        lane.stagedInstants.clear();
        for (auto& t : lane.tracks) {
            TrackColumns& c = tracks[ti++];
            const std::size_t old = t.size();
            std::copy(t.start.begin(), t.start.end(), c.start.p);
            std::copy(t.dur.begin(), t.dur.end(), c.dur.p);
            std::copy(t.kind.begin(), t.kind.end(), c.kind.p);
            std::copy(t.entity.begin(), t.entity.end(), c.entity.p);
            std::copy(t.detail.begin(), t.detail.end(), c.detail.p);
            std::size_t i = old;
            t.staged.forEachRun([&c, &i](const Track::Staged* b, const Track::Staged* e) {
                for (; b != e; ++b, ++i) {
                    c.start[i] = b->start;
                    c.dur[i] = b->dur;
                    c.kind[i] = b->kind;
                    c.entity[i] = b->entity;
                    c.detail[i] = b->detail;
                }
            });
            t.staged.clear();
            const std::size_t n = c.start.size();
            Prefix acc{};
            for (std::size_t k = 0; k < n; ++k) {
                if (k % kGroup == 0) c.prefix[k / kGroup] = acc;
                acc[static_cast<int>(c.kind[k])] += c.dur[k];
            }
            if (n % kGroup == 0) c.prefix[c.prefix.size() - 1] = acc;
            for (std::size_t k = 0; k < n; k += kGroup) c.groupStart[k / kGroup] = c.start[k];
            t.start = c.start;
            t.dur = c.dur;
            t.kind = c.kind;
            t.entity = c.entity;
            t.detail = c.detail;
            t.prefix = c.prefix;
            t.groupStart = c.groupStart;
        }
    }
    if (flowThread.t.joinable()) flowThread.t.join();
    flows_.p = flows.p;
    flows_.n = flows.n;
    stage.flows.clear();
    // every staged record is in the store now; the old store's columns were
    // copied into the new one
    stage.arena.release();
    store_ = std::move(store);
}

} // namespace irqscope
