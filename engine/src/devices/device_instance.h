// A built-in device model placed as a named part of a scenario (the "devices"
// list, parts/device_parts.h): what a user task's {"submit": "<name>"} event
// reaches. The preset form (nvme.enabled, gpu.enabled, ...) installs the same
// models without a name and is unchanged.
#pragma once

#include "kernel/proc.h"

#include <string>

namespace irqscope::kern {
class Kctx;
class Machine;
} // namespace irqscope::kern

namespace irqscope::devices {

// How a placed instance names what it adds to the machine, so two instances
// of one model coexist: its lines, tasks and series carry its name, and its
// interrupt lines take free INTIDs.
struct InstanceNaming {
    std::string name; // the part's name ("ssd0"); empty: the preset form
};

class DeviceInstance {
public:
    virtual ~DeviceInstance() = default;
    // One request from the calling task, in its context: the submission's CPU
    // work, then the task sleeps until the device's completion interrupt,
    // through the device's own IRQ path, wakes it.
    virtual kern::Proc<void> submit(kern::Kctx& c) = 0;
};

// The lowest INTID of that type no line of the machine uses yet (SPIs from
// 96, after the built-in devices' fixed lines; LPIs from 8192).
int freeIntid(const kern::Machine& m, bool lpi);

} // namespace irqscope::devices
