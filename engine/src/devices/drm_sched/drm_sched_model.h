// The DRM GPU scheduler (drivers/gpu/drm/scheduler/sched_main.c) with one
// entity. drm_sched_entity_push_job() queues the run_job work on
// sched->submit_wq; drm_sched_run_job_work() pops one job, calls the driver's
// run_job() and re-queues itself while jobs are left. When the driver signals
// finished fences (drm_sched_job_done), the free_job work on the same ordered
// workqueue calls the driver's free_job() for each.
//
// The driver passes its submit_wq to drm_sched_init() (without one drm_sched
// allocates an ordered WQ_MEM_RECLAIM queue of its own); run_job and free_job
// are two work items on it, so on a non-ordered queue they run concurrently.
//
// Series, as the seed defines submit latency ("between userspace submitting
// work and GPU actually being given that work"):
//   `submit`       — the submit ioctl is entered -> run_job has written the job
//                    to the ring;
//   `run_job_wait` — queue_work() in push_job -> the run_job work starts;
// counter `jobs`.
#pragma once

#include "devices/drm_sched/drm_sched.h"
#include "devices/metric_ref.h"
#include "kernel/machine.h"

#include <deque>

namespace irqscope::devices {

// struct drm_sched_backend_ops: what the driver does for the scheduler.
class DrmSchedBackend {
public:
    virtual kern::Proc<void> runJob(kern::Kctx& c) = 0;  // write the job to the hardware ring
    virtual kern::Proc<void> freeJob(kern::Kctx& c) = 0; // put the job, drop its fences
protected:
    ~DrmSchedBackend() = default;
};

class DrmSched {
public:
    // `suffix`: appended to the series' names ("/<part>" for a placed GPU).
    DrmSched(kern::Machine& m, kern::Workqueue& submitWq, DrmSchedBackend& backend, const std::string& suffix = {});
    // drm_sched_entity_push_job() -> drm_sched_wakeup() -> queue_work(), from
    // a submit ioctl entered at `ioctlEntered`.
    kern::Proc<void> pushJob(kern::Kctx& c, Time ioctlEntered);
    // drm_sched_job_done() for `finished` jobs (> 0), then
    // drm_sched_run_free_queue(): from the driver's job interrupt.
    kern::Proc<void> jobsDone(kern::Kctx& c, int finished);

private:
    kern::Proc<void> runJobWork(kern::Kctx& c);
    kern::Proc<void> freeJobWork(kern::Kctx& c);

    struct Pushed {
        Time ioctlEntered;
        Time queued; // queue_work() of the run_job work
    };
    DrmSchedBackend& backend_;
    kern::Workqueue* submitWq_ = nullptr;
    kern::WorkItem* runJob_ = nullptr;
    kern::WorkItem* freeJob_ = nullptr;
    std::deque<Pushed> queued_; // jobs pushed to the entity, oldest first
    std::uint64_t done_ = 0;    // jobs whose fence signalled, not yet freed
    LatencyRef runJobWait_, submit_;
    CounterRef jobs_;
};

} // namespace irqscope::devices
