// A panthor-like GPU fed by the DRM scheduler (seed c).
//
// The GPU runs one job at a time in submission order (drm.gpu_job_ns each)
// and raises its job IRQ, an SPI routed to CPU 0 as on a panthor board, when
// one finishes; the handler reads JOB_INT_STAT and tells the scheduler which
// jobs are done. The driver's run_job() writes the job to the ring, free_job()
// drops it (drm_sched/drm_sched_model.h has the scheduler's side).
//
// A submitter task wakes every submitter.period_ns (an hrtimer, like a
// compositor's frame clock), builds a frame (submitter.work_ns of user-space
// CPU time) and submits it, then sleeps until the next frame; with
// submitter.frame_work=after-submit it submits first and builds after. The
// ioctl ends in drm_sched_entity_push_job(), which queues the scheduler's
// run_job work. Everything between the ioctl and run_job is the ioctl's own
// cost, the workqueue wake-up, the scheduler's placement of the worker
// (select_task_rq) and whether the worker may preempt what runs there (EEVDF
// eligibility, RUN_TO_PARITY, FIFO over CFS) — none of it is special-cased
// here. A worker woken next to the submitter waits at least for the rest of
// the ioctl; how much longer depends on what the submitter does next
// (submitter.frame_work).
#include "devices/panthor/panthor.h"
#include "devices/drm_sched/drm_sched_model.h"
#include "kernel/machine.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <optional>

namespace irqscope::devices {

using namespace kern;

namespace {

constexpr int kJobIntid = 92;

class Panthor final : public DrmSchedBackend {
public:
    Panthor(Machine& m, const PanthorParams& p) : m_(m), p_(p) {}
    const PanthorParams& params() const { return p_; }

    void install(const DrmSchedParams& schedParams) {
        sched_.emplace(m_, schedParams, *this);
        jobIrq_ = &m_.gic().addLine(hw::IntType::SPI, kJobIntid, 0, "panthor-job");
        m_.irq().request(
            *jobIrq_, "panthor-job", [this](Kctx& c) { return jobIrq(c); }, {}, 0);
    }

    // DRM_IOCTL_PANTHOR_GROUP_SUBMIT, entered now.
    Proc<void> submitIoctl(Kctx& c) {
        const Time entered = c.now();
        co_await c.work(p_.ioctlNs); // job setup, dependencies, arm the fence
        co_await sched_->pushJob(c, entered);
        co_await c.work(p_.ioctlTailNs); // the rest of the ioctl, back to user space
    }

    Proc<void> runJob(Kctx& c) override {
        co_await c.work(p_.runJobNs); // write the job to the ring, ring the doorbell
        const Time start = std::max(c.now(), gpuBusyUntil_);
        gpuBusyUntil_ = start + p_.gpuJobNs;
        onGpu_.push_back(gpuBusyUntil_);
        m_.q().schedule<&Panthor::onJobDone>(gpuBusyUntil_, *this);
    }

    Proc<void> freeJob(Kctx& c) override { co_await c.work(p_.freeJobNs); }

private:
    void onJobDone() { m_.irq().raise(*jobIrq_); }

    Proc<IrqReturn> jobIrq(Kctx& c) {
        co_await c.work(p_.jobIrqNs); // read and clear JOB_INT_STAT
        int finished = 0;
        while (!onGpu_.empty() && onGpu_.front() <= c.now()) {
            onGpu_.pop_front();
            ++finished;
        }
        if (finished > 0) co_await sched_->jobsDone(c, finished);
        co_return IrqReturn::Handled;
    }

    Machine& m_;
    PanthorParams p_;
    std::optional<DrmSched> sched_;
    hw::IrqLine* jobIrq_ = nullptr;
    std::deque<Time> onGpu_; // when each job the GPU holds finishes (FIFO)
    Time gpuBusyUntil_ = 0;
};

Proc<void> frameSubmitter(Kctx& c, Panthor& gpu, const FrameSubmitterParams& p, Time phase) {
    Machine& m = c.m();
    Task* self = c.task();
    Time next = c.now() + phase;
    for (;;) {
        // clock_nanosleep(TIMER_ABSTIME) until the next frame
        bool fired = false;
        m.timers().hrtimerStart(c.cpu().id, next, [&m, self, &fired](Kctx& k, Time) {
            fired = true;
            m.sched().wake(*self, k.cpu().id);
        });
        while (!fired) co_await c.block();
        if (p.buildFirst) co_await c.work(p.workNs, kUser); // build the frame
        co_await gpu.submitIoctl(c);
        if (!p.buildFirst) co_await c.work(p.workNs, kUser); // build the next frame
        next += p.periodNs;
        if (next <= c.now()) next = c.now() + p.periodNs; // missed a frame: skip ahead
    }
}

} // namespace

void installPanthor(Machine& m, const PanthorParams& p, const DrmSchedParams& sched) {
    const FrameSubmitterParams& sub = p.submitter;
    // The GPU and its DRM scheduler exist for the submitter: idle, they would do nothing.
    if (!sub.enabled) return;
    auto gpu = std::make_shared<Panthor>(m, p);
    m.keepAlive(gpu);
    gpu->install(sched);
    const auto phase = static_cast<Time>(m.rng("submitter").uniform() * double(sub.periodNs));
    Task& t = m.sched().createTask(
        "submitter", ContextKind::User, sub.fifo ? Policy::Fifo : Policy::Normal, sub.fifo ? sub.priority : sub.nice,
        m.allCpus(), [gpu, phase](Kctx& c) { return frameSubmitter(c, *gpu, gpu->params().submitter, phase); });
    m.sched().wake(t, -1);
}

} // namespace irqscope::devices
