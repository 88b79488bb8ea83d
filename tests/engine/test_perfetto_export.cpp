// The Perfetto protobuf writer, decoded by protoc against the published
// message definitions it uses (tests/data/perfetto/perfetto_subset.proto):
// the file is a valid Trace, every lane has a named track under one root,
// slices nest and balance per track, every segment and instant is there,
// flows leave and enter slices, and the per-CPU counters follow the state log.
#include "irqscope/engine.h"
#include "irqscope/export.h"
#include "irqscope/ftrace.h"
#include "irqscope/presets.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace irqscope;

namespace {

struct Packet {
    std::uint64_t ts = 0;
    std::string type; // TYPE_SLICE_BEGIN, ... or "descriptor"
    std::uint64_t track = 0, uuid = 0, parent = 0;
    std::string name;
    bool counter = false;
    std::int64_t value = 0;
    int flows = 0, terminating = 0;
};

// protoc's text output, read back packet by packet (one field per line).
std::vector<Packet> decode(const Trace& t, const StateLog* log, QByteArray* text) {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("t.pftrace"));
    {
        std::ofstream out(file.toStdString(), std::ios::binary);
        writePerfettoProto(t, log, out);
    }
    QProcess p;
    p.setStandardInputFile(file);
    p.start(QStringLiteral("protoc"),
            {QStringLiteral("--decode=perfetto.protos.Trace"), QStringLiteral("-I" IRQSCOPE_TEST_DATA "/perfetto"),
             QStringLiteral("perfetto_subset.proto")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        qWarning("protoc: %s", p.readAllStandardError().constData());
        return {};
    }
    *text = p.readAllStandardOutput();
    std::vector<Packet> packets;
    std::istringstream in(text->toStdString());
    std::string line;
    auto value = [&](const std::string& l) { return l.substr(l.find(':') + 2); };
    while (std::getline(in, line)) {
        const auto first = line.find_first_not_of(' ');
        if (first == std::string::npos) continue;
        const std::string l = line.substr(first);
        if (l == "packet {") packets.emplace_back();
        else if (packets.empty()) continue;
        else if (l.rfind("timestamp:", 0) == 0) packets.back().ts = std::stoull(value(l));
        else if (l == "track_descriptor {") packets.back().type = "descriptor";
        else if (l.rfind("type:", 0) == 0) packets.back().type = value(l);
        else if (l.rfind("track_uuid:", 0) == 0) packets.back().track = std::stoull(value(l));
        else if (l.rfind("uuid:", 0) == 0) packets.back().uuid = std::stoull(value(l));
        else if (l.rfind("parent_uuid:", 0) == 0) packets.back().parent = std::stoull(value(l));
        else if (l.rfind("name:", 0) == 0 && packets.back().name.empty()) {
            const std::string v = value(l); // "quoted"
            packets.back().name = v.size() >= 2 ? v.substr(1, v.size() - 2) : v;
        } else if (l == "counter {" || l == "counter {\n") packets.back().counter = true;
        else if (l.rfind("counter_value:", 0) == 0) packets.back().value = std::stoll(value(l));
        else if (l.rfind("flow_ids:", 0) == 0) ++packets.back().flows;
        else if (l.rfind("terminating_flow_ids:", 0) == 0) ++packets.back().terminating;
    }
    return packets;
}

std::size_t segments(const Trace& t) {
    return t.segmentCount();
}
std::size_t instants(const Trace& t) {
    std::size_t n = 0;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) n += t.instants(lane).size();
    return n;
}

