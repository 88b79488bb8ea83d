// The twin (engine/src/twin/, docs/twin.md): a synthetic capture with a known
// periodic interrupt, handler cost and softirq gives a twin with that rate and
// those costs; the twin of the real 2-CPU capture meets the rate and time-split
// targets; bad input fails naming the file and place.
#include "irqscope/engine.h"
#include "irqscope/ftrace.h"
#include "irqscope/twin.h"
#include "twin_capture_text.h"

#include <QDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace irqscope;

namespace {

using test::row;
using test::runTwin;

// Two CPUs running a busy task each for `ms`; the tick (local_timer, 4 ms, 20 µs)
// on both; a device "mydev" (IRQ 40) every `periodUs` on CPU 1, handler `costUs`,
// raising NET_RX whose softirq runs `softUs`.
// extras: an rt task on CPU 0 woken by a 1 ms hrtimer (local_timer at +300 µs),
// and a task "rx" on CPU 1 that each NET_RX softirq wakes, runs 20 µs and sleeps.
std::string synthetic(int ms, int periodUs, int costUs, int softUs, bool extras = false) {
    struct Ev {
        long long t;
        int cpu;
        std::string text;
    };
    std::vector<Ev> ev;
    const long long end = ms * 1'000'000LL;
    for (int cpu = 0; cpu < 2; ++cpu) {
        const int pid = 100 + cpu;
        ev.push_back({0, cpu,
                      "sched_switch: prev_comm=swapper/" + std::to_string(cpu) +
                          " prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=busy next_pid=" + std::to_string(pid) +
                          " next_prio=120"});
        for (long long t = 1'000'000; t < end; t += 4'000'000) {
            ev.push_back({t, cpu, "local_timer_entry: vector=236"});
            ev.push_back({t + 20'000, cpu, "local_timer_exit: vector=236"});
        }
    }
    for (long long t = 500'000; t < end; t += periodUs * 1000LL) {
        if (t % 4'000'000 < 60'000) continue; // not inside a tick
        ev.push_back({t, 1, "irq_handler_entry: irq=40 name=mydev"});
        ev.push_back({t + 1000, 1, "softirq_raise: vec=3 [action=NET_RX]"});
        ev.push_back({t + costUs * 1000LL, 1, "irq_handler_exit: irq=40 ret=handled"});
        ev.push_back({t + costUs * 1000LL + 1000, 1, "softirq_entry: vec=3 [action=NET_RX]"});
        const long long softEnd = t + costUs * 1000LL + 1000 + softUs * 1000LL;
        if (extras) ev.push_back({softEnd - 500, 1, "sched_waking: comm=rx pid=300 prio=120 target_cpu=001"});
        ev.push_back({softEnd, 1, "softirq_exit: vec=3 [action=NET_RX]"});
        if (extras) {
            ev.push_back({softEnd + 2000, 1,
                          "sched_switch: prev_comm=busy prev_pid=101 prev_prio=120 prev_state=R ==> next_comm=rx "
                          "next_pid=300 next_prio=120"});
            ev.push_back({softEnd + 22'000, 1,
                          "sched_switch: prev_comm=rx prev_pid=300 prev_prio=120 prev_state=S ==> next_comm=busy "
                          "next_pid=101 next_prio=120"});
        }
    }
    if (extras)
        for (long long t = 1'300'000; t < end; t += 1'000'000) {
            ev.push_back({t, 0, "local_timer_entry: vector=236"});
            ev.push_back({t + 2000, 0, "sched_waking: comm=rt pid=200 prio=9 target_cpu=000"});
            ev.push_back({t + 4000, 0, "local_timer_exit: vector=236"});
            ev.push_back({t + 6000, 0,
                          "sched_switch: prev_comm=busy prev_pid=100 prev_prio=120 prev_state=R ==> next_comm=rt "
                          "next_pid=200 next_prio=9"});
            ev.push_back({t + 56'000, 0,
                          "sched_switch: prev_comm=rt prev_pid=200 prev_prio=9 prev_state=S ==> next_comm=busy "
                          "next_pid=100 next_prio=120"});
        }
    std::vector<test::CaptureEvent> out;
    for (auto& e : ev) out.push_back({e.t, e.cpu, "busy", 100 + e.cpu, std::move(e.text)});
    return test::tracefsText(std::move(out), 2, "d.h..");
}

ImportResult importText(const std::string& text) {
    std::istringstream in(text);
    auto r = importFtrace(in, "synthetic.txt");
    if (!r) qFatal("import failed: %s", r.error().toString().c_str());
    return std::move(*r);
}

} // namespace

class TestTwin : public QObject {
    Q_OBJECT
private slots:
    void syntheticLineHasItsRateAndCosts() {
        const ImportResult cap = importText(synthetic(400, 1000, 5, 12));
        auto fit = fitTwin(cap, {});
        QVERIFY2(fit.ok(), fit ? "" : fit.error().toString().c_str());
        const auto& sc = fit->scenario;
        QCOMPARE(sc["machine.cpus"].get<int>(), 2);
        QCOMPARE(fit->hz, 250); // the 4 ms tick
        QCOMPARE(sc["sources"].size(), std::size_t(1));
        const auto& src = sc["sources"][0];
        QCOMPARE(src["name"].get<std::string>(), std::string("mydev"));
        QVERIFY(src["cpus"] == nlohmann::json::array({1}));
        QCOMPARE(src["handler"]["cost"].get<std::string>(), std::string("5us"));
        QCOMPARE(src["then"][0]["softirq"].get<std::string>(), std::string("NET_RX"));
        QCOMPARE(src["then"][0]["cost"].get<std::string>(), std::string("12us"));
        // the gaps: mostly the 1 ms period
        const auto& deck = src["arrival"]["shuffle"];
        std::int64_t n = 0, at1ms = 0;
        for (const auto& b : deck) {
            n += b[1].get<std::int64_t>();
            if (parseDuration(b[0].get<std::string>()) == Time(1'000'000)) at1ms = b[1].get<std::int64_t>();
        }
        QVERIFY2(at1ms > n * 8 / 10, std::to_string(at1ms).c_str());
        // the twin runs it at the captured rate
        const RunResult twin = runTwin(*fit);
        const TwinReport rep = compareTwin(cap, *fit, twin);
        const TwinRow* rate = row(rep, "irq_rate/mydev");
        QVERIFY(rate);
        QVERIFY2(rate->met, (std::to_string(rate->capture) + " vs " + std::to_string(rate->twin)).c_str());
        const TwinRow* soft = row(rep, "cpu1.softirq");
        QVERIFY(soft && soft->met);
    }

    void replayedArrivalsAreTheCapturedTimes() {
        const ImportResult cap = importText(synthetic(100, 700, 3, 4));
        TwinOptions o;
        o.replayArrivals = true;
        o.arrivalsDir = "t.arrivals";
        auto fit = fitTwin(cap, o);
        QVERIFY(fit.ok());
        QCOMPARE(fit->scenario["sources"][0]["arrival"]["replay"].get<std::string>(),
                 std::string("t.arrivals/mydev.txt"));
        const auto& times = fit->replay.at("t.arrivals/mydev.txt");
        QCOMPARE(times.front(), Time(500'000));
        QCOMPARE(std::uint64_t(times.size()), cap.metrics.throughput.at("irq:40:mydev").count);
    }

    void realCaptureMeetsRateAndTimeSplit() {
        const std::string path = std::string(IRQSCOPE_TEST_DATA) + "/ftrace/real/x86_64-2cpu-load.txt";
        auto cap = importFtraceFile(path);
        QVERIFY(cap.ok());
        TwinOptions o;
        o.capturePath = path;
        auto fit = fitTwin(*cap, o);
        QVERIFY2(fit.ok(), fit ? "" : fit.error().toString().c_str());
        QCOMPARE(fit->hz, 250);
        const RunResult twin = runTwin(*fit);
        const TwinReport rep = compareTwin(*cap, *fit, twin);
        const TwinRow* disk = row(rep, "irq_rate/virtio1-req.0");
        QVERIFY(disk && !disk->target.empty());
        QVERIFY2(disk->met, (std::to_string(disk->capture) + " vs " + std::to_string(disk->twin)).c_str());
        for (const auto& r : rep.rows)
            if (r.metric.starts_with("cpu"))
                QVERIFY2(r.met,
                         (r.metric + ": " + std::to_string(r.capture) + " vs " + std::to_string(r.twin)).c_str());
        // the inferred tasks carry the capture's priorities: the compiler is SCHED_OTHER
        bool sawCc1plus = false;
        for (const auto& t : fit->scenario["tasks"])
            if (t["name"].get<std::string>().starts_with("cc1plus")) {
                sawCc1plus = true;
                QVERIFY(!t.contains("policy"));
            }
        QVERIFY(sawCc1plus);
    }

    void hrtimerWakeupsAreNotTheTickAndDeviceWakesAreChained() {
        const std::string path = QDir::tempPath().toStdString() + "/twin-synthetic-extras.txt";
        {
            std::ofstream f(path);
            f << synthetic(200, 1000, 5, 12, true);
        }
        auto cap = importFtraceFile(path);
        QVERIFY(cap.ok());
        TwinOptions o;
        o.capturePath = path;
        auto fit = fitTwin(*cap, o);
        QVERIFY2(fit.ok(), fit ? "" : fit.error().toString().c_str());
        // 1 ms hrtimer expiries that wake "rt" do not make HZ 1000
        QCOMPARE(fit->hz, 250);
        const nlohmann::json* rt = nullptr;
        const nlohmann::json* rx = nullptr;
        for (const auto& t : fit->scenario["tasks"]) {
            if (t["name"] == "rt") rt = &t;
            if (t["name"] == "rx") rx = &t;
        }
        QVERIFY(rt && rx);
        // rt: SCHED_FIFO 90 (prio 9), periodic on its 1 ms timer
        QCOMPARE((*rt)["policy"].get<std::string>(), std::string("fifo"));
        QCOMPARE((*rt)["priority"].get<int>(), 90);
        QCOMPARE(parseDuration(test::loopEvents(*rt)[1]["timer"]["period"].get<std::string>()),
                 std::optional<Time>(1'000'000));
        // rx: suspends, and mydev's NET_RX softirq wakes it
        QCOMPARE(test::loopEvents(*rx)[1]["suspend"].get<std::string>(), std::string("rx"));
        const auto& soft = fit->scenario["sources"][0]["then"][0];
        QCOMPARE(soft["softirq"].get<std::string>(), std::string("NET_RX"));
        QCOMPARE(soft["then"][0]["wake"].get<std::string>(), std::string("rx"));
        const RunResult twin = runTwin(*fit);
        const TwinReport rep = compareTwin(*cap, *fit, twin);
        const TwinRow* n = row(rep, "wakeup/rx.n");
        QVERIFY(n && n->hasTwin);
        QVERIFY2(std::abs(n->twin - n->capture) <= 0.1 * n->capture,
                 (std::to_string(n->capture) + " vs " + std::to_string(n->twin)).c_str());
    }

    // The arrivals the twin writes: "shuffle" deals every gap once per cycle (a run of
    // one cycle has one arrival per gap), "gaps" draws them independently.
    void shuffleDealsEachGapOncePerCycle() {
        using nlohmann::json;
        auto scenario = [](const json& arrival, const char* duration) {
            json src{{"name", "dev"}, {"arrival", arrival}, {"handler", {{"cost", "1us"}}}};
            json doc{{"schema", "irqscope.scenario/1"},
                     {"machine.cpus", 1},
                     {"run.duration_ns", duration},
                     {"sources", json::array({src})}};
            return Scenario::fromJsonText(doc.dump(), "arrivals.json");
        };
        auto count = [&](const json& arrival, const char* duration) {
            auto s = scenario(arrival, duration);
            if (!s) qFatal("%s", s.error().toString().c_str());
            RunOptions o;
            o.recordTrace = false;
            o.recordState = false;
            auto r = run(*s, o);
            if (!r) qFatal("%s", r.error().toString().c_str());
            for (const auto& l : r->metrics.irqLines)
                if (l.name == "dev") return l.raised;
            return std::uint64_t(0);
        };
        const json deck{{"shuffle", json::array({json::array({"100us", 5}), json::array({"900us", 5})})}};
        // 10 gaps summing to 5 ms, for 5 ms: exactly 10 arrivals, whatever the order
        QCOMPARE(count(deck, "5ms"), std::uint64_t(10));
        QCOMPARE(count(deck, "50ms"), std::uint64_t(100));
        // the run starts at a uniform point of the first gap, not one gap in: five 1 ms gaps
        // give five arrivals before 4.99 ms (unless the phase drawn is above 0.99)
        QCOMPARE(count(json{{"shuffle", json::array({json::array({"1ms", 5})})}}, "4.99ms"), std::uint64_t(5));
        // i.i.d. gaps of a fixed 1 ms: one a millisecond
        QCOMPARE(count(json{{"gaps", "1ms"}}, "100ms"), std::uint64_t(100));
        auto bad = scenario(json{{"shuffle", json::array({json::array({"1us", -1})})}}, "1ms");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().where, std::string("sources[0].arrival.shuffle[0]"));
    }

    // tests/data/twin/fifo-cfs-io: rt-app's FIFO and CFS threads and a dd on virtio-blk,
    // recorded on this project's 2-vCPU VM, with rt-app's own logs of the run.
    void realRtappCaptureWithItsWorkload() {
        const std::string dir = std::string(IRQSCOPE_TEST_DATA) + "/twin/fifo-cfs-io/";
        auto cap = importFtraceFile(dir + "capture.txt");
        QVERIFY(cap.ok());
        TwinOptions o;
        o.capturePath = dir + "capture.txt";
        o.workloadPath = dir + "taskset.json";
        auto fit = fitTwin(*cap, o);
        QVERIFY2(fit.ok(), fit ? "" : fit.error().toString().c_str());
        QCOMPARE(fit->hz, 250); // the 1 ms rt-app timer does not make it 1000
        // the capture's rt-app threads are the workload's, not inferred again
        int mapped = 0;
        for (const auto& [entity, name] : fit->taskNames)
            if (entity.starts_with("fifo1ms/")) {
                QCOMPARE(name, std::string("fifo1ms-3"));
                ++mapped;
            }
        QCOMPARE(mapped, 1);
        for (const auto& t : fit->scenario["tasks"]) QVERIFY(!t["name"].get<std::string>().starts_with("fifo"));
        // each rt-app thread starts when it first ran in the capture (rtapp.start):
        // rt-app created them one after another, not all at 0
        const auto& start = fit->scenario["rtapp"]["start"];
        std::set<Time> starts;
        for (const char* thread : {"fifo1ms-3", "fifo2ms-4", "fifo5ms-5"}) {
            QVERIFY2(start.contains(thread), thread);
            const auto t = parseDuration(start[thread].get<std::string>());
            QVERIFY(t && *t > 0 && *t < 100 * kMs);
            starts.insert(*t);
        }
        QCOMPARE(starts.size(), std::size_t(3));
        std::map<std::string, std::vector<Time>> wu;
        for (const char* thread : {"fifo1ms-3", "fifo2ms-4", "fifo5ms-5"}) {
            auto rows = readRtappLogWuLat(dir + "logs/rtapp-" + thread + ".log");
            QVERIFY(rows.ok());
            wu[thread] = *rows;
        }
        const RunResult twin = runTwin(*fit);
        const TwinReport rep = compareTwin(*cap, *fit, twin, wu);
        const TwinRow* disk = row(rep, "irq_rate/virtio1-req.0");
        QVERIFY(disk && disk->met);
        for (const auto& r : rep.rows)
            if (r.metric.starts_with("cpu")) QVERIFY2(r.met, r.metric.c_str());
        const TwinRow* wuRow = row(rep, "wu_lat/fifo1ms-3.p50");
        QVERIFY(wuRow && wuRow->hasCapture && wuRow->hasTwin && !wuRow->target.empty());
    }

    void badInputNamesFileAndPlace() {
        ImportResult empty;
        TwinOptions o;
        o.capturePath = "nothing.txt";
        auto fit = fitTwin(empty, o);
        QVERIFY(!fit.ok());
        QCOMPARE(fit.error().file, std::string("nothing.txt"));
        const std::string log = QDir::tempPath().toStdString() + "/twin-bad-rtapp.log";
        {
            std::ofstream f(log);
            f << "#idx perf run period start end rel_st slack c_duration c_period wu_lat\n0 1 2 3 4 5 6 7 8 9 x\n";
        }
        auto rows = readRtappLogWuLat(log);
        QVERIFY(!rows.ok());
        QCOMPARE(rows.error().where, std::string("line 2"));
    }
};

QTEST_MAIN(TestTwin)
#include "test_twin.moc"
