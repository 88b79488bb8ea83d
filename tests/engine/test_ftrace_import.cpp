// The ftrace text importer: each odd case of real captures has a snippet in
// tests/data/ftrace/ and a test that fails if its rule breaks; a real capture
// recorded with scripts/record-trace is checked against a small independent
// reference parser written here.
#include "irqscope/ftrace.h"
#include "trace/ftrace_line.h"

#include <QTest>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace irqscope;

namespace {

const std::string kData = std::string(IRQSCOPE_TEST_DATA) + "/ftrace/";

ImportResult importOrDie(const std::string& name) {
    auto r = importFtraceFile(kData + name);
    if (!r) qFatal("import failed: %s", r.error().toString().c_str());
    return std::move(*r);
}

ImportResult importText(const std::string& text) {
    std::istringstream in(text);
    auto r = importFtrace(in, "<text>");
    if (!r) qFatal("import failed: %s", r.error().toString().c_str());
    return std::move(*r);
}

struct Seg {
    Time start, end;
    ContextKind kind;
    std::string entity, detail;
};

std::vector<Seg> segs(const Trace& t, std::uint32_t lane, int depth) {
    std::vector<Seg> out;
    for (std::size_t i = 0; i < t.segmentCount(lane, depth); ++i) {
        const Segment s = t.segment(lane, depth, i);
        out.push_back({s.start, s.end, s.kind, std::string(t.str(s.entity)), std::string(t.str(s.detail))});
    }
    return out;
}

Time bucket(const Metrics& m, int cpu, TimeBucket b) {
    return m.cpus.at(static_cast<std::size_t>(cpu)).ns[static_cast<int>(b)];
}

Time bucketSum(const Metrics& m, int cpu) {
    Time s = 0;
    for (Time v : m.cpus.at(static_cast<std::size_t>(cpu)).ns) s += v;
    return s;
}

std::uint64_t skipped(const ImportReport& r, const std::string& k) {
    auto it = r.skipped.find(k);
    return it == r.skipped.end() ? 0 : it->second;
}
std::uint64_t note(const ImportReport& r, const std::string& k) {
    auto it = r.notes.find(k);
    return it == r.notes.end() ? 0 : it->second;
}

// A stream that cannot be rewound, like a pipe.
struct OneWayBuf : std::stringbuf {
    explicit OneWayBuf(const std::string& s) : std::stringbuf(s) {}
    pos_type seekoff(off_type, std::ios_base::seekdir, std::ios_base::openmode) override { return pos_type(-1); }
    pos_type seekpos(pos_type, std::ios_base::openmode) override { return pos_type(-1); }
};

// No segment, instant or bucket below zero.
void checkNothingNegative(const ImportResult& r) {
    for (std::uint32_t l = 0; l < r.trace.laneCount(); ++l) {
        for (int d = 0; d < r.trace.depthCount(l); ++d)
            for (const Seg& s : segs(r.trace, l, d)) QVERIFY(s.start >= 0 && s.end >= s.start);
        for (const Instant& in : r.trace.instants(l)) QVERIFY(in.t >= 0);
    }
    for (const auto& c : r.metrics.cpus)
        for (Time v : c.ns) QVERIFY(v >= 0);
}

// Every CPU's buckets cover the capture except what the report says is not covered.
void checkBucketsCover(const ImportResult& r) {
    for (const auto& c : r.metrics.cpus) {
        Time untraced = 0;
        if (auto it = r.report.untracedNs.find(c.cpu); it != r.report.untracedNs.end()) untraced = it->second;
        QCOMPARE(bucketSum(r.metrics, c.cpu) + untraced, r.metrics.simTimeNs);
    }
}

constexpr Time us = kUs;

} // namespace

class TestFtraceImport : public QObject {
    Q_OBJECT
private slots:
    // ---------------------------------------------------------------- line parser
    void parsesTracefsLineWithFlags() {
        auto p = ftrace::parseLine("          <idle>-0       [001] d.h1.  1234.567890: "
                                   "irq_handler_entry: irq=27 name=arch_timer");
        QCOMPARE(p.kind, ftrace::LineKind::Event);
        QCOMPARE(p.event.comm, std::string_view("<idle>"));
        QCOMPARE(p.event.pid, 0);
        QCOMPARE(p.event.cpu, 1);
        QVERIFY(p.event.hasFlags);
        QCOMPARE(p.event.flags, std::string_view("d.h1."));
        QCOMPARE(p.event.ts, Time(1234567890000));
        QCOMPARE(p.event.name, std::string_view("irq_handler_entry"));
        QCOMPARE(p.event.fields, std::string_view("irq=27 name=arch_timer"));
    }

