#include "devices/drm_sched/drm_sched_model.h"

#include <algorithm>

namespace irqscope::devices {

using namespace kern;

DrmSched::DrmSched(Machine& m, Workqueue& submitWq, DrmSchedBackend& backend, const std::string& suffix)
    : backend_(backend), submitWq_(&submitWq), runJobWait_(m.rec(), "run_job_wait" + suffix),
      submit_(m.rec(), "submit" + suffix), jobs_(m.rec(), "jobs" + suffix) {
    runJob_ = &m.wq().item("drm_sched_run_job_work", [this](Kctx& c) { return runJobWork(c); });
    freeJob_ = &m.wq().item("drm_sched_free_job_work", [this](Kctx& c) { return freeJobWork(c); });
}

Proc<void> DrmSched::pushJob(Kctx& c, Time ioctlEntered) {
    queued_.push_back(Pushed{ioctlEntered, c.now()});
    co_await c.work(c.m().cfg().cost.queueWork);
    c.m().wq().queue(c.cpu(), *submitWq_, *runJob_);
}

Proc<void> DrmSched::jobsDone(Kctx& c, int finished) {
    done_ += static_cast<std::uint64_t>(finished); // drm_sched_job_done(): signal the finished fences
    co_await c.work(c.m().cfg().cost.queueWork);
    c.m().wq().queue(c.cpu(), *submitWq_, *freeJob_); // drm_sched_run_free_queue()
}

// drm_sched_run_job_work()
Proc<void> DrmSched::runJobWork(Kctx& c) {
    if (queued_.empty()) co_return;
    // drm_sched_select_entity() + spsc_queue_pop(): the job this work is for.
    const Pushed job = queued_.front();
    queued_.pop_front();
    runJobWait_.add(c.now() - job.queued);
    co_await backend_.runJob(c); // ops->run_job()
    submit_.add(c.now() - job.ioctlEntered);
    ++jobs_;
    // drm_sched_run_job_queue(): more jobs ready -> run again.
    if (!queued_.empty()) {
        co_await c.work(c.m().cfg().cost.queueWork);
        c.m().wq().queue(c.cpu(), *submitWq_, *runJob_);
    }
}

// drm_sched_free_job_work()
Proc<void> DrmSched::freeJobWork(Kctx& c) {
    while (done_ > 0) {
        --done_;
        co_await backend_.freeJob(c); // ops->free_job()
    }
}

} // namespace irqscope::devices
