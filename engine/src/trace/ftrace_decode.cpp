// Decoding one raw ftrace event (name + fields text) into a typed FtraceEvent:
// the interrupt, softirq, scheduler and workqueue events the importer draws,
// from the kernel's own TP_printk formats and trace-cmd's plugin formats.
#include "trace/ftrace_line.h"

#include <string>

namespace irqscope::ftrace {

namespace {

std::uint64_t fnv(std::string_view s) {
    std::uint64_t h = 1469598103934665603ull;
    for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

// Pointer-ish key: a hex value when it is one, else a hash of the text.
std::int64_t pointerKey(std::string_view s) {
    if (auto v = toHex(s)) return static_cast<std::int64_t>(*v);
    return static_cast<std::int64_t>(fnv(s));
}

// "comm:pid [prio]" as printed by trace-cmd's sched plugins. Returns the rest.
bool parsePluginTask(std::string_view& s, std::string_view& comm, std::int64_t& pid) {
    s = trim(s);
    const std::size_t br = s.find(" [");
    if (br == std::string_view::npos) return false;
    std::string_view who = s.substr(0, br);
    const std::size_t colon = who.rfind(':');
    if (colon == std::string_view::npos) return false;
    auto p = toInt(who.substr(colon + 1));
    if (!p) return false;
    comm = who.substr(0, colon);
    pid = *p;
    const std::size_t close = s.find(']', br);
    s = close == std::string_view::npos ? std::string_view{} : s.substr(close + 1);
    return true;
}

// Comms and names are raw bytes in the kernel; the metrics JSON and the exports
// need valid UTF-8. Invalid sequences become '?'.
bool validUtf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
        i += n;
    }
    return true;
}

StringId internText(Trace& strings, std::string_view s) {
    if (validUtf8(s)) return strings.intern(s);
    std::string clean;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        clean += (c < 0x80) ? s[i] : '?';
    }
    return strings.intern(clean);
}

} // namespace

