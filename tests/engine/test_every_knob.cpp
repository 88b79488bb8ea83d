// Every knob does something: each scenario parameter is run at two values on a
// preset where it applies, and the run must differ in its metrics (toJson,
// minus what only echoes the input: wall time, seed, simulated time) or in its
// trace (a digest of every segment, instant and flow). A parameter that moves
// nothing is either dead (read and never charged, or not read at all) or
// documented wrongly; either way the knob panel offers the user a lie.
//
// Where a knob applies comes from its name (gpu.* runs on i915-execlists, ...);
// kernel-, cost- and machine-wide knobs try the presets in turn and stop at the
// first that moves. The few knobs that only matter under a condition (a CFS
// knob needs kernel.sched.fair=cfs, a watchdog threshold needs a storm long
// enough to trip it) have a line in kSpecial with the reason. No parameter is
// skipped: one that cannot move anything observable must be listed in
// kExceptions with why, and that list is checked against the schema.
//
// Labelled "knobs", not "engine": it runs every parameter of the schema, so it
// is kept out of the sanitizer run (tests/CMakeLists.txt).
#include "fnv_digest.h"
#include "sim_helpers.h"

#include "irqscope/metrics.h"
#include "irqscope/presets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace irqscope;
using nlohmann::json;

namespace {

using Settings = std::vector<std::pair<std::string, std::string>>;

const char* const kDefaultDuration = "20ms";

// Knobs that need more than their preset at its defaults. `knob` is a full
// path or a prefix ending in '.' (the longest match wins). Settings are applied
// in order after the preset and the duration, to both runs.
struct Special {
    std::string knob;
    std::string preset;   // "" = the preset the knob's name points to
    Settings extra;       // applied to both runs
    std::string alt;      // the second value; "" = the generic rule (altValues)
    std::string duration; // "" = kDefaultDuration
    const char* why;
};

// One knob a line or two: the table reads better than one field a line.
// clang-format off
const std::vector<Special> kSpecial = {
    {"run.trace_budget_mb", "nvme-smmu", {}, "1", "50ms",
     "the budget only shows once a trace outgrows it: 48 busy CPUs write more than 1 MiB in 50 ms"},
    {"machine.little_speed", "basics", {{"machine.little_cpus", "1"}}, "", "",
     "a speed only matters for a little CPU that does work"},
    {"kernel.softirq.max_time_ns", "preempt-rt",
     {{"net.napi", "false"}, {"net.rate_hz", "500000"}, {"kernel.softirq.max_restart", "1000"}}, "20ms", "",
     "the softirq budget needs a softirq loop at irq_exit that runs past it: per-packet interrupts (NAPI off) at "
     "500k packets/s, restarts not limiting (with NAPI the overload moves to ksoftirqd, which has no time limit)"},
    {"kernel.softirq.max_restart", "i915-execlists", {{"gpu.bottom_half", "tasklet"}}, "1", "",
     "restarts need softirqs raised again while the loop runs: the tasklet bottom half under the nop storm"},
    {"kernel.ksoftirqd_gate", "basics", {{"sources[eth0].arrival.poisson.rate_hz", "500000"}}, "", "",
     "the gate needs ksoftirqd runnable at irq exit and a softirq it applies to (not HI/TASKLET): NET_RX overload"},
    {"kernel.sched.cfs_", "basics", {{"load.hogs", "8"}, {"kernel.sched.fair", "cfs"}}, "", "50ms",
     "a CFS parameter needs the CFS class and fair tasks that compete: four hogs per CPU"},
    {"kernel.sched.rt_limit", "basics",
     {{"load.hogs", "2"}, {"load.hog_policy", "fifo"}, {"kernel.sched.rt_runtime_ns", "9500us"},
      {"kernel.sched.rt_period_ns", "10ms"}, {"kernel.sched.fair_server_runtime_ns", "2ms"},
      {"kernel.sched.fair_server_period_ns", "10ms"}}, "", "",
     "a limit on RT time needs FIFO hogs starving fair tasks, and periods shorter than the run"},
    {"kernel.sched.rt_runtime_ns", "basics",
     {{"load.hogs", "2"}, {"load.hog_policy", "fifo"}, {"kernel.sched.rt_limit", "throttling"},
      {"kernel.sched.rt_runtime_ns", "9500us"}, {"kernel.sched.rt_period_ns", "10ms"}}, "5ms", "",
     "RT throttling needs FIFO hogs starving fair tasks, and a period shorter than the run"},
    {"kernel.sched.rt_period_ns", "basics",
     {{"load.hogs", "2"}, {"load.hog_policy", "fifo"}, {"kernel.sched.rt_limit", "throttling"},
      {"kernel.sched.rt_runtime_ns", "5ms"}}, "10ms", "",
     "RT throttling needs FIFO hogs starving fair tasks; the period is shortened to fit the run"},
    {"kernel.sched.fair_server_runtime_ns", "basics",
     {{"load.hogs", "2"}, {"load.hog_policy", "fifo"}, {"kernel.sched.rt_limit", "fair-server"},
      {"kernel.sched.fair_server_period_ns", "10ms"}}, "2ms", "",
     "the fair server needs FIFO hogs starving fair tasks, and a period shorter than the run"},
    {"kernel.sched.fair_server_period_ns", "basics",
     {{"load.hogs", "2"}, {"load.hog_policy", "fifo"}, {"kernel.sched.rt_limit", "fair-server"},
      {"kernel.sched.fair_server_runtime_ns", "2ms"}}, "10ms", "",
     "the fair server needs FIFO hogs starving fair tasks, and a period shorter than the run"},
    {"kernel.sched.rt_runtime_share", "basics",
     {{"load.hogs", "1"}, {"load.hog_policy", "fifo"}, {"kernel.sched.rt_limit", "throttling"},
      {"kernel.sched.rt_runtime_ns", "5ms"}, {"kernel.sched.rt_period_ns", "10ms"}}, "true", "",
     "sharing needs a CPU about to be throttled and others with runtime to spare: one FIFO hog"},
    {"kernel.sched.rr_timeslice_ns", "", {{"load.hogs", "4"}, {"load.hog_policy", "rr"}}, "1ms", "",
     "SCHED_RR hogs sharing a CPU take turns at the slice"},
    {"kernel.timer.periodic_ns", "basics", {}, "1ms", "", "a timer must fall due within the run"},
    {"kernel.timer.slack_ns", "", {{"load.hogs", "2"}, {"load.hog_burst_ns", "100us"}, {"load.hog_sleep_ns", "1ms"}}, "0", "",
     "fair tasks that sleep on hrtimers (bursty hogs)"},
    {"cost.timer_softirq_ns", "basics", {{"kernel.timer.periodic_ns", "4ms"}}, "", "",
     "the TIMER softirq runs only when a timer-wheel timer is due: a periodic one"},
    {"kernel.wq.cpu_intensive_thresh_ns", "basics",
     {{"kernel.preempt", "full"}, {"tasks[server].phases[0].loop", "1"}, {"tasks[server].phases[1].events[2].queue_work.cost", "5ms"}}, "100us", "",
     "a work item that runs past ticks and is queued again while it runs (full preemption lets the server in)"},
    {"kernel.wq.cpu_intensive_detect", "basics",
     {{"kernel.preempt", "full"}, {"tasks[server].phases[0].loop", "1"}, {"tasks[server].phases[1].events[2].queue_work.cost", "5ms"},
      {"kernel.wq.cpu_intensive_thresh_ns", "100us"}}, "", "",
     "detection needs an item that runs past the threshold: the stats item made long"},
    {"kernel.wq.max_active", "basics",
     {{"kernel.preempt", "full"}, {"tasks[server].phases[0].loop", "1"}, {"tasks[server].phases[1].events[2].queue_work.cost", "5ms"},
      {"kernel.wq.cpu_intensive_thresh_ns", "100us"}}, "1", "",
     "a limit on active items needs more than one: a CPU-intensive item queued again while it runs"},
    {"kernel.wq.rt_priority", "panthor-submit",
     {{"drm.submit_wq", "rt"}, {"submitter.policy", "fifo"}, {"submitter.priority", "50"}}, "99", "",
     "a WQ_RT worker's priority matters against another FIFO task: the FIFO 50 submitter"},
    {"kernel.watchdog.", "nvme-smmu",
     {{"kernel.watchdog.soft_thresh_ns", "10ms"}, {"kernel.rcu.stall_timeout_ns", "10ms"}}, "", "30ms",
     "a watchdog needs a CPU stuck past its threshold within the run: the strict-SMMU storm, thresholds at 10 ms"},
    {"kernel.rcu.stall_timeout_ns", "nvme-smmu",
     {{"kernel.watchdog.soft_thresh_ns", "10ms"}, {"kernel.rcu.stall_timeout_ns", "10ms"}}, "", "30ms",
     "an RCU stall needs a CPU stuck past the timeout within the run: the strict-SMMU storm, timeout at 10 ms"},
    {"kernel.rcu.preempt_rcu", "basics",
     {{"kernel.rcu.stall_timeout_ns", "10ms"}, {"tasks[server].phases[0].loop", "1"},
      {"tasks[server].phases[1].events[2].queue_work.cost", "50ms"}}, "on", "100ms",
     "a tick in preemptible kernel code only matters to a CPU that would stall: a 50 ms work item, timeout at 10 ms"},
    {"cost.tasklet_dispatch_ns", "i915-execlists", {{"gpu.bottom_half", "tasklet"}}, "", "",
     "a tasklet cost needs a tasklet: the i915 tasklet bottom half"},
    {"kernel.sched.asym_capacity_wakeup", "panthor-submit", {}, "", "200ms",
     "capacity-aware placement needs a big.LITTLE machine (rk3588) and wake-ups that find idle CPUs of both kinds"},
    {"kernel.sched.balance_busy_factor", "basics", {{"load.hogs", "3"}}, "2", "200ms",
     "a busy CPU's balance interval only matters over several of them (28 ms at 16): three hogs on two CPUs"},
    {"kernel.sched.balance_busy_skew", "basics", {{"load.hogs", "3"}}, "", "200ms",
     "a busy CPU's balance interval only matters over several of them (27 or 28 ms): three hogs on two CPUs"},
    {"kernel.sched.delay_dequeue", "panthor-submit", {}, "", "",
     "DELAY_DEQUEUE needs fair sleepers that ran ahead of their queue: the submitters and kworkers of panthor"},
    {"gic.version", "", {{"machine.platform", "generic"}}, "", "",
     "the version only changes the RWP wait, which the preset's juno profile sets to 0"},
    {"gic.cost.rwp_wait_ns", "", {{"gic.version", "v3"}}, "500ns", "",
     "RWP exists on GICv3 only (the preset's juno is GICv2, whose profile sets it to 0)"},
    {"gic.rwp_poll", "", {{"gic.version", "v3"}, {"gic.cost.rwp_wait_ns", "500ns"}}, "", "",
     "RWP exists on GICv3 only (the preset's juno is GICv2, whose profile sets the poll's cost to 0)"},
    {"net.napi_weight", "", {{"net.rate_hz", "400000"}}, "", "", "a weight only matters when a poll has more packets than it: an overload"},
    {"net.ring_size", "", {{"net.rate_hz", "400000"}}, "", "", "the ring only fills under an overload"},
    {"net.netdev_budget", "", {{"net.rate_hz", "400000"}}, "32", "",
     "the budget only matters when polls spend it: an overload and a budget below the weight"},
    {"net.netdev_budget_ns", "", {{"net.rate_hz", "400000"}}, "10ms", "",
     "the time limit only matters for long NET_RX runs: an overload, 3 jiffies instead of 1"},
    {"net.cpu", "", {}, "1", "", "the other CPU of the two"},
    {"gpu.max_inflight", "", {}, "1", "", "a queue limit only matters when reached: the minimum"},
    {"gpu.pin_submitters", "", {{"gpu.max_inflight", "1"}}, "", "50ms",
     "a free submitter only moves when it wakes up somewhere: submitters that wait for a full queue"},
    {"gpu.kthread_policy", "", {{"gpu.bottom_half", "kthread"}}, "", "", "the kthread bottom half"},
    {"gpu.kthread_priority", "", {{"gpu.bottom_half", "kthread"}}, "99", "",
     "the kthread bottom half; at 99 the FIFO 99 latency probe can no longer preempt it"},
    {"nvme.thread_affinity", "", {{"nvme.completion", "threaded"}}, "", "",
     "IRQ threads exist only for threaded completion"},
    {"kernel.irq.forced_secondary_prio", "nvme-smmu", {{"nvme.completion", "threaded"}, {"kernel.threadirqs", "true"}},
     "1", "", "a secondary thread exists only when a handler with a thread function is force-threaded: "
     "at 1 the primary irq/N thread preempts it"},
    {"nvme.cost.check_ns", "", {{"nvme.completion", "threaded"}}, "", "",
     "the primary handler exists only for threaded completion"},
    {"fio.jobs", "", {}, "5", "", "fewer jobs (more would be a slower test, not a better one)"},
    {"iommu.cost.direct_unmap_ns", "", {{"iommu.mode", "off"}}, "", "", "dma-direct unmaps happen without an IOMMU"},
    {"iommu.lazy_", "", {{"iommu.mode", "lazy"}}, "", "", "the flush queue exists in lazy mode only"},
    {"iommu.lazy_timeout_ns", "", {{"iommu.mode", "lazy"}}, "100us", "",
     "the flush queue exists in lazy mode only; a timeout shorter than the time to fill a batch"},
    {"submitter.nice", "", {}, "-10", "", "a higher weight against the background threads"},
    {"submitter.priority", "", {{"submitter.policy", "fifo"}, {"drm.submit_wq", "rt"}, {"kernel.wq.rt_priority", "50"}},
     "99", "", "a FIFO priority matters against another FIFO task: the FIFO 50 submit worker"},
    {"load.hog_policy", "", {{"load.hogs", "2"}}, "", "",
     "a FIFO hog only matters against fair tasks on its CPU: one hog per CPU"},
    {"load.hog_nice", "", {{"load.hogs", "2"}}, "19", "",
     "the lightest weight against the server task: one hog per CPU"},
    {"load.hog_burst_ns", "", {{"load.hog_sleep_ns", "1ms"}}, "", "", "bursts exist only when hogs sleep"},
    {"load.hog_sleep_ns", "", {}, "2ms", "", "hogs that sleep between bursts"},
    {"probe.", "", {{"probe.enabled", "true"}}, "", "", "the probe's parameters need the probe"},
    {"probe.policy", "", {{"probe.enabled", "true"}}, "deadline", "", "the probe's parameters need the probe"},
    {"probe.dl_runtime_ns", "", {{"probe.enabled", "true"}, {"probe.policy", "deadline"}}, "3us", "",
     "a runtime shorter than a job (work plus the switch) throttles the deadline probe"},
    {"probe.dl_deadline_ns", "", {{"probe.enabled", "true"}, {"probe.policy", "deadline"},
      {"probe.dl_runtime_ns", "3us"}}, "4us", "",
     "a deadline shorter than a job is missed: the misses are counted"},
    {"load.hog_dl_runtime_ns", "", {{"load.hogs", "2"}, {"load.hog_policy", "deadline"},
      {"load.hog_dl_period_ns", "20ms"}}, "5ms", "", "deadline hogs are throttled after their runtime"},
    {"load.hog_dl_period_ns", "", {{"load.hogs", "2"}, {"load.hog_policy", "deadline"},
      {"load.hog_dl_runtime_ns", "2ms"}}, "5ms", "", "deadline hogs are replenished each period"},
    {"probe.priority", "", {{"probe.enabled", "true"}, {"load.hogs", "2"}, {"load.hog_policy", "fifo"}}, "", "",
     "a FIFO priority matters against another FIFO task: the FIFO 1 hogs"},
    {"cost.irq_exit_ns", "basics", {}, R"({"empirical": [["250ns", 99], ["20us", 1]]})", "",
     "a distribution is drawn at each exit: one exit in a hundred stalls 20 us (a VM's host stall)"},
    {"cost.resched_exit_ns", "basics", {}, R"({"empirical": [["1us", 99], ["50us", 1]]})", "",
     "drawn at each exit that switches to a woken task: one in a hundred stalls 50 us"},
    {"cost.wakeup_hardirq_ns", "", {}, "20us", "",
     "a wake-up from a hardirq (a probe's hrtimer, a handler's IRQ thread) pays it"},
    {"cost.wakeup_softirq_ns", "", {}, "20us", "", "a wake-up from a softirq or tasklet pays it"},
    {"cost.wakeup_task_ns", "", {}, "20us", "", "a wake-up from a task (an IRQ thread, a kworker) pays it"},
};
// clang-format on

// Parameters that cannot move a run, with why (none today). Each must still be
// in the schema, so the list cannot outlive its knobs.
struct Exception {
    const char* knob;
    const char* why;
};
const std::vector<Exception> kExceptions = {};

// Knobs known to move nothing, while they are being wired or deleted: their
// rows are expected failures. Once such a knob moves, its row passes
// unexpectedly and fails, so the line cannot stay behind (none today).
const std::vector<Exception> kKnownDead = {};

const std::vector<std::string> kAllPresets = {"basics", "gic-eoimode", "panthor-submit", "i915-execlists", "nvme-smmu"};

bool startsWith(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

bool isPrefix(const std::string& key) {
    return key.back() == '.' || key.back() == '_';
}

// The knob's own line, else the line of its longest prefix.
const Special* specialFor(const std::string& knob) {
    const Special* best = nullptr;
    for (const Special& s : kSpecial) {
        if (s.knob == knob) return &s;
        if (isPrefix(s.knob) && startsWith(knob, s.knob) && (!best || s.knob.size() > best->knob.size())) best = &s;
    }
    return best;
}

// The presets a knob's name points to, in the order they are tried.
std::vector<std::string> presetsFor(const std::string& knob) {
    const std::vector<std::pair<std::string, std::string>> byPrefix = {
        {"gpu.", "i915-execlists"}, {"nvme.", "nvme-smmu"},     {"iommu.", "nvme-smmu"},
        {"fio.", "nvme-smmu"},      {"drm.", "panthor-submit"}, {"submitter.", "panthor-submit"},
        {"bench.", "gic-eoimode"},  {"gic.", "gic-eoimode"},    {"net.", "preempt-rt"},
        {"load.", "basics"},        {"probe.", "basics"}};
    for (const auto& [prefix, preset] : byPrefix)
        if (startsWith(knob, prefix)) return {preset};
    return kAllPresets; // kernel.*, cost.*, machine.*, run.*
}

std::string durationText(double ns) {
    return std::to_string(static_cast<long long>(std::llround(ns))) + "ns";
}

// The knob's value in `s`, as text `Scenario::set` reads back.
std::string valueText(const ParamSpec& p, const Scenario& s) {
    switch (p.type) {
    case ParamType::Bool: return s.getBool(p.path) ? "true" : "false";
    case ParamType::Int: return std::to_string(s.getInt(p.path));
    case ParamType::Double: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", s.getDouble(p.path));
        return buf;
    }
    case ParamType::Duration: return durationText(static_cast<double>(s.getDuration(p.path)));
    case ParamType::Distribution:
        if (const json d = s.getDistribution(p.path); !d.is_null()) return d.dump();
        return durationText(static_cast<double>(s.getDuration(p.path)));
    case ParamType::Enum:
    case ParamType::String: return s.getString(p.path);
    }
    return {};
}

// Second values: a flipped bool, every other choice, a number 4x (or the
// range's end) away from the value the run starts from.
std::vector<std::string> altValues(const ParamSpec& p, const Scenario& base, const Special* sp) {
    if (sp && !sp->alt.empty()) return {sp->alt};
    switch (p.type) {
    case ParamType::Bool: return {base.getBool(p.path) ? "false" : "true"};
    case ParamType::Enum: {
        std::vector<std::string> out;
        for (const auto& c : p.choices)
            if (c != base.getString(p.path)) out.push_back(c);
        return out;
    }
    case ParamType::String: return {}; // no rule: the row fails, naming the knob
    case ParamType::Distribution: {
        // the same mean drawn from a wide spread: what moves is the draw itself
        const Time mean = std::max<Time>(base.getDuration(p.path), 1000);
        return {
            json{{"empirical", {{durationText(0.5 * double(mean)), 9}, {durationText(5.5 * double(mean)), 1}}}}.dump()};
    }
    case ParamType::Int:
    case ParamType::Double:
    case ParamType::Duration: {
        const double v = p.type == ParamType::Int      ? static_cast<double>(base.getInt(p.path))
                         : p.type == ParamType::Double ? base.getDouble(p.path)
                                                       : static_cast<double>(base.getDuration(p.path));
        double alt = v == 0 ? (p.type == ParamType::Duration ? 1000.0 : 1.0) : v * 4;
        if (p.hasRange && alt > p.max) alt = p.max;
        if (alt == v) alt = std::max(p.hasRange ? p.min : 0.0, v / 4);
        if (p.type == ParamType::Duration) return {durationText(alt)};
        if (p.type == ParamType::Int) return {std::to_string(static_cast<long long>(std::llround(alt)))};
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", alt);
        return {buf};
    }
    }
    return {};
}

// FNV-1a over everything the trace recorded, names resolved to their text.
std::string traceDigest(const Trace& t) {
    test::Digest d;
    for (std::uint32_t lane = 0; lane < t.laneCount(); ++lane) {
        d.text(t.lane(lane).name);
        for (int depth = 0; depth < t.depthCount(lane); ++depth)
            for (std::size_t i = 0; i < t.segmentCount(lane, depth); ++i) {
                const Segment s = t.segment(lane, depth, i);
                d.value(depth), d.value(s.start), d.value(s.end), d.value(s.kind);
                d.text(t.str(s.entity)), d.text(t.str(s.detail));
            }
        for (const Instant& in : t.instants(lane)) {
            d.value(in.t), d.value(in.kind);
            d.text(t.str(in.entity)), d.text(t.str(in.detail));
        }
    }
    for (const Flow& f : t.flows())
        d.value(f.srcLane), d.value(f.dstLane), d.value(f.srcTime), d.value(f.dstTime), d.value(f.kind);
    d.value(t.droppedSegments()), d.value(t.droppedInstants()), d.value(t.droppedFlows());
    return std::to_string(d.h);
}

// What a run produced: the metrics without what echoes the input (wall time is
// not reproducible; seed and simulated time are the run.* values themselves),
// and the trace digest. Empty with the error text after '!' when it failed.
std::string fingerprint(const Scenario& s) {
    static std::map<std::string, std::string> cache; // base runs are shared by many rows
    const std::string key = s.document().dump();
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    RunOptions o;
    o.recordTrace = true;
    o.recordState = false;
    auto r = run(s, o);
    std::string fp;
    if (!r) fp = "!" + r.error().toString();
    else {
        json m = toJson(r->metrics);
        m.erase("wall_time_s"), m.erase("seed"), m.erase("sim_time_ns");
        fp = m.dump() + "\ntrace " + traceDigest(r->trace);
    }
    return cache[key] = fp;
}

// Apply settings in order; the first error's text, or "" when all applied.
std::string apply(Scenario& s, const Settings& settings) {
    for (const auto& [k, v] : settings)
        if (auto st = s.set(k, v); !st) return st.error().toString();
    return {};
}

} // namespace

