// What a comparison found, in words, before any table: the setting(s) that
// differ between A and B and the few largest changes of the metrics
// ("Latency: softirq_raise on CPU 0, p99: 4.4 ms → 6 µs (730× lower, better)").
#pragma once

#include "core/compare/MetricsDelta.h"
#include "core/run/RunList.h"

#include <QStringList>

namespace irqscope::app {

struct CompareFinding {
    DeltaRow row;
    double score = 0; // |log| of the ratio (with a small floor per unit), weighted
    QString text;     // the sentence, translated
};

struct CompareHeadline {
    Q_DECLARE_TR_FUNCTIONS(CompareHeadline)
public:
    QStringList knobs;                   // "net.rate_hz: 3000 → 9000"; empty: none differ
    QString knobNote;                    // when there is no scenario diff to show (an import)
    std::vector<CompareFinding> changes; // largest first, at most maxChanges
    bool rates = false;                  // counts were turned into rates

    static CompareHeadline build(const RunRecord& a, const RunRecord& b, int maxChanges = 5);
    QString html() const;
};

} // namespace irqscope::app
