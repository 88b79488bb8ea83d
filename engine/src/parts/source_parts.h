// "sources": interrupt sources — an arrival process, the line they signal
// (SPI / MSI / LPI) and its affinity, the handler's cost, and what the handler
// does next ("then": raise a softirq, schedule a tasklet, wake its IRQ thread,
// queue work, wake a task, complete a completion), chained as deep as written.
//
// A source is a device: at each arrival it raises its line (GenIrq::raise(),
// as the built-in devices do); edges that arrive while the line is still
// pending merge into one interrupt, as on the GIC. Its handler is requested
// with request_threaded_irq(): the primary handler does the handler's cost and
// the steps of "then", and returns IRQ_WAKE_THREAD when "then" ends with a
// thread step, whose cost and chain run in the IRQ thread irq/N-name.
#pragma once

#include "irqscope/result.h"
#include "parts/chain.h"
#include "parts/distribution.h"
#include "parts/part_names.h"
#include "parts/registry.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace irqscope::kern {
class Machine;
}

namespace irqscope::parts {

struct Arrival {
    enum class Kind : std::uint8_t { Periodic, Poisson, Bursts, Replay, OnSubmit, Gaps, Shuffle } kind = Kind::Periodic;
    Time period = 0;         // periodic: the period; bursts: "every"
    Time start = 0;          // periodic, bursts: the first arrival
    double rateHz = 0;       // poisson
    int count = 1;           // bursts: arrivals per burst
    Time gap = 0;            // bursts: between the arrivals of a burst
    std::vector<Time> times; // replay: the arrival times, non-decreasing; shuffle: the deck of gaps
    Distribution latency;    // on_submit: from the task's submit to the interrupt; gaps: the gap between arrivals
};

struct SourcePart {
    enum class Line : std::uint8_t { Spi, Msi, Lpi } line = Line::Spi;
    std::string name;
    std::vector<int> cpus; // the line's affinity (empty: all CPUs)
    int intid = 0;         // spi: the SPI the device is wired to (0: the next free one from 96)
    std::string stream;    // the arrivals' random stream (empty: "source/<name>/arrival")
    Arrival arrival;
    std::optional<Distribution> handler; // absent: no primary handler (irq_default_primary_handler)
    std::vector<Step> then;
    std::string path; // "sources[0]"
};

Result<std::vector<SourcePart>> readSourceParts(const nlohmann::json& list, const PartNames& names,
                                                const std::string& source, int cpus);
void installSourceParts(kern::Machine& m, const std::vector<SourcePart>& parts, PartsRuntime& rt);

// An installed source, found by name in PartsRuntime (source_runtime.cpp).
class UserSource {
public:
    virtual ~UserSource() = default;
    // A task submitted work (the {"submit": name} event): the interrupt comes
    // back after the source's on_submit latency (at once for a source with its
    // own arrival process).
    virtual void submit() = 0;
    // Probes: interrupt raised -> its IRQ thread starts the thread step.
    virtual void probeIrqToThread(const std::string& series) = 0;
    virtual const SourcePart& part() const = 0;
};

} // namespace irqscope::parts
