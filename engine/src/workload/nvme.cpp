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
// DMA unmap by iommu.mode:
//   off     dma-direct: a few loads and stores.
//   strict  io-pgtable unmap, then TLBI + CMD_SYNC on the SMMU's command
//           queue, of which the machine has ONE, shared by every CPU. A CPU
//           that finds it busy spins (arm_smmu_cmdq_issue_cmdlist() runs with
//           local IRQs saved) until its turn, then holds it for cmdq_sync_ns:
//           a ticket-ordered, contended resource.
//   lazy    io-pgtable unmap; the IOVA goes on this CPU's flush queue, and
//           the IOTLB is invalidated once per iommu.lazy_batch entries (or
//           when iommu.lazy_timeout_ns has passed), with one CMD_SYNC.
// nvme.completion=threaded: the primary handler only looks for a new CQE and
// returns IRQ_WAKE_THREAD; the IRQ thread drains. The MSI is not masked while
// the thread runs (ONESHOT_SAFE, irq.cpp). The thread follows the effective
// affinity (one CPU, mainline) or the whole managed mask (the RFC).
//
// Series: `clat` (submission -> the job sees the completion), counter `iops`.
#include "workload/install.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace irqscope::work {

using namespace kern;

namespace {

struct Nvme;

struct Request {
    int job = 0;
    int queue = 0; // global queue index
    Time submitted = 0;
};

struct Job {
    Task* task = nullptr;
    int device = 0;
    int inflight = 0;
    std::deque<Request> done;   // completed, not yet reaped by io_getevents()
    std::deque<Time> submitted; // submission times of unreaped I/Os, oldest first
    std::string waitKey;        // Recorder::openWaits key while blocked
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
};

struct Nvme {
    Machine* m = nullptr;
    std::vector<Device> devices;
    std::vector<Queue> queues; // device-major: device d, queue q -> d * perDevice + q
    std::vector<Job> jobs;
    std::vector<int> groupOfCpu; // CPU -> queue index within a device
    int perDevice = 1;
    // costs / knobs
    Time serviceNs = 0, gapNs = 0, cqeNs = 0, submitNs = 0, checkNs = 0;
    int iodepth = 1, batch = 1;
    enum class Iommu { Off, Strict, Lazy } iommu = Iommu::Off;
    Time directUnmapNs = 0, unmapNs = 0, syncNs = 0, lazyTimeout = 0;
    int lazyBatch = 1;
    // the SMMU's one command queue: busy until this time
    Time cmdqFreeAt = 0;
    // lazy mode: per-CPU flush queues
    std::vector<int> fqCount;
    std::vector<Time> fqLastFlush;
    // in-flight requests waiting for their device completion event
    std::vector<Request> slots;
    std::vector<std::uint32_t> freeSlots;
    StringId sCmdq = kNoString, sUnmap = kNoString, sEndReq = kNoString;
};

void onDeviceDone(Nvme& n, std::uint32_t slot) {
    const Request r = n.slots[slot];
    n.freeSlots.push_back(slot);
    Queue& q = n.queues[static_cast<std::size_t>(r.queue)];
    q.cq.push_back(r);         // the controller writes the CQE (phase bit flips)
    n.m->irq().raise(*q.line); // and signals the queue's MSI-X vector
}

// Take the SMMU command queue: spin until it is free, then hold it for the
// CMD_SYNC. Interrupts are off throughout (local_irq_save in the driver).
Proc<void> cmdqSync(Kctx& c, Nvme& n) {
    const Time start = std::max(c.now(), n.cmdqFreeAt);
    n.cmdqFreeAt = start + n.syncNs;
    const Label before = c.frame().label;
    c.label(before.kind, before.entity, n.sCmdq);
    co_await c.work(start - c.now() + n.syncNs, kIrqsOff);
    c.label(before.kind, before.entity, before.detail);
}

// nvme_pci_unmap_rq() -> dma_unmap_page()
Proc<void> dmaUnmap(Kctx& c, Nvme& n) {
    switch (n.iommu) {
    case Nvme::Iommu::Off: co_await c.work(n.directUnmapNs); break;
    case Nvme::Iommu::Strict:
        co_await c.work(n.unmapNs); // io-pgtable: clear the PTE
        co_await cmdqSync(c, n);    // TLBI VA + CMD_SYNC, strictly before the IOVA is freed
        break;
    case Nvme::Iommu::Lazy: {
        co_await c.work(n.unmapNs);
        const auto cpu = static_cast<std::size_t>(c.cpu().id);
        ++n.fqCount[cpu]; // queue_iova(): freed after the next flush
        if (n.fqCount[cpu] >= n.lazyBatch || c.now() - n.fqLastFlush[cpu] >= n.lazyTimeout) {
            n.fqCount[cpu] = 0;
            n.fqLastFlush[cpu] = c.now();
            co_await cmdqSync(c, n); // one TLBI ASID + CMD_SYNC for the whole batch
        }
        break;
    }
    }
}

// nvme_process_cq(): handle every posted CQE, including ones that arrive meanwhile.
Proc<void> processCq(Kctx& c, Nvme& n, Queue& q) {
    Machine& m = c.m();
    const Label base = c.frame().label;
    while (!q.cq.empty()) {
        const Request r = q.cq.front();
        q.cq.pop_front();
        c.label(base.kind, base.entity, n.sUnmap);
        co_await dmaUnmap(c, n);
        c.label(base.kind, base.entity, n.sEndReq);
        co_await c.work(n.cqeNs); // blk_mq_end_request() -> aio_complete()
        Job& j = n.jobs[static_cast<std::size_t>(r.job)];
        j.done.push_back(r);
        if (j.task->state == Task::State::Blocked) {
            co_await c.work(m.cfg().cost.wakeup);
            m.sched().wake(*j.task, c.cpu().id); // wake_up() the io_getevents() waiter
        }
    }
    c.label(base.kind, base.entity, base.detail);
    // one CQ head doorbell write per pass: part of the per-CQE cost
}

} // namespace

