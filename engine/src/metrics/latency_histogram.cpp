#include "irqscope/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <utility>

namespace irqscope {

namespace {
// Values below 2^kSubBits have a bucket each; above, each power of two is
// split into 2^(kSubBits-1) buckets.
constexpr int kSubBits = 11;
constexpr std::size_t kSub = std::size_t(1) << kSubBits; // 2048
constexpr std::size_t kHalf = kSub / 2;                  // 1024
constexpr std::size_t kBuckets = kSub + (64 - kSubBits) * kHalf;

// Sorts v ascending: a least-significant-digit radix sort, one pass per byte
// in which the values differ (latencies in ns: three or four of eight), in
// place of std::sort's n log n compares on a series of up to 262,144 samples.
// Integers have one sorted order, so the result is std::sort's.
void radixSort(std::vector<Time>& v) {
    if (v.size() < 512) {
        std::sort(v.begin(), v.end());
        return;
    }
    constexpr std::uint64_t kSign = std::uint64_t(1) << 63; // signed order as unsigned
    std::uint64_t all = ~std::uint64_t(0), any = 0;
    for (Time x : v) {
        const std::uint64_t u = static_cast<std::uint64_t>(x) ^ kSign;
        all &= u;
        any |= u;
    }
    const std::uint64_t differ = any ^ all; // bits that are not the same in every value
    std::vector<Time> tmp(v.size());
    std::vector<Time>* from = &v;
    std::vector<Time>* to = &tmp;
    for (int shift = 0; shift < 64; shift += 8) {
        if (((differ >> shift) & 0xff) == 0) continue;
        std::size_t count[256] = {};
        for (Time x : *from) ++count[((static_cast<std::uint64_t>(x) ^ kSign) >> shift) & 0xff];
        std::size_t at = 0;
        for (std::size_t& c : count) {
            const std::size_t n = c;
            c = at;
            at += n;
        }
        for (Time x : *from) (*to)[count[((static_cast<std::uint64_t>(x) ^ kSign) >> shift) & 0xff]++] = x;
        std::swap(from, to);
    }
    if (from != &v) v.swap(tmp);
}

} // namespace

std::size_t LatencyHistogram::bucketOf(Time v) {
    const auto u = static_cast<std::uint64_t>(std::max<Time>(v, 0));
    if (u < kSub) return std::size_t(u);
    const int shift = static_cast<int>(std::bit_width(u)) - kSubBits; // >= 1
    return kSub + std::size_t(shift - 1) * kHalf + std::size_t((u >> shift) - kHalf);
}

Time LatencyHistogram::valueOf(std::size_t bucket) {
    if (bucket < kSub) return Time(bucket);
    const std::size_t shift = (bucket - kSub) / kHalf + 1;
    const std::uint64_t lo = (std::uint64_t((bucket - kSub) % kHalf) + kHalf) << shift;
    return Time(lo + ((std::uint64_t(1) << shift) - 1) / 2); // the bucket's middle
}

void LatencyHistogram::add(Time ns) {
    if (count_ == 0) min_ = max_ = ns;
    min_ = std::min(min_, ns);
    max_ = std::max(max_, ns);
    ++count_;
    sum_ += ns;
    if (!counts_.empty()) {
        ++counts_[bucketOf(ns)];
        return;
    }
    samples_.push_back(ns);
    sorted_ = false;
    if (samples_.size() > kExactSamples) fold();
}

void LatencyHistogram::fold() {
    counts_.assign(kBuckets, 0);
    for (Time v : samples_) ++counts_[bucketOf(v)];
    std::vector<Time>().swap(samples_); // give the memory back
    sorted_ = true;
}

const std::vector<Time>& LatencyHistogram::sorted() const {
    if (!sorted_) {
        radixSort(samples_);
        sorted_ = true;
    }
    return samples_;
}

double LatencyHistogram::mean() const {
    return count_ ? double(sum_ / static_cast<long double>(count_)) : 0;
}

Time LatencyHistogram::percentile(double p) const {
    if (count_ == 0) return 0;
    auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * double(count_)));
    rank = std::clamp<std::size_t>(rank, 1, count_);
    if (exact()) return sorted()[rank - 1];
    std::uint64_t seen = 0;
    for (std::size_t b = 0; b < counts_.size(); ++b) {
        seen += counts_[b];
        if (seen >= rank) return std::clamp(valueOf(b), min_, max_);
    }
    return max_;
}

std::vector<std::pair<Time, std::uint64_t>> LatencyHistogram::distribution() const {
    std::vector<std::pair<Time, std::uint64_t>> out;
    if (exact()) {
        for (Time v : sorted()) {
            if (!out.empty() && out.back().first == v) ++out.back().second;
            else out.emplace_back(v, 1);
        }
        return out;
    }
    for (std::size_t b = 0; b < counts_.size(); ++b)
        if (counts_[b]) out.emplace_back(std::clamp(valueOf(b), min_, max_), counts_[b]);
    return out;
}

} // namespace irqscope
