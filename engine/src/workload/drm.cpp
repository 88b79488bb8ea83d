// A DRM scheduler feeding a GPU queue, panthor style (seed c).
//
// A submitter task wakes every submitter.period_ns (an hrtimer, like a
// compositor's frame clock), builds a frame (submitter.work_ns of user-space
// CPU time) and submits it, then sleeps until the next frame; with
// submitter.frame_work=after-submit it submits first and builds after. The ioctl ends
// in drm_sched_entity_push_job(), which queues the scheduler's run_job work on
// sched->submit_wq (drm_sched_wqueue_enqueue -> queue_work). The default
// submit_wq is an ordered, unbound WQ_MEM_RECLAIM workqueue (max_active 1);
// drm.submit_wq selects its workers: nice 0, WQ_HIGHPRI (nice -20, still CFS)
// or WQ_RT (SCHED_FIFO, the seed proposal). drm_sched_run_job_work() pops one
// job, calls ops->run_job() (the driver writes the job to the GPU ring) and
// re-queues itself while jobs are left. The GPU runs the job and raises its
// job IRQ; the handler signals the fence (drm_sched_job_done) and queues the
// free_job work on the same ordered submit_wq.
//
// Latency series, as the seed defines submit latency ("between userspace
// submitting work and GPU actually being given that work"):
//   `submit`       — the submit ioctl is entered -> run_job has written the job
//                    to the ring;
//   `run_job_wait` — queue_work() in the ioctl -> the run_job work starts.
// Everything in between is the ioctl's own cost, the workqueue wake-up, the
// scheduler's placement of the worker (select_task_rq) and whether the worker
// may preempt what runs there (EEVDF eligibility, RUN_TO_PARITY, FIFO over
// CFS) — none of it is special-cased here. A worker woken next to the
// submitter waits at least for the rest of the ioctl; how much longer depends
// on what the submitter does next (submitter.frame_work).
#include "workload/install.h"

#include <deque>
#include <memory>

