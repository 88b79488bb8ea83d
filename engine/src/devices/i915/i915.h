// An i915-style GPU driven through execlists: engines with 2-port ELSPs and
// context-status buffers behind one shared GT interrupt, the driver's bottom
// half in hardirq, a HI tasklet or a kthread, and gem_exec_nop-style
// submitters.
#pragma once

#include "devices/device_instance.h"
#include "devices/device_params.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace irqscope::devices {

// The SPI the tree's GPU (gpu.enabled) is wired to; a placed one takes the next free SPI.
inline constexpr int kGpuIntid = 63;

struct I915Params {
    bool enabled = false;
    int engines = 5;
    enum class BottomHalf { Hardirq, Tasklet, Kthread } bottomHalf = BottomHalf::Hardirq;
    int irqCpu = 0;
    Time requestNs = 0; // GPU time of one (nop) request
    Time iirNs = 0, forcewakeNs = 0, csbEntryNs = 0, elspWriteNs = 0, dequeueNs = 0;
    int submitters = 2;
    Time execbufNs = 0;
    int execbufSleepPoints = 0; // might_sleep() points in the execbuf ioctl
    Time userNs = 0;
    bool pinSubmitters = true;
    std::size_t maxInflight = 64;
    bool kthreadFifo = true;
    int kthreadPriority = 1;
};

void appendI915Params(std::vector<ParamSpec>& v);
I915Params readI915Params(const Scenario& s);
std::optional<ParamProblem> checkI915Params(const I915Params& p, int cpus);

void installI915(kern::Machine& m, const I915Params& p);

// One GPU placed as the part `naming.name` (p.enabled is not read): its GT
// interrupt on the first free SPI, named after the part, as are its tasklet,
// kthread, submitters ("<name>/gem_exec_nop/i") and counters
// ("gpu_requests/<name>"). Tasks submit requests to it (DeviceInstance::submit).
std::shared_ptr<DeviceInstance> placeI915(kern::Machine& m, const I915Params& p, const InstanceNaming& naming);

} // namespace irqscope::devices