    void parsesCommsWithSpacesAndDashes() {
        auto p = ftrace::parseLine(" Web Content-my-tab-4242 [003] .....  10.000001: sched_waking: "
                                   "comm=a b pid=7 prio=120 target_cpu=003");
        QCOMPARE(p.kind, ftrace::LineKind::Event);
        QCOMPARE(p.event.comm, std::string_view("Web Content-my-tab"));
        QCOMPARE(p.event.pid, 4242);
        QCOMPARE(p.event.cpu, 3);
        QCOMPARE(*ftrace::fieldValue(p.event.fields, "comm"), std::string_view("a b"));
        QCOMPARE(*ftrace::fieldValue(p.event.fields, "pid"), std::string_view("7"));
    }

    void parsesMarkersAndHeaders() {
        auto lost = ftrace::parseLine("CPU:1 [LOST 123 EVENTS]");
        QCOMPARE(lost.kind, ftrace::LineKind::Lost);
        QCOMPARE(lost.cpu, 1);
        QCOMPARE(lost.lost, std::uint64_t(123));
        auto dropped = ftrace::parseLine("CPU:3 [45 EVENTS DROPPED]");
        QCOMPARE(dropped.kind, ftrace::LineKind::Lost);
        QCOMPARE(dropped.cpu, 3);
        QCOMPARE(dropped.lost, std::uint64_t(45));
        auto started = ftrace::parseLine("##### CPU 2 buffer started ####");
        QCOMPARE(started.kind, ftrace::LineKind::BufferStarted);
        QCOMPARE(started.cpu, 2);
        auto hdr = ftrace::parseLine("# entries-in-buffer/entries-written: 1334/1334   #P:8");
        QCOMPARE(hdr.kind, ftrace::LineKind::Header);
        QCOMPARE(*hdr.cpuCount, 8);
        auto cpus = ftrace::parseLine("cpus=4");
        QVERIFY(cpus.tracecmdHeader);
        QCOMPARE(*cpus.cpuCount, 4);
        QCOMPARE(ftrace::parseLine("hello [world]").kind, ftrace::LineKind::Garbage);
        QCOMPARE(*ftrace::parseTimestamp("12.5"), Time(12500000000));
        QCOMPARE(*ftrace::parseTimestamp("1.000000001"), Time(1000000001));
    }

