#!/usr/bin/env python3
"""rt-app on this machine against IRQ Scope running the same task set.

For every capture under tests/data/twin/ (a folder with taskset.json and the
logs rt-app wrote of the real run in logs/), run the task set through
`irqscope-cli run TASKSET --rtapp-logs DIR` on a machine like the one that
recorded it, read both log sets and

  * check what the simulation must get right whatever the real machine's
    noise: the same threads with the same index and policy line; the
    configured columns (c_duration, c_period) equal to the real ones; every
    loop did its `run` (perf == c_duration); periodic threads keep their
    period within 1 % with one row per period; no SCHED_FIFO loop overruns
    its period (the FIFO part of every set here is schedulable: 45 % of one
    CPU on two CPUs, above any SCHED_OTHER load);
  * print real and simulated numbers side by side (--markdown: the table of
    docs/rtapp-vs-real.md).

Usage: real_vs_sim.py [--markdown] [--keep DIR] IRQSCOPE_CLI SOURCE_DIR
Exit status 0 when every check holds, 1 otherwise.
"""
import argparse
import pathlib
import subprocess
import sys
import tempfile

# The recording machine (tests/data/twin/README.md): 2 vCPUs, CONFIG_HZ=250,
# "Dynamic Preempt: none" at boot. kernel.version stays at the default (6.12,
# the newest profile; the machine runs 6.18).
MACHINE = ["--set", "machine.cpus=2", "--set", "machine.hz=250", "--set", "kernel.preempt=none"]

COLUMNS = ["idx", "perf", "run", "period", "start", "end", "rel_st", "slack", "c_duration", "c_period", "wu_lat"]


def read_logs(folder, basename="rtapp"):
    """{thread: {"policy": header line, "rows": [dict per line]}} of an rt-app log folder."""
    logs = {}
    for f in sorted(folder.glob(basename + "-*.log")):
        lines = f.read_text().splitlines()
        if len(lines) < 2 or not lines[0].startswith("# Policy") or lines[1].split()[1:] != COLUMNS[1:]:
            raise SystemExit(f"{f}: not an rt-app log (header)")
        rows = []
        for n, line in enumerate(lines[2:], start=3):
            v = line.split()
            if len(v) != len(COLUMNS):
                raise SystemExit(f"{f}:{n}: {len(v)} columns, expected {len(COLUMNS)}")
            rows.append(dict(zip(COLUMNS, map(int, v))))
        logs[f.name[len(basename) + 1 : -len(".log")]] = {"policy": lines[0].strip(), "rows": rows}
    return logs


def pct(values, p):
    s = sorted(values)
    if not s:
        return 0
    return s[min(len(s) - 1, int(p / 100 * len(s)))]


def stats(rows):
    starts = [r["start"] for r in rows]
    n = len(rows)
    return {
        "rows": n,
        # the period achieved: first to last loop start over the loops between
        "period": (starts[-1] - starts[0]) / (n - 1) if n > 1 else 0,
        "run": sum(r["run"] for r in rows) / n if n else 0,
        "run_p99": pct([r["run"] for r in rows], 99),
        "slack_p50": pct([r["slack"] for r in rows], 50),
        "missed": sum(1 for r in rows if r["slack"] < 0),
        "wu_p50": pct([r["wu_lat"] for r in rows], 50),
        "wu_p99": pct([r["wu_lat"] for r in rows], 99),
        "wu_max": max((r["wu_lat"] for r in rows), default=0),
    }


class Checks:
    def __init__(self):
        self.failed = []
        self.count = 0

    def expect(self, ok, what):
        self.count += 1
        if not ok:
            self.failed.append(what)


