// A panthor-like GPU (Arm Mali CSF) fed by the DRM scheduler, and a
// compositor-like task that submits a frame to it periodically.
#pragma once

#include "devices/device_instance.h"
#include "devices/device_params.h"
#include "devices/drm_sched/drm_sched.h"

#include <memory>
#include <vector>

namespace irqscope::devices {

// The SPI the tree's GPU job IRQ (submitter.enabled) is wired to; a placed one takes the next free SPI.
inline constexpr int kJobIntid = 92;

struct FrameSubmitterParams {
    bool enabled = false;
    bool fifo = false;
    int nice = 0;
    int priority = 1; // SCHED_FIFO priority when fifo
    Time periodNs = 0;
    Time workNs = 0;        // user-space CPU time per frame
    bool buildFirst = true; // submitter.frame_work=before-submit
};

struct PanthorParams {
    Time runJobNs = 0;       // ops->run_job(): write the job to the ring
    Time ioctlNs = 0;        // submit ioctl before drm_sched_entity_push_job()
    Time ioctlTailNs = 0;    // ... and after it, back to user space
    Time freeJobNs = 0;      // ops->free_job() per finished job
    Time jobIrqNs = 0;       // job IRQ hardirq: read JOB_INT_STAT, mask
    Time jobIrqThreadNs = 0; // job IRQ thread, per RAWSTAT pass
    Time fwEventsNs = 0;     // process_fw_events_work + group_sync_upd_work
    Time gpuJobNs = 0;       // GPU execution time of one job
    FrameSubmitterParams submitter;
};

void appendPanthorParams(std::vector<ParamSpec>& v);
PanthorParams readPanthorParams(const Scenario& s);

// The GPU, its DRM scheduler and the frame submitter, when submitter.enabled.
void installPanthor(kern::Machine& m, const PanthorParams& p, const DrmSchedParams& sched);

// One GPU and its DRM scheduler placed as the part `naming.name`: workqueues
// "<name>-csf-sched" (and "<name>-queue"), job IRQ "<name>-job" on the first
// free SPI, series submit/<name>, run_job_wait/<name>, counter jobs/<name>;
// the frame submitter "<name>/submitter" only with submitter.enabled. Tasks
// submit jobs to it (DeviceInstance::submit).
std::shared_ptr<DeviceInstance> placePanthor(kern::Machine& m, const PanthorParams& p, const DrmSchedParams& sched,
                                             const InstanceNaming& naming);

} // namespace irqscope::devices
