#include "core/run/Session.h"

#include <QFile>

namespace irqscope::app {

namespace {
Result<Scenario> scenarioOf(const nlohmann::json& j) {
    return Scenario::fromJsonText(j.dump(), "session");
}
} // namespace

nlohmann::json Session::metricsDigest(const Metrics& m) {
    nlohmann::json j = irqscope::toJson(m);
    j.erase("wall_time_s");
    return j;
}

Session Session::capture(const RunList& runs, const std::map<int, QString>& imports) {
    Session s;
    for (int i = 0; i < runs.size(); ++i) {
        const RunRecord& r = runs.at(i);
        SessionRun sr;
        sr.id = r.id;
        sr.name = r.name;
        sr.scenario = r.scenario;
        if (!r.scenario)
            if (auto it = imports.find(r.id); it != imports.end()) sr.capture = it->second;
        if (r.result) sr.metrics = metricsDigest(r.result->metrics);
        s.runs.push_back(std::move(sr));
    }
    return s;
}

nlohmann::json Session::toJson() const {
    nlohmann::json j;
    j["format"] = kFormat;
    auto& arr = j["runs"] = nlohmann::json::array();
    for (const SessionRun& r : runs) {
        nlohmann::json o;
        o["id"] = r.id;
        o["name"] = r.name.toStdString();
        if (r.scenario) o["scenario"] = r.scenario->document();
        else o["capture"] = r.capture.toStdString();
        o["metrics"] = r.metrics;
        arr.push_back(std::move(o));
    }
    j["current_run"] = currentRunId;
    if (compareA && compareB) j["compare"] = {compareA, compareB};
    if (twin)
        j["twin"] = {{"capture", twin->capture},
                     {"fitted", twin->fitted},
                     {"changed", twin->changed},
                     {"workload", twin->workload.toStdString()}};
    if (panel) j["panel"] = {{"scenario", panel->document()}, {"path", panelPath.toStdString()}};
    return j;
}

std::optional<Session> Session::fromJson(const nlohmann::json& j, QString* error) {
    auto fail = [error](const QString& m) {
        if (error) *error = m;
        return std::nullopt;
    };
    if (!j.is_object() || !j.contains("format") || !j["format"].is_string())
        return fail(tr("not an IRQ Scope session (no \"format\")"));
    const std::string fmt = j["format"].get<std::string>();
    if (fmt != kFormat)
        return fail(tr("session format %1 is not supported (this version reads %2)")
                        .arg(QString::fromStdString(fmt), QString::fromLatin1(kFormat)));
    Session s;
    try {
        for (const auto& o : j.at("runs")) {
            SessionRun r;
            r.id = o.at("id").get<int>();
            r.name = QString::fromStdString(o.value("name", std::string()));
            if (o.contains("scenario")) {
                auto sc = scenarioOf(o["scenario"]);
                if (!sc) return fail(tr("run %1: %2").arg(r.id).arg(QString::fromStdString(sc.error().toString())));
                r.scenario = *sc;
            } else {
                r.capture = QString::fromStdString(o.at("capture").get<std::string>());
            }
            r.metrics = o.value("metrics", nlohmann::json());
            s.runs.push_back(std::move(r));
        }
        s.currentRunId = j.value("current_run", 0);
        if (j.contains("compare") && j["compare"].is_array() && j["compare"].size() == 2) {
            s.compareA = j["compare"][0].get<int>();
            s.compareB = j["compare"][1].get<int>();
        }
        if (j.contains("twin") && j["twin"].is_object()) {
            const auto& t = j["twin"];
            s.twin = Twin{t.at("capture").get<int>(), t.at("fitted").get<int>(), t.value("changed", 0),
                          QString::fromStdString(t.value("workload", std::string()))};
        }
        if (j.contains("panel")) {
            auto sc = scenarioOf(j["panel"].at("scenario"));
            if (!sc) return fail(tr("panel: %1").arg(QString::fromStdString(sc.error().toString())));
            s.panel = *sc;
            s.panelPath = QString::fromStdString(j["panel"].value("path", std::string()));
        }
    } catch (const nlohmann::json::exception& e) {
        return fail(tr("malformed session: %1").arg(QString::fromUtf8(e.what())));
    }
    return s;
}

std::optional<Session> Session::readFile(const QString& path, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = f.errorString();
        return std::nullopt;
    }
    const nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (j.is_discarded()) {
        if (error) *error = tr("%1 is not JSON").arg(path);
        return std::nullopt;
    }
    return fromJson(j, error);
}

} // namespace irqscope::app
