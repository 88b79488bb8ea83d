#include "core/compare/CompareHeadline.h"

#include <QLocale>

#include <cmath>
#include <map>

namespace irqscope::app {

namespace {
// Below these the ratio of two values says nothing (0.01 % → 0.05 % is not "5× more").
double floorOf(DeltaRow::Unit u) {
    switch (u) {
    case DeltaRow::Unit::Time: return 100.0; // ns
    case DeltaRow::Unit::Percent: return 0.2;
    case DeltaRow::Unit::Count: return 1.0;
    case DeltaRow::Unit::Rate: return 1.0;
    }
    return 1.0;
}

QString sentence(const DeltaRow& r) {
    const double a = *r.a, b = *r.b;
    QString how;
    const double lo = std::min(std::abs(a), std::abs(b)), hi = std::max(std::abs(a), std::abs(b));
    if (lo > 0 && hi / lo >= 2)
        how = (b < a ? CompareHeadline::tr("%1× lower") : CompareHeadline::tr("%1× higher"))
                  .arg(QLocale().toString(hi / lo, 'f', hi / lo < 10 ? 1 : 0));
    else if (a != 0)
        how = CompareHeadline::tr("%1%2 %")
                  .arg(b >= a ? QStringLiteral("+") : QStringLiteral("−"))
                  .arg(std::abs(100.0 * (b - a) / a), 0, 'f', 0);
    else how = CompareHeadline::tr("from zero");
    const int v = r.verdict();
    const QString judged = v > 0   ? CompareHeadline::tr("%1, better").arg(how)
                           : v < 0 ? CompareHeadline::tr("%1, worse").arg(how)
                                   : how;
    return CompareHeadline::tr("%1, %2: %3 → %4 (%5)")
        .arg(r.group, r.name, MetricsDelta::format(a, r.unit), MetricsDelta::format(b, r.unit), judged);
}
} // namespace

CompareHeadline CompareHeadline::build(const RunRecord& a, const RunRecord& b, int maxChanges) {
    CompareHeadline h;
    if (a.scenario && b.scenario) {
        for (const ParamChange& c : diffScenarios(*a.scenario, *b.scenario))
            h.knobs << tr("%1: %2 → %3")
                           .arg(c.path, c.before.isEmpty() ? tr("(unset)") : c.before,
                                c.after.isEmpty() ? tr("(unset)") : c.after);
    } else if (!a.scenario && !b.scenario) {
        h.knobNote = tr("both runs are imported captures");
    } else {
        h.knobNote = tr("%1 is an imported capture, %2 a simulation")
                         .arg(a.scenario ? tr("B") : tr("A"), a.scenario ? tr("A") : tr("B"));
    }
    const Metrics& ma = a.result->metrics;
    const Metrics& mb = b.result->metrics;
    h.rates = MetricsDelta::usesRates(ma, mb);

    // One finding per group (its largest change), judged rows only: a neutral
    // row (sample counts, idle time) is context, not a finding.
    std::map<QString, CompareFinding> best;
    for (const DeltaRow& r : MetricsDelta::compute(ma, mb)) {
        if (!r.a || !r.b || r.direction == DeltaRow::Direction::Neutral) continue;
        const double f = floorOf(r.unit);
        double score = std::abs(std::log((std::abs(*r.b) + f) / (std::abs(*r.a) + f)));
        if (score < std::log(1.1)) continue; // under 10 %: not a headline
        // the max is one sample: prefer a percentile that moved as much
        if (r.key.endsWith(QLatin1String("/max"))) score *= 0.75;
        // of percentiles that moved alike, the p99 speaks for the series
        else if (r.key.startsWith(QLatin1String("latency/")) && !r.key.endsWith(QLatin1String("/p99"))) score *= 0.95;
        auto it = best.find(r.group);
        if (it == best.end() || score > it->second.score) best[r.group] = {r, score, QString()};
    }
    for (auto& [g, f] : best) h.changes.push_back(f);
    std::sort(h.changes.begin(), h.changes.end(),
              [](const CompareFinding& x, const CompareFinding& y) { return x.score > y.score; });
    if (int(h.changes.size()) > maxChanges) h.changes.resize(std::size_t(maxChanges));
    for (CompareFinding& f : h.changes) f.text = sentence(f.row);
    return h;
}

QString CompareHeadline::html() const {
    QString out;
    if (!knobs.isEmpty()) out += tr("<b>What differs:</b> %1").arg(knobs.join(QStringLiteral("; ")).toHtmlEscaped());
    else if (!knobNote.isEmpty()) out += tr("<b>What differs:</b> %1").arg(knobNote.toHtmlEscaped());
    else out += tr("<b>What differs:</b> no setting (the same scenario run twice)");
    if (changes.empty()) {
        out += QStringLiteral("<br>") + tr("No metric changed by 10 % or more.");
        return out;
    }
    out += QStringLiteral("<br><b>%1</b>").arg(tr("Largest changes:"));
    for (const CompareFinding& f : changes) {
        const int v = f.row.verdict();
        const QString color = v > 0 ? QStringLiteral("#1B7F3A") : v < 0 ? QStringLiteral("#B3141B") : QString();
        out += color.isEmpty()
                   ? QStringLiteral("<li>%1</li>").arg(f.text.toHtmlEscaped())
                   : QStringLiteral("<li><span style='color:%1'>%2</span></li>").arg(color, f.text.toHtmlEscaped());
    }
    out += QStringLiteral("</ul>");
    if (rates) out += tr("The runs last differently long: counts are compared as rates per second.");
    return out;
}

} // namespace irqscope::app
