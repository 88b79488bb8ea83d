// Scenario parts "devices": built-in device models placed as named parts with
// their own parameters, and user tasks submitting to them. A task's submit to
// an NVMe instance sleeps until the completion interrupt (its queue's MSI, the
// CQ drain with the DMA unmap through the SMMU) wakes it; an i915 instance's
// request until the bottom half retires it. Errors name the part's JSON path;
// two instances of one model coexist with lines of their own.
#include "sim_helpers.h"

#include "irqscope/engine.h"
#include "parts/device_parts.h"

#include <QtTest>

using namespace irqscope;

namespace {

Result<RunResult> runParts(int cpus, const char* duration, const std::string& parts) {
    const std::string text = std::string(R"({"name": "t", "machine": {"cpus": )") + std::to_string(cpus) +
                             R"(}, "run": {"duration_ns": ")" + duration + "\"}, " + parts + "}";
    auto s = Scenario::fromJsonText(text, "t.json");
    if (!s) return s.error();
    RunOptions o;
    o.recordTaskLogs = true;
    o.recordTrace = false;
    return run(*s, o);
}

RunResult mustRun(int cpus, const char* duration, const std::string& parts) {
    auto r = runParts(cpus, duration, parts);
    if (!r) qFatal("%s", r.error().toString().c_str());
    return std::move(*r);
}

Error parseError(const std::string& parts) {
    auto r = runParts(2, "10ms", parts);
    if (r) qFatal("expected an error for %s", parts.c_str());
    return r.error();
}

// Interrupts handled on the lines whose name starts with `prefix`.
std::uint64_t handled(const RunResult& r, const std::string& prefix, int* lines = nullptr) {
    std::uint64_t n = 0;
    for (const auto& l : r.metrics.irqLines)
        if (l.name.starts_with(prefix)) {
            n += l.handled;
            if (lines) ++*lines;
        }
    return n;
}

// A reader on CPU 1: submit a 4 KiB read to `dev`, then 20 µs of work on it.
std::string reader(const std::string& name, const std::string& dev, int cpu) {
    return "{\"name\": \"" + name + "\", \"policy\": \"fifo\", \"priority\": 50, \"cpus\": [" + std::to_string(cpu) +
           "], \"events\": [{\"submit\": \"" + dev + "\"}, {\"run\": \"20us\"}]}";
}

} // namespace

