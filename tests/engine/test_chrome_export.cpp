// The Chrome trace-event JSON writer, read back with nlohmann::json: what
// Perfetto UI / chrome://tracing need to show a run or an imported capture.
#include "irqscope/engine.h"
#include "irqscope/export.h"
#include "irqscope/ftrace.h"
#include "irqscope/presets.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

using namespace irqscope;
using nlohmann::json;

namespace {

json exportJson(const Trace& t) {
    std::ostringstream out;
    writeChromeJson(t, out);
    return json::parse(out.str()); // throws (fails the test) on invalid JSON
}

// Checks every structural promise of the export against the Trace it came from.
void checkExport(const Trace& t, const json& doc) {
    QVERIFY(doc.contains("traceEvents"));
    const json& evs = doc["traceEvents"];
    QVERIFY(evs.is_array());

    std::map<int, std::string> threadNames;
    struct X {
        double ts, dur;
        int depth;
    };
    std::map<int, std::vector<X>> complete;
    std::size_t instants = 0;
    std::map<std::uint64_t, json> starts, finishes;
    for (const json& e : evs) {
        const std::string ph = e.at("ph");
        QCOMPARE(e.at("pid").get<int>(), 1);
        if (ph == "M") {
            if (e.at("name") == "thread_name") threadNames[e.at("tid")] = e.at("args").at("name");
        } else if (ph == "X") {
            QVERIFY(e.at("ts").is_number());
            QVERIFY(e.at("dur").get<double>() > 0);
            complete[e.at("tid")].push_back({e.at("ts"), e.at("dur"), e.at("args").at("depth")});
        } else if (ph == "i") {
            ++instants;
        } else if (ph == "s") {
            QVERIFY(starts.emplace(e.at("id").get<std::uint64_t>(), e).second); // unique ids
        } else if (ph == "f") {
            QVERIFY(finishes.emplace(e.at("id").get<std::uint64_t>(), e).second);
        } else {
            QFAIL(("unexpected phase " + ph).c_str());
        }
    }

    // one named thread per lane; every CPU lane that has segments has complete events
    QCOMPARE(threadNames.size(), t.laneCount());
    std::size_t totalX = 0;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        QCOMPARE(threadNames.at(static_cast<int>(lane)), t.lane(lane).name);
        std::size_t n = 0;
        for (int d = 0; d < t.depthCount(lane); ++d) n += t.segmentCount(lane, d);
        QCOMPARE(complete[static_cast<int>(lane)].size(), n);
        if (t.lane(lane).type == LaneType::Cpu && t.depthCount(lane) > 0) QVERIFY(n > 0);
        totalX += n;
    }
    QCOMPARE(totalX, t.segmentCount());

    // timestamps are microseconds: the first segment of lane 0 starts where the trace says
    if (t.laneCount() > 0 && t.segmentCount(0, 0) > 0) {
        const Segment s = t.segment(0, 0, 0);
        const auto& xs = complete[0]; // written depth 0 first, in order
        QCOMPARE(xs.front().ts, double(s.start) / 1000.0);
        QVERIFY(std::abs(xs.front().dur - double(s.end - s.start) / 1000.0) < 1e-6);
        Time lastEnd = 0;
        double lastX = 0;
        for (int d = 0; d < t.depthCount(0); ++d)
            if (const auto n = t.segmentCount(0, d)) lastEnd = std::max(lastEnd, t.segment(0, d, n - 1).end);
        for (const X& x : xs) lastX = std::max(lastX, x.ts + x.dur);
        QVERIFY(std::abs(lastX - double(lastEnd) / 1000.0) < 1e-6);
    }

    // properly nested per tid: sorted by (ts, longest first) each event lies inside the
    // enclosing open one, and its depth is one more than the one it lies in (or 0)
    const double eps = 1e-6;
    for (auto& [tid, xs] : complete) {
        std::sort(xs.begin(), xs.end(),
                  [](const X& a, const X& b) { return a.ts != b.ts ? a.ts < b.ts : a.depth < b.depth; });
        std::vector<X> open;
        for (const X& x : xs) {
            while (!open.empty() && open.back().ts + open.back().dur <= x.ts + eps) open.pop_back();
            if (!open.empty()) {
                QVERIFY2(x.ts + x.dur <= open.back().ts + open.back().dur + eps,
                         ("overlap on tid " + std::to_string(tid)).c_str());
                QVERIFY(x.depth > open.back().depth);
            }
            open.push_back(x);
        }
    }

