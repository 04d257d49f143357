#!/usr/bin/env bash
# Runs one fuzz target for SECONDS (default 600) at the lowest priority, in
# libFuzzer's fork mode so that a crash is saved and fuzzing goes on.
# Leak detection is off: mlua leaks about 1.7 KiB of reference-count tokens
# each time a Lua state is closed (the pool drops a state after a failed
# run), which LeakSanitizer would report for nearly every fuzzed script.
# Usage: fuzz/run.sh TARGET [SECONDS]
set -euo pipefail
cd "$(dirname "$0")"
target=$1
secs=${2:-600}
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
mkdir -p "corpus/$target" "artifacts/$target"
exec nice -n 19 cargo fuzz run -a -O --target-dir "$CARGO_TARGET_DIR" "$target" "corpus/$target" -- \
  -max_total_time="$secs" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1
