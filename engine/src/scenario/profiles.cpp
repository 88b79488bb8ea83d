// Profiles: a named bundle of parameter values. machine.platform describes the
// hardware a seed was measured on; kernel.version selects the rules of that
// release (scheduler class, ksoftirqd gate, RT throttling vs fair server).
// Precedence: schema default < kernel.version < machine.platform < user.
//
// Platform costs are calibrated ESTIMATES (KERNEL-MODEL.md §10): GICv2 does
// every CPU-interface operation as an MMIO access (hundreds of ns), GICv3 as a
// system register (tens of ns) but waits for RWP after a distributor disable.
#include "schema_table.h"

namespace irqscope::detail {

nlohmann::json builtinProfiles() {
    return nlohmann::json::parse(R"json({
  "kernel.version": {
    "4.4":  {"kernel.sched.fair": "cfs",   "kernel.ksoftirqd_gate": false, "kernel.sched.rt_limit": "throttling"},
    "4.19": {"kernel.sched.fair": "cfs",   "kernel.ksoftirqd_gate": true,  "kernel.sched.rt_limit": "throttling"},
    "5.10": {"kernel.sched.fair": "cfs",   "kernel.ksoftirqd_gate": true,  "kernel.sched.rt_limit": "throttling"},
    "6.1":  {"kernel.sched.fair": "cfs",   "kernel.ksoftirqd_gate": true,  "kernel.sched.rt_limit": "throttling"},
    "6.6":  {"kernel.sched.fair": "eevdf", "kernel.ksoftirqd_gate": false, "kernel.sched.rt_limit": "throttling"},
    "6.12": {"kernel.sched.fair": "eevdf", "kernel.ksoftirqd_gate": false, "kernel.sched.rt_limit": "fair-server"}
  },
  "machine.platform": {
    "generic": {},
    "juno": {
      "machine.cpus": 6, "gic.version": "v2",
      "gic.cost.iar_ns": 280, "gic.cost.eoir_ns": 220, "gic.cost.dir_ns": 220,
      "gic.cost.dist_write_ns": 480, "gic.cost.rwp_wait_ns": 0,
      "cost.irq_entry_ns": 900, "cost.irq_exit_ns": 400, "cost.context_switch_ns": 2600,
      "cost.wakeup_ns": 900, "machine.idle_exit_ns": 0
    },
    "emag": {
      "machine.cpus": 32, "gic.version": "v3",
      "gic.cost.iar_ns": 40, "gic.cost.eoir_ns": 40, "gic.cost.dir_ns": 40,
      "gic.cost.dist_write_ns": 380, "gic.cost.rwp_wait_ns": 450,
      "cost.irq_entry_ns": 400, "cost.irq_exit_ns": 200, "cost.context_switch_ns": 1200,
      "cost.wakeup_ns": 450, "machine.idle_exit_ns": 0
    },
    "kunpeng920": {
      "machine.cpus": 48, "gic.version": "v3",
      "gic.cost.iar_ns": 50, "gic.cost.eoir_ns": 50, "gic.cost.dir_ns": 50,
      "gic.cost.dist_write_ns": 400, "gic.cost.rwp_wait_ns": 500
    },
    "rk3588": {
      "machine.cpus": 8, "machine.little_cpus": 4, "machine.little_speed": 0.45, "gic.version": "v3",
      "gic.cost.iar_ns": 60, "gic.cost.eoir_ns": 60, "gic.cost.dir_ns": 60,
      "gic.cost.dist_write_ns": 450, "gic.cost.rwp_wait_ns": 500
    }
  }
})json");
}

} // namespace irqscope::detail