void installNvme(Machine& m, const Scenario& s) {
    if (!s.getBool("nvme.enabled")) return;
    auto nv = std::make_shared<Nvme>();
    m.keepAlive(nv);
    Nvme& n = *nv;
    n.m = &m;
    const int ncpu = m.cpuCount();
    const int devices = static_cast<int>(s.getInt("nvme.devices"));
    n.perDevice = std::max(1, std::min<int>(static_cast<int>(s.getInt("nvme.queues")), ncpu));
    n.serviceNs = s.getDuration("nvme.service_ns");
    n.gapNs = std::max<Time>(1, static_cast<Time>(1e9 / double(s.getInt("nvme.max_iops"))));
    n.cqeNs = s.getDuration("nvme.cost.cqe_ns");
    n.submitNs = s.getDuration("nvme.cost.submit_ns");
    n.checkNs = s.getDuration("nvme.cost.check_ns");
    n.iodepth = static_cast<int>(s.getInt("fio.iodepth"));
    n.batch = static_cast<int>(s.getInt("fio.batch"));
    const std::string mode = s.getString("iommu.mode");
    n.iommu = mode == "strict" ? Nvme::Iommu::Strict : mode == "lazy" ? Nvme::Iommu::Lazy : Nvme::Iommu::Off;
    n.directUnmapNs = s.getDuration("iommu.cost.direct_unmap_ns");
    n.unmapNs = s.getDuration("iommu.cost.unmap_ns");
    n.syncNs = s.getDuration("iommu.cost.cmdq_sync_ns");
    n.lazyBatch = static_cast<int>(s.getInt("iommu.lazy_batch"));
    n.lazyTimeout = s.getDuration("iommu.lazy_timeout_ns");
    n.fqCount.assign(static_cast<std::size_t>(ncpu), 0);
    n.fqLastFlush.assign(static_cast<std::size_t>(ncpu), 0);
    n.sCmdq = m.intern("arm_smmu_cmdq_issue_cmdlist");
    n.sUnmap = m.intern("dma_unmap");
    n.sEndReq = m.intern("blk_mq_end_request");
    n.devices.resize(static_cast<std::size_t>(devices));

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

    const bool threaded = s.getString("nvme.completion") == "threaded";
    const bool managedThread = s.getString("nvme.thread_affinity") == "managed";
    n.queues.resize(static_cast<std::size_t>(devices * n.perDevice));
    int intid = 8192; // LPIs start at 8192
    for (int d = 0; d < devices; ++d)
        for (int g = 0; g < n.perDevice; ++g) {
            const std::size_t qi = static_cast<std::size_t>(d * n.perDevice + g);
            Queue& q = n.queues[qi];
            q.device = d;
            q.index = g + 1; // queue 0 is the admin queue
            const std::string name = "nvme" + std::to_string(d) + "q" + std::to_string(q.index);
            q.nameId = m.intern(name);
            q.line = &m.gic().addLine(hw::IntType::LPI, intid++, groupFirst[static_cast<std::size_t>(g)], name);
            Queue* qp = &q;
            if (!threaded) {
                // request_irq(nvme_irq): everything in hardirq context
                q.desc = &m.irq().request(
                    *q.line, name,
                    [nv, qp](Kctx& c) -> Proc<IrqReturn> {
                        if (qp->cq.empty()) co_return IrqReturn::None;
                        co_await processCq(c, *nv, *qp);
                        co_return IrqReturn::Handled;
                    },
                    {}, 0);
            } else {
                // request_threaded_irq(nvme_irq_check, nvme_irq)
                q.desc = &m.irq().request(
                    *q.line, name,
                    [nv, qp](Kctx& c) -> Proc<IrqReturn> {
                        co_await c.work(nv->checkNs); // nvme_cqe_pending(): peek at the phase bit
                        co_return qp->cq.empty() ? IrqReturn::None : IrqReturn::WakeThread;
                    },
                    [nv, qp](Kctx& c) -> Proc<void> { co_await processCq(c, *nv, *qp); }, 0);
                if (managedThread && q.desc->thread) {
                    // The RFC: irq_thread_check_affinity() copies the managed mask, not the effective CPU.
                    q.desc->threadAffinity = groupMask[static_cast<std::size_t>(g)];
                    q.desc->thread->affinity = groupMask[static_cast<std::size_t>(g)];
                }
            }
        }

    // fio jobs: job i pinned to CPU i, alternating devices.
    const int jobs = std::min<int>(static_cast<int>(s.getInt("fio.jobs")), ncpu);
    n.jobs.resize(static_cast<std::size_t>(jobs));
    for (int i = 0; i < jobs; ++i) {
        Job& j = n.jobs[static_cast<std::size_t>(i)];
        j.device = i % devices;
        j.waitKey = "fio/" + std::to_string(i);
        const int phaseNs = static_cast<int>(m.rng("fio/" + std::to_string(i)).uniform() * 20'000);
        j.task = &m.sched().createTask(
            "fio/" + std::to_string(i), ContextKind::User, Policy::Normal, 0, m.oneCpu(i),
            [nv, i, phaseNs](Kctx& c) -> Proc<void> {
                Nvme& nn = *nv;
                Machine& mm = c.m();
                Job& job = nn.jobs[static_cast<std::size_t>(i)];
                co_await c.work(phaseNs, kUser); // jobs do not start in lockstep
                for (;;) {
                    // reap: io_getevents() returned these
                    while (!job.done.empty()) {
                        const Request r = job.done.front();
                        job.done.pop_front();
                        --job.inflight;
                        // one device per job, FIFO service and CQ: completions come back in order
                        if (!job.submitted.empty()) job.submitted.pop_front();
                        mm.rec().latency["clat"].add(c.now() - r.submitted);
                        ++mm.rec().counters["iops"];
                    }
                    // io_submit() batches until iodepth I/Os are in flight
                    while (job.inflight < nn.iodepth) {
                        const int k = std::min(nn.batch, nn.iodepth - job.inflight);
                        co_await c.work(nn.submitNs * k); // syscall, bio, blk-mq, DMA map, SQ doorbell
                        const int cpu = c.cpu().id;
                        const int qi = job.device * nn.perDevice + nn.groupOfCpu[static_cast<std::size_t>(cpu)];
                        Device& dev = nn.devices[static_cast<std::size_t>(job.device)];
                        for (int b = 0; b < k; ++b) {
                            std::uint32_t slot;
                            if (!nn.freeSlots.empty()) {
                                slot = nn.freeSlots.back();
                                nn.freeSlots.pop_back();
                            } else {
                                slot = static_cast<std::uint32_t>(nn.slots.size());
                                nn.slots.emplace_back();
                            }
                            nn.slots[slot] = Request{i, qi, c.now()};
                            job.submitted.push_back(c.now());
                            const Time doneAt = std::max(c.now() + nn.serviceNs, dev.lastDone + nn.gapNs);
                            dev.lastDone = doneAt;
                            mm.q().schedule<&onDeviceDone>(doneAt, nn, slot);
                        }
                        job.inflight += k;
                    }
                    // io_getevents(min_nr = 1): sleep until a completion is there. A job
                    // starved until the end of the run still reports its oldest I/O.
                    if (job.done.empty()) {
                        mm.rec().openWaits[job.waitKey] = {"clat", job.submitted.front()};
                        while (job.done.empty()) co_await c.block();
                        mm.rec().openWaits.erase(job.waitKey);
                    }
                }
            });
        m.sched().wake(*j.task, -1);
    }
}

} // namespace irqscope::work
