// Where each lane of a trace sits vertically, in "row" units (one row = one
// nesting depth), widget-free so hit-testing can be unit-tested. A lane is a
// thin marker strip for instants on top of its depth rows; depth 0 (the task)
// is the bottom row and each interrupting context stacks one row higher, so a
// hardirq sits visibly on top of the softirq it interrupted.
//
// Which lanes show, and in which order, is the LaneFilter: lane types (CPU,
// task, interrupt line), idle CPUs hidden, a text filter ("0-7, fio"), lanes
// pinned to the top, moved, collapsed to a thin strip or hidden by hand.
#pragma once

#include "irqscope/trace.h"

#include <cstdint>
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
    // CPU lanes that were busy (anything but idle, at any depth) less than
    // kIdleShare of the run are left out and counted (LaneLayout::hiddenIdle()).
    bool hideIdleCpus = true;
    // Comma- or space-separated: CPU numbers or ranges ("3", "0-7") select CPU
    // lanes; any other word selects lanes whose name contains it (a task, "nvme").
    // A task named here gets its lane even when task lanes are off.
    std::string match;
    std::vector<std::string> pinned;    // drawn first, in this order; never filtered out
    std::vector<std::string> order;     // when not empty: the order of the other lanes
    std::vector<std::string> collapsed; // drawn as a thin strip
    std::vector<std::string> hidden;    // hidden by hand
    // When not empty, only lanes with these names (a lesson's camera): the
    // other rules above do not apply.
    std::vector<std::string> onlyLanes;
    bool operator==(const LaneFilter&) const = default;
};

// What the depth rows of a lane hold, for their row labels.
enum DepthRole : std::uint8_t {
    kRoleTask = 1,      // a task (or idle) at the bottom
    kRoleSoftirq = 2,   // softirq / tasklet
    kRoleHardirq = 4,   // hardirq / NMI
    kRoleLineState = 8, // an interrupt line's pending / active state
    kRoleLineMask = 16,
};

struct LaneSlot {
    std::uint32_t lane = 0;
    int depths = 1;
    double top = 0;     // first row of the marker strip
    double rowsTop = 0; // first depth row (the deepest depth)
    double bottom = 0;  // end of depth 0
    double rowH = 1;    // rows per depth (less when collapsed)
    bool pinned = false;
    bool collapsed = false;
    std::vector<std::uint8_t> roles; // per depth, DepthRole bits
    double depthTop(int depth) const { return bottom - (depth + 1) * rowH; }
};

// Vertical mapping of rows to pixels.
struct RowMapping {
    double y0 = 0;     // pixel of row 0
    double rowPx = 20; // pixels per row
    double toY(double row) const { return y0 + row * rowPx; }
    double toRow(double y) const { return (y - y0) / rowPx; }
};

// Which lanes a filter keeps, without positions (also for the lane menu).
bool laneMatches(const LaneInfo& info, const std::string& match);

class LaneLayout {
public:
    static constexpr double kMarkerRows = 0.75;
    static constexpr double kGapRows = 0.5;
    static constexpr double kCollapsedRowH = 0.3;
    static constexpr double kIdleShare = 0.0005; // 0.05 % of the run

    void build(const Trace& trace, const LaneFilter& filter);
    const std::vector<LaneSlot>& laneSlots() const { return slots_; }
    double totalRows() const { return total_; }
    const LaneSlot* slotOfLane(std::uint32_t lane) const;
    // CPU lanes left out as idle, to say so in a note row under the lanes.
    const std::vector<std::uint32_t>& hiddenIdle() const { return hiddenIdle_; }
    double noteRow() const { return noteRow_; } // top of the note row (when hiddenIdle())
    // Share of the run a lane was not idle, at any depth (0..1).
    static double busyShare(const Trace& trace, std::uint32_t lane);

    struct Hit {
        std::size_t slot = 0;
        int depth = -1; // -1: the marker strip
    };
    std::optional<Hit> hitTest(double row) const;

private:
    std::vector<LaneSlot> slots_;
    std::vector<std::uint32_t> hiddenIdle_;
    double total_ = 0;
    double noteRow_ = 0;
};

// Lane-menu edits of a filter (the order is that of `shown`, the lanes on screen).
namespace lanefilter {
void togglePinned(LaneFilter& f, const std::string& name);
void toggleCollapsed(LaneFilter& f, const std::string& name);
void hide(LaneFilter& f, const std::string& name);
// Moves a lane one place up (-1) or down (+1) among the shown unpinned lanes.
void move(LaneFilter& f, const std::vector<std::string>& shown, const std::string& name, int by);
void resetArrangement(LaneFilter& f); // pins, order, collapsed and hidden cleared
} // namespace lanefilter

} // namespace irqscope::app
