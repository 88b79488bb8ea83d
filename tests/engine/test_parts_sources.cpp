// Scenario parts: workqueues, interrupt sources and their chains, probes.
// Each arrival process at its rate, each distribution at its mean, each chain
// step in the context the kernel runs it in, and errors that name the JSON path.
#include "machine_harness.h"
#include "parts/chain.h"
#include "parts/probe_parts.h"
#include "parts/source_parts.h"
#include "parts/workqueue_parts.h"

#include <QTemporaryDir>

#include <fstream>

using namespace irqscope;
using namespace irqscope::kern;
using nlohmann::json;
using test::Harness;

namespace {

// A machine with the parts of `lists` installed; `tasks` are made by the
// test (the tasks list itself belongs to task_parts) and registered by name.
struct PartsRig {
    Harness h;
    std::shared_ptr<parts::PartsRuntime> rt = std::make_shared<parts::PartsRuntime>();
    parts::PartNames names;
    std::vector<parts::SourcePart> sources;

    PartsRig(std::initializer_list<std::pair<const char*, const char*>> kv, json lists,
             const std::function<void(PartsRig&)>& makeTasks = {})
        : h(kv) {
        const std::string file = "test.json";
        auto n = parts::PartNames::collect(lists, file);
        if (!n) qFatal("%s", n.error().toString().c_str());
        names = *n;
        const int cpus = h.m->cpuCount();
        auto wqs = parts::readWorkqueueParts(lists.value("workqueues", json::array()), names, file, cpus);
        auto srcs = parts::readSourceParts(lists.value("sources", json::array()), names, file, cpus);
        if (!wqs || !srcs) qFatal("%s", (!wqs ? wqs.error() : srcs.error()).toString().c_str());
        sources = *srcs;
        auto probes = parts::readProbeParts(lists.value("probes", json::array()), names, sources, {}, file, cpus);
        if (!probes) qFatal("%s", probes.error().toString().c_str());
        h.m->keepAlive(rt);
        parts::installWorkqueueParts(*h.m, *wqs, *rt);
        if (makeTasks) makeTasks(*this);
        parts::installSourceParts(*h.m, sources, *rt);
        parts::installProbeParts(*h.m, *probes, *rt);
    }
    const hw::IrqLine& line(std::string_view name) const {
        for (const auto& l : h.m->gic().lines())
            if (l->name == name) return *l;
        qFatal("no line");
    }
    std::vector<Time> raises(std::string_view name) const {
        const hw::IrqLine& l = line(name);
        std::vector<Time> out;
        for (const auto& i : h.instants(l.cpu, InstantKind::IrqRaise))
            if (h.trace.str(i.entity) == name) out.push_back(i.t);
        return out;
    }
    Time busy(int cpu, ContextKind kind, std::string_view entity) const {
        Time t = 0;
        for (const auto& s : h.segments(cpu, kind, entity)) t += s.end - s.start;
        return t;
    }
    const LatencyHistogram* series(const std::string& name) const {
        auto it = h.metrics.latency.find(name);
        return it == h.metrics.latency.end() ? nullptr : &it->second;
    }
};

json source(json arrival, json then = json::array(), json extra = json::object()) {
    json s = {{"name", "dev"}, {"arrival", std::move(arrival)}, {"handler", {{"cost", "2us"}}}, {"then", then}};
    s.update(extra);
    return s;
}

// The error a scenario with these parts gives (the whole path: Scenario::validate()).
Error partsError(json lists, const std::string& file = "/nonexistent/scenario.json") {
    json doc = {{"schema", "irqscope.scenario/1"}, {"name", "t"}};
    doc.update(lists);
    auto s = Scenario::fromJsonText(doc.dump(), file);
    if (s) qFatal("expected an error for %s", doc.dump().c_str());
    return s.error();
}

// A task that blocks until woken and counts its wake-ups.
Task& blocker(Machine& m, const std::string& name, int cpu, int* woken) {
    auto& t =
        m.sched().createTask(name, ContextKind::User, Policy::Normal, 0, m.oneCpu(cpu), [woken](Kctx& c) -> Proc<void> {
            for (;;) {
                co_await c.block();
                ++*woken;
                co_await c.work(5 * kUs, kUser);
            }
        });
    m.sched().wake(t, -1);
    return t;
}

} // namespace

