#!/usr/bin/env python3
"""Fills corpus/<target>/ with starting inputs made from the repository's
testdata and bundled customizations (run from fuzz/; needs PyYAML)."""
import glob
import hashlib
import json
import os

import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
OPS = ["retention", "replicaResource", "componentResource", "replicaRevision",
       "statusReflection", "statusAggregation", "healthInterpretation",
       "dependencyInterpretation"]


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


files = sorted(p for p in glob.glob(os.path.join(ROOT, "testdata", "**", "*"), recursive=True)
               if os.path.isfile(p))
rics = files + sorted(glob.glob(os.path.join(ROOT, "crates", "kinterp", "src", "thirdparty", "**", "*.yaml"), recursive=True))
for path in files:
    text = open(path, encoding="utf-8", errors="replace").read()
    if len(text) > 64 << 10:
        continue
    put("parse_input", text)
    for mode in (0, 1, 17):
        put("interpret_object", bytes([mode]) + text.encode())
    try:
        docs = [d for d in yaml.safe_load_all(text) if d is not None]
    except Exception:
        continue
    for d in docs:
        put("lua_roundtrip", json.dumps(d, default=str))
for path in rics:
    try:
        docs = list(yaml.safe_load_all(open(path, encoding="utf-8")))
    except Exception:
        continue
    for d in docs:
        if not isinstance(d, dict) or d.get("kind") != "ResourceInterpreterCustomization":
            continue
        rules = (d.get("spec") or {}).get("customizations") or {}
        for i, op in enumerate(OPS):
            script = (rules.get(op) or {}).get("luaScript")
            if isinstance(script, str):
                put("interpret_script", bytes([i]) + script.encode())
for q in ["0", "1", "100m", "1.5Gi", "-2Ki", "1e3", "1E-3", "0.1n", "123456789012345678901234",
          "5Ei", "8Ei", "1.000000001", "9223372036854775807", "+.5k", "2.5e+5|500m",
          "1Mi|1M", "3|-3", "0.0000000001|1n", "12P", "100u"]:
    put("quantity", q)
