#!/usr/bin/env bash
# Runs one cargo-fuzz target of this folder for a while, as CI does
# (README, Fuzzing): stable Rust without sanitizers, the checked-in seeds of
# corpus/TARGET read but left as they are (libFuzzer writes what it adds to
# a scratch folder), inputs up to 32 KiB.
#
#   fuzz/run.sh TARGET SECONDS [LIBFUZZER-FLAG...]
#
# On success it prints libFuzzer's summary (execs, execs/s, peak RSS). On a
# crash it prints what a CI log needs to reproduce it: the panic message,
# the end of libFuzzer's log (lines cut at 1000 bytes), and each input
# libFuzzer wrote to artifacts/TARGET/ in base64; then it exits 1.
set -euo pipefail
cd "$(dirname "$0")"

if [ $# -lt 2 ]; then
  echo "usage: fuzz/run.sh TARGET SECONDS [LIBFUZZER-FLAG...]" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2

# shellcheck source=fuzz/flags.sh
. ./flags.sh
read -r -a build <<<"--sanitizer none $(build_flags "$target")"

scratch="$(mktemp -d)"
log="$(mktemp)"
started="$(mktemp)" # inputs written after this file are this run's
trap 'rm -rf "$scratch" "$log" "$started"' EXIT

if cargo fuzz run "$target" "${build[@]}" "$scratch" "corpus/$target" -- \
  -max_total_time="$seconds" -max_len=32768 -print_final_stats=1 "$@" >"$log" 2>&1; then
  grep -E "^#[0-9]+.*(INITED|DONE)|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$log" \
    | awk '!seen[$0]++' || true
  exit 0
fi

echo "fuzz: $target failed; the panic or libFuzzer's error:"
# From the panic (or libFuzzer's own error: out of memory, timeout) to the
# line where libFuzzer reports it, at most 80 lines.
awk '/panicked at|ERROR: libFuzzer/ { on = 1 } on { print; if (/ERROR: libFuzzer/ || ++n >= 80) exit }' "$log" \
  | cut -c1-1000
echo "fuzz: the last 60 lines of the log:"
tail -n 60 "$log" | cut -c1-1000
found=0
while IFS= read -r -d '' input; do
  found=1
  echo "fuzz: input fuzz/$input ($(wc -c <"$input") bytes), base64 (recover with: base64 -d > FILE):"
  base64 -w 76 "$input"
done < <(find "artifacts/$target" -type f -newer "$started" -print0 2>/dev/null)
if [ "$found" = 1 ]; then
  echo "fuzz: $target found a crash: replay it with fuzz/run.sh's build flags and"
  echo "  cargo fuzz run $target ${build[*]} INPUT; see README, Fuzzing"
else
  echo "fuzz: $target wrote no input (a build error?); see the log above"
fi
exit 1