class TestEveryKnob : public QObject {
    Q_OBJECT
private slots:
    void everyKnobMovesARun_data() {
        QTest::addColumn<QString>("knob");
        for (const ParamSpec& p : Schema::builtin().params())
            QTest::newRow(p.path.c_str()) << QString::fromStdString(p.path);
    }
    void everyKnobMovesARun() {
        QFETCH(QString, knob);
        const std::string path = knob.toStdString();
        const ParamSpec* spec = Schema::builtin().find(path);
        QVERIFY(spec);
        for (const Exception& e : kExceptions)
            if (path == e.knob) QSKIP(e.why);
        const Special* sp = specialFor(path);
        const std::vector<std::string> presets =
            sp && !sp->preset.empty() ? std::vector<std::string>{sp->preset} : presetsFor(path);

        std::string failures;
        bool anyAlt = false;
        // Each second value must move the run on one of the presets.
        std::map<std::string, std::string> notMoved; // alt value -> what was tried
        std::vector<std::string> alts;
        for (const std::string& preset : presets) {
            auto loaded = loadPreset(preset);
            QVERIFY2(loaded, preset.c_str());
            Scenario base = *loaded;
            const std::string err =
                apply(base, {{"run.duration_ns", sp && !sp->duration.empty() ? sp->duration : kDefaultDuration}});
            const std::string err2 = err.empty() && sp ? apply(base, sp->extra) : err;
            QVERIFY2(err2.empty(), (preset + ": the test's own settings are rejected: " + err2).c_str());
            const std::string baseFp = fingerprint(base);
            QVERIFY2(baseFp[0] != '!', (preset + ": the base run failed: " + baseFp).c_str());
            const std::string baseValue = valueText(*spec, base);
            if (alts.empty()) {
                alts = altValues(*spec, base, sp);
                for (const auto& a : alts) notMoved[a];
            }
            for (const std::string& a : alts) {
                if (!notMoved.count(a)) continue; // already moved on an earlier preset
                anyAlt = true;
                Scenario other = base;
                std::string why = apply(other, {{path, a}});
                if (why.empty() && valueText(*spec, other) == baseValue) why = "same value as the base run";
                if (why.empty()) {
                    const std::string fp = fingerprint(other);
                    if (fp[0] == '!') why = fp.substr(1);
                    else if (fp != baseFp) {
                        notMoved.erase(a);
                        continue;
                    } else why = "nothing moved (" + baseValue + " -> " + valueText(*spec, other) + ")";
                }
                notMoved[a] += "\n    " + preset + ": " + why;
            }
            if (notMoved.empty()) break;
        }
        for (const auto& [a, tried] : notMoved) failures += "\n  " + path + "=" + a + ":" + tried;
        QVERIFY2(anyAlt, (path + ": no second value to try").c_str());
        for (const Exception& e : kKnownDead)
            if (path == e.knob) QEXPECT_FAIL(e.knob, e.why, Abort);
        QVERIFY2(failures.empty(), failures.c_str());
    }

    // The tables name knobs that exist, so they cannot outlive them.
    void specialSetupsAndExceptionsNameExistingKnobs() {
        const auto& params = Schema::builtin().params();
        for (const Special& s : kSpecial) {
            const bool found = std::any_of(params.begin(), params.end(), [&](const ParamSpec& p) {
                return p.path == s.knob || (isPrefix(s.knob) && startsWith(p.path, s.knob));
            });
            QVERIFY2(found, ("kSpecial names no parameter: " + s.knob).c_str());
        }
        for (const auto* list : {&kExceptions, &kKnownDead})
            for (const Exception& e : *list)
                QVERIFY2(Schema::builtin().find(e.knob), (std::string("names no parameter: ") + e.knob).c_str());
    }
};

QTEST_GUILESS_MAIN(TestEveryKnob)
#include "test_every_knob.moc"
