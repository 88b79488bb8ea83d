// run --rtapp-logs DIR: one rt-app log file per thread of the scenario's tasks.
#include "output.h"

#include "core/atomic_file.h"
#include "irqscope/rtapp_logs.h"

#include <QDir>
#include <QFileInfo>
#include <QString>

#include <cstdio>
#include <map>
#include <set>

namespace irqscope::cli {

namespace {

// The task part a thread comes from: its own entry, or the task whose
// "instance" copies are named "<task>-<n>".
const nlohmann::json* taskOf(const Scenario& s, const std::string& thread) {
    const auto it = s.parts().find("tasks");
    if (it == s.parts().end() || !it->is_array()) return nullptr;
    for (const auto& t : *it)
        if (t.value("name", "") == thread) return &t;
    const auto dash = thread.rfind('-');
    for (const auto& t : *it)
        if (dash != std::string::npos && t.value("name", "") == thread.substr(0, dash)) return &t;
    return nullptr;
}

// rt-app numbers its threads in the order it creates them: the tasks in
// order, each task's instances ("<task>-<n>") one after the other.
std::map<std::string, int> threadIndices(const Scenario& s) {
    std::map<std::string, int> out;
    const auto it = s.parts().find("tasks");
    if (it == s.parts().end() || !it->is_array()) return out;
    int ind = 0;
    for (const auto& t : *it) {
        const std::string name = t.value("name", "");
        if (const auto n = t.find("instance"); n != t.end() && n->is_number_integer())
            for (int k = 0; k < n->get<int>(); ++k) out[name + "-" + std::to_string(k)] = ind++;
        else out[name] = ind++;
    }
    return out;
}

} // namespace

std::optional<std::string> checkRtappLogDir(const std::string& dir) {
    QFileInfo info(QString::fromStdString(dir));
    if (info.exists() && !info.isDir()) return "--rtapp-logs " + dir + ": exists and is not a directory";
    return std::nullopt;
}

int writeRtappLogs(const RunResult& r, const Scenario& s, const std::string& dir) {
    if (!QDir().mkpath(QString::fromStdString(dir))) {
        std::fprintf(stderr, "irqscope-cli: %s: cannot create the directory for --rtapp-logs\n", dir.c_str());
        return 1;
    }
    const std::string base = rtappLogBasename(s);
    // rt-app opens a log for every thread, also one that logged no loop.
    std::set<std::string> threads;
    for (const auto& [thread, rows] : r.taskLogs) threads.insert(thread);
    if (auto it = s.parts().find("tasks"); it != s.parts().end() && it->is_array())
        for (const auto& t : *it)
            if (!t.contains("instance") && t.contains("name")) threads.insert(t["name"].get<std::string>());
    static const std::vector<TaskLogRow> none;
    const auto indices = threadIndices(s);
    int rc = 0;
    for (const auto& thread : threads) {
        const auto rows = r.taskLogs.find(thread);
        const std::string path = dir + "/" + rtappLogFileName(base, thread);
        QString err;
        const bool ok = app::writeStreamAtomically(
            QString::fromStdString(path),
            [&](std::ostream& out) {
                const auto ind = indices.find(thread);
                writeRtappLog(out, rows == r.taskLogs.end() ? none : rows->second, taskOf(s, thread),
                              ind == indices.end() ? -1 : ind->second);
            },
            &err);
        if (!ok) {
            std::fprintf(stderr, "irqscope-cli: %s: cannot write rt-app log: %s\n", path.c_str(),
                         err.toStdString().c_str());
            rc = 1;
        }
    }
    return rc;
}

} // namespace irqscope::cli