class TestPartsSources : public QObject {
    Q_OBJECT
private slots:
    void periodicArrivesAtEachPeriodWithoutDrift() {
        PartsRig r({{"machine.cpus", "2"}}, {{"sources", {source({{"periodic", "333us"}})}}});
        r.h.run(10 * kMs);
        const auto t = r.raises("dev");
        QCOMPARE(t.size(), std::size_t(30)); // 333 us .. 9.990 ms
        for (std::size_t i = 0; i < t.size(); ++i) QCOMPARE(t[i], Time(i + 1) * 333 * kUs);
        QCOMPARE(r.line("dev").handled, std::uint64_t(30));
    }

    void poissonArrivesAtItsRate() {
        PartsRig r({{"machine.cpus", "2"}}, {{"sources", {source({{"poisson", {{"rate_hz", 5000}}}})}}});
        r.h.run(1 * kSec);
        const auto n = static_cast<double>(r.line("dev").raised);
        QVERIFY2(std::abs(n - 5000) < 4 * std::sqrt(5000.0), std::to_string(n).c_str()); // 4 sigma
    }

    void burstsArriveInGroups() {
        PartsRig r({{"machine.cpus", "2"}},
                   {{"sources", {source({{"bursts", {{"count", 4}, {"gap", "20us"}, {"every", "1ms"}}}})}}});
        r.h.run(2500 * kUs);
        const std::vector<Time> want = {1000 * kUs, 1020 * kUs, 1040 * kUs, 1060 * kUs,
                                        2000 * kUs, 2020 * kUs, 2040 * kUs, 2060 * kUs};
        QCOMPARE(r.raises("dev"), want);
    }

    void replayRaisesAtTheFilesTimes() {
        QTemporaryDir dir;
        std::ofstream(dir.filePath("times.txt").toStdString()) << "# captured\n100us\n\n250000  # ns\n1.5ms\n";
        json lists = {{"sources", {source({{"replay", "times.txt"}})}}};
        // The path is relative to the scenario file (the reader's `source`).
        auto n = parts::PartNames::collect(lists, "x");
        auto srcs = parts::readSourceParts(lists["sources"], *n, dir.filePath("s.json").toStdString(), 2);
        QVERIFY(srcs);
        QCOMPARE(srcs->front().arrival.times, (std::vector<Time>{100 * kUs, 250 * kUs, 1500 * kUs}));
        std::ofstream(dir.filePath("bad.txt").toStdString()) << "100us\n20 parsecs\n";
        auto bad = parts::readSourceParts(json::array({source({{"replay", "bad.txt"}})}), *n,
                                          dir.filePath("s.json").toStdString(), 2);
        QVERIFY(!bad);
        QCOMPARE(bad.error().where, std::string("sources[0].arrival.replay"));
        QVERIFY2(bad.error().message.find("bad.txt:2:") != std::string::npos, bad.error().message.c_str());
    }

    void onSubmitFiresItsLatencyAfterTheTasksSubmit() {
        json lists = {{"sources", {source({{"on_submit", {{"latency", "300us"}}}})}}};
        std::shared_ptr<const parts::Step> submit;
        PartsRig r({{"machine.cpus", "2"}}, lists, [&](PartsRig& rig) {
            auto s = parts::readTaskKernelEvent(json{{"submit", "dev"}}, rig.names, "t", "tasks[0].events[0]");
            QVERIFY(s);
            submit = *s;
            auto rt = rig.rt;
            auto& t = rig.h.m->sched().createTask("client", ContextKind::User, Policy::Normal, 0, rig.h.m->oneCpu(1),
                                                  [rt, submit](Kctx& c) -> Proc<void> {
                                                      co_await c.work(100 * kUs, kUser);
                                                      co_await parts::runStep(c, *rt, *submit);
                                                  });
            rig.h.m->sched().wake(t, -1);
        });
        r.h.run(2 * kMs);
        const auto t = r.raises("dev");
        QCOMPARE(t.size(), std::size_t(1));
        const Time submitted = r.h.segments(1, ContextKind::User, "client").front().end;
        QCOMPARE(t.front(), submitted + 300 * kUs);
    }

