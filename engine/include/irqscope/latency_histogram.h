// A latency series in bounded memory. Up to kExactSamples samples are kept one
// by one, so every statistic is exact (nearest-rank percentiles, as the
// metrics JSON promises); past that the samples are folded into a log-linear
// histogram (the HdrHistogram layout: 2,048 sub-buckets per power of two, so
// a value is known to within 1/1024 of itself), which holds any number of
// samples in under 500 KiB. Count, mean, min and max stay exact either way.
#pragma once

#include "irqscope/time.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace irqscope {

class LatencyHistogram {
public:
    // 2 MiB of samples per series; the longest preset run (nvme-smmu, 1 s)
    // has 187,000 in its largest series.
    static constexpr std::size_t kExactSamples = std::size_t(1) << 18;

    void add(Time ns);
    std::size_t count() const { return count_; }
    double mean() const;
    Time min() const { return count_ ? min_ : 0; }
    Time max() const { return count_ ? max_ : 0; }
    // p in [0, 100]; nearest-rank: the smallest value with at least p % of the
    // samples at or below it (within 1/1024 of it once folded).
    Time percentile(double p) const;
    // Are all samples still kept one by one (every statistic exact)?
    bool exact() const { return counts_.empty(); }
    // The distribution in ascending order as (value, how many) pairs: the
    // distinct samples while exact, the buckets' middle values once folded.
    std::vector<std::pair<Time, std::uint64_t>> distribution() const;

private:
    void fold();
    static std::size_t bucketOf(Time v);
    static Time valueOf(std::size_t bucket);
    const std::vector<Time>& sorted() const;

    mutable std::vector<Time> samples_;
    mutable bool sorted_ = true;
    std::vector<std::uint64_t> counts_; // per bucket, once folded
    std::size_t count_ = 0;
    long double sum_ = 0;
    Time min_ = 0, max_ = 0;
};

} // namespace irqscope