    // ---------------------------------------------------------------- reconstruction
    void nestedContextsAndMetrics() {
        auto r = importOrDie("nested.txt");
        const Trace& t = r.trace;
        QCOMPARE(r.report.format, std::string("tracefs"));
        QVERIFY(r.report.skipped.empty());
        QVERIFY(r.report.notes.empty());
        QCOMPARE(r.report.timeOffsetNs, Time(100) * kSec);
        QCOMPARE(t.laneCount(), std::size_t(2));
        QCOMPARE(t.lane(1).name, std::string("CPU 1"));
        QCOMPARE(t.endTime(), 1000 * us);

        // depth 0: the tasks; the kworker cut per work item, detail = work function
        auto d0 = segs(t, 0, 0);
        QCOMPARE(d0.size(), std::size_t(5));
        QCOMPARE(d0[0].entity, std::string("stress/200"));
        QCOMPARE(d0[0].kind, ContextKind::User);
        QCOMPARE(d0[0].end, 300 * us);
        QCOMPARE(d0[2].entity, std::string("kworker/0:1/30"));
        QCOMPARE(d0[2].kind, ContextKind::Kworker);
        QCOMPARE(d0[2].start, 310 * us);
        QCOMPARE(d0[2].end, 350 * us);
        QCOMPARE(d0[2].detail, std::string("vmstat_update"));
        QCOMPARE(d0[1].detail, std::string(""));
        QCOMPARE(d0[4].kind, ContextKind::Idle);
        QCOMPARE(d0[4].entity, std::string("swapper/0"));
        // depth 1: hardirq then the softirq it raised; depth 2: the timer inside the softirq
        auto d1 = segs(t, 0, 1);
        QCOMPARE(d1.size(), std::size_t(2));
        QCOMPARE(d1[0].kind, ContextKind::Hardirq);
        QCOMPARE(d1[0].entity, std::string("45:nvme0q1"));
        QCOMPARE(d1[0].start, 100 * us);
        QCOMPARE(d1[0].end, 120 * us);
        QCOMPARE(d1[1].kind, ContextKind::Softirq);
        QCOMPARE(d1[1].entity, std::string("NET_RX"));
        auto d2 = segs(t, 0, 2);
        QCOMPARE(d2.size(), std::size_t(1));
        QCOMPARE(d2[0].entity, std::string("local_timer"));
        QCOMPARE(d2[0].start, 130 * us);
        // CPU 1: idle back-filled from the capture start, then a kthread
        auto c1 = segs(t, 1, 0);
        QCOMPARE(c1.size(), std::size_t(2));
        QCOMPARE(c1[0].start, Time(0));
        QCOMPARE(c1[0].kind, ContextKind::Idle);
        QCOMPARE(c1[1].kind, ContextKind::Kthread);

        // exclusive time per bucket
        const Metrics& m = r.metrics;
        QCOMPARE(bucket(m, 0, TimeBucket::Hardirq), 30 * us);
        QCOMPARE(bucket(m, 0, TimeBucket::Softirq), 25 * us);
        QCOMPARE(bucket(m, 0, TimeBucket::User), 245 * us);
        QCOMPARE(bucket(m, 0, TimeBucket::Kworker), 100 * us);
        QCOMPARE(bucket(m, 0, TimeBucket::Idle), 600 * us);
        QCOMPARE(bucket(m, 1, TimeBucket::Kthread), 500 * us);
        checkBucketsCover(r);
        QCOMPARE(m.cpus[0].interrupts, std::uint64_t(2));
        QCOMPARE(m.cpus[0].contextSwitches, std::uint64_t(3));
        QCOMPARE(m.throughput.at("irq:45:nvme0q1").count, std::uint64_t(1));
        QCOMPARE(m.throughput.at("irq:local_timer").count, std::uint64_t(1));
        QCOMPARE(m.latency.at("softirq_raise_to_entry").distribution(),
                 (std::vector<std::pair<Time, std::uint64_t>>{{15 * us, 1}}));
        QCOMPARE(m.latency.at("wakeup").distribution(), (std::vector<std::pair<Time, std::uint64_t>>{{100 * us, 1}}));
        QCOMPARE(m.latency.at("workqueue_queue_to_start").distribution(),
                 (std::vector<std::pair<Time, std::uint64_t>>{{60 * us, 1}}));
        auto stress = std::find_if(m.tasks.begin(), m.tasks.end(), [](const TaskMetrics& x) { return x.pid == 200; });
        QVERIFY(stress != m.tasks.end());
        QCOMPARE(stress->runNs, 245 * us);
        QCOMPARE(stress->chargedNs, 300 * us);

        // instants and flows
        auto in = t.instants(0);
        QCOMPARE(in.size(), std::size_t(3));
        QCOMPARE(in[0].kind, InstantKind::SoftirqRaise);
        QCOMPARE(in[1].kind, InstantKind::Wakeup);
        QCOMPARE(t.str(in[1].entity), std::string_view("kworker/0:1/30"));
        QCOMPARE(in[2].kind, InstantKind::QueueWork);
        QCOMPARE(t.str(in[2].entity), std::string_view("mm_percpu_wq"));
        QCOMPARE(t.str(in[2].detail), std::string_view("vmstat_update"));
        QCOMPARE(t.flows().size(), std::size_t(3));
        std::map<FlowKind, Flow> byKind;
        for (const Flow& f : t.flows()) byKind[f.kind] = f;
        QCOMPARE(byKind.at(FlowKind::RaiseSoftirq).dstTime, 125 * us);
        QCOMPARE(byKind.at(FlowKind::WakeTask).srcTime, 200 * us);
        QCOMPARE(byKind.at(FlowKind::WakeTask).dstTime, 300 * us);
        QCOMPARE(byKind.at(FlowKind::QueueWork).dstTime, 310 * us);
    }

