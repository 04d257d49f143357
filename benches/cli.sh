#!/usr/bin/env bash
# End-to-end timings of the release binary: wall time (hyperfine, or
# /usr/bin/time as a fallback) and peak memory (/usr/bin/time -v).
#   bash benches/cli.sh            # all scenarios
#   bash benches/cli.sh a c        # some of them
#   bash benches/cli.sh s          # the scaling section alone
#   bash benches/cli.sh e          # simulate, 50 members (and 500 for the growth)
# Builds the static `dist` binary (README, "Release build"), honouring
# CARGO_TARGET_DIR; KINTERP_BIN runs that binary instead of building;
# KINTERP_CONFORMANCE names the shared conformance
# directory for (d) (default ../shared/conformance, beside the checkout).
# (b) and (d) are also run with --jobs 1, and the script fails unless the
# output and exit code are the same as with all cores.
# (s) runs each input dimension at 1x and 10x, in turn, and fails when the
# median grows more than 12 times; KARMADACTL=path times karmadactl beside it
# where it takes the same input.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${KINTERP_BIN:-}" ]; then
  bin=$KINTERP_BIN # e.g. a saved older build, for before/after figures
else
  # The release build: on Linux with glibc, statically linked (README,
  # "Release build"); elsewhere the plain release profile.
  host=$(rustc -vV | sed -n 's/^host: //p')
  case "$host" in
    *-linux-gnu)
      RUSTFLAGS="-C target-feature=+crt-static" cargo build --profile dist --quiet --target "$host"
      bin="${CARGO_TARGET_DIR:-$PWD/target}/$host/dist/kinterp"
      ;;
    *)
      cargo build --profile dist --quiet
      bin="${CARGO_TARGET_DIR:-$PWD/target}/dist/kinterp"
      ;;
  esac
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v hyperfine >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y -qq hyperfine >/dev/null 2>&1 || true
  fi
fi

# time_cmd NAME RUNS CMD...: median wall time and peak RSS of CMD.
time_cmd() {
  local name=$1 runs=$2
  shift 2
  local median
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N -i --warmup 3 --runs "$runs" --export-json "$work/h.json" "$(printf '%q ' "$@")" >/dev/null 2>&1
    median=$(python3 -c "import json;print('%.2f ms' % (json.load(open('$work/h.json'))['results'][0]['median']*1000))")
  else
    local t=()
    for _ in $(seq "$runs"); do
      local s e
      s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N)
      t+=($(( (e - s) / 1000 )))
    done
    median=$(printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f ms", a[int((NR+1)/2)]/1000}')
  fi
  local rss
  rss=$( { /usr/bin/time -v "$@" >/dev/null 2>/dev/null; } 2>&1 | awk '/Maximum resident/ {printf "%.1f MiB", $6/1024}' || true)
  if [ -z "$rss" ]; then
    rss=$( ( /usr/bin/time -v "$@" >/dev/null ) 2>&1 | awk '/Maximum resident/ {printf "%.1f MiB", $6/1024}' )
  fi
  printf '%-44s median %10s   peak %9s\n' "$name" "$median" "$rss"
}

# same_with_one_job NAME ARGS...: the output and exit code of the run with
# all cores and with --jobs 1 must be identical.
same_with_one_job() {
  local name=$1
  shift
  local all one
  all=$("$bin" "$@" 2>&1; echo "exit $?")
  one=$("$bin" "$@" --jobs 1 2>&1; echo "exit $?")
  if [ "$all" != "$one" ]; then
    echo "$name: the output differs with --jobs 1" >&2
    diff <(printf '%s\n' "$all") <(printf '%s\n' "$one") | head -20 >&2
    exit 1
  fi
  printf '%-44s identical with --jobs 1 (%s lines, %s)\n' "$name" \
    "$(printf '%s\n' "$all" | wc -l)" "$(printf '%s\n' "$all" | tail -n 1)"
}

# What the figures depend on: the machine, its load, the binary.
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)); load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "# $bin ($(wc -c < "$bin") bytes, $("$bin" --version))"
if command -v hyperfine >/dev/null 2>&1; then
  time_cmd "for scale: /bin/true" 200 /bin/true
fi

