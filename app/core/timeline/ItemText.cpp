#include "core/timeline/ItemText.h"

#include "core/timeline/Palette.h"
#include "core/util/TimeFormat.h"

namespace irqscope::app {

QString qstr(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

namespace {
QString esc(const QString& s) {
    return s.toHtmlEscaped();
}

QString entityRole(ContextKind k) {
    switch (k) {
    case ContextKind::Hardirq: return ItemText::tr("interrupt");
    case ContextKind::Softirq: return ItemText::tr("softirq vector");
    case ContextKind::Tasklet: return ItemText::tr("tasklet");
    case ContextKind::IrqThread:
    case ContextKind::Kworker:
    case ContextKind::Ksoftirqd:
    case ContextKind::Kthread:
    case ContextKind::User: return ItemText::tr("task");
    default: return ItemText::tr("entity");
    }
}

QString detailRole(ContextKind k) {
    switch (k) {
    case ContextKind::Kworker: return ItemText::tr("work item");
    case ContextKind::Hardirq: return ItemText::tr("handler");
    default: return ItemText::tr("detail");
    }
}

QString row(const QString& k, const QString& v) {
    return QStringLiteral("<tr><td style='color:#555;padding-right:8px'>%1</td><td>%2</td></tr>").arg(esc(k), v);
}
} // namespace

QString ItemText::title(const Trace& t, const TimelineItem& item) {
    if (item.type == TimelineItem::Type::Instant) {
        const QString e = qstr(t.str(item.instant.entity));
        return e.isEmpty() ? Palette::instantName(item.instant.kind)
                           : tr("%1: %2").arg(Palette::instantName(item.instant.kind), e);
    }
    const QString e = qstr(t.str(item.segment.entity));
    return e.isEmpty() ? Palette::kindName(item.segment.kind)
                       : tr("%1 %2").arg(Palette::kindName(item.segment.kind), e);
}

QString ItemText::shortRef(const Trace& t, const SegmentRef& r) {
    TimelineItem it;
    it.lane = r.lane;
    it.segment = r.segment;
    return tr("%1 on %2 at %3").arg(title(t, it), qstr(t.lane(r.lane).name), formatTime(double(r.segment.start)));
}

QString ItemText::tooltipHtml(const Trace& t, const TimelineItem& item) {
    QString html = QStringLiteral("<b>%1</b><table>").arg(esc(title(t, item)));
    html += row(tr("where"), esc(qstr(t.lane(item.lane).name)));
    if (item.type == TimelineItem::Type::Instant) {
        html += row(tr("time"), esc(formatTime(double(item.instant.t))));
        if (item.instant.detail != kNoString) html += row(tr("detail"), esc(qstr(t.str(item.instant.detail))));
        return html + QStringLiteral("</table>");
    }
    const Segment& s = item.segment;
    html += row(tr("start"), esc(formatTime(double(s.start))));
    html += row(tr("duration"), QStringLiteral("<b>%1</b>").arg(esc(formatTime(double(s.end - s.start)))));
    if (s.entity != kNoString) html += row(entityRole(s.kind), esc(qstr(t.str(s.entity))));
    if (s.detail != kNoString) html += row(detailRole(s.kind), esc(qstr(t.str(s.detail))));
    const auto causes = t.flowsInto(item.lane, s);
    for (const Flow& f : causes) {
        if (auto src = flowSource(t, f))
            html += row(tr("caused by"), esc(tr("%1 (%2)").arg(shortRef(t, *src), Palette::flowName(f.kind))));
    }
    return html + QStringLiteral("</table>");
}

QString ItemText::detailsHtml(const Trace& t, const TimelineItem& item, const CausalChain& chain) {
    QString html = QStringLiteral("<h3>%1</h3><table>").arg(esc(title(t, item)));
    html += row(tr("lane"), esc(qstr(t.lane(item.lane).name)));
    if (item.type == TimelineItem::Type::Instant) {
        html += row(tr("kind"), esc(Palette::instantName(item.instant.kind)));
        html += row(tr("time"), esc(formatTime(double(item.instant.t))));
        html += row(tr("time (ns)"), QString::number(item.instant.t));
        if (item.instant.entity != kNoString) html += row(tr("entity"), esc(qstr(t.str(item.instant.entity))));
        if (item.instant.detail != kNoString) html += row(tr("detail"), esc(qstr(t.str(item.instant.detail))));
        return html + QStringLiteral("</table>");
    }
    const Segment& s = item.segment;
    html += row(tr("context"), esc(Palette::kindName(s.kind)));
    html += row(tr("nesting depth"), QString::number(s.depth));
    html += row(tr("start"), esc(tr("%1 (%2 ns)").arg(formatTime(double(s.start))).arg(s.start)));
    html += row(tr("end"), esc(tr("%1 (%2 ns)").arg(formatTime(double(s.end))).arg(s.end)));
    html += row(tr("duration"), esc(tr("%1 (%2 ns)").arg(formatTime(double(s.end - s.start))).arg(s.end - s.start)));
    if (s.entity != kNoString) html += row(entityRole(s.kind), esc(qstr(t.str(s.entity))));
    if (s.detail != kNoString) html += row(detailRole(s.kind), esc(qstr(t.str(s.detail))));
    if (s.depth > 0) {
        if (auto under = t.segmentAt(item.lane, s.depth - 1, s.start)) {
            TimelineItem u;
            u.lane = item.lane;
            u.segment = *under;
            html += row(tr("interrupted"), esc(title(t, u)));
        }
    }
    html += QStringLiteral("</table>");
    auto list = [&](const QString& heading, const std::vector<Flow>& flows, bool upstream) {
        if (flows.empty()) return;
        html += QStringLiteral("<h4>%1</h4><ol>").arg(esc(heading));
        for (const Flow& f : flows) {
            const auto other = upstream ? flowSource(t, f) : flowTarget(t, f);
            const QString what = other ? shortRef(t, *other) : qstr(t.lane(upstream ? f.srcLane : f.dstLane).name);
            html += QStringLiteral("<li>%1 — <i>%2</i></li>").arg(esc(what), esc(Palette::flowName(f.kind)));
        }
        html += QStringLiteral("</ol>");
    };
    list(tr("Caused by (nearest first)"), chain.causes, true);
    list(tr("Led to"), chain.effects, false);
    if (chain.causes.empty() && chain.effects.empty())
        html += QStringLiteral("<p style='color:#666'>%1</p>").arg(esc(tr("No recorded cause or effect.")));
    return html;
}

} // namespace irqscope::app
