// A real capture and its twin, shown as a pair in the compare view
// (docs/twin.md): the capture (imported), the twin as fitted, and — once a
// knob of the twin was changed and run — the twin changed. Every number the
// pair shows comes from the twin report (compareTwin(): the same metric names,
// targets and ranking as `irqscope-cli twin`); nothing is computed twice here.
//
// Alignment: both timelines show the same lanes in the same order. An imported
// capture has only CPU lanes (the importer records no task or line lanes), so
// the pair pins CPU 0..N-1 on both sides, idle ones included (hiding an idle
// CPU on one side only would shift every lane below it), and leaves the twin's
// task and line lanes off.
#pragma once

#include "core/run/RunList.h"
#include "core/timeline/LaneLayout.h"
#include "irqscope/twin.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <vector>

class QTableWidget;

namespace irqscope::app {

struct TwinPair {
    QString capturePath, workloadPath;
    RunPtr capture; // the imported capture: its trace and metrics
    std::shared_ptr<const TwinFit> fit;
    int captureRunId = 0, fittedRunId = 0, changedRunId = 0;
    RunPtr fittedRun, changedRun;
    TwinReport fitted;                 // capture vs the twin as fitted
    std::optional<TwinReport> changed; // capture vs the twin changed
    std::vector<ParamChange> knobs;    // fitted -> changed
    int twinRunId() const { return changedRunId ? changedRunId : fittedRunId; }
};

class TwinPairView {
    Q_DECLARE_TR_FUNCTIONS(TwinPairView)
public:
    // The lanes both sides show (see the top of this file).
    static LaneFilter alignedLanes(const Trace& capture, const Trace& twin);
    // What the pair found, in words: targets met, the worst misses, and for a
    // changed twin the knobs and the largest predicted changes.
    static QString headlineHtml(const TwinPair& p);
    // The report's rows grouped by family (time split, IRQ rate, softirq,
    // workqueue, wake-up, wu_lat), groups and rows worst first; counts as rates.
    static void fillTable(QTableWidget* table, const TwinPair& p);
    // The families in the order the table shows them, each with its rows' metric
    // names (tests: alignment of names and order).
    static std::vector<std::pair<QString, std::vector<std::string>>> groupedRows(const TwinReport& r);
    // The latency series the overlay should show first (the capture has it).
    static QString overlaySeries(const TwinPair& p);
};

} // namespace irqscope::app