void checkStructure(const Trace& t, const std::vector<Packet>& packets) {
    QVERIFY(!packets.empty());
    // Tracks: one root, one per lane under it, named after the lane.
    std::map<std::uint64_t, Packet> tracks;
    for (const auto& p : packets)
        if (p.type == "descriptor") QVERIFY2(tracks.emplace(p.uuid, p).second, "a track uuid is described twice");
    std::set<std::string> laneNames;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) laneNames.insert(t.lane(lane).name);
    std::set<std::string> trackNames;
    std::uint64_t root = 0;
    for (const auto& [uuid, d] : tracks) {
        if (!d.parent) {
            QCOMPARE(root, std::uint64_t(0));
            root = uuid;
        } else {
            QVERIFY2(tracks.count(d.parent), "a track's parent is not described");
            if (d.parent == root || tracks[d.parent].parent == 0) trackNames.insert(d.name);
        }
    }
    for (const auto& name : laneNames) QVERIFY2(trackNames.count(name), name.c_str());

    // Per track: begins and ends balance, never go below zero, time never runs back.
    std::map<std::uint64_t, int> depth;
    std::map<std::uint64_t, std::uint64_t> last;
    std::size_t begins = 0, instantCount = 0;
    int flows = 0, terminating = 0;
    for (const auto& p : packets) {
        if (p.type == "descriptor") continue;
        QVERIFY2(tracks.count(p.track), "an event on an undescribed track");
        QVERIFY2(p.ts >= last[p.track], "events of a track out of time order");
        last[p.track] = p.ts;
        if (p.type == "TYPE_SLICE_BEGIN") {
            ++depth[p.track];
            ++begins;
        } else if (p.type == "TYPE_SLICE_END") {
            QVERIFY2(--depth[p.track] >= 0, "a slice ends that never began");
        } else if (p.type == "TYPE_INSTANT") {
            ++instantCount;
        } else if (p.type == "TYPE_COUNTER") {
            QVERIFY(tracks[p.track].counter);
        } else {
            QFAIL(("unexpected event type " + p.type).c_str());
        }
        flows += p.flows;
        terminating += p.terminating;
    }
    for (const auto& [track, d] : depth) QCOMPARE(d, 0);
    QCOMPARE(begins, segments(t));
    QCOMPARE(instantCount, instants(t));
    QVERIFY(flows <= int(t.flows().size()) && terminating <= int(t.flows().size()));
    if (!t.flows().empty()) QVERIFY(flows > 0 && terminating > 0);
}

} // namespace

class TestPerfettoExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (QStandardPaths::findExecutable(QStringLiteral("protoc")).isEmpty())
            QFAIL("protoc is not installed (Debian package protobuf-compiler, scripts/deps.txt)");
    }

    void simulatedRunWithCounters() {
        auto s = loadPreset("basics");
        QVERIFY(s.ok());
        RunOptions opt;
        opt.duration = 20'000'000;
        auto r = run(*s, opt);
        QVERIFY(r.ok());
        QByteArray text;
        const auto packets = decode(r->trace, &r->stateLog, &text);
        checkStructure(r->trace, packets);
        QVERIFY(text.contains("name: \"CPU 0\""));
        QVERIFY(text.contains("categories: \"hardirq\""));
        QVERIFY(text.contains("child_ordering: EXPLICIT"));

        // Counters: per CPU, "softirqs pending" and "run queue", as the log says.
        std::map<std::uint64_t, std::string> counterName;
        for (const auto& p : packets)
            if (p.type == "descriptor" && p.counter) counterName[p.uuid] = p.name;
        int cpus = 0;
        for (std::uint32_t lane = 0; lane < r->trace.laneCount(); ++lane)
            cpus += r->trace.lane(lane).type == LaneType::Cpu;
        QCOMPARE(int(counterName.size()), 2 * cpus);
        std::map<std::string, std::int64_t> maxValue;
        for (const auto& p : packets)
            if (p.type == "TYPE_COUNTER") {
                QVERIFY(p.value >= 0);
                maxValue[counterName[p.track]] = std::max(maxValue[counterName[p.track]], p.value);
            }
        QVERIFY2(maxValue["softirqs pending"] >= 1, "NET_RX is raised in basics");
        QVERIFY2(maxValue["run queue"] >= 1, "tasks wait on a run queue in basics");
    }

    void importedCaptureWithoutStateLog() {
        auto r = importFtraceFile(std::string(IRQSCOPE_TEST_DATA) + "/ftrace/real/x86_64-2cpu-load.txt");
        QVERIFY(r.ok());
        QByteArray text;
        const auto packets = decode(r->trace, nullptr, &text);
        checkStructure(r->trace, packets);
        QVERIFY(!text.contains("counter_value"));
    }
};

QTEST_GUILESS_MAIN(TestPerfettoExport)
#include "test_perfetto_export.moc"
