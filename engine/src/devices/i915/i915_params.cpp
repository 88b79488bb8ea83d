// Scenario parameters of the i915 execlists GPU (gpu.*).
#include "devices/i915/i915.h"

namespace irqscope::devices {

void appendI915Params(std::vector<ParamSpec>& v) {
    const std::string gpu = "GPU (i915 execlists)";
    v.push_back(boolean("gpu.enabled", false, gpu, "An i915-style GPU with execlists engines."));
    v.push_back(integer("gpu.engines", 5, 1, 16, "engines", gpu,
                        "Engines (render, blitter, video, ...), all on one interrupt vector."));
    v.push_back(
        choice("gpu.bottom_half", "hardirq", {"hardirq", "tasklet", "kthread"}, gpu,
               "Where CSB processing and ELSP resubmission run: in the IRQ handler, a HI tasklet, or a kthread."));
    v.push_back(integer("gpu.irq_cpu", 0, 0, 255, "", gpu, "CPU the GPU interrupt is routed to."));
    v.push_back(
        duration("gpu.request_ns", 3 * kUsD, 100, 1 * kSD, gpu, "GPU execution time of one request (a nop batch)."));
    v.push_back(
        duration("gpu.cost.iir_ns", 1500, 0, 100 * kUsD, gpu, "Read and ack the GT IIR over MMIO in the handler."));
    v.push_back(duration("gpu.cost.forcewake_ns", 4000, 0, 1 * kMsD, gpu, "forcewake get+put around CSB/ELSP MMIO."));
    v.push_back(
        duration("gpu.cost.csb_entry_ns", 250, 0, 100 * kUsD, gpu, "Processing one CSB entry (retire/promote ports)."));
    v.push_back(
        duration("gpu.cost.elsp_write_ns", 1200, 0, 100 * kUsD, gpu, "Writing context descriptors to the ELSP."));
    v.push_back(duration("gpu.cost.dequeue_ns", 800, 0, 100 * kUsD, gpu,
                         "Dequeue a request and build its context descriptor."));
    v.push_back(integer("gpu.submitters", 2, 0, 64, "threads", gpu,
                        "gem_exec_nop-style threads submitting nop batches to every engine."));
    v.push_back(duration("gpu.cost.execbuf_ns", 6 * kUsD, 0, 10 * kMsD, gpu, "CPU time of one execbuf ioctl."));
    v.push_back(
        integer("gpu.execbuf_might_sleep", 3, 0, 64, "points", gpu,
                "might_sleep() points in the execbuf ioctl, spread evenly (struct_mutex lock, GFP_KERNEL "
                "allocations of the request and the object list): preemption points under voluntary preemption only."));
    v.push_back(duration(
        "gpu.cost.user_ns", 1 * kUsD, 0, 10 * kMsD, gpu,
        "Submitter's user-space time between two execbuf ioctls (a preemption point under voluntary preemption)."));
    v.push_back(boolean(
        "gpu.pin_submitters", true, gpu,
        "Pin submitter i to CPU i mod machine.cpus (gem_syslatency's per-CPU busy threads); off: free to migrate."));
    v.push_back(integer("gpu.max_inflight", 64, 1, 4096, "requests", gpu,
                        "Requests queued per engine before a submitter waits."));
    v.push_back(
        choice("gpu.kthread_policy", "fifo", {"other", "fifo"}, gpu, "Scheduling policy of the kthread bottom half."));
    v.push_back(integer("gpu.kthread_priority", 1, 1, 99, "", gpu, "SCHED_FIFO priority of the kthread bottom half."));
}

I915Params readI915Params(const Scenario& s) {
    I915Params p;
    p.enabled = s.getBool("gpu.enabled");
    p.engines = static_cast<int>(s.getInt("gpu.engines"));
    const std::string bh = s.getString("gpu.bottom_half");
    p.bottomHalf = bh == "tasklet"   ? I915Params::BottomHalf::Tasklet
                   : bh == "kthread" ? I915Params::BottomHalf::Kthread
                                     : I915Params::BottomHalf::Hardirq;
    p.irqCpu = static_cast<int>(s.getInt("gpu.irq_cpu"));
    p.requestNs = s.getDuration("gpu.request_ns");
    p.iirNs = s.getDuration("gpu.cost.iir_ns");
    p.forcewakeNs = s.getDuration("gpu.cost.forcewake_ns");
    p.csbEntryNs = s.getDuration("gpu.cost.csb_entry_ns");
    p.elspWriteNs = s.getDuration("gpu.cost.elsp_write_ns");
    p.dequeueNs = s.getDuration("gpu.cost.dequeue_ns");
    p.submitters = static_cast<int>(s.getInt("gpu.submitters"));
    p.execbufNs = s.getDuration("gpu.cost.execbuf_ns");
    p.execbufSleepPoints = static_cast<int>(s.getInt("gpu.execbuf_might_sleep"));
    p.userNs = s.getDuration("gpu.cost.user_ns");
    p.pinSubmitters = s.getBool("gpu.pin_submitters");
    p.maxInflight = static_cast<std::size_t>(s.getInt("gpu.max_inflight"));
    p.kthreadFifo = s.getString("gpu.kthread_policy") == "fifo";
    p.kthreadPriority = static_cast<int>(s.getInt("gpu.kthread_priority"));
    return p;
}

std::optional<ParamProblem> checkI915Params(const I915Params& p, int cpus) {
    return p.enabled ? checkCpuExists("gpu.irq_cpu", p.irqCpu, cpus) : std::nullopt;
}

} // namespace irqscope::devices
