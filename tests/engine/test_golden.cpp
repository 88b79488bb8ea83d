// Golden outputs: the metrics of every preset and of every run a lesson makes,
// plus a digest of the trace and of the machine-state log, checked in under
// tests/data/golden/. A fresh run must reproduce them exactly (the wall time
// aside), so a refactor that changes a result fails here. A behaviour change
// re-writes them on purpose, in a commit of its own that says why:
//
//     scripts/update-goldens
//
// The trace digest resolves every name to its text, so it pins what was
// recorded, not the order in which names happened to be interned.
#include "fnv_digest.h"
#include "sim_helpers.h"

#include "irqscope/metrics.h"
#include "irqscope/presets.h"
#include "irqscope/state_log.h"

#include <QDir>
#include <QFile>

#include <fstream>
#include <set>
#include <sstream>

using namespace irqscope;
using nlohmann::json;

namespace {

const char* const kGoldenDir = IRQSCOPE_TEST_DATA "/golden";
const char* const kLessonDir = IRQSCOPE_SOURCE_DIR "/resources/lessons";

struct GoldenRun {
    std::string name; // file name without .json
    Scenario scenario;
    json changes; // what the lesson step set, for the reader of the golden file
};

json traceDigest(const Trace& t) {
    test::Digest segs, insts, flows;
    json lanes = json::array();
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        lanes.push_back(t.lane(lane).name);
        for (int d = 0; d < t.depthCount(lane); ++d)
            for (std::size_t i = 0; i < t.segmentCount(lane, d); ++i) {
                const Segment s = t.segment(lane, d, i);
                segs.value(lane), segs.value(d), segs.value(s.start), segs.value(s.end), segs.value(s.kind);
                segs.text(t.str(s.entity)), segs.text(t.str(s.detail));
                ++segs.count;
            }
        for (const Instant& in : t.instants(lane)) {
            insts.value(lane), insts.value(in.t), insts.value(in.kind);
            insts.text(t.str(in.entity)), insts.text(t.str(in.detail));
            ++insts.count;
        }
    }
    for (const Flow& f : t.flows()) {
        flows.value(f.srcLane), flows.value(f.dstLane), flows.value(f.srcTime), flows.value(f.dstTime);
        flows.value(f.kind);
        ++flows.count;
    }
    return json{{"lanes", lanes},
                {"segments", {{"count", segs.count}, {"digest", segs.hex()}}},
                {"instants", {{"count", insts.count}, {"digest", insts.hex()}}},
                {"flows", {{"count", flows.count}, {"digest", flows.hex()}}}};
}

json stateLogDigest(const Trace& t, const StateLog& log) {
    test::Digest d;
    for (const StateRecord& r : log.records()) {
        d.value(r.t), d.value(r.subject), d.value(r.field);
        const bool named = r.field == StateField::Running || r.field == StateField::RunqueueAdd ||
                           r.field == StateField::RunqueueRemove;
        if (named) d.text(t.str(static_cast<StringId>(r.value)));
        else d.value(r.value);
        ++d.count;
    }
    json lines = json::array(), pools = json::array();
    for (const auto& l : log.lines())
        lines.push_back(l.name + " " + std::to_string(l.intid) + "@" + std::to_string(l.cpu));
    for (const auto& p : log.pools()) pools.push_back(p.name);
    return json{{"records", d.count}, {"digest", d.hex()}, {"lines", lines}, {"pools", pools}};
}

json goldenOf(const GoldenRun& g) {
    RunOptions o;
    o.recordTrace = true;
    o.recordState = true;
    auto r = test::runOrDie(g.scenario, o);
    json m = toJson(r.metrics);
    m.erase("wall_time_s"); // the one thing a run may not reproduce
    json out{{"run", g.name},
             {"metrics", m},
             {"trace", traceDigest(r.trace)},
             {"state_log", stateLogDigest(r.trace, r.stateLog)}};
    if (!g.changes.is_null()) out["lesson_scenario"] = g.changes;
    return out;
}

