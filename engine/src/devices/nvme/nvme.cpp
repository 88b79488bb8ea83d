// NVMe SSDs behind an (optional) SMMU, driven by fio-like jobs (seed b).
//
// Each device has nvme.queues completion queues; the CPUs are split evenly
// among them (blk-mq managed affinity: group g = a contiguous run of CPUs).
// Each queue has a managed MSI-X vector — an LPI through the GIC ITS: no active
// state, an IRQCHIP_ONESHOT_SAFE chip — whose effective CPU is the first CPU
// of its group. fio-like jobs (job i pinned to CPU i) keep fio.iodepth I/Os in
// flight, submitting fio.batch per system call, and sleep in io_getevents()
// until a completion frees a slot. A request goes to the hardware queue of the
// submitting CPU; the device serves it (service time, and a per-device
// throughput limit: a FIFO server spacing completions 1/max_iops apart),
// posts a CQE to that queue and raises its MSI.
//
// nvme_irq() (hardirq): poll the CQ while entries are pending — one interrupt
// drains many, and entries that arrive during the drain are taken too — and
// per request: DMA unmap, then blk_mq_end_request(), which completes the aio
// and wakes the job waiting for it (possibly on another CPU: an IPI).
// DMA unmap by iommu.mode: the SMMU model (smmu/smmu_model.h).
// nvme.completion=threaded: the primary handler only looks for a new CQE and
// returns IRQ_WAKE_THREAD; the IRQ thread drains. The MSI is not masked while
// the thread runs (ONESHOT_SAFE, irq.cpp). The thread follows the effective
// affinity (one CPU, mainline) or the whole managed mask (the RFC).
//
// Series: `clat` (submission -> the job sees the completion), counter `iops`.
#include "devices/nvme/nvme.h"
#include "devices/device_instance.h"
#include "devices/metric_ref.h"
#include "devices/smmu/smmu_model.h"
#include "kernel/machine.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace irqscope::devices {

using namespace kern;

