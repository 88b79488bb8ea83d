// Scenario parameters of the drm model (see schema_params.cpp for the rest).
#include "schema_helpers.h"

namespace irqscope::detail {

void appendDrmParams(std::vector<ParamSpec>& v) {
    const std::string drm = "DRM scheduler";
    v.push_back(boolean("drm.enabled", false, drm, "A DRM scheduler feeding a GPU queue (panthor style)."));
    v.push_back(
        choice("drm.submit_wq", "normal", {"normal", "highpri", "rt"}, drm,
               "Workqueue running run_job: ordered unbound (nice 0), WQ_HIGHPRI (nice -20) or WQ_RT (SCHED_FIFO)."));
    v.push_back(
        duration("drm.cost.run_job_ns", 8 * kUsD, 0, 10 * kMsD, drm, "run_job: write the job to the GPU ring."));
    v.push_back(duration("drm.cost.ioctl_ns", 6 * kUsD, 0, 10 * kMsD, drm,
                         "Submit ioctl before drm_sched_entity_push_job (job setup, dependencies, fences)."));
    v.push_back(duration("drm.cost.ioctl_tail_ns", 4 * kUsD, 0, 10 * kMsD, drm,
                         "Submit ioctl after drm_sched_entity_push_job (signal syncobjs, drm_exec_fini, copy out) and "
                         "the return to user space."));
    v.push_back(duration("drm.cost.free_job_ns", 2 * kUsD, 0, 10 * kMsD, drm, "free_job work per finished job."));
    v.push_back(
        duration("drm.cost.job_irq_ns", 1500, 0, 1 * kMsD, drm, "GPU job IRQ handler: read/clear the job status."));
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

} // namespace irqscope::detail
