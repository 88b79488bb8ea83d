// A scenario read once into the typed parts a run installs: the cross-field
// rules checked, the device parameters and the parts lists read. Validation
// (Scenario::validate) and a run (irqscope::run) both go through here, so a
// run reads its scenario once.
#pragma once

#include "devices/devices.h"
#include "irqscope/result.h"
#include "irqscope/scenario.h"
#include "parts/parts.h"

namespace irqscope {

struct CheckedScenario {
    devices::DeviceParams devices;
    parts::Parts parts;
};

Result<CheckedScenario> checkScenario(const Scenario& s);

} // namespace irqscope
