#!/usr/bin/env bash
# The short fuzzing CI runs (.ci/run): the lint and the language server's
# message reader, SECONDS each (default 20), from the kept regression
# inputs. Unlike run.sh, a crash, a timeout or running out of memory fails
# (libFuzzer exits non-zero and saves the input under artifacts/TARGET/).
#
# It builds the two targets with cargo itself, passing the flags
# `cargo fuzz build --dev` (cargo-fuzz 0.13) passes: libFuzzer's coverage
# instrumentation, AddressSanitizer and debug assertions, for the target
# triple only (build scripts stay uninstrumented). A fresh CI machine so
# needs no `cargo install cargo-fuzz`, which took longer than the fuzzing.
# Usage: fuzz/ci.sh [SECONDS]
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-20}
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
triple=$(rustc -vV | sed -n 's/^host: //p')
targets=(lint lsp_frames)

flags=(
  -Cpasses=sancov-module
  -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
  -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares
  -Cllvm-args=-sanitizer-coverage-stack-depth
  -Cllvm-args=-simplifycfg-branch-fold-threshold=0
  --cfg fuzzing
  -Zsanitizer=address
  -Cdebug-assertions
)
echo "== fuzz: building ${targets[*]} (instrumented, dev profile)"
build_log=$(mktemp)
bins=()
for target in "${targets[@]}"; do bins+=(--bin "$target"); done
if ! RUSTFLAGS="${flags[*]}" nice -n 19 cargo build --manifest-path Cargo.toml \
  --target "$triple" "${bins[@]}" >"$build_log" 2>&1; then
  tail -n 40 "$build_log"
  rm -f "$build_log"
  echo "fuzzing: building the targets failed"
  exit 1
fi
rm -f "$build_log"

for target in "${targets[@]}"; do
  corpus=$(mktemp -d)
  cp ../tests/it/regressions/"$target"/* "$corpus"/ 2>/dev/null
  mkdir -p "artifacts/$target"
  log=$(mktemp)
  echo "== fuzz $target for ${secs}s"
  nice -n 19 "$CARGO_TARGET_DIR/$triple/debug/$target" "$corpus" \
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
