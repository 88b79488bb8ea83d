// What kind of task a comm names: idle, ksoftirqd, a kworker, an IRQ thread,
// a well-known kernel thread, or user code.
#include "trace/ftrace_stack.h"

#include <initializer_list>

namespace irqscope::ftrace {

namespace {

bool startsWith(std::string_view s, std::initializer_list<std::string_view> prefixes) {
    for (auto p : prefixes)
        if (s.starts_with(p)) return true;
    return false;
}

} // namespace

ContextKind taskKind(std::string_view comm, int pid) {
    if (pid == 0) return ContextKind::Idle;
    if (comm.starts_with("ksoftirqd/")) return ContextKind::Ksoftirqd;
    if (comm.starts_with("kworker/")) return ContextKind::Kworker;
    if (comm.starts_with("irq/")) return ContextKind::IrqThread;
    if (pid == 2 || comm == "kthreadd") return ContextKind::Kthread;
    // Well-known kernel threads; the rest of the per-CPU ones end in "/<cpu>".
    if (startsWith(
            comm, {"rcu_",          "rcuc/",          "rcub/",        "rcuog/",      "rcuop/",         "rcuos/",
                   "migration/",    "cpuhp/",         "idle_inject/", "watchdog",    "kcompactd",      "kswapd",
                   "khugepaged",    "ksmd",           "kauditd",      "khungtaskd",  "oom_reaper",     "kdevtmpfs",
                   "kblockd",       "kintegrityd",    "writeback",    "jbd2/",       "ext4-",          "xfs",
                   "btrfs-",        "scsi_eh_",       "scsi_tmf_",    "nvme-",       "napi/",          "kthrotld",
                   "kstrp",         "netns",          "kpsmoused",    "hwrng",       "psimon",         "kswapd",
                   "ipv6_addrconf", "mm_percpu_wq",   "inet_frag_wq", "cryptd",      "pool_workqueue", "vhost-",
                   "kvm-",          "card",           "zswap",        "edac-poller", "devfreq_wq",     "blkcg_punt_bio",
                   "tpm_dev_wq",    "ata_sff",        "khvcd",        "kaluad",      "kmpath",         "ttm",
                   "kintegrity",    "charger_manager"}))
        return ContextKind::Kthread;
    if (const auto slash = comm.rfind('/'); slash != std::string_view::npos && slash + 1 < comm.size() &&
                                            comm[slash + 1] >= '0' && comm[slash + 1] <= '9' &&
                                            comm.find(' ') == std::string_view::npos)
        return ContextKind::Kthread;
    return ContextKind::User;
}

} // namespace irqscope::ftrace