def check_capture(name, real, sim, checks):
    checks.expect(sorted(real) == sorted(sim), f"{name}: threads {sorted(sim)} (simulated) != {sorted(real)} (real)")
    for thread in sorted(set(real) & set(sim)):
        r, s = real[thread], sim[thread]
        where = f"{name}/{thread}"
        checks.expect(r["policy"] == s["policy"], f"{where}: '{s['policy']}' != real '{r['policy']}'")
        if not r["rows"] or not s["rows"]:
            checks.expect(False, f"{where}: no rows (real {len(r['rows'])}, simulated {len(s['rows'])})")
            continue
        checks.expect(
            {x["idx"] for x in s["rows"]} == {x["idx"] for x in r["rows"]}, f"{where}: thread index differs"
        )
        for col in ("c_duration", "c_period"):
            want = {x[col] for x in r["rows"]}
            got = {x[col] for x in s["rows"]}
            checks.expect(got == want, f"{where}: {col} {sorted(got)} != real {sorted(want)}")
        bad = [x for x in s["rows"] if x["perf"] != x["c_duration"]]
        checks.expect(not bad, f"{where}: {len(bad)} loops did not do their run (perf != c_duration)")
        c_period = s["rows"][0]["c_period"]
        st = stats(s["rows"])
        if c_period > 0:
            checks.expect(
                abs(st["period"] - c_period) <= 0.01 * c_period,
                f"{where}: period achieved {st['period']:.1f} us, configured {c_period}",
            )
            span = s["rows"][-1]["end"] - s["rows"][0]["start"]
            checks.expect(
                abs(st["rows"] - span / c_period) <= 1, f"{where}: {st['rows']} rows over {span} us of {c_period} us"
            )
        if "SCHED_FIFO" in s["policy"]:
            checks.expect(st["missed"] == 0, f"{where}: {st['missed']} loops overran their period")


def table(name, real, sim):
    out = [
        f"**{name}**",
        "",
        "| thread | | loops | period achieved (µs) | run, mean / p99 (µs) | slack p50 (µs) | overruns | wu_lat p50 / p99 / max (µs) |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for thread in sorted(real, key=lambda t: real[t]["rows"][0]["idx"] if real[t]["rows"] else 0):
        for label, logs in (("real", real), ("sim", sim)):
            rows = logs.get(thread, {}).get("rows", [])
            if not rows:
                out.append(f"| {thread} | {label} | 0 | | | | | |")
                continue
            st = stats(rows)
            cfg = rows[0]
            period = f"{st['period']:.1f}" + (f" (of {cfg['c_period']})" if cfg["c_period"] else "")
            out.append(
                f"| {thread if label == 'real' else ''} | {label} | {st['rows']} | {period} | "
                f"{st['run']:.0f} / {st['run_p99']} (of {cfg['c_duration']}) | {st['slack_p50']} | {st['missed']} | "
                f"{st['wu_p50']} / {st['wu_p99']} / {st['wu_max']} |"
            )
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cli")
    ap.add_argument("source_dir")
    ap.add_argument("--markdown", action="store_true", help="print the real/simulated table")
    ap.add_argument("--keep", help="write the simulated logs under this folder instead of a temporary one")
    a = ap.parse_args()

    root = pathlib.Path(a.source_dir) / "tests/data/twin"
    captures = sorted(p.parent for p in root.glob("*/taskset.json") if (p.parent / "logs").is_dir())
    if not captures:
        raise SystemExit(f"no captures with taskset.json and logs/ under {root}")
    checks = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        out_root = pathlib.Path(a.keep or tmp)
        for cap in captures:
            out = out_root / cap.name
            cmd = [a.cli, "run", str(cap / "taskset.json"), *MACHINE, "--rtapp-logs", str(out), "--quiet"]
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode != 0:
                checks.expect(False, f"{cap.name}: {' '.join(cmd)} exited {done.returncode}: {done.stderr.strip()}")
                continue
            real, sim = read_logs(cap / "logs"), read_logs(out)
            check_capture(cap.name, real, sim, checks)
            if a.markdown:
                print(table(cap.name, real, sim))
    for f in checks.failed:
        print("FAIL", f)
    print(f"{checks.count - len(checks.failed)} of {checks.count} checks hold over {len(captures)} captures")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
