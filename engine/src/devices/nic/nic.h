// The introductory device: a NAPI network card whose interrupt schedules its
// napi (NET_RX), whose poll hands packets to a receiving task, which now and
// then queues a statistics work item on the system workqueue.
#pragma once

#include "devices/device_params.h"

#include <cstddef>
#include <vector>

namespace irqscope::devices {

// The SPI the tree's card (net.enabled) is wired to.
inline constexpr int kNicIntid = 40;

struct NicParams {
    bool enabled = false;
    double rateHz = 0; // mean packet arrival rate (Poisson)
    int cpu = 0;       // where the card's interrupt is routed
    Time handlerNs = 0;
    Time packetNs = 0;
    bool napi = true;         // mask the RX interrupt while the napi is scheduled
    int napiWeight = 64;      // NAPI_POLL_WEIGHT
    std::size_t ringSize = 1; // RX descriptors
    std::int64_t netdevBudget = 300;
    Time netdevBudgetNs = 0;
    Time appNs = 0;
    std::int64_t statsEvery = 1;
    Time statsNs = 0;
};

void appendNicParams(std::vector<ParamSpec>& v);
NicParams readNicParams(const Scenario& s);
std::optional<ParamProblem> checkNicParams(const NicParams& p, int cpus);

void installNic(kern::Machine& m, const NicParams& p);

} // namespace irqscope::devices
