// A panthor-like GPU fed by the DRM scheduler (seed c).
//
// The GPU runs one job at a time in submission order (drm.gpu_job_ns each)
// and raises its job IRQ, an SPI routed to CPU 0 as on a panthor board, when
// one finishes. The IRQ is threaded (PANTHOR_IRQ_HANDLER in panthor_device.h,
// devm_request_threaded_irq()): the hardirq reads JOB_INT_STAT, masks the
// source at the GPU (JOB_INT_MASK = 0) and wakes irq/92-panthor-job (FIFO 50,
// CPU 0); the thread reads JOB_INT_RAWSTAT until it is clear, clears it, runs
// panthor_job_irq_handler() -> panthor_sched_report_fw_events(), which queues
// process_fw_events_work on the scheduler's workqueue, and unmasks. That work
// processes the CSG events and signals the finished jobs' fences (the
// group_sync_upd_work hop is folded into it), which queues drm_sched's
// free_job. panthor_sched_init() allocates that workqueue, "panthor-csf-sched",
// WQ_MEM_RECLAIM | WQ_UNBOUND, max_active default: not ordered. It is also
// every queue's submit_wq (group_create_queue()); drm.submit_wq=highpri|rt
// gives the GPU queue a workqueue of its own with that flag, as the seed's
// series does ("drm/panthor: Create per queue priority workqueues").
// The driver's run_job() writes the job to the ring, free_job() drops it
// (drm_sched/drm_sched_model.h has the scheduler's side).
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
#include "devices/device_instance.h"
#include "devices/drm_sched/drm_sched_model.h"
#include "kernel/hrtimer_sleep.h"
#include "kernel/machine.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <optional>

namespace irqscope::devices {

using namespace kern;

namespace {

// Who waits on a job's finished fence (a user task's submit), in ring order.
struct Fence {
    Task* task = nullptr;
    bool* done = nullptr;
};

class Panthor final : public DrmSchedBackend, public DeviceInstance {
public:
    Panthor(Machine& m, const PanthorParams& p) : m_(m), p_(p) {}
    const PanthorParams& params() const { return p_; }

    // `name`: "" (the preset) or the part's name, which names the workqueues,
    // the job IRQ (then on the first free SPI) and the series.
    void install(const DrmSchedParams& schedParams, const std::string& name) {
        const std::string dev = name.empty() ? "panthor" : name;
        // panthor_sched_init(): alloc_workqueue("panthor-csf-sched", WQ_MEM_RECLAIM | WQ_UNBOUND, 0)
        schedWq_ = &m_.wq().alloc(dev + "-csf-sched", true, false, false, 0);
        Workqueue* submitWq = schedWq_;
        if (schedParams.submitWq != DrmSchedParams::SubmitWq::Normal)
            submitWq = &m_.wq().alloc(dev + "-queue", true, schedParams.submitWq == DrmSchedParams::SubmitWq::HighPri,
                                      schedParams.submitWq == DrmSchedParams::SubmitWq::Rt, 0);
        sched_.emplace(m_, *submitWq, *this, name.empty() ? "" : "/" + name);
        fwEvents_ = &m_.wq().item("process_fw_events_work", [this](Kctx& c) { return fwEventsWork(c); });
        jobIrq_ = &m_.gic().addLine(hw::IntType::SPI, name.empty() ? kJobIntid : freeIntid(m_, false), 0, dev + "-job");
        m_.irq().request(
            *jobIrq_, dev + "-job", [this](Kctx& c) { return jobIrqRaw(c); },
            [this](Kctx& c) { return jobIrqThread(c); }, 0);
    }

    // A user task's job (a placed GPU's {"submit": name}): the submit ioctl,
    // then dma_fence_wait() on the job's finished fence, which the fw events
    // work signals after the job IRQ.
    Proc<void> submit(Kctx& c) override {
        bool done = false;
        co_await submitIoctl(c, Fence{c.task(), &done});
        while (!done) co_await c.block();
    }

