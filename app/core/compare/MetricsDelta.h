// The metric-by-metric difference of two runs (widget-free): latency
// percentiles, throughput, time per context, irqs-off time, counts, warnings.
//
// Each row says which direction is better, decided per metric family (and
// documented in docs/user-guide.md, "Comparing two runs"):
//   latency (mean, percentiles, max) ....... lower is better
//   latency sample count ................... neutral (follows the offered load)
//   throughput ............................. higher is better
//   CPU time in user tasks ................. higher is better (the work the machine exists for)
//   CPU time idle and in kernel contexts ... neutral (moving work between contexts is a
//                                            design choice; its effect shows in latency)
//   irqs-off time .......................... lower is better
//   interrupts, context switches ........... lower is better (per-event overhead: more of
//                                            them is never an improvement by itself)
//   warnings ............................... lower is better
// Counts become rates (per second of simulated time) when the two runs have
// different durations, so a longer run does not look like "more".
#pragma once

#include "irqscope/metrics.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace irqscope::app {

struct DeltaRow {
    enum class Unit { Time, Percent, Count, Rate };
    enum class Direction { LowerIsBetter, HigherIsBetter, Neutral };
    QString group; // "Latency: softirq_raise on CPU 0"
    QString name;  // "p99"
    QString key;   // untranslated, stable: "latency/softirq_raise/cpu0/p99" (sessions, tests)
    std::optional<double> a, b;
    Unit unit = Unit::Count;
    Direction direction = Direction::LowerIsBetter;
    std::optional<double> delta() const {
        if (!a || !b) return std::nullopt;
        return *b - *a;
    }
    // +1: B is better than A, -1: worse, 0: no judgement (neutral, equal or missing).
    int verdict() const;
};

class MetricsDelta {
    Q_DECLARE_TR_FUNCTIONS(MetricsDelta)
public:
    static std::vector<DeltaRow> compute(const Metrics& a, const Metrics& b);
    static QString format(double v, DeltaRow::Unit u);
    // "softirq_raise/cpu0" -> "softirq_raise on CPU 0"
    static QString seriesLabel(const QString& series);
    // Whether compute() turns counts into rates for these two runs.
    static bool usesRates(const Metrics& a, const Metrics& b);
};

} // namespace irqscope::app
