// Synthetic ftrace captures for the twin tests (test_twin, test_twin_wakes,
// test_twin_wakers): events in tracefs text, the twin fitted from them, its run
// for the capture's duration, and a report row by name.
#pragma once

#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"

#include <QDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace irqscope::test {

// One event of a synthetic capture: at t ns on `cpu`, in the context of comm-pid.
struct CaptureEvent {
    long long t;
    int cpu;
    std::string comm;
    int pid;
    std::string text;
    const char* flags = nullptr; // its flags column ("dNh1."); null: the capture's
};

// One line of tracefs text at t ns (the clock starts at 100 s), with the irq flags as given.
inline std::string tracefsLine(const char* comm, int pid, int cpu, long long t, const std::string& event,
                               const char* flags) {
    char b[320];
    std::snprintf(b, sizeof b, "%16s-%-6d [%03d] %s  %lld.%06lld: %s\n", comm, pid, cpu, flags, 100 + t / 1'000'000'000,
                  (t % 1'000'000'000) / 1000, event.c_str());
    return b;
}

// The events in time order (stable: equal times keep their order) under a
// tracefs header that says how many CPUs there are; `flags` for an event
// that gives none.
inline std::string tracefsText(std::vector<CaptureEvent> ev, int cpus, const char* flags) {
    std::stable_sort(ev.begin(), ev.end(), [](const CaptureEvent& a, const CaptureEvent& b) { return a.t < b.t; });
    std::string text = "# tracer: nop\n#\n# entries-in-buffer/entries-written: 1/1   #P:" + std::to_string(cpus) + "\n";
    for (const auto& e : ev) text += tracefsLine(e.comm.c_str(), e.pid, e.cpu, e.t, e.text, e.flags ? e.flags : flags);
    return text;
}

// A capture and the twin fitted from it.
struct Fitted {
    ImportResult cap;
    TwinFit fit;
};

// Writes the capture text to `name` in the temporary folder, imports it and fits its twin.
inline Fitted fitCapture(const std::string& name, const std::string& text) {
    const std::string path = QDir::tempPath().toStdString() + "/" + name;
    {
        std::ofstream f(path);
        f << text;
    }
    auto cap = importFtraceFile(path);
    if (!cap) qFatal("import failed: %s", cap.error().toString().c_str());
    TwinOptions o;
    o.capturePath = path;
    auto fit = fitTwin(*cap, o);
    if (!fit) qFatal("fit failed: %s", fit.error().toString().c_str());
    return {std::move(*cap), std::move(*fit)};
}

// The fitted task of that name, or null.
inline const nlohmann::json* fittedTask(const TwinFit& fit, const std::string& name) {
    for (const auto& t : fit.scenario["tasks"])
        if (t["name"] == name) return &t;
    return nullptr;
}

// The twin run for as long as the capture lasted.
inline RunResult runTwin(const TwinFit& fit) {
    auto s = Scenario::fromJsonText(fit.scenario.dump(), "twin.json");
    if (!s) qFatal("twin does not read back: %s", s.error().toString().c_str());
    RunOptions o;
    o.duration = fit.durationNs;
    o.recordState = false;
    auto r = run(*s, o);
    if (!r) qFatal("twin run failed: %s", r.error().toString().c_str());
    return std::move(*r);
}

// The events a fitted task repeats: its "events", or those of its phase with the
// most iterations (a task may start with a phase of its own, or end with one).
inline const nlohmann::json& loopEvents(const nlohmann::json& task) {
    if (task.contains("events")) return task["events"];
    const nlohmann::json* best = &task["phases"][0];
    for (const auto& p : task["phases"])
        if (p.value("loop", 1) > best->value("loop", 1)) best = &p;
    return (*best)["events"];
}

inline const TwinRow* row(const TwinReport& r, const std::string& metric) {
    for (const auto& x : r.rows)
        if (x.metric == metric) return &x;
    return nullptr;
}

} // namespace irqscope::test