// The runs a lesson makes: every step that names a scenario (a preset, knob
// changes on top of the previous step's scenario, or both: changes on the fresh
// preset), as the window's lesson reader builds them.
void addLessonRuns(const std::string& path, std::vector<GoldenRun>& out) {
    std::ifstream in(path);
    const json lesson = json::parse(in);
    const std::string id = QFileInfo(QString::fromStdString(path)).baseName().toStdString();
    Scenario current;
    json changes;
    int stepNo = 0;
    for (const json& step : lesson.at("steps")) {
        ++stepNo;
        if (!step.contains("scenario")) continue;
        const json& sc = step["scenario"];
        if (sc.contains("preset")) {
            auto p = loadPreset(sc["preset"].get<std::string>());
            if (!p) qFatal("%s: %s", path.c_str(), p.error().toString().c_str());
            current = *p;
            changes = json{{"preset", sc["preset"]}};
        }
        if (sc.contains("set"))
            for (const auto& [key, value] : sc["set"].items()) {
                if (auto st = current.setJson(key, value); !st)
                    qFatal("%s: %s", path.c_str(), st.error().toString().c_str());
                changes["set"][key] = value;
            }
        out.push_back(GoldenRun{"lesson-" + id + "-step" + std::to_string(stepNo), current, changes});
    }
}

std::vector<GoldenRun> goldenRuns() {
    std::vector<GoldenRun> runs;
    for (const auto& p : listPresets()) {
        auto s = loadPreset(p.name);
        if (!s) qFatal("%s", s.error().toString().c_str());
        runs.push_back(GoldenRun{"preset-" + p.name, *s, json()});
    }
    const QStringList lessons = QDir(kLessonDir).entryList({"*.json"}, QDir::Files, QDir::Name);
    for (const QString& f : lessons) addLessonRuns(std::string(kLessonDir) + "/" + f.toStdString(), runs);
    return runs;
}

std::string goldenPath(const std::string& name) {
    return std::string(kGoldenDir) + "/" + name + ".json";
}

bool updating() {
    return qEnvironmentVariableIsSet("IRQSCOPE_UPDATE_GOLDEN");
}

// The first line where two texts differ, for a readable failure.
std::string firstDifference(const std::string& want, const std::string& got) {
    std::istringstream a(want), b(got);
    std::string la, lb;
    for (int line = 1;; ++line) {
        const bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
        if (!ha && !hb) return "identical";
        if (la != lb || ha != hb)
            return "line " + std::to_string(line) + ":\n  golden: " + (ha ? la : "<end>") +
                   "\n  now:    " + (hb ? lb : "<end>");
    }
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT
private slots:
    void everyPresetAndLessonRunMatchesItsGolden_data() {
        QTest::addColumn<int>("index");
        const auto runs = goldenRuns();
        for (std::size_t i = 0; i < runs.size(); ++i) QTest::newRow(runs[i].name.c_str()) << static_cast<int>(i);
    }
    void everyPresetAndLessonRunMatchesItsGolden() {
        QFETCH(int, index);
        const GoldenRun g = goldenRuns()[static_cast<std::size_t>(index)];
        const std::string got = goldenOf(g).dump(1) + "\n";
        const std::string path = goldenPath(g.name);
        if (updating()) {
            QDir().mkpath(kGoldenDir);
            std::ofstream(path, std::ios::binary) << got;
            return;
        }
        std::ifstream in(path, std::ios::binary);
        QVERIFY2(in.good(), ("no golden file " + path + " (scripts/update-goldens writes it)").c_str());
        const std::string want{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        QVERIFY2(want == got, (path + " differs from a fresh run at " + firstDifference(want, got)).c_str());
    }

    // Every golden file belongs to a run that still exists (a renamed preset
    // or lesson step must not leave a golden behind that nothing checks).
    void noStaleGoldenFiles() {
        if (updating()) return;
        std::set<std::string> expected;
        for (const auto& g : goldenRuns()) expected.insert(g.name + ".json");
        const QStringList files = QDir(kGoldenDir).entryList({"*.json"}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files)
            QVERIFY2(expected.count(f.toStdString()), ("stale golden file: " + f.toStdString()).c_str());
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "test_golden.moc"
