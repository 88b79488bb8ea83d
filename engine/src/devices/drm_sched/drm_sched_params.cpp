// Scenario parameters of the DRM scheduler: the first of the "DRM scheduler"
// group; the GPU driver's own follow (panthor/panthor_params.cpp).
#include "devices/drm_sched/drm_sched.h"

namespace irqscope::devices {

void appendDrmSchedParams(std::vector<ParamSpec>& v) {
    const std::string drm = "DRM scheduler";
    v.push_back(
        choice("drm.submit_wq", "normal", {"normal", "highpri", "rt"}, drm,
               "The GPU queue's submit workqueue (unbound, not ordered): panthor's shared one (nice 0), or its own "
               "WQ_HIGHPRI (nice -20) or WQ_RT (SCHED_FIFO) queue, as in the seed's series."));
}

DrmSchedParams readDrmSchedParams(const Scenario& s) {
    DrmSchedParams p;
    const std::string kind = s.getString("drm.submit_wq");
    p.submitWq = kind == "highpri" ? DrmSchedParams::SubmitWq::HighPri
                 : kind == "rt"    ? DrmSchedParams::SubmitWq::Rt
                                   : DrmSchedParams::SubmitWq::Normal;
    return p;
}

} // namespace irqscope::devices
