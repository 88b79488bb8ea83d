// What the timeline says about an item: the hover tooltip and the full record
// shown in the details panel (with its cause -> effect chain).
#pragma once

#include "core/timeline/CausalChain.h"

#include <QCoreApplication>
#include <QString>

namespace irqscope::app {

struct TimelineItem {
    enum class Type { Segment, Instant };
    Type type = Type::Segment;
    std::uint32_t lane = 0;
    Segment segment;
    Instant instant;
    SegmentRef ref() const { return {lane, segment}; }
    Time time() const { return type == Type::Segment ? segment.start : instant.t; }
};

class ItemText {
    Q_DECLARE_TR_FUNCTIONS(ItemText)
public:
    static QString title(const Trace& t, const TimelineItem& item);
    static QString shortRef(const Trace& t, const SegmentRef& r);
    static QString tooltipHtml(const Trace& t, const TimelineItem& item);
    static QString detailsHtml(const Trace& t, const TimelineItem& item, const CausalChain& chain);
};

QString qstr(std::string_view s);

} // namespace irqscope::app
