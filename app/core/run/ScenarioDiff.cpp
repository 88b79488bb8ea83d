#include "core/run/ScenarioDiff.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

namespace irqscope::app {

namespace {
void flatten(const nlohmann::json& j, const std::string& prefix, std::vector<std::pair<QString, QString>>& out) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
        return;
    }
    // a part list: each part under its name ("sources[mydev].handler.cost")
    if (j.is_array() && !j.empty() && std::all_of(j.begin(), j.end(), [](const nlohmann::json& p) {
            return p.is_object() && p.contains("name") && p["name"].is_string();
        })) {
        for (const auto& p : j) flatten(p, prefix + "[" + p["name"].get<std::string>() + "]", out);
        return;
    }
    out.emplace_back(QString::fromStdString(prefix),
                     QString::fromStdString(j.is_string() ? j.get<std::string>() : j.dump()));
}
} // namespace

std::vector<std::pair<QString, QString>> flattenJson(const nlohmann::json& j) {
    std::vector<std::pair<QString, QString>> out;
    flatten(j, std::string(), out);
    return out;
}

std::vector<ParamChange> diffScenarios(const Scenario& before, const Scenario& after) {
    std::map<QString, QString> a, b;
    for (auto& [k, v] : flattenJson(before.effective())) a[k] = v;
    for (auto& [k, v] : flattenJson(after.effective())) b[k] = v;
    std::vector<ParamChange> out;
    for (const auto& [k, v] : b) {
        if (k == QLatin1String("name") || k == QLatin1String("title") || k == QLatin1String("description") ||
            k == QLatin1String("schema"))
            continue;
        auto it = a.find(k);
        if (it == a.end()) out.push_back({k, QString(), v});
        else if (it->second != v) out.push_back({k, it->second, v});
    }
    for (const auto& [k, v] : a)
        if (!b.count(k)) out.push_back({k, v, QString()});
    return out;
}

QString describeChanges(const std::vector<ParamChange>& changes, int maxShown) {
    if (changes.empty()) return QCoreApplication::translate("ScenarioDiff", "no change");
    QStringList parts;
    for (int i = 0; i < std::min<int>(maxShown, int(changes.size())); ++i) {
        const ParamChange& c = changes[std::size_t(i)];
        parts << QCoreApplication::translate("ScenarioDiff", "%1: %2 → %3").arg(c.path, c.before, c.after);
    }
    if (int(changes.size()) > maxShown)
        parts << QCoreApplication::translate("ScenarioDiff", "+%n more", nullptr, int(changes.size()) - maxShown);
    return parts.join(QStringLiteral("; "));
}

} // namespace irqscope::app
