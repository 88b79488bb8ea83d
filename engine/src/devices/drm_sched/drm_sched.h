// The DRM GPU scheduler's parameters (drm.submit_wq; the scheduler is there when its submitter is, submitter.enabled).
// The model is drm_sched_model.h; a GPU driver (panthor/) owns one.
#pragma once

#include "devices/device_params.h"

#include <vector>

namespace irqscope::devices {

struct DrmSchedParams {
    // The workers of the GPU queue's submit_wq: nice 0, WQ_HIGHPRI (nice -20) or WQ_RT (SCHED_FIFO).
    enum class SubmitWq { Normal, HighPri, Rt } submitWq = SubmitWq::Normal;
};

void appendDrmSchedParams(std::vector<ParamSpec>& v);
DrmSchedParams readDrmSchedParams(const Scenario& s);

} // namespace irqscope::devices
