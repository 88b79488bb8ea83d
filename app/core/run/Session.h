// A session file: the runs of a window (with their scenarios and metrics),
// the imports, the run shown, the comparison shown and the scenario in the
// panel, as versioned JSON ("irqscope.session/1").
//
// Traces are not stored. A simulated run is kept as its scenario document
// (its name and the values set, run.seed among them) and re-simulated on open: the engine is
// deterministic (the golden tests pin scenario + seed -> identical metrics and
// trace digests), a scenario is a few kB where a trace is tens of MB, and the
// file stays readable and diffable. The metrics seen when saving are stored
// too, so reopening can say when a newer engine gives different numbers. An
// import keeps the capture's absolute path (captures are the user's files,
// often large; copying them would double them) and is imported again on open;
// a capture that has moved is reported, not silently dropped.
#pragma once

#include "core/run/RunList.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace irqscope::app {

struct SessionRun {
    int id = 0;                       // the id when saved (the run list renumbers from 1)
    std::optional<Scenario> scenario; // simulated run
    QString capture;                  // imported run: the capture's absolute path
    QString name;
    nlohmann::json metrics; // toJson(metrics) when saved, without wall time
};

struct Session {
    Q_DECLARE_TR_FUNCTIONS(Session)
public:
    static constexpr const char* kFormat = "irqscope.session/1";
    std::vector<SessionRun> runs;
    int currentRunId = 0;
    int compareA = 0, compareB = 0; // 0: no comparison shown
    // A capture and its twin shown as a pair (core/twin/): run ids, the workload
    // the twin was fitted with; re-fitted from the capture on open.
    struct Twin {
        int capture = 0, fitted = 0, changed = 0;
        QString workload;
    };
    std::optional<Twin> twin;
    std::optional<Scenario> panel; // the scenario in the panel (may be edited and not run)
    QString panelPath;             // the file it came from, if any

    // Builds the file's contents. `imports` maps a run id to its capture path.
    static Session capture(const RunList& runs, const std::map<int, QString>& imports);
    nlohmann::json toJson() const;
    static std::optional<Session> fromJson(const nlohmann::json& j, QString* error);
    static std::optional<Session> readFile(const QString& path, QString* error);
    // What Session stores of a run's metrics (toJson without the wall time).
    static nlohmann::json metricsDigest(const Metrics& m);
};

} // namespace irqscope::app
