#include "irqscope/rtapp_logs.h"

#include "parts/rtapp_import.h"

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace irqscope {

std::string rtappLogBasename(const Scenario& s) {
    std::ifstream in(s.source(), std::ios::binary);
    if (!in) return "rt-app";
    std::stringstream text;
    text << in.rdbuf();
    const std::string t = text.str();
    if (!parts::rtapp::looksLikeRtapp(t)) return "rt-app";
    auto doc = parts::rtapp::parse(t, s.source());
    if (!doc || !parts::rtapp::isRtapp(*doc)) return "rt-app";
    const auto* g = doc->find("global");
    const auto* b = g ? g->find("log_basename") : nullptr;
    return b && b->isString() ? b->s : "rt-app";
}

std::string rtappLogFileName(const std::string& basename, const std::string& thread) {
    return basename + "-" + thread + ".log";
}

namespace {

// rt-app rounds nanoseconds to the nearest microsecond (timespec_to_usec()).
long long us(Time ns) {
    return ns >= 0 ? (ns + 500) / 1000 : -((-ns + 500) / 1000);
}

} // namespace

void writeRtappLog(std::ostream& out, const std::vector<TaskLogRow>& rows, const nlohmann::json* task,
                   int threadIndex) {
    char line[256];
    std::string policy = task && task->contains("policy") ? (*task)["policy"].get<std::string>() : "other";
    if (policy == "deadline") {
        out << "# Policy : SCHED_DEADLINE\n";
    } else {
        std::string name = policy == "fifo"    ? "SCHED_FIFO"
                           : policy == "rr"    ? "SCHED_RR"
                           : policy == "idle"  ? "SCHED_IDLE"
                           : policy == "batch" ? "SCHED_BATCH"
                                               : "SCHED_OTHER";
        long long prio = 0;
        if (task && (policy == "fifo" || policy == "rr") && task->contains("priority"))
            prio = (*task)["priority"].get<long long>();
        if (task && policy == "other" && task->contains("nice")) prio = (*task)["nice"].get<long long>();
        std::snprintf(line, sizeof line, "# Policy : %s priority : %lld\n", name.c_str(), prio);
        out << line;
    }
    std::snprintf(line, sizeof line, "%s %8s %8s %8s %15s %15s %15s %10s %10s %10s %10s\n", "#idx", "perf", "run",
                  "period", "start", "end", "rel_st", "slack", "c_duration", "c_period", "wu_lat");
    out << line;
    for (const auto& r : rows) {
        std::snprintf(line, sizeof line,
                      "%4d %8" PRId64 " %8lld %8lld %15lld %15lld %15lld %10lld %10lld %10lld %10lld\n",
                      threadIndex >= 0 ? threadIndex : r.idx, r.perf, us(r.run), us(r.period), us(r.start), us(r.end),
                      us(r.relStart), us(r.slack), us(r.cDuration), us(r.cPeriod), us(r.wuLat));
        out << line;
    }
}

} // namespace irqscope
