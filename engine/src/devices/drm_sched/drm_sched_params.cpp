// Scenario parameters of the DRM scheduler: the first of the "DRM scheduler"
// group; the GPU driver's own follow (panthor/panthor_params.cpp).
#include "devices/drm_sched/drm_sched.h"

namespace irqscope::devices {

void appendDrmSchedParams(std::vector<ParamSpec>& v) {
    const std::string drm = "DRM scheduler";
    v.push_back(
        choice("drm.submit_wq", "normal", {"normal", "highpri", "rt"}, drm,
               "Workqueue running run_job: ordered unbound (nice 0), WQ_HIGHPRI (nice -20) or WQ_RT (SCHED_FIFO)."));
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