DecodeStatus decodeEvent(const RawEvent& raw, Time t, Trace& strings, FtraceEvent& out) {
    out = FtraceEvent{};
    out.cpu = raw.cpu;
    out.t = t;
    out.pid = raw.pid;
    out.comm = internText(strings, raw.comm);
    const std::string_view n = raw.name;
    const std::string_view f = raw.fields;
    auto num = [&](std::string_view key) -> std::optional<std::int64_t> {
        if (auto v = fieldValue(f, key)) return toInt(*v);
        return std::nullopt;
    };

    if (n == "irq_handler_entry" || n == "irq_handler_exit") {
        auto irq = num("irq");
        if (!irq) return DecodeStatus::Malformed;
        out.key = *irq;
        if (n == "irq_handler_exit") {
            out.type = EventType::IrqExit;
            return DecodeStatus::Ok;
        }
        out.type = EventType::IrqEntry;
        std::string entity = std::to_string(*irq);
        if (auto name = fieldValue(f, "name"); name && !name->empty()) entity.append(":").append(*name);
        out.name = internText(strings, entity);
        return DecodeStatus::Ok;
    }
    if (n == "softirq_raise" || n == "softirq_entry" || n == "softirq_exit") {
        auto vec = num("vec");
        if (!vec) return DecodeStatus::Malformed;
        out.key = *vec;
        std::string_view action = softirqName(*vec);
        if (auto a = fieldValue(f, "action"); a && !a->empty()) action = *a;
        out.name = action.empty() ? internText(strings, "vec " + std::to_string(*vec)) : internText(strings, action);
        out.type = n == "softirq_raise"   ? EventType::SoftirqRaise
                   : n == "softirq_entry" ? EventType::SoftirqEntry
                                          : EventType::SoftirqExit;
        return DecodeStatus::Ok;
    }
    if (n == "tasklet_entry" || n == "tasklet_exit" || n == "tasklet_hi_entry" || n == "tasklet_hi_exit") {
        auto tasklet = fieldValue(f, "tasklet");
        if (!tasklet) return DecodeStatus::Malformed;
        out.key = pointerKey(*tasklet);
        auto func = fieldValue(f, "function");
        out.name = internText(strings, func && !func->empty() ? *func : *tasklet);
        out.type = n.ends_with("_entry") ? EventType::TaskletEntry : EventType::TaskletExit;
        return DecodeStatus::Ok;
    }
    if (n == "sched_switch") {
        if (auto pc = fieldValue(f, "prev_comm")) {
            auto pp = num("prev_pid");
            auto nc = fieldValue(f, "next_comm");
            auto np = num("next_pid");
            if (!pp || !nc || !np) return DecodeStatus::Malformed;
            out.key = *pp;
            out.name = internText(strings, *pc);
            out.key2 = *np;
            out.name2 = internText(strings, *nc);
        } else {
            // trace-cmd plugin form: "bash:1234 [120] S ==> swapper/1:0 [120]"
            const std::size_t arrow = f.find(" ==> ");
            if (arrow == std::string_view::npos) return DecodeStatus::Malformed;
            std::string_view a = f.substr(0, arrow), b = f.substr(arrow + 5);
            std::string_view prevComm, nextComm;
            if (!parsePluginTask(a, prevComm, out.key) || !parsePluginTask(b, nextComm, out.key2))
                return DecodeStatus::Malformed;
            out.name = internText(strings, prevComm);
            out.name2 = internText(strings, nextComm);
        }
        out.type = EventType::Switch;
        return DecodeStatus::Ok;
    }
    if (n == "sched_waking" || n == "sched_wakeup" || n == "sched_wakeup_new") {
        if (auto c = fieldValue(f, "comm")) {
            auto pid = num("pid");
            if (!pid) return DecodeStatus::Malformed;
            out.key = *pid;
            out.name = internText(strings, *c);
        } else {
            std::string_view rest = f, comm; // plugin form "bash:1234 [120] success=1 CPU:002"
            if (!parsePluginTask(rest, comm, out.key)) return DecodeStatus::Malformed;
            out.name = internText(strings, comm);
        }
        out.type = n == "sched_waking" ? EventType::Waking : EventType::Wakeup;
        return DecodeStatus::Ok;
    }
    if (n.starts_with("workqueue_")) {
        // "work struct=%p function=%ps workqueue=%s ...", "work struct %p: function %ps"
        std::string_view w;
        if (auto v = fieldValue(f, "struct")) w = *v;
        else if (f.starts_with("work struct ")) {
            w = f.substr(12);
            w = w.substr(0, w.find_first_of(": "));
        }
        if (w.empty()) return DecodeStatus::Malformed;
        out.key = pointerKey(w);
        std::string_view func;
        if (auto v = fieldValue(f, "function")) func = *v;
        else if (auto p = f.find("function "); p != std::string_view::npos) {
            func = trim(f.substr(p + 9));
            func = func.substr(0, func.find(' '));
        }
        out.name = internText(strings, func);
        if (n == "workqueue_queue_work") {
            out.type = EventType::QueueWork;
            if (auto wq = fieldValue(f, "workqueue")) out.name2 = internText(strings, *wq);
        } else if (n == "workqueue_activate_work") out.type = EventType::ActivateWork;
        else if (n == "workqueue_execute_start") out.type = EventType::WorkStart;
        else if (n == "workqueue_execute_end") out.type = EventType::WorkEnd;
        else return DecodeStatus::UnknownEvent;
        return DecodeStatus::Ok;
    }
    // irq_vectors: local_timer_entry/exit, reschedule_entry, call_function_entry, ...
    const bool vEntry = n.ends_with("_entry"), vExit = n.ends_with("_exit");
    if ((vEntry || vExit) && f.starts_with("vector=")) {
        auto vec = num("vector");
        if (!vec) return DecodeStatus::Malformed;
        out.key = *vec;
        out.name = internText(strings, n.substr(0, n.size() - (vEntry ? 6 : 5)));
        out.type = vEntry ? EventType::VectorEntry : EventType::VectorExit;
        return DecodeStatus::Ok;
    }
    return DecodeStatus::UnknownEvent;
}

} // namespace irqscope::ftrace