namespace {

struct Request {
    int job = 0;   // the fio job, or -1: a user task's submit (user, userDone)
    int queue = 0; // global queue index
    Time submitted = 0;
    Task* user = nullptr;
    bool* userDone = nullptr;
};

struct Job {
    Task* task = nullptr;
    int device = 0;
    int inflight = 0;
    std::deque<Request> done;       // completed, not yet reaped by io_getevents()
    std::deque<Time> submitted;     // submission times of unreaped I/Os, oldest first
    Recorder::Wait* wait = nullptr; // open while blocked in io_getevents()
};

struct Queue {
    int device = 0;
    int index = 0;
    hw::IrqLine* line = nullptr;
    IrqDesc* desc = nullptr;
    std::deque<Request> cq; // posted CQEs
    StringId nameId = kNoString;
};

struct Device {
    Time lastDone = 0; // FIFO server: completions no closer than the throughput gap
    // Its completions come in increasing time: one stream of the event core
    // (sim/event_streams.h), so the hundreds in flight stay out of its spreads.
    sim::StreamId completions = 0;
};

struct Nvme final : DeviceInstance {
    Machine& m;
    NvmeParams p;
    std::optional<Smmu> smmu;
    std::vector<Device> devices;
    std::vector<Queue> queues; // device-major: device d, queue q -> d * perDevice + q
    std::vector<Job> jobs;
    std::vector<int> groupOfCpu; // CPU -> queue index within a device
    int perDevice = 1;
    Time gapNs = 0; // 1 / max_iops
    // in-flight requests waiting for their device completion event
    std::vector<Request> slots;
    std::vector<std::uint32_t> freeSlots;
    StringId sUnmap = kNoString, sEndReq = kNoString;
    LatencyRef clat;
    CounterRef iops;
    std::string prefix;   // "" (the preset) or "<part name>/": the fio jobs' names and random streams
    std::string clatName; // "clat" (the preset) or "clat/<part name>"
    Nvme(Machine& mm, const NvmeParams& params, const std::string& name)
        : m(mm), p(params), clat(mm.rec(), name.empty() ? "clat" : "clat/" + name),
          iops(mm.rec(), name.empty() ? "iops" : "iops/" + name), prefix(name.empty() ? "" : name + "/"),
          clatName(name.empty() ? "clat" : "clat/" + name) {}
    Proc<void> submit(Kctx& c) override;
};

void onDeviceDone(Nvme& n, std::uint32_t slot) {
    const Request r = n.slots[slot];
    n.freeSlots.push_back(slot);
    Queue& q = n.queues[static_cast<std::size_t>(r.queue)];
    q.cq.push_back(r);        // the controller writes the CQE (phase bit flips)
    n.m.irq().raise(*q.line); // and signals the queue's MSI-X vector
}

// nvme_process_cq(): handle every posted CQE, including ones that arrive meanwhile.
Proc<void> processCq(Kctx& c, Nvme& n, Queue& q) {
    const Label base = c.frame().label;
    while (!q.cq.empty()) {
        const Request r = q.cq.front();
        q.cq.pop_front();
        c.label(base.kind, base.entity, n.sUnmap);
        // nvme_pci_unmap_rq() -> dma_unmap_page() -> __iommu_dma_unmap()
        co_await n.smmu->unmapFast(c);
        if (n.smmu->syncNow(c)) co_await n.smmu->sync(c);
        c.label(base.kind, base.entity, n.sEndReq);
        co_await c.work(n.p.cqeNs); // blk_mq_end_request() -> aio_complete()
        if (r.job < 0) {            // a user task's read: it sleeps until this completion
            *r.userDone = true;
            co_await c.wakeUpProcess(*r.user);
            continue;
        }
        Job& j = n.jobs[static_cast<std::size_t>(r.job)];
        j.done.push_back(r);
        co_await c.wakeUpProcess(*j.task); // wake_up() the io_getevents() waiter
    }
    c.label(base.kind, base.entity, base.detail);
    // one CQ head doorbell write per pass: part of the per-CQE cost
}

Proc<IrqReturn> nvmeIrq(Kctx& c, Nvme& n, Queue& q) {
    if (q.cq.empty()) co_return IrqReturn::None;
    co_await processCq(c, n, q);
    co_return IrqReturn::Handled;
}

// The threaded mode's primary handler: only look for a new CQE.
Proc<IrqReturn> nvmeIrqCheck(Kctx& c, Nvme& n, Queue& q) {
    co_await c.work(n.p.checkNs); // nvme_cqe_pending(): peek at the phase bit
    co_return q.cq.empty() ? IrqReturn::None : IrqReturn::WakeThread;
}

// The controller takes the request from the submission queue: it completes
// after the service time, no sooner than the throughput gap after the last.
void queueRequest(Machine& m, Nvme& n, Device& dev, const Request& r) {
    std::uint32_t slot;
    if (!n.freeSlots.empty()) {
        slot = n.freeSlots.back();
        n.freeSlots.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(n.slots.size());
        n.slots.emplace_back();
    }
    n.slots[slot] = r;
    const Time doneAt = std::max(m.now() + n.p.serviceNs, dev.lastDone + n.gapNs);
    dev.lastDone = doneAt;
    m.q().scheduleIndexInStream<&onDeviceDone>(dev.completions, doneAt, n, slot);
}

// A fio job: keep iodepth I/Os in flight, fio.batch per io_submit(), and reap
// completions in io_getevents().
Proc<void> fioJob(Kctx& c, Nvme& n, int i, int phaseNs) {
    Machine& m = c.m();
    Job& job = n.jobs[static_cast<std::size_t>(i)];
    co_await c.work(phaseNs, kUser); // jobs do not start in lockstep
    for (;;) {
        // reap: io_getevents() returned these
        while (!job.done.empty()) {
            const Request r = job.done.front();
            job.done.pop_front();
            --job.inflight;
            // one device per job, FIFO service and CQ: completions come back in order
            if (!job.submitted.empty()) job.submitted.pop_front();
            n.clat.add(c.now() - r.submitted);
            ++n.iops;
        }
        // io_submit() batches until iodepth I/Os are in flight
        while (job.inflight < n.p.fioIodepth) {
            const int k = std::min(n.p.fioBatch, n.p.fioIodepth - job.inflight);
            co_await c.work(n.p.submitNs * k); // syscall, bio, blk-mq, DMA map, SQ doorbell
            const int cpu = c.cpu().id;
            const int qi = job.device * n.perDevice + n.groupOfCpu[static_cast<std::size_t>(cpu)];
            Device& dev = n.devices[static_cast<std::size_t>(job.device)];
            for (int b = 0; b < k; ++b) {
                job.submitted.push_back(c.now());
                queueRequest(m, n, dev, Request{i, qi, c.now()});
            }
            job.inflight += k;
        }
        // io_getevents(min_nr = 1): sleep until a completion is there. A job
        // starved until the end of the run still reports its oldest I/O.
        if (job.done.empty()) {
            job.wait->start(job.submitted.front());
            while (job.done.empty()) co_await c.block();
            job.wait->stop();
        }
    }
}

// A user task's read (a placed device's {"submit": name}): one I/O submitted
// like a fio job's (io_submit(): syscall, bio, blk-mq, DMA map, SQ doorbell)
// to the hardware queue of the submitting CPU, then a sleep until nvme_irq()
// (or its thread) completes it: the same CQ drain, DMA unmap through the SMMU
// and blk_mq_end_request() as the fio jobs' I/Os, whose wake-up ends the wait.
Proc<void> Nvme::submit(Kctx& c) {
    co_await c.work(p.submitNs);
    const int qi = groupOfCpu[static_cast<std::size_t>(c.cpu().id)]; // device 0: a part is one controller
    bool done = false;
    const Time submitted = c.now();
    queueRequest(m, *this, devices[0], Request{-1, qi, submitted, c.task(), &done});
    while (!done) co_await c.block();
    clat.add(c.now() - submitted);
    ++iops;
}

std::shared_ptr<Nvme> build(Machine& m, const NvmeParams& p, const SmmuParams& smmu, const InstanceNaming& naming) {
    auto nv = std::make_shared<Nvme>(m, p, naming.name);
    m.keepAlive(nv);
    Nvme& n = *nv;
    const int ncpu = m.cpuCount();
    const int devices = naming.name.empty() ? p.devices : 1;
    n.perDevice = std::max(1, std::min(p.queues, ncpu));
    n.gapNs = std::max<Time>(1, static_cast<Time>(1e9 / double(p.maxIops)));
    n.smmu.emplace(m, smmu);
    n.sUnmap = m.intern("dma_unmap");
    n.sEndReq = m.intern("blk_mq_end_request");
    n.devices.resize(static_cast<std::size_t>(devices));
    for (Device& d : n.devices) d.completions = m.q().addStream();

    // blk_mq_map_queues() / managed affinity: contiguous CPU groups, the
    // first (ncpu % queues) groups one CPU larger.
    n.groupOfCpu.resize(static_cast<std::size_t>(ncpu));
    std::vector<CpuMask> groupMask(static_cast<std::size_t>(n.perDevice));
    std::vector<int> groupFirst(static_cast<std::size_t>(n.perDevice), -1);
    {
        const int base = ncpu / n.perDevice, extra = ncpu % n.perDevice;
        int cpu = 0;
        for (int g = 0; g < n.perDevice; ++g) {
            const int size = base + (g < extra ? 1 : 0);
            for (int k = 0; k < size; ++k, ++cpu) {
                n.groupOfCpu[static_cast<std::size_t>(cpu)] = g;
                groupMask[static_cast<std::size_t>(g)].set(static_cast<std::size_t>(cpu));
                if (groupFirst[static_cast<std::size_t>(g)] < 0) groupFirst[static_cast<std::size_t>(g)] = cpu;
            }
        }
    }

    n.queues.resize(static_cast<std::size_t>(devices * n.perDevice));
    int intid = 8192; // LPIs start at 8192 (a placed instance: the next free ones)
    for (int d = 0; d < devices; ++d)
        for (int g = 0; g < n.perDevice; ++g) {
            const std::size_t qi = static_cast<std::size_t>(d * n.perDevice + g);
            Queue& q = n.queues[qi];
            q.device = d;
            q.index = g + 1; // queue 0 is the admin queue
            const std::string name =
                (naming.name.empty() ? "nvme" + std::to_string(d) : naming.name) + "q" + std::to_string(q.index);
            q.nameId = m.intern(name);
            if (!naming.name.empty()) intid = freeIntid(m, true);
            q.line = &m.gic().addLine(hw::IntType::LPI, intid++, groupFirst[static_cast<std::size_t>(g)], name);
            Queue* qp = &q;
            if (!p.threaded) {
                // request_irq(nvme_irq): everything in hardirq context
                q.desc = &m.irq().request(
                    *q.line, name, [nv, qp](Kctx& c) { return nvmeIrq(c, *nv, *qp); }, {}, 0);
            } else {
                // request_threaded_irq(nvme_irq_check, nvme_irq)
                q.desc = &m.irq().request(
                    *q.line, name, [nv, qp](Kctx& c) { return nvmeIrqCheck(c, *nv, *qp); },
                    [nv, qp](Kctx& c) { return processCq(c, *nv, *qp); }, 0);
                if (p.managedThread && q.desc->thread) {
                    // The RFC: irq_thread_check_affinity() copies the managed mask, not the effective CPU.
                    m.irq().setThreadAffinity(*q.desc, groupMask[static_cast<std::size_t>(g)]);
                }
            }
        }

    // fio jobs: job i pinned to CPU i, alternating devices.
    const int jobs = std::min(p.fioJobs, ncpu);
    n.jobs.resize(static_cast<std::size_t>(jobs));
    for (int i = 0; i < jobs; ++i) {
        Job& j = n.jobs[static_cast<std::size_t>(i)];
        j.device = i % devices;
        const std::string jobName = n.prefix + "fio/" + std::to_string(i);
        j.wait = &m.rec().wait(jobName, n.clatName);
        const int phaseNs = static_cast<int>(m.rng(jobName).uniform() * 20'000);
        j.task = &m.sched().createTask(jobName, ContextKind::User, Policy::Normal, 0, m.oneCpu(i),
                                       [nv, i, phaseNs](Kctx& c) { return fioJob(c, *nv, i, phaseNs); });
        m.sched().wake(*j.task, -1);
    }
    return nv;
}

} // namespace

void installNvme(Machine& m, const NvmeParams& p, const SmmuParams& smmu) {
    if (p.enabled) build(m, p, smmu, {});
}

std::shared_ptr<DeviceInstance> placeNvme(Machine& m, const NvmeParams& p, const SmmuParams& smmu,
                                          const InstanceNaming& naming) {
    return build(m, p, smmu, naming);
}

} // namespace irqscope::devices
