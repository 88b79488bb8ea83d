// What changed between two scenarios: effective values compared leaf by leaf
// ("net.rate_hz: 3000 → 6000").
#pragma once

#include "irqscope/scenario.h"

#include <QString>
#include <QStringList>

namespace irqscope::app {

struct ParamChange {
    QString path;
    QString before; // empty: not present
    QString after;
};

std::vector<ParamChange> diffScenarios(const Scenario& before, const Scenario& after);
// Flattens a JSON tree into "a.b.c" -> compact value text.
std::vector<std::pair<QString, QString>> flattenJson(const nlohmann::json& j);
QString describeChanges(const std::vector<ParamChange>& changes, int maxShown = 3);

} // namespace irqscope::app
