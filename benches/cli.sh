#!/usr/bin/env bash
# End-to-end timings of the release binary: wall time (hyperfine, or
# /usr/bin/time as a fallback) and peak memory (/usr/bin/time -v).
#   bash benches/cli.sh            # all scenarios
#   bash benches/cli.sh a c        # some of them
# Builds the static release binary (README, "Release build"), honouring
# CARGO_TARGET_DIR; KINTERP_BIN runs that binary instead of building;
# KINTERP_CONFORMANCE names the shared conformance
# directory for (d) (default ../shared/conformance, beside the checkout).
# (b) and (d) are also run with --jobs 1, and the script fails unless the
# output and exit code are the same as with all cores.
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
      RUSTFLAGS="-C target-feature=+crt-static" cargo build --release --quiet --target "$host"
      bin="${CARGO_TARGET_DIR:-$PWD/target}/$host/release/kinterp"
      ;;
    *)
      cargo build --release --quiet
      bin="${CARGO_TARGET_DIR:-$PWD/target}/release/kinterp"
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
  mapfile -t bundled < <(find src/thirdparty -name '*.yaml' | sort)
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
