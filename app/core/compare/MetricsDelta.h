// The metric-by-metric difference of two runs (widget-free): latency
// percentiles, throughput, time per context, irqs-off time, warnings.
#pragma once

#include "irqscope/metrics.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace irqscope::app {

struct DeltaRow {
    enum class Unit { Time, Percent, Count, Rate };
    QString group;
    QString name;
    std::optional<double> a, b;
    Unit unit = Unit::Count;
    bool lowerIsBetter = true;
    std::optional<double> delta() const {
        if (!a || !b) return std::nullopt;
        return *b - *a;
    }
};

class MetricsDelta {
    Q_DECLARE_TR_FUNCTIONS(MetricsDelta)
public:
    static std::vector<DeltaRow> compute(const Metrics& a, const Metrics& b);
    static QString format(double v, DeltaRow::Unit u);
};

} // namespace irqscope::app