    // DRM_IOCTL_PANTHOR_GROUP_SUBMIT, entered now.
    Proc<void> submitIoctl(Kctx& c, Fence fence = {}) {
        const Time entered = c.now();
        co_await c.work(p_.ioctlNs); // job setup, dependencies, arm the fence
        fences_.push_back(fence);    // the job's place in the ring: jobs run and finish in order
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
    // A job finished: JOB_INT_RAWSTAT is set; the line rises unless JOB_INT_MASK is 0.
    void onJobDone() {
        rawStat_ = true;
        if (!intMasked_) m_.irq().raise(*jobIrq_);
    }

    // panthor_job_irq_raw_handler()
    Proc<IrqReturn> jobIrqRaw(Kctx& c) {
        co_await c.work(p_.jobIrqNs); // read JOB_INT_STAT, write JOB_INT_MASK = 0
        if (!rawStat_ || intMasked_) co_return IrqReturn::None;
        intMasked_ = true;
        co_return IrqReturn::WakeThread;
    }

    // panthor_job_irq_threaded_handler()
    Proc<void> jobIrqThread(Kctx& c) {
        while (rawStat_) {    // JOB_INT_RAWSTAT & mask
            rawStat_ = false; // JOB_INT_CLEAR
            co_await c.work(p_.jobIrqThreadNs);
            while (!onGpu_.empty() && onGpu_.front() <= c.now()) {
                onGpu_.pop_front();
                ++fwDone_;
            }
            // panthor_sched_report_fw_events() -> sched_queue_work(sched, fw_events)
            co_await c.work(c.m().cfg().cost.queueWork);
            m_.wq().queue(c.cpu(), *schedWq_, *fwEvents_);
        }
        intMasked_ = false; // JOB_INT_MASK = mask: an event that came meanwhile raises again
        if (rawStat_) m_.irq().raise(*jobIrq_);
    }

    // process_fw_events_work() and group_sync_upd_work(): signal the fences.
    Proc<void> fwEventsWork(Kctx& c) {
        co_await c.work(p_.fwEventsNs);
        const int finished = fwDone_;
        fwDone_ = 0;
        if (finished > 0) co_await sched_->jobsDone(c, finished);
        for (int i = 0; i < finished && !fences_.empty(); ++i) { // dma_fence_signal() wakes its waiter
            const Fence f = fences_.front();
            fences_.pop_front();
            if (!f.task) continue;
            *f.done = true;
            co_await c.wakeUpProcess(*f.task);
        }
    }

    Machine& m_;
    PanthorParams p_;
    std::optional<DrmSched> sched_;
    hw::IrqLine* jobIrq_ = nullptr;
    Workqueue* schedWq_ = nullptr; // "panthor-csf-sched"
    WorkItem* fwEvents_ = nullptr; // sched->fw_events_work
    bool rawStat_ = false;         // JOB_INT_RAWSTAT
    bool intMasked_ = false;       // JOB_INT_MASK == 0 (raw handler to thread end)
    int fwDone_ = 0;               // finished jobs reported, fences not yet signalled
    std::deque<Time> onGpu_;       // when each job the GPU holds finishes (FIFO)
    std::deque<Fence> fences_;     // the submitted jobs' fence waiters, oldest first
    Time gpuBusyUntil_ = 0;
};

Proc<void> frameSubmitter(Kctx& c, Panthor& gpu, const FrameSubmitterParams& p, Time phase) {
    Time next = c.now() + phase;
    for (;;) {
        // clock_nanosleep(TIMER_ABSTIME) until the next frame
        co_await hrtimerSleepUntil(c, c.cpu().id, next);
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
    gpu->install(sched, {});
    const auto phase = static_cast<Time>(m.rng("submitter").uniform() * double(sub.periodNs));
    Task& t = m.sched().createTask(
        "submitter", ContextKind::User, sub.fifo ? Policy::Fifo : Policy::Normal, sub.fifo ? sub.priority : sub.nice,
        m.allCpus(), [gpu, phase](Kctx& c) { return frameSubmitter(c, *gpu, gpu->params().submitter, phase); });
    m.sched().wake(t, -1);
}

std::shared_ptr<DeviceInstance> placePanthor(Machine& m, const PanthorParams& p, const DrmSchedParams& sched,
                                             const InstanceNaming& naming) {
    auto gpu = std::make_shared<Panthor>(m, p);
    m.keepAlive(gpu);
    gpu->install(sched, naming.name);
    // The frame submitter only when asked (submitter.enabled): a placed GPU's users are the scenario's tasks.
    const FrameSubmitterParams& sub = p.submitter;
    if (sub.enabled) {
        const auto phase = static_cast<Time>(m.rng(naming.name + "/submitter").uniform() * double(sub.periodNs));
        Task& t = m.sched().createTask(
            naming.name + "/submitter", ContextKind::User, sub.fifo ? Policy::Fifo : Policy::Normal,
            sub.fifo ? sub.priority : sub.nice, m.allCpus(),
            [gpu, phase](Kctx& c) { return frameSubmitter(c, *gpu, gpu->params().submitter, phase); });
        m.sched().wake(t, -1);
    }
    return gpu;
}

} // namespace irqscope::devices
