#!/usr/bin/env bash
# The short fuzzing CI runs (.ci/run): the lint and the language server's
# message reader, SECONDS each (default 25), from the kept regression
# inputs. Unlike run.sh, a crash, a timeout or running out of memory fails
# (libFuzzer exits non-zero and saves the input under artifacts/TARGET/).
# Usage: fuzz/ci.sh [SECONDS]
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-25}
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
for target in lint lsp_frames; do
  corpus=$(mktemp -d)
  cp ../tests/it/regressions/"$target"/* "$corpus"/ 2>/dev/null
  mkdir -p "artifacts/$target"
  log=$(mktemp)
  echo "== fuzz $target for ${secs}s"
  nice -n 19 cargo fuzz run --dev --target-dir "$CARGO_TARGET_DIR" "$target" "$corpus" -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -artifact_prefix="artifacts/$target/" >"$log" 2>&1
  status=$?
  grep -E '^(#[0-9]+ +DONE|Done [0-9]+ runs|==[0-9]+==ERROR|SUMMARY)' "$log"
  rm -rf "$corpus"
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log"
    rm -f "$log"
    echo "fuzzing $target failed (exit $status); the input is in fuzz/artifacts/$target/"
    exit 1
  fi
  rm -f "$log"
done
