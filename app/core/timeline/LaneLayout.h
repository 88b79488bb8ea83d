// Where each lane of a trace sits vertically, in "row" units (one row = one
// nesting depth), widget-free so hit-testing can be unit-tested. A lane is a
// thin marker strip for instants on top of its depth rows; depth 0 (the task)
// is the bottom row and each interrupting context stacks one row higher, so a
// hardirq sits visibly on top of the softirq it interrupted.
#pragma once

#include "irqscope/trace.h"

#include <optional>
#include <string>
#include <vector>

namespace irqscope::app {

struct LaneFilter {
    // CPU lanes by default; a simulation also records a lane per task that ran
    // and per interrupt line that changed state (View menu).
    bool cpus = true;
    bool irqLines = false;
    bool tasks = false;
    // When not empty, only lanes with these names (a lesson's camera).
    std::vector<std::string> onlyLanes;
    bool operator==(const LaneFilter&) const = default;
};

struct LaneSlot {
    std::uint32_t lane = 0;
    int depths = 1;
    double top = 0;     // first row of the marker strip
    double rowsTop = 0; // first depth row (the deepest depth)
    double bottom = 0;  // end of depth 0
    double depthTop(int depth) const { return bottom - (depth + 1); }
};

// Vertical mapping of rows to pixels.
struct RowMapping {
    double y0 = 0;     // pixel of row 0
    double rowPx = 20; // pixels per row
    double toY(double row) const { return y0 + row * rowPx; }
    double toRow(double y) const { return (y - y0) / rowPx; }
};

class LaneLayout {
public:
    static constexpr double kMarkerRows = 0.75;
    static constexpr double kGapRows = 0.5;

    void build(const Trace& trace, const LaneFilter& filter);
    const std::vector<LaneSlot>& laneSlots() const { return slots_; }
    double totalRows() const { return total_; }
    const LaneSlot* slotOfLane(std::uint32_t lane) const;

    struct Hit {
        std::size_t slot = 0;
        int depth = -1; // -1: the marker strip
    };
    std::optional<Hit> hitTest(double row) const;

private:
    std::vector<LaneSlot> slots_;
    double total_ = 0;
};

} // namespace irqscope::app
