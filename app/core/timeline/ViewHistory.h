// Back/forward through the time ranges a user looked at, like a browser.
#pragma once

#include "core/timeline/TimeMapping.h"

#include <optional>
#include <vector>

namespace irqscope::app {

class ViewHistory {
public:
    // Record a new view; drops the forward part. Equal to the current: ignored.
    void push(const TimeRange& r);
    std::optional<TimeRange> back();
    std::optional<TimeRange> forward();
    bool canBack() const { return index_ > 0; }
    bool canForward() const { return index_ + 1 < entries_.size(); }
    std::optional<TimeRange> current() const;
    void clear();
    std::size_t size() const { return entries_.size(); }

private:
    std::vector<TimeRange> entries_;
    std::size_t index_ = 0;
    static constexpr std::size_t kMax = 200;
};

} // namespace irqscope::app
