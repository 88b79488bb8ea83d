#!/usr/bin/env python3
"""Every preset and docs/examples scenario validates against
resources/schema/irqscope-scenario.schema.json (JSON Schema draft 2020-12),
and a few broken ones do not (so the schema is not vacuous).
Usage: validate_scenarios.py SOURCE_DIR"""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(sys.argv[1])
schema = json.loads((root / "resources/schema/irqscope-scenario.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

files = sorted((root / "resources/presets").glob("*.json")) + sorted((root / "docs/examples").glob("*.json"))
failed = 0
for f in files:
    errors = list(validator.iter_errors(json.loads(f.read_text())))
    for e in errors:
        print(f"{f.relative_to(root)}: {'/'.join(map(str, e.absolute_path))}: {e.message}")
    failed += bool(errors)
print(f"{len(files) - failed} of {len(files)} scenarios valid")

bad = {
    "unknown parameter": {"machine": {"cpu": 2}},
    "out of range": {"machine.cpus": 0},
    "bad choice": {"gic": {"version": "v5"}},
    "bad duration": {"run": {"duration_ns": "ten"}},
    "source without arrival": {"sources": [{"name": "s"}]},
    "two step kinds": {"sources": [{"name": "s", "arrival": {"periodic": "1ms"},
                                    "then": [{"wake": "t", "complete": "c"}]}]},
    "unknown workqueue flag": {"workqueues": [{"name": "w", "bh": True}]},
    "unknown device field": {"devices": [{"name": "d", "model": "nvme", "queue_depth": 4}]},
    "device field of another model": {"devices": [{"name": "d", "model": "i915", "queues": 4}]},
    "bad nested device field": {"devices": [{"name": "d", "model": "nvme", "iommu": {"mode": "fast"}}]},
    "device without model": {"devices": [{"name": "d"}]},
}
for what, doc in bad.items():
    if validator.is_valid(doc):
        print(f"the schema accepts a scenario with {what}: {doc}")
        failed += 1
sys.exit(1 if failed else 0)
