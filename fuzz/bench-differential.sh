#!/usr/bin/env bash
# Benchmark: the `differential` fuzz target built with comparison tracing
# (cargo-fuzz's default) and without it (fuzz/flags.sh), replaying the same
# inputs in the same run; prints the CPU seconds of each and their ratio
# (README, Fuzzing, "The speed of differential").
#
#   bash fuzz/bench-differential.sh [INPUTS]     # INPUTS: 400 by default
#
# The inputs are seeded random bytes (2 to 60 bytes: variant, ruling, seed
# and the first moves), the same on every run.
set -euo pipefail
cd "$(dirname "$0")"
count=${1:-400}

# shellcheck source=fuzz/flags.sh
. ./flags.sh
read -r -a untraced <<<"$(build_flags differential)"
cargo fuzz build --sanitizer none differential
cargo fuzz build --sanitizer none "${untraced[@]}" differential

inputs="$(mktemp -d)"
trap 'rm -rf "$inputs"' EXIT
python3 - "$inputs" "$count" <<'PY'
import random, sys
folder, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(1)
for i in range(count):
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(2, 61)))
    open(f"{folder}/input-{i:04}", "wb").write(data)
PY

# CPU ticks (user and system) of one replay of every input by binary $1:
# what the shell running it gains in its waited-for children's times.
cpu_ticks() {
  local me=$BASHPID before after
  before=$(awk '{ print $14 + $15 + $16 + $17 }' "/proc/$me/stat")
  "$1" "$inputs"/input-* >/dev/null 2>&1 || { echo "bench: $1 failed on an input" >&2; exit 1; }
  after=$(awk '{ print $14 + $15 + $16 + $17 }' "/proc/$me/stat")
  echo "$(( after - before ))"
}
ticks=$(getconf CLK_TCK)
traced=$(cpu_ticks target/x86_64-unknown-linux-gnu/release/differential)
plain=$(cpu_ticks "$(release_dir differential)/differential")
awk -v t="$traced" -v p="$plain" -v hz="$ticks" -v n="$count" 'BEGIN {
  printf "differential, %d inputs: traced %.2f s CPU, untraced %.2f s CPU, ratio %.2fx\n", n, t / hz, p / hz, t / p
}'
