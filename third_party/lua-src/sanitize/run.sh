#!/usr/bin/env bash
# Builds the patched Lua 5.1 sources with AddressSanitizer and
# UndefinedBehaviorSanitizer, the block pools off (LUA_KINTERP_NOPOOL) and
# Lua's internal assertions on, and runs the stress programs in stress/
# with driver.c. Exits 0 with a printed reason when no C compiler with
# these sanitizers is present.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../lua-5.1.5"
cc=${CC:-cc}
out=${KINTERP_SANITIZE_DIR:-${TMPDIR:-/tmp}/kinterp-lua-sanitize.$$}
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

flags=(-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
  -fno-sanitize-recover=all -DLUA_USE_LINUX -DLUA_USE_APICHECK
  -DLUA_KINTERP_NOPOOL "-Dlua_assert(c)=((c) ? (void)0 : __assert_fail(#c, __FILE__, __LINE__, __func__))"
  -include assert.h -I"$src")

if ! command -v "$cc" >/dev/null 2>&1; then
  echo "== skipped: Lua sanitizer run: no C compiler ($cc) found"
  exit 0
fi
printf 'int main(void){return 0;}\n' > "$out/probe.c"
if ! "$cc" -fsanitize=address,undefined "$out/probe.c" -o "$out/probe" >/dev/null 2>&1 \
  || ! "$out/probe"; then
  echo "== skipped: Lua sanitizer run: $cc cannot build and run with -fsanitize=address,undefined"
  exit 0
fi

objs=()
for f in "$src"/*.c; do
  o="$out/$(basename "${f%.c}").o"
  "$cc" "${flags[@]}" -c "$f" -o "$o"
  objs+=("$o")
done
"$cc" "${flags[@]}" "$here/driver.c" "${objs[@]}" -lm -ldl -o "$out/driver"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:halt_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
echo "== Lua sanitizer run (ASan + UBSan, pools off): $(ls "$here"/stress/*.lua | wc -l) programs"
"$out/driver" "$here"/stress/*.lua
