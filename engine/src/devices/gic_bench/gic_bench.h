// The GIC raise/wait interrupt benchmark (Valentin Schneider's, from the
// "irqchip/irq-gic: Optimize masking by leveraging EOImode=1" thread): a
// thread sets an SPI pending and waits for its force-threaded handler.
#pragma once

#include "devices/device_instance.h"
#include "devices/device_params.h"

#include <memory>
#include <vector>

namespace irqscope::devices {

// The SPI the tree's benchmark line (bench.enabled) is wired to; a placed one takes the next free SPI.
inline constexpr int kBenchIntid = 34;

struct GicBenchParams {
    bool enabled = false;
    int cpu = 1; // the bench thread, the IRQ and its thread
    Time handlerNs = 0;
};

void appendGicBenchParams(std::vector<ParamSpec>& v);
GicBenchParams readGicBenchParams(const Scenario& s);
std::optional<ParamProblem> checkGicBenchParams(const GicBenchParams& p, int cpus);

void installGicBench(kern::Machine& m, const GicBenchParams& p);

// The benchmark's line placed as the part `naming.name` (p.enabled is not
// read): an SPI (the first free INTID from 96) named after the part, routed to
// p.cpu, whose handler complete()s; no bench thread: a task's submit is the
// bench loop's raise and wait_for_completion(). Series bench_cycle/<name>,
// counter irqs/<name>.
std::shared_ptr<DeviceInstance> placeGicBench(kern::Machine& m, const GicBenchParams& p, const InstanceNaming& naming);

} // namespace irqscope::devices