class TestPartsDevices : public QObject {
    Q_OBJECT
private slots:
    // The reader's wake-up follows its read's completion interrupt: one
    // completion per iteration, each iteration as long as the device takes
    // (service time 200 µs) plus the submission, the IRQ path and its work.
    void nvmeReaderIsWokenByTheCompletion() {
        auto r = mustRun(2, "50ms",
                         R"("devices": [{"name": "ssd0", "model": "nvme", "queues": 2,
              "service_ns": "200us", "completion": "threaded", "iommu": {"mode": "strict"}}],
            "tasks": [)" + reader("reader", "ssd0", 1) +
                             "]");
        const auto& rows = r.taskLogs.at("reader");
        const std::uint64_t irqs = handled(r, "ssd0q");
        QVERIFY(rows.size() > 150 && rows.size() < 250);         // ~225 µs an iteration
        QVERIFY(irqs == rows.size() || irqs == rows.size() + 1); // the last read may complete after the last row
        for (const TaskLogRow& row : rows) {
            QVERIFY2(row.period >= 200 * kUs + 20 * kUs, "the task ran on before its read completed");
            QVERIFY(row.period < 260 * kUs);
        }
        QCOMPARE(r.metrics.latency.at("clat/ssd0").count(), static_cast<std::size_t>(irqs));
        // The completion went through the threaded handler and the SMMU: one TLBI + CMD_SYNC per read.
        QCOMPARE(r.metrics.throughput.at("cmdq_syncs").count, irqs);
        bool thread = false;
        for (const auto& t : r.metrics.tasks)
            if (t.name.starts_with("irq/") && t.name.ends_with("-ssd0q2")) thread = t.runNs > 0;
        QVERIFY(thread);                                 // CPU 1's queue is ssd0q2; its IRQ thread drained the CQ
        QVERIFY(!r.metrics.throughput.contains("iops")); // the preset's series stay the preset's
    }

    // Without an IOMMU the same read completes sooner: the unmap is on the
    // completion path the task waits for.
    void theSmmuIsOnTheWakeupPath() {
        auto strict = mustRun(2, "20ms",
                              R"("devices": [{"name": "d", "model": "nvme", "iommu": {"mode": "strict",
              "cost": {"cmdq_sync_ns": "20us"}}}], "tasks": [)" +
                                  reader("t", "d", 0) + "]");
        auto off = mustRun(2, "20ms",
                           R"("devices": [{"name": "d", "model": "nvme"}], "tasks": [)" + reader("t", "d", 0) + "]");
        const double s = strict.metrics.latency.at("clat/d").mean(), o = off.metrics.latency.at("clat/d").mean();
        QVERIFY2(s > o + 19'000, qPrintable(QString("strict %1 ns, off %2 ns").arg(s).arg(o)));
    }

    void twoInstancesHaveTheirOwnLines() {
        auto r = mustRun(2, "20ms",
                         R"("devices": [{"name": "a", "model": "nvme", "queues": 1},
              {"name": "b", "model": "nvme", "queues": 1, "service_ns": "400us"}],
            "tasks": [)" + reader("ra", "a", 0) +
                             ", " + reader("rb", "b", 1) + "]");
        int linesA = 0, linesB = 0;
        const std::uint64_t a = handled(r, "aq", &linesA), b = handled(r, "bq", &linesB);
        QCOMPARE(linesA, 1);
        QCOMPARE(linesB, 1);
        QVERIFY(a > 150 && b > 30 && b < 60); // each instance serves its own reader at its own speed
        int intidA = 0, intidB = 0;
        for (const auto& l : r.metrics.irqLines) {
            if (l.name == "aq1") intidA = l.intid;
            if (l.name == "bq1") intidB = l.intid;
        }
        QVERIFY(intidA >= 8192 && intidB >= 8192 && intidA != intidB);
        QCOMPARE(r.metrics.latency.at("clat/a").count(), static_cast<std::size_t>(a));
        QCOMPARE(r.metrics.latency.at("clat/b").count(), static_cast<std::size_t>(b));
    }

    // Two controllers behind the machine's one SMMU: in strict mode each
    // reader's unmaps wait for the other's in the shared command queue. Two
    // queues per controller, so each reader's completions interrupt its own
    // CPU: only the SMMU couples them.
    void twoInstancesShareTheSmmuQueue() {
        const std::string strict = R"("model": "nvme", "queues": 2,
              "iommu": {"mode": "strict", "cost": {"cmdq_sync_ns": "100us"}}})";
        const std::string devs =
            R"("devices": [{"name": "a", )" + strict + R"(, {"name": "b", )" + strict + R"(], "tasks": [)";

        auto one = mustRun(2, "20ms", devs + reader("ra", "a", 0) + ", " + reader("rb", "a", 1) + "]");
        auto two = mustRun(2, "20ms", devs + reader("ra", "a", 0) + ", " + reader("rb", "b", 1) + "]");
        // The readers start together, so their first unmaps meet: on one
        // device or on two, one of them waits a whole CMD_SYNC (100 µs) for
        // the other's.
        const auto worst = [](const RunResult& r) {
            Time w = 0;
            for (const auto& [name, series] : r.metrics.latency)
                if (name.starts_with("clat/")) w = std::max(w, series.max());
            return w;
        };
        const Time oneDevice = worst(one), twoDevices = worst(two);
        QVERIFY2(twoDevices > 250'000 && std::abs(double(twoDevices - oneDevice)) < 20'000,
                 qPrintable(QString("worst read: one device %1 ns, two devices %2 ns").arg(oneDevice).arg(twoDevices)));
    }

    // A placed instance beside the preset form of the same model: both run.
    void aPartBesideThePresetDevice() {
        auto s = Scenario::fromJsonText(R"({"name": "t", "machine": {"cpus": 2}, "run": {"duration_ns": "10ms"},
            "nvme": {"enabled": true, "devices": 1}, "fio": {"jobs": 1},
            "devices": [{"name": "mine", "model": "nvme", "queues": 1}],
            "tasks": [{"name": "r", "events": [{"submit": "mine"}]}]})",
                                        "t.json");
        QVERIFY2(s, s ? "" : s.error().toString().c_str());
        RunOptions o;
        o.recordTrace = false;
        auto r = run(*s, o);
        QVERIFY(r);
        QVERIFY(handled(*r, "nvme0q") > 0 && handled(*r, "mineq") > 0);
        QVERIFY(r->metrics.latency.contains("clat") && r->metrics.latency.contains("clat/mine"));
    }

    // An i915 request goes through the execlists: the ELSP, the CSB entry, the
    // GT interrupt and the bottom half that retires it and wakes the task.
    void i915RequestWakesItsSubmitter() {
        for (const char* bh : {"hardirq", "tasklet", "kthread"}) {
            const std::string gpu = R"("devices": [{"name": "gpu0", "model": "i915", "engines": 1,
                  "request_ns": "100us", "bottom_half": )";
            auto r = mustRun(2, "10ms", gpu + "\"" + bh + "\"}], \"tasks\": [" + reader("client", "gpu0", 1) + "]");
            const auto& rows = r.taskLogs.at("client");
            QVERIFY2(rows.size() > 50 && rows.size() < 90, bh);
            for (const TaskLogRow& row : rows) QVERIFY2(row.period >= 100 * kUs + 20 * kUs, bh);
            QVERIFY(r.metrics.throughput.at("gpu_requests/gpu0").count >= rows.size());
            QVERIFY(handled(r, "gpu0") >= rows.size());
        }
    }

    // The GIC benchmark's line as a part: the user task is the bench loop
    // (set the SPI pending, wait_for_completion()); the handler, force-threaded
    // under threadirqs, complete()s and wakes it.
    void gicBenchLineCompletesItsTask() {
        for (const char* threadirqs : {"false", "true"}) {
            auto r = mustRun(2, "5ms",
                             std::string(R"("kernel": {"threadirqs": )") + threadirqs +
                                 R"(}, "devices": [{"name": "b0", "model": "gic_bench", "cpu": 1,
                      "handler_ns": "5us"}], "tasks": [)" +
                                 reader("bench", "b0", 1) + "]");
            const auto& rows = r.taskLogs.at("bench");
            QVERIFY(rows.size() > 100);
            QVERIFY(handled(r, "b0") >= rows.size() && handled(r, "b0") <= rows.size() + 1);
            QVERIFY(r.metrics.latency.at("bench_cycle/b0").count() >= rows.size());
            for (const TaskLogRow& row : rows) QVERIFY(row.period >= 25 * kUs);
            bool thread = false;
            for (const auto& t : r.metrics.tasks)
                if (t.name.ends_with("-b0")) thread = t.runNs > 0;
            QCOMPARE(thread, std::string(threadirqs) == "true"); // forced threading: irq/N-b0 runs the handler
        }
    }

    // A panthor job goes through the DRM scheduler: the ioctl pushes it, the
    // run_job work writes it to the ring, the GPU runs it, the job IRQ's
    // thread queues the fw events work, which signals its fence and wakes
    // the task.
    void panthorJobWakesItsSubmitter() {
        auto r = mustRun(2, "10ms",
                         R"("devices": [{"name": "mali", "model": "panthor", "gpu_job_ns": "200us",
              "submit_wq": "highpri"}], "tasks": [)" +
                             reader("client", "mali", 1) + "]");
        const auto& rows = r.taskLogs.at("client");
        QVERIFY(rows.size() > 30 && rows.size() < 45);
        for (const TaskLogRow& row : rows) QVERIFY(row.period >= 200 * kUs + 20 * kUs);
        QVERIFY(r.metrics.latency.at("submit/mali").count() >= rows.size());
        QVERIFY(handled(r, "mali-job") >= rows.size());
        QVERIFY(!r.metrics.latency.contains("submit")); // the preset's series stay the preset's
    }

    void errorsNameTheJsonPath() {
        struct Case {
            std::string parts, where;
        } cases[] = {
            {R"("devices": [{"name": "d", "model": "nvme", "queues": 0}])", "devices[0].queues"},
            {R"("devices": [{"name": "d", "model": "nvme", "queue_depth": 4}])", "devices[0].queue_depth"},
            {R"("devices": [{"name": "d", "model": "nvme", "iommu": {"mode": "fast"}}])", "devices[0].iommu.mode"},
            {R"("devices": [{"name": "d", "model": "nvme", "service_ns": "soon"}])", "devices[0].service_ns"},
            {R"("devices": [{"name": "d", "model": "nvme", "devices": 2}])", "devices[0].devices"},
            {R"("devices": [{"name": "d"}])", "devices[0].model"},
            {R"("devices": [{"name": "d", "model": "floppy"}])", "devices[0].model"},
            {R"("devices": [{"name": "g", "model": "i915", "irq_cpu": 3}])", "devices[0].irq_cpu"},
            {R"("devices": [{"name": "g", "model": "gic_bench", "cpu": 2}])", "devices[0].cpu"},
            {R"("devices": [{"name": "g", "model": "panthor", "submit_wq": "fast"}])", "devices[0].submit_wq"},
            {R"("devices": [{"name": "d", "model": "nvme"}, {"name": "d", "model": "nvme"}])", "devices[1].name"},
            {R"("devices": [{"name": "a", "model": "nvme"},
                {"name": "b", "model": "nvme", "iommu": {"cost": {"cmdq_sync_ns": "2us"}}}])",
             "devices[1].iommu.cost.cmdq_sync_ns"},
            {R"("devices": [{"name": "d", "model": "nvme"}],
                "tasks": [{"name": "t", "events": [{"submit": "e"}]}])",
             "tasks[0].events[0].submit"},
        };
        for (const Case& c : cases) {
            const Error e = parseError(c.parts);
            QCOMPARE(e.file, std::string("t.json"));
            QVERIFY2(e.where == c.where, qPrintable(QString::fromStdString(e.where + ": " + e.message)));
        }
        QVERIFY(parseError(cases[1].parts).message.find("queues") != std::string::npos); // lists the fields
    }

    void modelsListTheirFields() {
        bool queues = false, iommu = false, devices = false;
        for (const auto& f : parts::deviceModelFields("nvme")) {
            queues |= f.field == "queues" && f.spec->path == "nvme.queues";
            iommu |= f.field == "iommu.mode";
            devices |= f.field == "devices";
            if (f.field == "fio.jobs") QCOMPARE(f.partDefault.get<int>(), 0);
        }
        QVERIFY(queues && iommu && !devices);
    }
};

QTEST_GUILESS_MAIN(TestPartsDevices)
#include "test_parts_devices.moc"
