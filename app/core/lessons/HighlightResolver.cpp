#include "core/lessons/HighlightResolver.h"

namespace irqscope::app {

namespace {
bool matches(const Trace& t, const Segment& s, const LessonHighlight& h) {
    if (h.kind ? s.kind != *h.kind : s.kind == ContextKind::Idle) return false;
    if (h.entity.isEmpty()) return true;
    const std::string e = h.entity.toStdString();
    return t.str(s.entity) == e || t.str(s.detail) == e;
}
} // namespace

std::optional<std::uint32_t> laneByName(const Trace& t, const QString& name) {
    const std::string n = name.toStdString();
    for (std::uint32_t l = 0; l < t.laneCount(); ++l)
        if (t.lane(l).name == n) return l;
    return std::nullopt;
}

QString laneNames(const Trace& t) {
    QStringList names;
    for (std::uint32_t l = 0; l < t.laneCount() && l < 12; ++l) names << QString::fromStdString(t.lane(l).name);
    if (t.laneCount() > 12) names << QStringLiteral("…");
    return names.join(QStringLiteral(", "));
}

HighlightMatch resolveHighlight(const Trace& t, const LessonHighlight& h, Time searchEnd) {
    const auto lane = laneByName(t, h.lane);
    if (!lane) return {std::nullopt, QStringLiteral("unknown lane '%1' (this run has: %2)").arg(h.lane, laneNames(t))};
    for (int d = t.depthCount(*lane) - 1; d >= 0; --d)
        if (auto s = t.segmentAt(*lane, d, h.at); s && matches(t, *s, h)) return {SegmentRef{*lane, *s}, {}};
    std::optional<Segment> first;
    for (int d = 0; d < t.depthCount(*lane); ++d) {
        const auto [i, j] = t.segmentRange(*lane, d, h.at, std::max(searchEnd, h.at + 1));
        for (std::size_t k = i; k < j; ++k) {
            const Segment s = t.segment(*lane, d, k);
            if (s.start < h.at || (first && s.start >= first->start)) continue;
            if (matches(t, s, h)) {
                first = s;
                break; // a track is sorted by start: the first match is its earliest
            }
        }
    }
    if (first) return {SegmentRef{*lane, *first}, {}};
    return {std::nullopt, QStringLiteral("nothing of kind '%1'%2 on %3 at or after %4")
                              .arg(h.kind ? QString::fromLatin1(contextKindId(*h.kind)) : QStringLiteral("any"),
                                   h.entity.isEmpty() ? QString() : QStringLiteral(" (entity '%1')").arg(h.entity),
                                   h.lane, QString::fromStdString(formatDuration(h.at)))};
}

} // namespace irqscope::app
