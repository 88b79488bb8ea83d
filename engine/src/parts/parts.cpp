#include "parts/parts.h"

#include "devices/nic/napi.h"
#include "kernel/machine.h"

#include <memory>

namespace irqscope::parts {

using nlohmann::json;

namespace {

const json& listOf(const json& lists, const char* key) {
    static const json empty = json::array();
    auto it = lists.find(key);
    return it == lists.end() ? empty : *it;
}

} // namespace

Result<Parts> readParts(const json& lists, const std::string& source, int cpus) {
    Parts p;
    if (lists.is_null() || lists.empty()) return p;
    auto names = PartNames::collect(lists, source);
    if (!names) return names.error();
    auto devs = readDeviceParts(listOf(lists, "devices"), *names, source, cpus);
    if (!devs) return devs.error();
    p.devices = std::move(*devs);
    auto wqs = readWorkqueueParts(listOf(lists, "workqueues"), *names, source, cpus);
    if (!wqs) return wqs.error();
    p.workqueues = std::move(*wqs);
    auto resources = readResourceParts(listOf(lists, "resources"), *names, source, cpus);
    if (!resources) return resources.error();
    p.resources = std::move(*resources);
    auto tasks = readTaskParts(listOf(lists, "tasks"), *names, p.resources, source, cpus);
    if (!tasks) return tasks.error();
    p.tasks = std::move(*tasks);
    auto sources = readSourceParts(listOf(lists, "sources"), *names, source, cpus);
    if (!sources) return sources.error();
    p.sources = std::move(*sources);
    // Placed i915, panthor and gic_bench devices are installed first and each
    // takes the next free SPI from 96: a source's own intid may not be one of them.
    std::vector<const DevicePart*> spiDevices;
    for (const DevicePart& d : p.devices)
        if (d.model != DevicePart::Model::Nvme) spiDevices.push_back(&d);
    for (const SourcePart& s : p.sources)
        if (s.intid >= 96 && s.intid < 96 + static_cast<int>(spiDevices.size())) {
            const DevicePart& d = *spiDevices[static_cast<std::size_t>(s.intid - 96)];
            return Error{source, s.path + ".intid",
                         "INTID " + std::to_string(s.intid) + " is the line of " + d.path + " ('" + d.name +
                             "'): placed devices take the next free SPIs from 96, in the order written"};
        }
    auto probes = readProbeParts(listOf(lists, "probes"), *names, p.sources, p.tasks, source, cpus);
    if (!probes) return probes.error();
    p.probes = std::move(*probes);
    return p;
}

void installParts(kern::Machine& m, const Parts& parts, std::map<std::string, std::vector<TaskLogRow>>* taskLogs) {
    if (parts.empty()) return;
    auto rt = std::make_shared<PartsRuntime>();
    rt->taskLogs = taskLogs;
    m.keepAlive(rt);
    // NET_RX's action is the machine's one NetRx (the built-in card's, if it
    // has one), found before a softirq step wraps the vector's action.
    for (const SourcePart& s : parts.sources)
        if (!s.then.empty() && s.then.back().kind == Step::Kind::Napi)
            rt->netRx = &devices::NetRx::of(m, {parts.netdevBudget, parts.netdevBudgetNs});
    installDeviceParts(m, parts.devices, *rt);
    installWorkqueueParts(m, parts.workqueues, *rt);
    installResourceParts(m, parts.resources, *rt);
    installTaskParts(m, parts.tasks, *rt);
    installSourceParts(m, parts.sources, *rt);
    installProbeParts(m, parts.probes, *rt);
}

} // namespace irqscope::parts
