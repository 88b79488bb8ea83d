#include "core/timeline/ViewHistory.h"

namespace irqscope::app {

void ViewHistory::push(const TimeRange& r) {
    if (!entries_.empty() && entries_[index_] == r) return;
    if (!entries_.empty()) entries_.resize(index_ + 1);
    entries_.push_back(r);
    if (entries_.size() > kMax) entries_.erase(entries_.begin());
    index_ = entries_.size() - 1;
}

std::optional<TimeRange> ViewHistory::back() {
    if (!canBack()) return std::nullopt;
    return entries_[--index_];
}

std::optional<TimeRange> ViewHistory::forward() {
    if (!canForward()) return std::nullopt;
    return entries_[++index_];
}

std::optional<TimeRange> ViewHistory::current() const {
    if (entries_.empty()) return std::nullopt;
    return entries_[index_];
}

void ViewHistory::clear() {
    entries_.clear();
    index_ = 0;
}

} // namespace irqscope::app
