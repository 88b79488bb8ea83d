// Profiles: a named bundle of parameter values. machine.platform describes the
// hardware a seed was measured on; kernel.version selects the rules of that
// release (scheduler class, ksoftirqd gate, RT throttling vs fair server,
// GICv3 RWP polling after every distributor write before v5.19).
// net_rx_action's time limit was a fixed 2 jiffies before netdev_budget_usecs
// (v4.12, commit 7acf8a1e8a28): 8 ms at the default HZ=250. run_local_timers()
// raised TIMER on every tick (4.4), then whenever jiffies reached base->clk,
// which a busy CPU does every tick (4.8-5.8), and from 5.9 only when a timer
// is due (base->next_expiry). Workqueue CPU-intensive auto-detection
// (wq_cpu_intensive_thresh_us) arrived in 6.5 (commit 616db8779b1e).
// RT_RUNTIME_SHARE: on until 5.10, commit 2586af1ac187 "sched/rt: Disable
// RT_RUNTIME_SHARE by default"; 6.12 replaced throttling by the fair server,
// commit 5f6bd380c7bd "sched/rt: Remove default bandwidth control"). The load
// balancer's busy_factor went from 32 to 16 in v5.10 ("sched/fair: Reduce busy
// load balance interval"), and a busy CPU's interval became one jiffy short
// ("sched/fair: Minimize concurrent LBs between domain level").
// Precedence: schema default < kernel.version < machine.platform < user.
//
// Platform costs are calibrated ESTIMATES: GICv2 does
// every CPU-interface operation as an MMIO access (hundreds of ns), GICv3 as a
// system register (tens of ns) but waits for RWP after a distributor disable.
//
// Calibration for seed (d) (gic-eoimode preset), inside the published ranges of
// GIC access costs (docs/seeds.md).
// One benchmark cycle is: ISPENDR write, exception entry, IAR, EOIR, flow
// handler, [mask], wake the IRQ thread, [DIR], irq exit, switch to the thread,
// handler + complete(), [unmask | DIR], switch back. The seed's gain is the
// mask+unmask pair over the rest of the cycle, so only the distributor costs
// were moved; everything else stays a plain estimate for the core:
//   juno (Juno r0, GIC-400 behind the CCI-400, A57 at ~1.1 GHz):
//     gic.cost.dist_write_ns 560 — a Device write to the GIC-400 distributor
//       across the CCI is the slowest MMIO on the box; upper part of 200-600
//       because the CPU-interface MMIO (IAR/EOIR/DIR, 220-280) already sits
//       near the top of its 100-300 range and the distributor is further out.
//     gic.cost.rwp_wait_ns 0 — GICv2 has no RWP; the disable is posted.
//     -> mask+unmask ~1.1 us over a ~10 us cycle: about +11% with active-bit.
//   emag (Ampere eMAG, GIC-500-class distributor, 3 GHz cores):
//     gic.cost.dist_write_ns 350 — uncached Device write through the mesh.
//     gic.cost.rwp_wait_ns 300 — polling GICD_CTLR.RWP after ICENABLER;
//       with the distributor idle it clears within a read or two (~300 ns),
//       the low end of the +200-1000 range.
//     -> with the v5.19+ rule (only the mask polls RWP) mask+unmask ~1.0 us
//       over a ~5 us cycle (cheap sysreg CPU interface, fast context
//       switch): about +20% with active-bit. The preset runs the seed's
//       pre-5.19 rule (the unmask and the set-pending write poll too): ~1.3 us
//       over ~6.6 us, +24%. Not retuned (docs/seeds.md).
#include "schema_table.h"

namespace irqscope::detail {

nlohmann::json builtinProfiles() {
    return nlohmann::json::parse(R"json({
  "kernel.version": {
    "4.4": {"kernel.sched.delay_dequeue": false, "kernel.sched.fair": "cfs", "kernel.ksoftirqd_gate": false, "kernel.sched.rt_limit": "throttling", "gic.rwp_poll": "every-write", "kernel.sched.asym_capacity_wakeup": false, "kernel.irq.forced_secondary_prio": 49, "net.netdev_budget_ns": 8000000, "kernel.timer.softirq_every_tick": true, "kernel.wq.cpu_intensive_detect": false, "kernel.sched.rt_runtime_share": true, "kernel.sched.balance_busy_factor": 32, "kernel.sched.balance_busy_skew": false},
    "4.19": {"kernel.sched.delay_dequeue": false, "kernel.sched.fair": "cfs", "kernel.ksoftirqd_gate": true, "kernel.sched.rt_limit": "throttling", "gic.rwp_poll": "every-write", "kernel.sched.asym_capacity_wakeup": false, "kernel.irq.forced_secondary_prio": 49, "kernel.timer.softirq_every_tick": true, "kernel.wq.cpu_intensive_detect": false, "kernel.sched.rt_runtime_share": true, "kernel.sched.balance_busy_factor": 32, "kernel.sched.balance_busy_skew": false},
    "5.10": {"kernel.sched.delay_dequeue": false, "kernel.sched.fair": "cfs", "kernel.ksoftirqd_gate": true, "kernel.sched.rt_limit": "throttling", "gic.rwp_poll": "every-write", "kernel.wq.cpu_intensive_detect": false},
    "6.1": {"kernel.sched.delay_dequeue": false, "kernel.sched.fair": "cfs", "kernel.ksoftirqd_gate": true, "kernel.sched.rt_limit": "throttling", "kernel.wq.cpu_intensive_detect": false},
    "6.6":  {"kernel.sched.delay_dequeue": false, "kernel.sched.fair": "eevdf", "kernel.ksoftirqd_gate": false, "kernel.sched.rt_limit": "throttling"},
    "6.12": {"kernel.sched.delay_dequeue": true, "kernel.sched.fair": "eevdf", "kernel.ksoftirqd_gate": false, "kernel.sched.rt_limit": "fair-server"}
  },
  "machine.platform": {
    "generic": {},
    "juno": {
      "machine.cpus": 6, "gic.version": "v2",
      "gic.cost.iar_ns": 280, "gic.cost.eoir_ns": 220, "gic.cost.dir_ns": 220,
      "gic.cost.dist_write_ns": 560, "gic.cost.rwp_wait_ns": 0,
      "cost.irq_entry_ns": 900, "cost.irq_exit_ns": 400, "cost.context_switch_ns": 2600,
      "cost.wakeup_ns": 900, "machine.idle_exit_ns": 0
    },
    "emag": {
      "machine.cpus": 32, "gic.version": "v3",
      "gic.cost.iar_ns": 40, "gic.cost.eoir_ns": 40, "gic.cost.dir_ns": 40,
      "gic.cost.dist_write_ns": 350, "gic.cost.rwp_wait_ns": 300,
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
