#include "core/timeline/LaneLayout.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace irqscope::app {

namespace {

std::string lower(std::string s) {
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t");
    if (a == std::string::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

std::vector<std::string> tokens(const std::string& match) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i <= match.size()) {
        const std::size_t j = std::min(match.find(',', i), match.size());
        if (std::string t = trim(match.substr(i, j - i)); !t.empty()) out.push_back(lower(t));
        i = j + 1;
    }
    return out;
}

// "3" or "0-7": a CPU range.
std::optional<std::pair<int, int>> cpuRange(const std::string& t) {
    const auto dash = t.find('-');
    const std::string a = trim(t.substr(0, dash)), b = dash == std::string::npos ? a : trim(t.substr(dash + 1));
    auto number = [](const std::string& s) -> std::optional<int> {
        if (s.empty() || s.size() > 6 ||
            !std::all_of(s.begin(), s.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
            return std::nullopt;
        return std::stoi(s);
    };
    const auto x = number(a), y = number(b);
    if (!x || !y) return std::nullopt;
    return std::pair{std::min(*x, *y), std::max(*x, *y)};
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

std::uint8_t roleOf(ContextKind k, int depth) {
    switch (k) {
    case ContextKind::Softirq:
    case ContextKind::Tasklet: return kRoleSoftirq;
    case ContextKind::Hardirq:
    case ContextKind::Nmi: return kRoleHardirq;
    case ContextKind::LinePending:
    case ContextKind::LineActive:
    case ContextKind::LineActivePending: return kRoleLineState;
    case ContextKind::LineMasked: return kRoleLineMask;
    default: return depth == 0 ? kRoleTask : 0;
    }
}

} // namespace

bool laneMatches(const LaneInfo& info, const std::string& match) {
    const auto ts = tokens(match);
    if (ts.empty()) return true;
    const std::string name = lower(info.name);
    for (const std::string& t : ts) {
        if (const auto r = cpuRange(t)) {
            if (info.type == LaneType::Cpu && info.cpu >= r->first && info.cpu <= r->second) return true;
            continue;
        }
        if (name.find(t) != std::string::npos) return true;
    }
    return false;
}

double LaneLayout::busyShare(const Trace& trace, std::uint32_t lane) {
    const double span = double(trace.endTime() - trace.startTime());
    if (span <= 0) return 0;
    std::vector<TraceBin> bins;
    double busy = 0;
    for (int d = 0; d < trace.depthCount(lane); ++d) {
        trace.queryBins(lane, d, trace.startTime(), trace.endTime(), 1, bins);
        if (bins.empty()) continue;
        const TraceBin& b = bins.front();
        busy += double(b.coverage) - double(b.fraction[static_cast<std::size_t>(ContextKind::Idle)]);
    }
    return std::clamp(busy, 0.0, 1.0);
}

void LaneLayout::build(const Trace& trace, const LaneFilter& filter) {
    slots_.clear();
    hiddenIdle_.clear();
    const bool camera = !filter.onlyLanes.empty();
    std::vector<std::uint32_t> shown, pinned;
    for (std::uint32_t i = 0; i < trace.laneCount(); ++i) {
        const LaneInfo& info = trace.lane(i);
        if (camera) {
            const bool typeOn = (info.type == LaneType::Cpu && filter.cpus) ||
                                (info.type == LaneType::IrqLine && filter.irqLines) ||
                                (info.type == LaneType::Task && filter.tasks);
            if (typeOn && contains(filter.onlyLanes, info.name)) shown.push_back(i);
            continue;
        }
        if (contains(filter.pinned, info.name)) {
            pinned.push_back(i);
            continue;
        }
        if (contains(filter.hidden, info.name)) continue;
        const bool named = !tokens(filter.match).empty() && laneMatches(info, filter.match);
        const bool typeOn = (info.type == LaneType::Cpu && filter.cpus) ||
                            (info.type == LaneType::IrqLine && filter.irqLines) ||
                            (info.type == LaneType::Task && (filter.tasks || named));
        if (!typeOn || !laneMatches(info, filter.match)) continue;
        if (info.type == LaneType::Cpu && filter.hideIdleCpus && busyShare(trace, i) < kIdleShare) {
            hiddenIdle_.push_back(i);
            continue;
        }
        shown.push_back(i);
    }
    // Hiding every CPU as idle would leave nothing to look at.
    if (shown.empty() && pinned.empty() && !hiddenIdle_.empty()) {
        shown = hiddenIdle_;
        hiddenIdle_.clear();
    }
    std::sort(pinned.begin(), pinned.end(), [&](std::uint32_t a, std::uint32_t b) {
        const auto pa = std::find(filter.pinned.begin(), filter.pinned.end(), trace.lane(a).name);
        const auto pb = std::find(filter.pinned.begin(), filter.pinned.end(), trace.lane(b).name);
        return pa < pb;
    });
    if (!filter.order.empty()) {
        auto rank = [&](std::uint32_t l) {
            const auto it = std::find(filter.order.begin(), filter.order.end(), trace.lane(l).name);
            return it == filter.order.end() ? filter.order.size() : std::size_t(it - filter.order.begin());
        };
        std::stable_sort(shown.begin(), shown.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return rank(a) < rank(b); });
    }
    shown.insert(shown.begin(), pinned.begin(), pinned.end());

    std::vector<TraceBin> bins;
    double row = kGapRows / 2;
    for (const std::uint32_t i : shown) {
        LaneSlot s;
        s.lane = i;
        s.pinned = contains(filter.pinned, trace.lane(i).name);
        s.collapsed = !camera && contains(filter.collapsed, trace.lane(i).name);
        s.depths = std::max(1, trace.depthCount(i));
        s.rowH = s.collapsed ? kCollapsedRowH : 1.0;
        s.top = row;
        s.rowsTop = row + (s.collapsed ? kCollapsedRowH : kMarkerRows);
        s.bottom = s.rowsTop + s.depths * s.rowH;
        for (int d = 0; d < s.depths; ++d) {
            std::uint8_t roles = 0;
            trace.queryBins(i, d, trace.startTime(), std::max(trace.endTime(), trace.startTime() + 1), 1, bins);
            if (!bins.empty())
                for (int k = 0; k < kContextKindCount; ++k)
                    if (bins.front().fraction[static_cast<std::size_t>(k)] > 0)
                        roles |= roleOf(static_cast<ContextKind>(k), d);
            s.roles.push_back(roles);
        }
        slots_.push_back(s);
        row = s.bottom + kGapRows;
    }
    total_ = row - kGapRows / 2;
    noteRow_ = total_;
    if (!hiddenIdle_.empty()) total_ += 1.5;
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
        const int depth = static_cast<int>(std::floor((s.bottom - row) / s.rowH));
        return Hit{i, std::clamp(depth, 0, s.depths - 1)};
    }
    return std::nullopt;
}

namespace lanefilter {

namespace {
void toggle(std::vector<std::string>& v, const std::string& name) {
    if (const auto it = std::find(v.begin(), v.end(), name); it != v.end()) v.erase(it);
    else v.push_back(name);
}
} // namespace

void togglePinned(LaneFilter& f, const std::string& name) {
    toggle(f.pinned, name);
}
void toggleCollapsed(LaneFilter& f, const std::string& name) {
    toggle(f.collapsed, name);
}
void hide(LaneFilter& f, const std::string& name) {
    if (!contains(f.hidden, name)) f.hidden.push_back(name);
    if (const auto it = std::find(f.pinned.begin(), f.pinned.end(), name); it != f.pinned.end()) f.pinned.erase(it);
}

void move(LaneFilter& f, const std::vector<std::string>& shown, const std::string& name, int by) {
    if (const auto p = std::find(f.pinned.begin(), f.pinned.end(), name); p != f.pinned.end()) {
        const auto i = p - f.pinned.begin(), j = i + by;
        if (j >= 0 && j < std::ssize(f.pinned)) std::swap(f.pinned[std::size_t(i)], f.pinned[std::size_t(j)]);
        return;
    }
    std::vector<std::string> order;
    for (const std::string& s : shown)
        if (!contains(f.pinned, s)) order.push_back(s);
    // lanes not on screen keep their place after the shown ones
    for (const std::string& s : f.order)
        if (!contains(order, s)) order.push_back(s);
    const auto it = std::find(order.begin(), order.end(), name);
    if (it == order.end()) return;
    const auto i = it - order.begin(), j = i + by;
    if (j >= 0 && j < std::ssize(order)) std::swap(order[std::size_t(i)], order[std::size_t(j)]);
    f.order = std::move(order);
}

void resetArrangement(LaneFilter& f) {
    f.pinned.clear();
    f.order.clear();
    f.collapsed.clear();
    f.hidden.clear();
}

} // namespace lanefilter

} // namespace irqscope::app