    // Rule: an exit whose entry precedes the capture was running since the CPU's first
    // covered instant; orphans nest innermost-first (hardirq on softirq on the task).
    void midHandlerStartIsBackfilled() {
        auto r = importOrDie("mid_handler.txt");
        QVERIFY(r.report.skipped.empty());
        QCOMPARE(note(r.report, "backfilled:hardirq"), std::uint64_t(1));
        QCOMPARE(note(r.report, "backfilled:softirq"), std::uint64_t(1));
        auto d1 = segs(r.trace, 0, 1);
        auto d2 = segs(r.trace, 0, 2);
        QCOMPARE(d2.size(), std::size_t(1));
        QCOMPARE(d2[0].kind, ContextKind::Hardirq);
        QCOMPARE(d2[0].start, Time(0));
        QCOMPARE(d2[0].end, 10 * us);
        QCOMPARE(d2[0].entity, std::string("27:eth0")); // named from a later entry
        QCOMPARE(d1.size(), std::size_t(3));
        QCOMPARE(d1[0].kind, ContextKind::Softirq);
        QCOMPARE(d1[0].entity, std::string("NET_RX"));
        QCOMPARE(d1[0].start, Time(0));
        QCOMPARE(d1[0].end, 40 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Hardirq), 30 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Softirq), 30 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::User), 50 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Idle), 100 * us);
        QCOMPARE(r.metrics.cpus[0].interrupts, std::uint64_t(2)); // entries only
        checkBucketsCover(r);
    }

    // Rule: a lost-events marker closes what is open on that CPU at its last event,
    // counts the loss, and leaves the gap uncovered; "buffer started" means the CPU
    // is not covered before its first event.
    void lostEventsCloseAndCount() {
        auto r = importOrDie("lost_events.txt");
        QCOMPARE(r.report.lostEvents, std::uint64_t(123));
        QCOMPARE(skipped(r.report, "lost_events_marker"), std::uint64_t(1));
        QCOMPARE(note(r.report, "buffer_started"), std::uint64_t(1));
        QCOMPARE(note(r.report, "closed_at_lost:softirq"), std::uint64_t(1));
        QCOMPARE(r.report.untracedNs.at(1), 400 * us);
        QCOMPARE(r.report.untracedNs.at(0), 300 * us);
        const std::uint32_t cpu1 = 1;
        auto d0 = segs(r.trace, cpu1, 0);
        QCOMPARE(d0.size(), std::size_t(3));
        QCOMPARE(d0[0].entity, std::string("gzip/701"));
        QCOMPARE(d0[0].end, 100 * us);   // closed at the last event before the loss
        QCOMPARE(d0[1].start, 500 * us); // resumes at the first event after it
        QVERIFY(!r.trace.segmentAt(cpu1, 0, 300 * us));
        QVERIFY(!r.trace.segmentAt(0, 0, 100 * us)); // CPU 0 before its buffer started
        QCOMPARE(bucket(r.metrics, 1, TimeBucket::User), 200 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Hardirq), 10 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Idle), 390 * us);
        checkBucketsCover(r);
    }

    // Rule: once a CPU's stack is known, an exit that matches nothing is counted and
    // skipped (not back-filled); a re-entered softirq closes the one left open.
    void unmatchedExitIsCountedAndSkipped() {
        auto r = importOrDie("unmatched_exit.txt");
        QCOMPARE(skipped(r.report, "unmatched_exit:irq_handler_exit"), std::uint64_t(1));
        QCOMPARE(skipped(r.report, "unmatched_exit:softirq_exit"), std::uint64_t(1));
        QCOMPARE(note(r.report, "missing_exit:softirq"), std::uint64_t(1));
        QCOMPARE(note(r.report, "backfilled:hardirq"), std::uint64_t(0));
        auto d1 = segs(r.trace, 0, 1);
        QCOMPARE(d1.size(), std::size_t(3));
        QCOMPARE(d1[0].start, 30 * us);
        QCOMPARE(d1[1].end, 60 * us);
        QCOMPARE(d1[2].start, 60 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Hardirq), 10 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Softirq), 20 * us);
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::User), 70 * us);
        checkBucketsCover(r);
    }

    void unknownEventsAndGarbageAreCountedByKind() {
        auto r = importOrDie("unknown_event.txt");
        QCOMPARE(skipped(r.report, "unknown_event:kmem_cache_alloc"), std::uint64_t(2));
        QCOMPARE(skipped(r.report, "unknown_event:mm_page_alloc"), std::uint64_t(1));
        QCOMPARE(skipped(r.report, "unknown_event:(no name)"), std::uint64_t(1));
        QCOMPARE(skipped(r.report, "garbage_line"), std::uint64_t(1));
        QCOMPARE(skipped(r.report, "malformed:irq_handler_entry"), std::uint64_t(1));
        QCOMPARE(r.report.events, std::uint64_t(4));
        QCOMPARE(bucket(r.metrics, 0, TimeBucket::Hardirq), 10 * us);
        QCOMPARE(r.metrics.throughput.at("irq:44:eth0").count, std::uint64_t(1));
        checkBucketsCover(r);
    }

    void traceCmdReportFormat() {
        auto r = importOrDie("tracecmd.txt");
        QCOMPARE(r.report.format, std::string("trace-cmd"));
        QVERIFY(r.report.skipped.empty());
        QCOMPARE(r.report.events, std::uint64_t(6));
        QCOMPARE(r.trace.laneCount(), std::size_t(2)); // cpus=2, CPU 1 empty
        auto d0 = segs(r.trace, 0, 0);
        QCOMPARE(d0.size(), std::size_t(2));
        QCOMPARE(d0[0].kind, ContextKind::Ksoftirqd);
        QCOMPARE(d0[1].kind, ContextKind::IrqThread);
        QCOMPARE(d0[1].entity, std::string("irq/45-nvme0q1/300"));
        QCOMPARE(segs(r.trace, 0, 1)[0].entity, std::string("TIMER"));
        // plugin form "irq/45-nvme0q1:300 [49] S ==> trace-cmd:400 [120]" switched the task
        QCOMPARE(r.metrics.cpus[0].contextSwitches, std::uint64_t(3));
        QCOMPARE(r.metrics.latency.at("wakeup").distribution(),
                 (std::vector<std::pair<Time, std::uint64_t>>{{100 * us, 1}}));
        QCOMPARE(bucket(r.metrics, 1, TimeBucket::Idle), 300 * us);
        checkBucketsCover(r);
    }

    void missingIrqInfoColumnAndTgidColumn() {
        auto a = importOrDie("no_irqinfo.txt");
        QVERIFY(a.report.skipped.empty());
        QCOMPARE(a.report.events, std::uint64_t(4));
        auto d0 = segs(a.trace, 0, 0);
        QCOMPARE(d0[0].entity, std::string("Web Content/555"));
        QCOMPARE(bucket(a.metrics, 0, TimeBucket::Hardirq), 10 * us);
        QCOMPARE(bucket(a.metrics, 0, TimeBucket::User), 90 * us);

        auto b = importOrDie("tgid.txt");
        QVERIFY(b.report.skipped.empty());
        QCOMPARE(b.report.events, std::uint64_t(4));
        QCOMPARE(segs(b.trace, 0, 0)[0].kind, ContextKind::Kworker);
        QCOMPARE(bucket(b.metrics, 0, TimeBucket::Kworker), 90 * us);
    }

    void notFtraceFailsNamingFileAndLine() {
        auto r = importFtraceFile(kData + "not_ftrace.csv");
        QVERIFY(!r);
        QCOMPARE(r.error().file, kData + "not_ftrace.csv");
        QCOMPARE(r.error().where, std::string("line 2")); // line 1 is blank
        QVERIFY(r.error().message.find("name,value") != std::string::npos);

        std::istringstream bin(std::string("\x7f"
                                           "ELF\x02\x01\x01\0\0\0garbage",
                                           16));
        auto b = importFtrace(bin, "a.out");
        QVERIFY(!b);
        QCOMPARE(b.error().file, std::string("a.out"));
        QVERIFY(b.error().message.find("binary") != std::string::npos);

        std::istringstream dat(std::string("\x17\x08\x44tracing6\0\0", 12));
        auto d = importFtrace(dat, "trace.dat");
        QVERIFY(!d);
        QVERIFY(d.error().message.find("trace-cmd report") != std::string::npos);

        std::istringstream empty("");
        QVERIFY(!importFtrace(empty, "empty.txt"));
        QVERIFY(!importFtraceFile(kData + "does-not-exist.txt"));
    }

    void overlongLinesAreSkippedNotHeld() {
        std::string text(200 * 1024, 'x');
        text += "\n            bash-1     [000] .....     1.000000: sched_switch: prev_comm=bash "
                "prev_pid=1 "
                "prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n";
        auto r = importText(text);
        QCOMPARE(skipped(r.report, "overlong_line"), std::uint64_t(1));
        QCOMPARE(r.report.events, std::uint64_t(1));
    }

    // The line header names the running task: when it changes without a sched_switch
    // (a switch the kernel did not record), the task is switched there.
    void headerTaskChangeIsAnImplicitSwitch() {
        auto r = importText("   a-10 [000] .....  1.000000: softirq_raise: vec=1 [action=TIMER]\n"
                            "   b-11 [000] .....  1.000100: softirq_raise: vec=1 [action=TIMER]\n"
                            "   b-11 [000] d..2.  1.000300: sched_switch: prev_comm=b prev_pid=11 prev_prio=120 "
                            "prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n");
        QCOMPARE(note(r.report, "implicit_switch"), std::uint64_t(1));
        auto d0 = segs(r.trace, 0, 0);
        QCOMPARE(d0.size(), std::size_t(2));
        QCOMPARE(d0[0].entity, std::string("a/10"));
        QCOMPARE(d0[0].end, 100 * us);
        QCOMPARE(d0[1].entity, std::string("b/11"));
    }

    // A switch out of idle that the kernel did not record: the idle loop switches as soon as
    // the interrupt that set need_resched returns (do_idle()), so the woken task runs from
    // that exit, not from its own first event, and its wake-up ends there.
    void lostSwitchOutOfIdleIsAtTheInterruptExit() {
        auto r = importText("   a-10  [001] d..2.  1.000000: sched_switch: prev_comm=a prev_pid=10 prev_prio=9 "
                            "prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n"
                            "<idle>-0 [001] d.h1.  1.000900: local_timer_entry: vector=236\n"
                            "<idle>-0 [001] d.h3.  1.000901: sched_waking: comm=a pid=10 prio=9 target_cpu=001\n"
                            "<idle>-0 [001] dNh4.  1.000903: sched_wakeup: comm=a pid=10 prio=9 target_cpu=001\n"
                            "<idle>-0 [001] dNh1.  1.000910: local_timer_exit: vector=236\n"
                            "   a-10  [001] d..2.  1.001010: sched_switch: prev_comm=a prev_pid=10 prev_prio=9 "
                            "prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n");
        QCOMPARE(note(r.report, "implicit_switch"), std::uint64_t(1));
        std::vector<Seg> ran; // a's runs after the first switch
        for (const Seg& sg : segs(r.trace, 1, 0))
            if (sg.entity == "a/10" && sg.end > 0) ran.push_back(sg);
        QCOMPARE(ran.size(), std::size_t(1));
        QCOMPARE(ran[0].start, 910 * us);
        QCOMPARE(ran[0].end, 1010 * us);
        QCOMPARE(bucket(r.metrics, 1, TimeBucket::Idle), Time(900 * us)); // 0..900 and nothing after 1010
        std::vector<Flow> wakes;
        for (const Flow& f : r.trace.flows())
            if (f.kind == FlowKind::WakeTask) wakes.push_back(f);
        QCOMPARE(wakes.size(), std::size_t(1));
        QCOMPARE(wakes[0].srcTime, 901 * us);
        QCOMPARE(wakes[0].dstTime, 910 * us);
    }

    // A file whose CPU goes back in time is sorted before it is read (said in the report).
    void timeGoingBackwardsIsSorted() {
        auto r = importText("   a-10 [000] .....  1.000100: softirq_raise: vec=1 [action=TIMER]\n"
                            "   a-10 [000] .....  1.000050: softirq_entry: vec=1 [action=TIMER]\n"
                            "   a-10 [000] .....  1.000200: softirq_exit: vec=1 [action=TIMER]\n");
        QCOMPARE(note(r.report, "sorted_by_time"), std::uint64_t(1));
        QCOMPARE(note(r.report, "time_went_backwards"), std::uint64_t(0));
        QCOMPARE(r.report.timeOffsetNs, Time(1'000'050'000));
        auto d1 = segs(r.trace, 0, 1);
        QCOMPARE(d1.size(), std::size_t(1));
        QCOMPARE(d1[0].start, Time(0));
        QCOMPARE(d1[0].end, 150 * us);
    }

    // Read once from a pipe, nothing can be sorted: a CPU going back is clamped to its
    // previous event, an event before the first line is skipped; no time is negative.
    void fromAPipeTimeGoingBackwardsIsClampedAndNothingIsNegative() {
        const std::string text = "   a-10 [000] .....  1.000000: softirq_raise: vec=1 [action=TIMER]\n"
                                 "   a-10 [000] .....  1.000100: softirq_raise: vec=1 [action=TIMER]\n"
                                 "   a-10 [000] .....  1.000050: softirq_entry: vec=1 [action=TIMER]\n"
                                 "   a-10 [000] .....  1.000200: softirq_exit: vec=1 [action=TIMER]\n"
                                 "   b-11 [001] .....  0.999000: softirq_entry: vec=1 [action=TIMER]\n";
        OneWayBuf buf(text);
        std::istream in(&buf);
        QCOMPARE(in.tellg(), std::streampos(-1)); // really not seekable
        auto r = importFtrace(in, "<pipe>");
        QVERIFY(r.ok());
        QCOMPARE(note(r->report, "time_went_backwards"), std::uint64_t(1));
        QCOMPARE(skipped(r->report, "before_first_event"), std::uint64_t(1));
        auto d1 = segs(r->trace, 0, 1);
        QCOMPARE(d1.size(), std::size_t(1));
        QCOMPARE(d1[0].start, 100 * us); // clamped to the CPU's previous event
        QCOMPARE(d1[0].end, 200 * us);
        checkNothingNegative(*r);
    }

    // Per-CPU blocks one after the other: CPU 1's first event precedes the file's first line.
    // Time 0 is the earliest event (said in the report), every CPU stays in order.
    void perCpuBlocksAreRebasedToTheEarliestEvent() {
        auto r = importText("   a-10 [000] .....  1.000100: softirq_entry: vec=1 [action=TIMER]\n"
                            "   a-10 [000] .....  1.000200: softirq_exit: vec=1 [action=TIMER]\n"
                            "   b-11 [001] .....  1.000000: softirq_entry: vec=1 [action=TIMER]\n"
                            "   b-11 [001] .....  1.000300: softirq_exit: vec=1 [action=TIMER]\n");
        QCOMPARE(note(r.report, "rebased_to_earliest_event"), std::uint64_t(1));
        QCOMPARE(note(r.report, "sorted_by_time"), std::uint64_t(0));
        QCOMPARE(r.report.timeOffsetNs, Time(1'000'000'000));
        QCOMPARE(segs(r.trace, 0, 1).at(0).start, 100 * us);
        QCOMPARE(segs(r.trace, 1, 1).at(0).start, Time(0));
        QCOMPARE(segs(r.trace, 1, 1).at(0).end, 300 * us);
        checkNothingNegative(r);
    }

    // A reversed capture (event lines last to first) reads like the original.
    void reversedFileReadsLikeTheOriginal() {
        std::ifstream f(kData + "nested.txt");
        std::vector<std::string> header, events;
        for (std::string line; std::getline(f, line);) (line.starts_with("#") ? header : events).push_back(line);
        std::string reversed;
        for (const auto& h : header) reversed += h + "\n";
        for (auto it = events.rbegin(); it != events.rend(); ++it) reversed += *it + "\n";
        const ImportResult forward = importOrDie("nested.txt");
        const ImportResult back = importText(reversed);
        QCOMPARE(note(back.report, "sorted_by_time"), std::uint64_t(1));
        QCOMPARE(back.report.events, forward.report.events);
        QCOMPARE(back.trace.laneCount(), forward.trace.laneCount());
        for (std::uint32_t l = 0; l < forward.trace.laneCount(); ++l)
            for (int d = 0; d < forward.trace.depthCount(l); ++d) {
                const auto a = segs(forward.trace, l, d), b = segs(back.trace, l, d);
                QCOMPARE(b.size(), a.size());
                for (std::size_t i = 0; i < a.size(); ++i) {
                    QCOMPARE(b[i].start, a[i].start);
                    QCOMPARE(b[i].end, a[i].end);
                    QCOMPARE(b[i].entity, a[i].entity);
                }
            }
        checkNothingNegative(back);
    }

    // ---------------------------------------------------------------- a real capture
    // Busy time per CPU (everything but the idle task with nothing on top of it),
    // interrupts and context switches, computed by a deliberately different method:
    // one regex per line, a depth *counter* (no stack, no matching by IRQ/vector)
    // whose starting value is the deepest it dips below zero.
    void realCaptureMatchesReference() {
        const std::string path = kData + "real/x86_64-2cpu-load.txt";
        auto r = importOrDie("real/x86_64-2cpu-load.txt");
        QCOMPARE(r.report.format, std::string("tracefs"));
        QVERIFY2(r.report.skipped.empty(), "the real capture must import without failures");
        for (const auto& [kind, n] : r.report.notes)
            QVERIFY2(kind == "implicit_switch" || kind.rfind("backfilled:", 0) == 0, kind.c_str());
        QVERIFY(r.report.events > 10000);
        QVERIFY(r.trace.segmentCount() > 1000);
        QVERIFY(!r.trace.flows().empty());

        struct Ev {
            int cpu, pid;
            Time ts;
            int delta;   // +1 entry, -1 exit, 0 other
            int nextPid; // sched_switch only, else -1
            bool interrupt;
        };
        const std::regex lineRe(
            R"(^\s*.*-(\d+)\s+(?:\(.*\)\s+)?\[(\d+)\]\s+(?:\S+\s+)?(\d+)\.(\d{6}):\s+(\w+):\s?(.*)$)");
        const std::regex nextRe(R"(next_pid=(\d+))");
        std::ifstream in(path);
        QVERIFY(in.good());
        std::vector<Ev> evs;
        int ncpu = 0;
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') {
                auto p = line.find("#P:");
                if (p != std::string::npos) ncpu = std::stoi(line.substr(p + 3));
                continue;
            }
            std::smatch m;
            QVERIFY2(std::regex_match(line, m, lineRe), line.c_str());
            Ev e{std::stoi(m[2]), std::stoi(m[1]), std::stoll(m[3]) * kSec + std::stoll(m[4]) * 1000, 0, -1, false};
            const std::string name = m[5], fields = m[6];
            const bool vectorEv = fields.rfind("vector=", 0) == 0;
            if (name == "irq_handler_entry" || name == "softirq_entry" || name == "tasklet_entry" ||
                (vectorEv && name.size() > 6 && name.substr(name.size() - 6) == "_entry"))
                e.delta = +1;
            if (name == "irq_handler_exit" || name == "softirq_exit" || name == "tasklet_exit" ||
                (vectorEv && name.size() > 5 && name.substr(name.size() - 5) == "_exit"))
                e.delta = -1;
            e.interrupt = e.delta == +1 && (name == "irq_handler_entry" || vectorEv);
            if (name == "sched_switch") {
                std::smatch n;
                QVERIFY(std::regex_search(fields, n, nextRe));
                e.nextPid = std::stoi(n[1]);
            }
            evs.push_back(e);
        }
        QVERIFY(!evs.empty());
        QCOMPARE(static_cast<int>(r.metrics.cpus.size()), ncpu);
        const Time t0 = evs.front().ts;
        const Time end = evs.back().ts - t0;
        QCOMPARE(r.metrics.simTimeNs, end);

        for (int cpu = 0; cpu < ncpu; ++cpu) {
            int depth = 0, minDepth = 0;
            for (const Ev& e : evs)
                if (e.cpu == cpu) minDepth = std::min(minDepth, depth += e.delta);
            depth = -minDepth;
            int pid = -1;
            Time last = 0, idle = 0;
            std::uint64_t irqs = 0, switches = 0;
            for (const Ev& e : evs) {
                if (e.cpu != cpu) continue;
                const Time t = e.ts - t0;
                if (pid == -1) pid = e.pid; // the task running since the start
                // a switch out of idle that went missing happened at idle's last event (do_idle())
                if (pid == 0 && depth == 0 && e.pid == 0) idle += t - last;
                last = t;
                if (e.pid != pid) pid = e.pid; // the header is the running task
                depth += e.delta;
                if (e.interrupt) ++irqs;
                if (e.nextPid >= 0) {
                    pid = e.nextPid;
                    ++switches;
                }
            }
            if (pid == -1 || (pid == 0 && depth == 0)) idle += end - last;
            const Time busy = end - idle;
            const Time imported = bucketSum(r.metrics, cpu) - bucket(r.metrics, cpu, TimeBucket::Idle);
            QCOMPARE(imported, busy);
            QCOMPARE(bucketSum(r.metrics, cpu), end);
            QCOMPARE(r.metrics.cpus[static_cast<std::size_t>(cpu)].interrupts, irqs);
            QCOMPARE(r.metrics.cpus[static_cast<std::size_t>(cpu)].contextSwitches, switches);
        }
        QVERIFY(r.metrics.latency.at("softirq_raise_to_entry").count() > 100);
        QVERIFY(r.metrics.latency.at("wakeup").count() > 100);
        QVERIFY(r.metrics.latency.at("workqueue_queue_to_start").count() > 0);
        qInfo("real capture: %llu events, %zu segments, %zu flows, imported in %.3f s",
              static_cast<unsigned long long>(r.report.events), r.trace.segmentCount(), r.trace.flows().size(),
              r.metrics.wallTimeS);
    }
};

QTEST_GUILESS_MAIN(TestFtraceImport)
#include "test_ftrace_import.moc"
