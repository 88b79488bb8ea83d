// Metrics to CSV (one table per section, spreadsheet-friendly) and to the
// engine's "irqscope.metrics/1" JSON; a trace to Chrome/Perfetto JSON.
#pragma once

#include "irqscope/metrics.h"
#include "irqscope/trace.h"

#include <QByteArray>
#include <QString>

namespace irqscope::app {

QByteArray metricsCsv(const Metrics& m);
QByteArray metricsJson(const Metrics& m);
bool saveMetrics(const Metrics& m, const QString& path, QString* error); // by suffix: .csv or .json
bool saveChromeTrace(const Trace& t, const QString& path, QString* error);

} // namespace irqscope::app
