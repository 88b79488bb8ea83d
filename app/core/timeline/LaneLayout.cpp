#include "core/timeline/LaneLayout.h"

#include <algorithm>
#include <cmath>

namespace irqscope::app {

void LaneLayout::build(const Trace& trace, const LaneFilter& filter) {
    slots_.clear();
    double row = kGapRows / 2;
    for (std::uint32_t i = 0; i < trace.laneCount(); ++i) {
        const LaneInfo& info = trace.lane(i);
        const bool show = (info.type == LaneType::Cpu && filter.cpus) ||
                          (info.type == LaneType::IrqLine && filter.irqLines) ||
                          (info.type == LaneType::Task && filter.tasks);
        if (!show) continue;
        if (!filter.onlyLanes.empty() &&
            std::find(filter.onlyLanes.begin(), filter.onlyLanes.end(), info.name) == filter.onlyLanes.end())
            continue;
        LaneSlot s;
        s.lane = i;
        s.depths = std::max(1, trace.depthCount(i));
        s.top = row;
        s.rowsTop = row + kMarkerRows;
        s.bottom = s.rowsTop + s.depths;
        slots_.push_back(s);
        row = s.bottom + kGapRows;
    }
    total_ = row - kGapRows / 2;
}

const LaneSlot* LaneLayout::slotOfLane(std::uint32_t lane) const {
    for (const auto& s : slots_)
        if (s.lane == lane) return &s;
    return nullptr;
}

std::optional<LaneLayout::Hit> LaneLayout::hitTest(double row) const {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        const LaneSlot& s = slots_[i];
        if (row < s.top || row >= s.bottom) continue;
        if (row < s.rowsTop) return Hit{i, -1};
        const int depth = static_cast<int>(std::floor(s.bottom - row));
        return Hit{i, std::clamp(depth, 0, s.depths - 1)};
    }
    return std::nullopt;
}

} // namespace irqscope::app
