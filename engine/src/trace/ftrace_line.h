// Line-level reading of ftrace text: the tracefs `trace` file and the output
// of `trace-cmd report`. Both print one event per line as
//
//   <comm>-<pid> [(<tgid>)] [<cpu>] [<flags>] <sec>.<frac>: <event>: <fields>
//
// where the tgid column appears with the record-tgid option, the flags column
// ("d.h1.") with irq-info (tracefs) or latency output (trace-cmd), and <comm>
// may contain spaces and dashes (the pid is after the *last* dash before the
// CPU bracket). Around the events come headers ('#' lines in tracefs,
// "cpus=N" / "version = N" in trace-cmd) and markers for lost data.
//
// This layer knows nothing about interrupts: it splits a line into views
// (valid until the next line is read) and decodes the fields of the events
// the importer understands into a typed FtraceEvent.
#pragma once

#include "irqscope/time.h"
#include "irqscope/trace.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace irqscope::ftrace {

enum class LineKind : std::uint8_t {
    Blank,
    Header,        // '#' comments, "cpus=N", "version = 6", "CPU 3 is empty", ...
    Event,         // an event line (see RawEvent)
    Lost,          // "CPU:1 [LOST 123 EVENTS]", "CPU:1 [123 EVENTS DROPPED]"
    BufferStarted, // "##### CPU 2 buffer started ####"
    Garbage,       // anything else
};

struct RawEvent {
    std::string_view comm;
    int pid = 0;
    int cpu = 0;
    bool hasFlags = false;
    std::string_view flags; // "d.h1." when present
    Time ts = 0;            // nanoseconds as printed (not rebased)
    std::string_view name;  // "irq_handler_entry"
    std::string_view fields;
};

struct ParsedLine {
    LineKind kind = LineKind::Garbage;
    RawEvent event;              // for Event
    int cpu = -1;                // for Lost / BufferStarted
    std::uint64_t lost = 0;      // for Lost (0 when the count is not printed)
    std::optional<int> cpuCount; // for Header: "#P:4" or "cpus=4"
    bool tracecmdHeader = false; // "cpus=N" / "version = N": trace-cmd report output
};

ParsedLine parseLine(std::string_view line);

// A task's scheduling group, written by scripts/record-trace after the
// events as a comment (a Header to parseLine(), so other readers skip it):
//   # irqscope-task-group: pid=1234 autogroup=/autogroup-57 nice=0 cgroup=/ weight=100
// autogroup: /proc/PID/autogroup's path, empty when the task is in no
// autogroup of its own (a kernel thread, the init session); cgroup: the
// task's cpu cgroup (the deepest with the cpu controller, "/" the root), and
// its cpu.weight.
struct TaskGroupLine {
    int pid = 0;
    std::string_view autogroup;
    int nice = 0;
    std::string_view cgroup;
    int weight = 100;
};
std::optional<TaskGroupLine> parseTaskGroupLine(std::string_view line);

// Value of `key=` in an event's fields ("irq=27 name=arch_timer"): up to the next
// space, or for *comm keys up to the next " word=" (comms may contain spaces).
// A trailing ']' (from "[action=NET_RX]") is dropped.
std::optional<std::string_view> fieldValue(std::string_view fields, std::string_view key);
std::optional<std::int64_t> toInt(std::string_view s);
// The text without leading and trailing blanks.
std::string_view trim(std::string_view s);
// Hex pointers ("ffff8880031c2e40", "0x...") as printed by %p / %ps fallback.
std::optional<std::uint64_t> toHex(std::string_view s);
// "1234.567890" -> ns; an integer without '.' (counter clocks) is taken as ns.
std::optional<Time> parseTimestamp(std::string_view s);

// ---------------------------------------------------------------- decoded events
enum class EventType : std::uint8_t {
    IrqEntry,     // irq_handler_entry      key = irq,  name = "27:arch_timer"
    IrqExit,      // irq_handler_exit       key = irq
    VectorEntry,  // <vector>_entry (irq_vectors)  key = vector, name = "local_timer"
    VectorExit,   // <vector>_exit
    SoftirqRaise, // key = vec, name = "NET_RX"
    SoftirqEntry,
    SoftirqExit,
    TaskletEntry, // key = tasklet pointer (or hash of the name), name = function
    TaskletExit,
    Switch,       // key = prev pid, name = prev comm, key2 = next pid, name2 = next comm
    Waking,       // key = pid, name = comm (sched_waking)
    Wakeup,       // sched_wakeup / sched_wakeup_new
    QueueWork,    // key = work struct, name = function, name2 = workqueue
    ActivateWork, // key = work struct
    WorkStart,    // key = work struct, name = function
    WorkEnd,      // key = work struct
};

struct FtraceEvent {
    EventType type = EventType::IrqEntry;
    int cpu = 0;
    Time t = 0;                // rebased: ns since the first event of the file
    int pid = 0;               // current task on that CPU (line header)
    StringId comm = kNoString; // header comm (may be "<...>")
    std::int64_t key = 0;
    std::int64_t key2 = 0;
    StringId name = kNoString;
    StringId name2 = kNoString;
};

enum class DecodeStatus : std::uint8_t { Ok, UnknownEvent, Malformed };

// Decodes the fields of `raw` (whose ts must already be rebased into `t`).
DecodeStatus decodeEvent(const RawEvent& raw, Time t, Trace& strings, FtraceEvent& out);

// Name of softirq vector `vec` as the kernel prints it ("NET_RX"), or "vec N".
std::string_view softirqName(std::int64_t vec);

} // namespace irqscope::ftrace