    void aTasksQueueWorkRunsInAKworkerWithItsChain() {
        json lists = {{"workqueues", {{{"name", "wq"}}}}, {"tasks", {{{"name", "server"}}}}};
        int woken = 0;
        PartsRig r({{"machine.cpus", "2"}}, lists, [&](PartsRig& rig) {
            auto ev = parts::readTaskKernelEvent(
                json::parse(R"({"queue_work": {"workqueue": "wq", "fn": "flush", "cost": "70us",
                                               "then": [{"wake": "server"}]}})"),
                rig.names, "t", "tasks[1].events[0]");
            QVERIFY(ev);
            auto rt = rig.rt;
            std::shared_ptr<const parts::Step> step = *ev;
            rt->tasks["server"] = &blocker(*rig.h.m, "server", 1, &woken);
            auto& t = rig.h.m->sched().createTask("client", ContextKind::User, Policy::Normal, 0, rig.h.m->oneCpu(0),
                                                  [rt, step](Kctx& c) -> Proc<void> {
                                                      co_await c.work(100 * kUs, kUser);
                                                      co_await parts::runStep(c, *rt, *step);
                                                  });
            rig.h.m->sched().wake(t, -1);
        });
        r.h.run(2 * kMs);
        Time work = 0;
        for (const auto& s : r.h.segments(0, ContextKind::Kworker))
            if (r.h.trace.str(s.detail) == "flush") work += s.end - s.start;
        QVERIFY(work >= 70 * kUs && work < 80 * kUs);
        QCOMPARE(woken, 1);
        // Task events are only queue_work and submit; a task does not raise softirqs.
        auto bad = parts::readTaskKernelEvent(json{{"wake", "server"}}, r.names, "t", "tasks[0].events[3]");
        QVERIFY(!bad);
        QCOMPARE(bad.error().where, std::string("tasks[0].events[3].wake"));
    }

    // A step keeps a pointer to its run-time state (Step::state, a tasklet or
    // work item of one machine). The same step run by two machines, each
    // alive, finds its own machine's work item each time, so each machine's
    // server is woken by its own work, once.
    void aStepRunByTwoMachinesUsesEachMachinesOwnState() {
        json lists = {{"workqueues", {{{"name", "wq"}}}}, {"tasks", {{{"name", "server"}}}}};
        auto ev =
            parts::readTaskKernelEvent(json::parse(R"({"queue_work": {"workqueue": "wq", "fn": "flush", "cost": "70us",
                                           "then": [{"wake": "server"}]}})"),
                                       *parts::PartNames::collect(lists, "t"), "t", "tasks[1].events[0]");
        QVERIFY(ev);
        std::shared_ptr<const parts::Step> step = *ev;
        int woken[2] = {0, 0};
        const auto rig = [&](int i) {
            return std::make_unique<PartsRig>(
                std::initializer_list<std::pair<const char*, const char*>>{{"machine.cpus", "2"}}, lists,
                [&, i](PartsRig& r) {
                    auto rt = r.rt;
                    rt->tasks["server"] = &blocker(*r.h.m, "server", 1, &woken[i]);
                    auto& t = r.h.m->sched().createTask("client", ContextKind::User, Policy::Normal, 0,
                                                        r.h.m->oneCpu(0), [rt, step](Kctx& c) -> Proc<void> {
                                                            co_await c.work(100 * kUs, kUser);
                                                            co_await parts::runStep(c, *rt, *step);
                                                        });
                    r.h.m->sched().wake(t, -1);
                });
        };
        auto a = rig(0);
        auto b = rig(1);
        // a queues its work, b queues its own (the step's state is then b's),
        // then a's kworker runs the work, whose chain is the same step's
        a->h.m->start();
        b->h.m->start();
        a->h.m->runUntil(120 * kUs, nullptr, {});
        b->h.m->runUntil(120 * kUs, nullptr, {});
        a->h.m->runUntil(2 * kMs, nullptr, {});
        b->h.m->runUntil(2 * kMs, nullptr, {});
        QCOMPARE(woken[0], 1);
        QCOMPARE(woken[1], 1);
    }

    void distributionsHaveTheirMeans() {
        const char* forms[] = {R"("2us")", R"({"uniform": ["1us", "3us"]})",
                               R"({"normal": {"mean": "2us", "stddev": "300ns"}})",
                               R"({"lognormal": {"median": "2us", "sigma": 0.5}})",
                               R"({"empirical": [["1us", 10], ["2us", 30], ["8us", 1]]})"};
        for (const char* f : forms) {
            auto d = parts::readDistribution(json::parse(f), "t", "cost");
            QVERIFY(d);
            sim::Rng rng(7, "test");
            double sum = 0;
            const int n = 200'000;
            for (int i = 0; i < n; ++i) sum += double(d->sample(rng));
            const double want = double(d->mean());
            QVERIFY2(std::abs(sum / n - want) < 0.01 * want, f);
        }
        QCOMPARE(parts::readDistribution(json::parse(R"({"uniform": ["1us", "3us"]})"), "t", "c")->mean(), 2 * kUs);
        // empirical: (1*10 + 2*30 + 8*1) / 41 us
        QCOMPARE(
            parts::readDistribution(json::parse(R"({"empirical": [["1us", 10], ["2us", 30], ["8us", 1]]})"), "t", "c")
                ->mean(),
            Time(78'000 / 41));
    }

    // A softirq step's entries raised while the vector's action runs (its
    // interrupts are enabled) wait for __do_softirq()'s restart and each runs
    // once: four arrivals 5 us apart, each queueing 20 us of NET_RX work,
    // make 80 us of it, none lost and none run twice.
    void softirqEntriesRaisedDuringTheActionRunAfterIt() {
        json then = json::parse(R"([{"softirq": "NET_RX", "cost": "20us"}])");
        PartsRig r({{"machine.cpus", "2"}},
                   {{"sources",
                     {source({{"bursts", {{"count", 4}, {"gap", "5us"}, {"every", "1ms"}}}}, then, {{"cpus", {1}}})}}});
        r.h.run(1500 * kUs);
        QCOMPARE(r.line("dev").handled, std::uint64_t(4));
        const Time netRx = r.busy(1, ContextKind::Softirq, "NET_RX") + r.busy(1, ContextKind::Ksoftirqd, "NET_RX");
        QVERIFY2(netRx >= 4 * 20 * kUs && netRx < 5 * 20 * kUs, std::to_string(netRx).c_str());
    }

    void eachStepRunsInItsContext() {
        json then = json::parse(R"([
            {"softirq": "NET_TX", "cost": "40us", "then": [{"hi_tasklet": "dev_hi", "cost": "15us"}]},
            {"tasklet": "dev_tasklet", "cost": "30us"},
            {"thread": {"oneshot": true, "priority": 70}, "cost": "50us",
             "then": [{"queue_work": {"workqueue": "wq", "fn": "dev_work_fn", "cost": "60us"}}, {"wake": "server"}]}
        ])");
        int woken = 0;
        Task* server = nullptr;
        PartsRig r({{"machine.cpus", "2"}},
                   {{"workqueues", {{{"name", "wq"}}}},
                    {"tasks", {{{"name", "server"}}}},
                    {"sources", {source({{"periodic", "1ms"}}, then, {{"cpus", {1}}})}}},
                   [&](PartsRig& rig) {
                       server = &blocker(*rig.h.m, "server", 0, &woken);
                       rig.rt->tasks["server"] = server;
                   });
        r.h.run(10500 * kUs); // 10 interrupts
        QCOMPARE(r.line("dev").handled, std::uint64_t(10));
        // softirq work under the vector, the tasklets under their names, the
        // thread step in irq/96-dev, the work in a kworker of CPU 1's pool.
        QCOMPARE(r.busy(1, ContextKind::Softirq, "NET_TX") >= 10 * 40 * kUs, true);
        // The HI tasklet, scheduled from NET_TX's action, waits for __do_softirq()'s
        // restart; the IRQ thread's wake-up set need_resched, so the restart is
        // left to ksoftirqd, which runs it after the RT thread.
        QCOMPARE(r.busy(1, ContextKind::Ksoftirqd, "dev_hi") >= 10 * 15 * kUs, true);
        QCOMPARE(r.busy(1, ContextKind::Tasklet, "dev_tasklet") >= 10 * 30 * kUs, true);
        QCOMPARE(r.busy(1, ContextKind::IrqThread, "irq/96-dev") >= 10 * 50 * kUs, true);
        Time work = 0;
        for (const auto& s : r.h.segments(1, ContextKind::Kworker))
            if (r.h.trace.str(s.detail) == "dev_work_fn") work += s.end - s.start;
        QVERIFY(work >= 10 * 60 * kUs && work < 10 * 70 * kUs);
        QCOMPARE(r.h.segments(1, ContextKind::Hardirq, "dev").size() >= 10, true);
        QCOMPARE(woken, 10);
        // The hardirq does the handler only; the deferred costs are elsewhere.
        QVERIFY(r.busy(1, ContextKind::Hardirq, "dev") < 10 * 10 * kUs);
        // The thread's priority was set as chrt would.
        for (const auto& t : r.h.m->sched().tasks())
            if (t->name == "irq/96-dev") QCOMPARE(t->rtPrio, 70);
        // ONESHOT on an SPI: masked until the thread is done.
        QCOMPARE(r.h.instants(1, InstantKind::Mask).size(), std::size_t(10));
    }

    void aThreadedSpiWithoutPrimaryHandlerNeedsOneshot() {
        json s = {{"name", "dev"},
                  {"arrival", {{"periodic", "1ms"}}},
                  {"then", json::parse(R"([{"thread": true, "cost": "10us"}])")}};
        QCOMPARE(partsError({{"sources", {s}}}).where, std::string("sources[0].then[0].thread.oneshot"));
        s["line"] = "msi"; // ONESHOT_SAFE
        json doc = {{"schema", "irqscope.scenario/1"}, {"name", "t"}, {"sources", {s}}};
        QVERIFY(Scenario::fromJsonText(doc.dump(), "t.json"));
    }

    void probesMeasureTheirLatencies() {
        json then = json::parse(R"([
            {"softirq": "BLOCK", "cost": "10us"},
            {"thread": {"oneshot": true}, "cost": "20us", "then": [{"wake": "server"}]}
        ])");
        int woken = 0;
        PartsRig r({{"machine.cpus", "2"}},
                   {{"tasks", {{{"name", "server"}}}},
                    {"sources", {source({{"periodic", "1ms"}}, then, {{"cpus", {1}}})}},
                    {"probes", json::parse(R"([
                        {"name": "srv_wake", "wakeup": "server"},
                        {"name": "dev_thread", "irq_to_thread": "dev"},
                        {"name": "dev_block", "raise_to_run": {"source": "dev", "step": "softirq"}},
                        {"name": "dev_thread_run", "raise_to_run": {"source": "dev", "step": "then[1]"}}
                    ])")}},
                   [&](PartsRig& rig) { rig.rt->tasks["server"] = &blocker(*rig.h.m, "server", 0, &woken); });
        r.h.run(5500 * kUs);
        for (const char* s : {"srv_wake", "dev_thread", "dev_block", "dev_thread_run"}) {
            QVERIFY2(r.series(s), s);
            // srv_wake: the server's start is a wake-up too
            QCOMPARE(r.series(s)->count(), std::uint64_t(std::string(s) == "srv_wake" ? 6 : 5));
        }
        QCOMPARE(woken, 5);
        // The thread starts after the handler (2 us), the softirq that irq_exit
        // runs first (10 us) and the switch: more than 12 us after the raise,
        // and the thread's own raise-to-run (from the handler's return) is shorter.
        QVERIFY(r.series("dev_thread")->mean() > 12'000);
        QVERIFY(r.series("dev_thread_run")->mean() < r.series("dev_thread")->mean());
        QVERIFY(r.series("dev_block")->mean() < 5'000);
    }

    void workqueueFlagsReachAllocWorkqueue() {
        PartsRig r({{"machine.cpus", "2"}},
                   {{"workqueues", json::parse(R"([{"name": "o", "ordered": true, "highpri": true},
                                                  {"name": "b", "max_active": 3}])")}});
        const kern::Workqueue& o = *r.rt->workqueues.at("o")->wq;
        QVERIFY(o.unbound && o.highpri);
        QCOMPARE(o.maxActive, 1);
        QCOMPARE(r.rt->workqueues.at("b")->wq->maxActive, 3);
        QVERIFY(!r.rt->workqueues.at("b")->wq->unbound);
    }

    void theCookbookExampleRunsTheSameTwice() {
        auto s = Scenario::fromFile(IRQSCOPE_SOURCE_DIR "/docs/examples/my-device-threaded.json");
        QVERIFY2(s, s ? "" : s.error().toString().c_str());
        RunOptions o;
        o.duration = 50 * kMs;
        const RunResult a = test::runOrDie(*s, o), b = test::runOrDie(*s, o);
        for (const char* p : {"mydev_irq_to_thread", "mydev_work_latency"}) {
            QVERIFY2(a.metrics.latency.contains(p), p);
            QCOMPARE(a.metrics.latency.at(p).count(), b.metrics.latency.at(p).count());
            QCOMPARE(a.metrics.latency.at(p).mean(), b.metrics.latency.at(p).mean());
        }
        QVERIFY(a.metrics.latency.at("mydev_irq_to_thread").count() > 50);
    }

    void errorsNameTheJsonPath() {
        const json dev = source({{"periodic", "1ms"}});
        auto with = [&](const char* path, json value) {
            json s = dev;
            s[json::json_pointer(path)] = std::move(value);
            return json{{"sources", {s}}};
        };
        const std::pair<json, const char*> cases[] = {
            {with("/then", json::parse(R"([{"softirq": "NET_RX"}, {"wake": "nobody"}])")), "sources[0].then[1].wake"},
            {with("/handler/cost", json::parse(R"({"uniform": ["3us", "1us"]})")),
             "sources[0].handler.cost.uniform[1]"},
            {with("/arrival", json::parse(R"({"weekly": "7d"})")), "sources[0].arrival.weekly"},
            {with("/arrival", json::parse(R"({"poisson": {"rate_hz": -1}})")), "sources[0].arrival.poisson.rate_hz"},
            {with("/cpus", json::parse("[0, 9]")), "sources[0].cpus[1]"},
            {with("/arrival", json::parse(R"({"replay": "missing.txt"})")), "sources[0].arrival.replay"},
            {with("/then", json::parse(R"([{"softirq": "TIMER"}])")), "sources[0].then[0].softirq"},
            {with("/then", json::parse(R"([{"thread": true}, {"tasklet": "t"}])")), "sources[0].then[0].thread"},
            {with("/then", json::parse(R"([{"tasklet": "t", "then": [{"thread": true}]}])")),
             "sources[0].then[0].then[0].thread"},
            {with("/then", json::parse(R"([{"queue_work": "nowq"}])")), "sources[0].then[0].queue_work"},
            {with("/then", json::parse(R"([{"softirq": "NET_RX", "fn": "f"}])")), "sources[0].then[0].fn"},
            {json{{"workqueues", json::parse(R"([{"name": "w", "max_active": 600}])")}}, "workqueues[0].max_active"},
            {json{{"workqueues", json::parse(R"([{"name": "w", "ordered": true, "max_active": 4}])")}},
             "workqueues[0].max_active"},
            {json{{"sources", {dev}}, {"probes", json::parse(R"([{"name": "p", "irq_to_thread": "dev"}])")}},
             "probes[0].irq_to_thread"},
            {json{{"sources", {dev}}, {"probes", json::parse(R"([{"name": "p", "wakeup": "ghost"}])")}},
             "probes[0].wakeup"},
        };
        for (const auto& [lists, where] : cases) {
            const Error e = partsError(lists);
            QVERIFY2(e.where == where, (e.toString() + "  (wanted " + where + ")").c_str());
            QCOMPARE(e.file, std::string("/nonexistent/scenario.json"));
        }
    }
};

QTEST_GUILESS_MAIN(TestPartsSources)
#include "test_parts_sources.moc"
