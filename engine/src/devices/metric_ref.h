// A device's latency series or counter in the machine's recorder, found by
// name once and then kept (std::map nodes do not move). The lookup happens on
// the first sample, not at install time: a series that never gets a sample
// stays out of the metrics, exactly as when every sample looked it up.
#pragma once

#include "kernel/machine.h"

#include <string>

namespace irqscope::devices {

class LatencyRef {
public:
    LatencyRef(kern::Recorder& rec, std::string name) : rec_(&rec), name_(std::move(name)) {}
    void add(Time sample) {
        if (!series_) series_ = &rec_->latency[name_];
        series_->add(sample);
    }

private:
    kern::Recorder* rec_;
    std::string name_;
    LatencyHistogram* series_ = nullptr;
};

class CounterRef {
public:
    CounterRef(kern::Recorder& rec, std::string name) : rec_(&rec), name_(std::move(name)) {}
    CounterRef& operator++() {
        if (!count_) count_ = &rec_->counters[name_];
        ++*count_;
        return *this;
    }

private:
    kern::Recorder* rec_;
    std::string name_;
    std::uint64_t* count_ = nullptr;
};

} // namespace irqscope::devices
