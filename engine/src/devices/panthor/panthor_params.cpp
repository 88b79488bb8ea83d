// Scenario parameters of the panthor-like GPU (drm.cost.*, drm.gpu_job_ns) and
// its frame submitter (submitter.*), after the scheduler's own in the
// "DRM scheduler" group.
#include "devices/panthor/panthor.h"

namespace irqscope::devices {

void appendPanthorParams(std::vector<ParamSpec>& v) {
    const std::string drm = "DRM scheduler";
    v.push_back(
        duration("drm.cost.run_job_ns", 8 * kUsD, 0, 10 * kMsD, drm, "run_job: write the job to the GPU ring."));
    v.push_back(duration("drm.cost.ioctl_ns", 6 * kUsD, 0, 10 * kMsD, drm,
                         "Submit ioctl before drm_sched_entity_push_job (job setup, dependencies, fences)."));
    v.push_back(duration("drm.cost.ioctl_tail_ns", 4 * kUsD, 0, 10 * kMsD, drm,
                         "Submit ioctl after drm_sched_entity_push_job (signal syncobjs, drm_exec_fini, copy out) and "
                         "the return to user space."));
    v.push_back(duration("drm.cost.free_job_ns", 2 * kUsD, 0, 10 * kMsD, drm, "free_job work per finished job."));
    v.push_back(duration("drm.cost.job_irq_ns", 1500, 0, 1 * kMsD, drm,
                         "GPU job IRQ hardirq: read JOB_INT_STAT, mask the source at the GPU, wake the thread."));
    v.push_back(duration("drm.cost.job_irq_thread_ns", 2 * kUsD, 0, 1 * kMsD, drm,
                         "GPU job IRQ thread, per pass: read and clear JOB_INT_RAWSTAT, report the FW events."));
    v.push_back(duration("drm.cost.fw_events_ns", 8 * kUsD, 0, 10 * kMsD, drm,
                         "process_fw_events_work and group_sync_upd_work: CSG events, signal the finished jobs."));
    v.push_back(duration("drm.gpu_job_ns", 500 * kUsD, 1 * kUsD, 1 * kSD, drm, "GPU execution time of one job."));
    v.push_back(boolean("submitter.enabled", false, drm, "A task that submits a GPU job periodically."));
    v.push_back(choice("submitter.policy", "other", {"other", "fifo"}, drm, "Submitter scheduling policy."));
    v.push_back(integer("submitter.nice", 0, -20, 19, "", drm, "Submitter nice value (SCHED_OTHER)."));
    v.push_back(integer("submitter.priority", 1, 1, 99, "", drm, "Submitter SCHED_FIFO priority."));
    v.push_back(duration("submitter.period_ns", 2 * kMsD, 10 * kUsD, 1 * kSD, drm, "Time between submissions."));
    v.push_back(duration("submitter.work_ns", 150 * kUsD, 0, 1 * kSD, drm,
                         "User-space CPU work per frame (building the frame)."));
    v.push_back(
        choice("submitter.frame_work", "before-submit", {"before-submit", "after-submit"}, drm,
               "When the frame is built: before the submit, which is the last thing before sleeping (a compositor: "
               "composite, submit, wait for the next frame), or after it (submit, then build the next frame)."));
}

PanthorParams readPanthorParams(const Scenario& s) {
    PanthorParams p;
    p.runJobNs = s.getDuration("drm.cost.run_job_ns");
    p.ioctlNs = s.getDuration("drm.cost.ioctl_ns");
    p.ioctlTailNs = s.getDuration("drm.cost.ioctl_tail_ns");
    p.freeJobNs = s.getDuration("drm.cost.free_job_ns");
    p.jobIrqNs = s.getDuration("drm.cost.job_irq_ns");
    p.jobIrqThreadNs = s.getDuration("drm.cost.job_irq_thread_ns");
    p.fwEventsNs = s.getDuration("drm.cost.fw_events_ns");
    p.gpuJobNs = s.getDuration("drm.gpu_job_ns");
    FrameSubmitterParams& f = p.submitter;
    f.enabled = s.getBool("submitter.enabled");
    f.fifo = s.getString("submitter.policy") == "fifo";
    f.nice = static_cast<int>(s.getInt("submitter.nice"));
    f.priority = static_cast<int>(s.getInt("submitter.priority"));
    f.periodNs = s.getDuration("submitter.period_ns");
    f.workNs = s.getDuration("submitter.work_ns");
    f.buildFirst = s.getString("submitter.frame_work") == "before-submit";
    return p;
}

} // namespace irqscope::devices
