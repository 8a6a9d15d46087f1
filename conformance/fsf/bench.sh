#!/usr/bin/env bash
# The interpreter against Fairy-Stockfish on the perfts of issue 20, in one
# run: for each variant and depth, `motley bench --against fsf` times the
# interpreter (every leaf played, one thread) and FSF's engine (the last ply
# counted in bulk, as FSF always counts) by CPU time, and prints FSF's row
# with "x interp" = the interpreter's time to answer over FSF's (below 1.0:
# the interpreter answers sooner). Needs a release build, pyffish and the
# `fairy-stockfish` engine (Debian's package, or $FSF_ENGINE); without them
# the FSF rows are skipped with a message.
#
#   conformance/fsf/bench.sh [MOTLEY]      (default target/release/motley)
set -euo pipefail
cd "$(dirname "$0")/../.."
motley=${1:-target/release/motley}
[ -x "$motley" ] || { echo "no $motley: run cargo build --release first" >&2; exit 2; }
while read -r variant depth; do
  echo "== $variant perft $depth"
  "$motley" bench "spec/variants/$variant.yaml" --depth "$depth" --against fsf
done <<'LIST'
chess 6
capablanca 5
seirawan 5
crazyhouse 6
grand 4
3check 6
kingofthehill 6
LIST
