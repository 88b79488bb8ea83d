// Scenario parameters of the NVMe devices (nvme.*) and the fio-like jobs (fio.*).
#include "devices/nvme/nvme.h"

namespace irqscope::devices {

void appendNvmeParams(std::vector<ParamSpec>& v) {
    const std::string nvme = "NVMe";
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
}

NvmeParams readNvmeParams(const Scenario& s) {
    NvmeParams p;
    p.enabled = s.getBool("nvme.enabled");
    p.devices = static_cast<int>(s.getInt("nvme.devices"));
    p.queues = static_cast<int>(s.getInt("nvme.queues"));
    p.threaded = s.getString("nvme.completion") == "threaded";
    p.managedThread = s.getString("nvme.thread_affinity") == "managed";
    p.serviceNs = s.getDuration("nvme.service_ns");
    p.maxIops = s.getInt("nvme.max_iops");
    p.cqeNs = s.getDuration("nvme.cost.cqe_ns");
    p.submitNs = s.getDuration("nvme.cost.submit_ns");
    p.checkNs = s.getDuration("nvme.cost.check_ns");
    p.fioJobs = static_cast<int>(s.getInt("fio.jobs"));
    p.fioIodepth = static_cast<int>(s.getInt("fio.iodepth"));
    p.fioBatch = static_cast<int>(s.getInt("fio.batch"));
    return p;
}

} // namespace irqscope::devices