    // instants and flows
    std::size_t traceInstants = 0;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) traceInstants += t.instants(lane).size();
    QCOMPARE(instants, traceInstants);
    QCOMPARE(starts.size(), t.flows().size());
    QCOMPARE(finishes.size(), starts.size());
    for (const auto& [id, s] : starts) {
        QVERIFY(finishes.count(id));
        const json& f = finishes.at(id);
        QVERIFY(s.at("cat") == f.at("cat"));
        QVERIFY(s.at("name") == f.at("name"));
        QVERIFY(s.at("ts").get<double>() <= f.at("ts").get<double>() + eps);
    }
}

} // namespace

class TestChromeExport : public QObject {
    Q_OBJECT
private slots:
    void basicsPresetExports() {
        auto s = loadPreset("basics");
        QVERIFY(s.ok());
        auto r = run(*s);
        QVERIFY(r.ok());
        QVERIFY(r->trace.segmentCount() > 0);
        const json doc = exportJson(r->trace);
        checkExport(r->trace, doc);
        QVERIFY(!r->trace.flows().empty());
    }

    void importedCaptureExports() {
        auto r = importFtraceFile(std::string(IRQSCOPE_TEST_DATA) + "/ftrace/real/x86_64-2cpu-load.txt");
        QVERIFY(r.ok());
        const json doc = exportJson(r->trace);
        checkExport(r->trace, doc);
        QVERIFY(!r->trace.flows().empty());
        std::size_t instants = 0;
        for (const json& e : doc["traceEvents"]) instants += e["ph"] == "i";
        QVERIFY(instants > 0);
    }

    void namesAreEscaped() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU \"0\"\n", 0);
        t.addSegment(lane, 0, 0, 1500, ContextKind::User, t.intern("a\\b/1"), t.intern("tab\there"));
        t.setTimeRange(0, 1500);
        t.finalize();
        const json doc = exportJson(t);
        bool found = false;
        for (const json& e : doc["traceEvents"])
            if (e["ph"] == "X") {
                QCOMPARE(e["name"].get<std::string>(), std::string("a\\b/1"));
                QCOMPARE(e["args"]["detail"].get<std::string>(), std::string("tab\there"));
                QCOMPARE(e["dur"].get<double>(), 1.5);
                found = true;
            }
        QVERIFY(found);
    }

    // A time before the trace's start was printed "0.-500" (invalid JSON); names from a
    // capture may be any bytes. The writer prints valid JSON whatever the Trace holds.
    void negativeTimesAndInvalidUtf8StayValidJson() {
        Trace t;
        const auto lane = t.addLane(LaneType::Cpu, "CPU \xff", 0);
        t.addSegment(lane, 0, -1500, -500, ContextKind::User, t.intern("cut \xe4\xb8"));
        t.addInstant(lane, -1'000'002, InstantKind::IrqRaise, t.intern("x"));
        t.setTimeRange(-1'000'002, 0);
        t.finalize();
        const json doc = exportJson(t);
        bool segment = false, instant = false;
        for (const json& e : doc["traceEvents"]) {
            if (e["ph"] == "X") {
                QCOMPARE(e["ts"].get<double>(), -1.5);
                QCOMPARE(e["dur"].get<double>(), 1.0);
                QCOMPARE(e["name"].get<std::string>(), std::string("cut \\xE4\\xB8"));
                segment = true;
            }
            if (e["ph"] == "i") {
                QCOMPARE(e["ts"].get<double>(), -1000.002);
                instant = true;
            }
        }
        QVERIFY(segment && instant);
    }
};

QTEST_GUILESS_MAIN(TestChromeExport)
#include "test_chrome_export.moc"
