// Scenario parameters of the nvme model (see schema_params.cpp for the rest).
#include "schema_helpers.h"

namespace irqscope::detail {

void appendNvmeParams(std::vector<ParamSpec>& v) {
    const std::string nvme = "NVMe", iommu = "IOMMU";
    v.push_back(boolean("nvme.enabled", false, nvme, "NVMe SSDs with one managed MSI-X vector per completion queue."));
    v.push_back(integer("nvme.devices", 2, 1, 16, "devices", nvme, "Number of NVMe devices."));
    v.push_back(integer("nvme.queues", 16, 1, 256, "queues", nvme,
                        "Completion queues per device (CPUs are split evenly among them)."));
    v.push_back(choice("nvme.completion", "hardirq", {"hardirq", "threaded"}, nvme,
                       "Complete requests in the hard IRQ handler, or wake a threaded handler to drain the queue."));
    v.push_back(choice("nvme.thread_affinity", "effective", {"effective", "managed"}, nvme,
                       "IRQ thread affinity: the IRQ's effective CPU (mainline) or its whole managed mask (the RFC)."));
    v.push_back(duration("nvme.service_ns", 70 * kUsD, 1 * kUsD, 100 * kMsD, nvme, "Device time for one 4 KiB read."));
    v.push_back(integer("nvme.max_iops", 800000, 1000, 1e8, "IOPS", nvme, "Device throughput limit per device."));
    v.push_back(duration("nvme.cost.cqe_ns", 900, 0, 100 * kUsD, nvme,
                         "Completing one request (blk_mq_end_request) without unmap."));
    v.push_back(duration("nvme.cost.submit_ns", 2500, 0, 1 * kMsD, nvme,
                         "CPU time to submit one I/O (syscall, map, doorbell)."));
    v.push_back(duration("nvme.cost.check_ns", 150, 0, 100 * kUsD, nvme,
                         "Threaded completion: the primary handler's look at the CQ phase bit (nvme_irq_check)."));
    v.push_back(integer("fio.jobs", 20, 0, 1024, "jobs", nvme, "fio-like jobs, one per CPU from CPU 0."));
    v.push_back(integer("fio.iodepth", 20, 1, 1024, "I/Os", nvme, "I/Os in flight per job."));
    v.push_back(integer("fio.batch", 4, 1, 1024, "I/Os", nvme, "I/Os submitted per system call."));

    v.push_back(
        choice("iommu.mode", "off", {"off", "strict", "lazy"}, iommu,
               "DMA unmap: no IOMMU, strict (invalidate + sync on every unmap) or lazy (batched flush queue)."));
    v.push_back(duration("iommu.cost.direct_unmap_ns", 100, 0, 100 * kUsD, iommu, "dma-direct unmap (no IOMMU)."));
    v.push_back(
        duration("iommu.cost.unmap_ns", 400, 0, 100 * kUsD, iommu, "IOMMU page-table unmap (strict and lazy)."));
    v.push_back(duration("iommu.cost.cmdq_sync_ns", 800, 0, 1 * kMsD, iommu,
                         "TLBI + CMD_SYNC: how long one invalidation holds the machine's one shared SMMU command queue "
                         "(the serialised part; waiting for a busy queue comes on top). ESTIMATE: 1/this is the most "
                         "strict unmaps per second the machine can do."));
    v.push_back(integer("iommu.lazy_batch", 256, 1, 65536, "entries", iommu,
                        "Lazy: flush queue entries before a global invalidate."));
    v.push_back(
        duration("iommu.lazy_timeout_ns", 10 * kMsD, 1 * kUsD, 1 * kSD, iommu, "Lazy: flush at least this often."));
}

} // namespace irqscope::detail