namespace irqscope::work {

using namespace kern;

namespace {
struct Drm {
    Workqueue* submitWq = nullptr;
    WorkItem* runJob = nullptr;
    WorkItem* freeJob = nullptr;
    hw::IrqLine* jobIrq = nullptr;
    struct Pushed {
        Time ioctlEntered;
        Time queued; // queue_work() of the run_job work
    };
    std::deque<Pushed> queued; // jobs pushed to the entity, oldest first
    std::deque<Time> onGpu;    // jobs the GPU is executing or has queued (FIFO)
    std::uint64_t done = 0;    // jobs whose fence signalled, not yet freed
    Time gpuBusyUntil = 0;
    Time gpuJobNs = 0;
    Machine* m = nullptr;
};

void onGpuJobDone(Drm& d) {
    d.m->irq().raise(*d.jobIrq);
}
} // namespace

void installDrm(Machine& m, const Scenario& s) {
    const bool drmOn = s.getBool("drm.enabled");
    const bool subOn = s.getBool("submitter.enabled");
    if (!drmOn && !subOn) return;
    auto drm = std::make_shared<Drm>();
    m.keepAlive(drm);
    Drm& d = *drm;
    d.m = &m;
    d.gpuJobNs = s.getDuration("drm.gpu_job_ns");
    const std::string kind = s.getString("drm.submit_wq");
    const Time runJobNs = s.getDuration("drm.cost.run_job_ns");
    const Time freeJobNs = s.getDuration("drm.cost.free_job_ns");
    const Time ioctlNs = s.getDuration("drm.cost.ioctl_ns");
    const Time ioctlTailNs = s.getDuration("drm.cost.ioctl_tail_ns");
    const Time irqNs = s.getDuration("drm.cost.job_irq_ns");

    // drm_sched_init(): no submit_wq given -> alloc_ordered_workqueue(name, WQ_MEM_RECLAIM).
    d.submitWq = &m.wq().alloc("drm-sched-submit", true, kind == "highpri", kind == "rt", 1);

    d.runJob = &m.wq().item("drm_sched_run_job_work", [drm, runJobNs](Kctx& c) -> Proc<void> {
        Drm& dd = *drm;
        Machine& mm = c.m();
        if (dd.queued.empty()) co_return;
        // drm_sched_select_entity() + spsc_queue_pop(): the job this work is for.
        const Drm::Pushed job = dd.queued.front();
        dd.queued.pop_front();
        mm.rec().latency["run_job_wait"].add(c.now() - job.queued);
        co_await c.work(runJobNs); // ops->run_job(): write the job to the ring, ring the doorbell
        mm.rec().latency["submit"].add(c.now() - job.ioctlEntered);
        ++mm.rec().counters["jobs"];
        const Time start = std::max(c.now(), dd.gpuBusyUntil);
        dd.gpuBusyUntil = start + dd.gpuJobNs;
        dd.onGpu.push_back(dd.gpuBusyUntil);
        mm.q().schedule<&onGpuJobDone>(dd.gpuBusyUntil, dd);
        // drm_sched_run_job_queue(): more jobs ready -> run again.
        if (!dd.queued.empty()) {
            co_await c.work(mm.cfg().cost.queueWork);
            mm.wq().queue(c.cpu(), *dd.submitWq, *dd.runJob);
        }
    });
    d.freeJob = &m.wq().item("drm_sched_free_job_work", [drm, freeJobNs](Kctx& c) -> Proc<void> {
        Drm& dd = *drm;
        while (dd.done > 0) {
            --dd.done;
            co_await c.work(freeJobNs); // ops->free_job(): put the job, drop its fences
        }
    });

    // The GPU's job interrupt: an SPI routed to CPU 0, as on a panthor board.
    d.jobIrq = &m.gic().addLine(hw::IntType::SPI, 92, 0, "panthor-job");
    m.irq().request(
        *d.jobIrq, "panthor-job",
        [drm, irqNs](Kctx& c) -> Proc<IrqReturn> {
            Drm& dd = *drm;
            Machine& mm = c.m();
            co_await c.work(irqNs); // read and clear JOB_INT_STAT
            bool any = false;
            while (!dd.onGpu.empty() && dd.onGpu.front() <= c.now()) {
                dd.onGpu.pop_front();
                ++dd.done; // drm_sched_job_done(): signal the finished fence
                any = true;
            }
            if (any) {
                co_await c.work(mm.cfg().cost.queueWork);
                mm.wq().queue(c.cpu(), *dd.submitWq, *dd.freeJob); // drm_sched_run_free_queue()
            }
            co_return IrqReturn::Handled;
        },
        {}, 0);

    if (!subOn) return;
    const bool fifo = s.getString("submitter.policy") == "fifo";
    const int prio = static_cast<int>(fifo ? s.getInt("submitter.priority") : s.getInt("submitter.nice"));
    const Time period = s.getDuration("submitter.period_ns");
    const Time workNs = s.getDuration("submitter.work_ns");
    const bool buildFirst = s.getString("submitter.frame_work") == "before-submit";
    const auto phase = static_cast<Time>(m.rng("submitter").uniform() * double(period));
    Task& t =
        m.sched().createTask("submitter", ContextKind::User, fifo ? Policy::Fifo : Policy::Normal, prio, m.allCpus(),
                             [drm, period, workNs, ioctlNs, ioctlTailNs, buildFirst, phase](Kctx& c) -> Proc<void> {
                                 Drm& dd = *drm;
                                 Machine& mm = c.m();
                                 Task* self = c.task();
                                 Time next = c.now() + phase;
                                 for (;;) {
                                     // clock_nanosleep(TIMER_ABSTIME) until the next frame
                                     bool fired = false;
                                     mm.timers().hrtimerStart(c.cpu().id, next, [&mm, self, &fired](Kctx& k, Time) {
                                         fired = true;
                                         mm.sched().wake(*self, k.cpu().id);
                                     });
                                     while (!fired) co_await c.block();
                                     if (buildFirst) co_await c.work(workNs, kUser); // build the frame
                                     // DRM_IOCTL_PANTHOR_GROUP_SUBMIT: job setup, dependencies, arm the fence
                                     const Time entered = c.now();
                                     co_await c.work(ioctlNs);
                                     // drm_sched_entity_push_job() -> drm_sched_wakeup() -> queue_work()
                                     dd.queued.push_back(Drm::Pushed{entered, c.now()});
                                     co_await c.work(mm.cfg().cost.queueWork);
                                     mm.wq().queue(c.cpu(), *dd.submitWq, *dd.runJob);
                                     co_await c.work(ioctlTailNs); // the rest of the ioctl, back to user space
                                     if (!buildFirst) co_await c.work(workNs, kUser); // build the next frame
                                     next += period;
                                     if (next <= c.now()) next = c.now() + period; // missed a frame: skip ahead
                                 }
                             });
    m.sched().wake(t, -1);
}

} // namespace irqscope::work