sel=("$@")
has() { [ ${#sel[@]} -eq 0 ] && return 0; local x; for x in "${sel[@]}"; do [ "$x" = "$1" ] && return 0; done; return 1; }

if has a; then
  time_cmd "(a) Retain, README example" 200 \
    "$bin" interpret -f testdata/deployment/ric.yaml --operation Retain \
    --desired-file testdata/deployment/desired.yaml --observed-file testdata/deployment/observed.yaml
fi

if has b; then
  mkdir -p "$work/rics"
  mapfile -t bundled < <(find crates/kinterp/src/thirdparty -name '*.yaml' | sort)
  i=0
  while [ $i -lt 1000 ]; do
    for f in "${bundled[@]}"; do
      [ $i -ge 1000 ] && break
      sed "s/^  name: \(.*\)$/  name: \1-$i/" "$f" > "$work/rics/ric-$i.yaml"
      i=$((i + 1))
    done
  done
  time_cmd "(b) --check of 1000 customization files" 10 "$bin" interpret -f "$work/rics" --check
  time_cmd "(b) same, --jobs 1" 5 "$bin" interpret -f "$work/rics" --check --jobs 1
  # The 1000 files above repeat 27 rule sets, which the lint memo answers
  # once each; a comment per file makes every script distinct.
  mkdir -p "$work/distinct"
  for f in "$work"/rics/*.yaml; do
    n=$(basename "$f" .yaml)
    sed "s/^\(      luaScript: |\)$/\1\n        -- $n/" "$f" > "$work/distinct/$n.yaml"
  done
  time_cmd "(b) 1000 distinct files (no memo hits)" 10 "$bin" interpret -f "$work/distinct" --check
  same_with_one_job "(b) 1000 files" interpret -f "$work/rics" --check
  same_with_one_job "(b) 1000 distinct files" interpret -f "$work/distinct" --check
fi

if has c; then
  python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
with open(f"{work}/deploy-status.json", "w") as f:
    json.dump([{"clusterName": f"member{i}", "applied": True, "health": "Healthy",
                "status": {"replicas": 3, "readyReplicas": 3, "updatedReplicas": 3, "availableReplicas": 2}}
               for i in range(5000)], f)
with open(f"{work}/kyverno-status.json", "w") as f:
    json.dump([{"clusterName": f"member{i}", "applied": True,
                "status": {"ready": i % 7 != 0, "conditions": [{"type": "Ready", "status": "True" if i % 7 else "False",
                           "reason": "Succeeded" if i % 7 else "Failed", "message": "policy ready",
                           "lastTransitionTime": "2026-11-20T10:00:00Z"}],
                           "rulecount": {"validate": 2, "mutate": 1, "generate": 0, "verifyimages": 0}}}
               for i in range(5000)], f)
with open(f"{work}/policy.yaml", "w") as f:
    f.write("apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: require-labels\nspec:\n  validationFailureAction: Audit\n  rules: []\n")
PY
  time_cmd "(c) AggregateStatus, Deployment-style, 5000 items" 20 \
    "$bin" interpret -f testdata/deployment/ric.yaml --operation AggregateStatus \
    --desired-file testdata/deployment/desired.yaml --status-file "$work/deploy-status.json"
  time_cmd "(c) AggregateStatus, Kyverno-style, 5000 items" 20 \
    "$bin" interpret --operation AggregateStatus \
    --desired-file "$work/policy.yaml" --status-file "$work/kyverno-status.json"
fi

conf=${KINTERP_CONFORMANCE:-../shared/conformance}
if has d; then
  if [ -d "$conf" ]; then
    time_cmd "(d) kinterp test, all shared conformance cases" 10 "$bin" test "$conf"
    time_cmd "(d) same, --jobs 1" 5 "$bin" test "$conf" --jobs 1
    same_with_one_job "(d) kinterp test" test "$conf"
  else
    echo "(d) skipped: no $conf (set KINTERP_CONFORMANCE)"
  fi
fi

# scale_pair NAME RUNS CMD1 -- CMD10: medians of the 1x and 10x commands,
# their peak RSS and the growth factor; fails past 12. The two commands
# run in turn (one warm-up each, then RUNS pairs), so that a change in the
# machine's load during the section weighs on both sides alike rather than
# on whichever ran while it lasted.
scale_fail=0
scale_pair() {
  local name=$1 runs=$2
  shift 2
  local one=() ten=()
  while [ "$1" != "--" ]; do one+=("$1"); shift; done
  shift
  ten=("$@")
  wall_us "${one[@]}" >/dev/null; wall_us "${ten[@]}" >/dev/null
  local t1=() t10=() i
  for i in $(seq "$runs"); do
    t1+=("$(wall_us "${one[@]}")")
    t10+=("$(wall_us "${ten[@]}")")
  done
  local m1 m10 r1 r10
  m1=$(median_ms "${t1[@]}"); m10=$(median_ms "${t10[@]}")
  r1=$(peak_mib "${one[@]}"); r10=$(peak_mib "${ten[@]}")
  local growth
  growth=$(awk -v a="$m1" -v b="$m10" 'BEGIN {printf "%.1f", b / a}')
  printf '%-34s 1x %9.2f ms %7.1f MiB   10x %9.2f ms %7.1f MiB   growth %5s\n' "$name" "$m1" "$r1" "$m10" "$r10" "$growth"
  if awk -v g="$growth" 'BEGIN {exit !(g > 12)}'; then
    echo "$name: 10x the input takes ${growth}x the time (at most 12)" >&2
    scale_fail=1
  fi
}

# wall_us CMD...: the wall time of one run in microseconds, read from the
# shell's clock (no process started around the command).
wall_us() {
  local s e
  if [ -n "${EPOCHREALTIME:-}" ]; then
    s=${EPOCHREALTIME/[.,]/}
    "$@" >/dev/null 2>&1 || true
    e=${EPOCHREALTIME/[.,]/}
  else # bash before 5: date's own start is counted too
    s=$(($(date +%s%N) / 1000))
    "$@" >/dev/null 2>&1 || true
    e=$(($(date +%s%N) / 1000))
  fi
  echo $((e - s))
}

# median_ms MICROSECONDS...: their median in milliseconds.
median_ms() {
  printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {printf "%.3f", a[int((NR+1)/2)]/1000}'
}

# peak_mib CMD...: the peak RSS in MiB.
peak_mib() {
  /usr/bin/time -v -o "$work/rss" "$@" >/dev/null 2>&1 || true
  awk '/Maximum resident/ {printf "%.1f", $6/1024}' "$work/rss"
}

if has e; then
  # simulate: a Deployment over 50 members (a directory of files named by
  # cluster), every step for each; 500 members for the growth.
  for n in 50 500; do
    mkdir -p "$work/members-$n"
    for i in $(seq 1 "$n"); do
      sed "s/karmada-es-member1/karmada-es-member$i/" testdata/simulate/deployment/members/member1.yaml \
        > "$work/members-$n/member$i.yaml"
    done
  done
  sim() { echo simulate --template testdata/simulate/deployment/template.yaml --members "$1"; }
  # shellcheck disable=SC2046
  time_cmd "(e) simulate, Deployment, 50 members" 20 "$bin" $(sim "$work/members-50")
  # shellcheck disable=SC2046
  time_cmd "(e) same, -o json" 20 "$bin" $(sim "$work/members-50") -o json
  # shellcheck disable=SC2046
  scale_pair "(e) simulate, members 50 / 500" 5 "$bin" $(sim "$work/members-50") -- "$bin" $(sim "$work/members-500")
  [ "$scale_fail" = 0 ] || exit 1
fi

if has s; then
  s=$work/scale
  mkdir -p "$s"
  python3 - "$s" <<'PY'
import json, sys, os
s = sys.argv[1]
def item(i):
    return {"clusterName": f"member{i}", "applied": True, "health": "Healthy",
            "status": {"replicas": 3, "readyReplicas": 3, "updatedReplicas": 3, "availableReplicas": 2}}
def yaml_item(i, dash):
    p = "- " if dash else ""
    ind = "  " if dash else ""
    return (f"{p}clusterName: member{i}\n{ind}applied: true\n{ind}health: Healthy\n{ind}status:\n"
            f"{ind}  replicas: 3\n{ind}  readyReplicas: 3\n{ind}  updatedReplicas: 3\n{ind}  availableReplicas: 2\n")
ric_head = ("apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: {name}\n"
            "spec:\n  target:\n    apiVersion: apps/v1\n    kind: Deployment\n  customizations:\n")
def ric(name, rule, script):
    body = "".join("        " + l + "\n" for l in script.splitlines())
    return ric_head.format(name=name) + f"    {rule}:\n      luaScript: |\n{body}"
def replica(i):
    return f"function GetReplicas(obj)\n  -- customization {i}\n  return obj.spec.replicas + {i}, nil\nend"
for n, tag in ((5000, "1"), (50000, "10")):
    with open(f"{s}/stream-{tag}.json", "w") as f:
        for i in range(n):
            f.write(json.dumps(item(i)) + "\n")
    with open(f"{s}/list-{tag}.json", "w") as f:
        json.dump([item(i) for i in range(n)], f)
    with open(f"{s}/stream-{tag}.yaml", "w") as f:
        for i in range(n):
            f.write("---\n" + yaml_item(i, False))
    with open(f"{s}/list-{tag}.yaml", "w") as f:
        for i in range(n):
            f.write(yaml_item(i, True))
for n, tag in ((100, "1"), (1000, "10")):
    os.makedirs(f"{s}/files-{tag}")
    for i in range(n):
        with open(f"{s}/files-{tag}/ric-{i:05}.yaml", "w") as f:
            f.write(ric(f"r{i}", "replicaResource", replica(i)))
for n, tag in ((500, "1"), (5000, "10")):
    with open(f"{s}/docs-{tag}.yaml", "w") as f:
        f.write("---\n".join(ric(f"r{i}", "replicaResource", replica(i)) for i in range(n)))
for n, tag in ((20000, "1"), (200000, "10")):
    with open(f"{s}/labels-{tag}.yaml", "w") as f:
        f.write("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n")
        for i in range(n):
            f.write(f"    label-{i}: value-{i}\n")
for size, tag in ((500_000, "1"), (5_000_000, "10")):
    n = size // 30
    spec = ",".join(f'"key-{i:07}":"{"v" * 14}"' for i in range(n))
    with open(f"{s}/line-{tag}.json", "w") as f:
        f.write('{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{' + spec + "}}\n")
for n, tag in ((2000, "1"), (20000, "10")):
    script = "function GetReplicas(obj)\n  local r = 0\n" + "".join(f"  r = r + {i % 7}\n" for i in range(n)) + "  return r, nil\nend"
    with open(f"{s}/script-{tag}.yaml", "w") as f:
        f.write(ric("long", "replicaResource", script))
for n, tag in ((10000, "1"), (100000, "10")):
    script = ("function Retain(desired, observed)\n  local items = {}\n  for i = 1, " + str(n) +
              " do\n    items[i] = {name = 'item-' .. i, ready = i % 2 == 0}\n  end\n  desired.spec.items = items\n  return desired\nend")
    with open(f"{s}/result-{tag}.yaml", "w") as f:
        f.write(ric("big", "retention", script))
with open(f"{s}/keep.yaml", "w") as f:
    f.write(ric("keep", "retention", "function Retain(desired, observed)\n  desired.metadata.labels = observed.metadata.labels\n  desired.spec = observed.spec\n  return desired\nend"))
PY
  d=testdata/deployment
  agg() { echo interpret -f $d/ric.yaml --operation AggregateStatus --desired-file $d/desired.yaml --status-file "$1"; }
  retain() { echo interpret -f "$1" --operation Retain --desired-file $d/desired.yaml --observed-file "$2"; }
  echo "# scaling: each input dimension at 1x and 10x (median of 5 runs taken in turn, peak RSS)"
  for tool in kinterp ${KARMADACTL:+karmadactl}; do
    b=$bin
    [ "$tool" = karmadactl ] && b=$KARMADACTL
    echo "## $tool"
    # karmadactl reads status files as a stream of items only.
    kinds="stream-json list-json stream-yaml list-yaml"
    [ "$tool" = karmadactl ] && kinds="stream-json stream-yaml"
    for k in $kinds; do
      f=${k%-*}; e=${k#*-}
      # shellcheck disable=SC2046
      scale_pair "status items, ${f} ${e}" 5 "$b" $(agg "$s/$f-1.$e") -- "$b" $(agg "$s/$f-10.$e")
    done
    scale_pair "--check, files per run" 5 "$b" interpret -f "$s/files-1" --check -- "$b" interpret -f "$s/files-10" --check
    scale_pair "--check, documents per file" 5 "$b" interpret -f "$s/docs-1.yaml" --check -- "$b" interpret -f "$s/docs-10.yaml" --check
    # shellcheck disable=SC2046
    scale_pair "Retain, labels" 5 "$b" $(retain "$s/keep.yaml" "$s/labels-1.yaml") -- "$b" $(retain "$s/keep.yaml" "$s/labels-10.yaml")
    # shellcheck disable=SC2046
    scale_pair "Retain, one-line JSON object" 5 "$b" $(retain "$s/keep.yaml" "$s/line-1.json") -- "$b" $(retain "$s/keep.yaml" "$s/line-10.json")
    scale_pair "--check, script lines" 5 "$b" interpret -f "$s/script-1.yaml" --check -- "$b" interpret -f "$s/script-10.yaml" --check
    # shellcheck disable=SC2046
    scale_pair "Retain, result size" 5 "$b" $(retain "$s/result-1.yaml" $d/observed.yaml) -- "$b" $(retain "$s/result-10.yaml" $d/observed.yaml)
  done
  if [ "$scale_fail" != 0 ]; then
    exit 1
  fi
fi
