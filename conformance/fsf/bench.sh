#!/usr/bin/env bash
# The interpreter against Fairy-Stockfish on the perfts of issue 20, in one
# run: for each variant and depth, `motley bench --against fsf` times, by
# CPU time on one thread, the interpreter playing every leaf, the
# interpreter counting the last ply in bulk, and FSF's engine (which always
# counts in bulk), then prints one summary line per perft: the seconds of
# each and the interpreter's time to answer over FSF's, every leaf played
# and in bulk (below 1.0: the interpreter answers sooner). Needs a release
# build, pyffish and the `fairy-stockfish` engine (Debian's package, or
# $FSF_ENGINE); without them the FSF rows are skipped with a message and the
# ratios shown as `-`.
#
#   conformance/fsf/bench.sh [MOTLEY [PLIES_LESS]]
#
# MOTLEY defaults to target/release/motley; PLIES_LESS (default 0) runs
# each perft that many plies shallower, for a busy machine (on which the
# deepest perfts can outlast the UCI engine's time limit).
set -euo pipefail
cd "$(dirname "$0")/../.."
motley=${1:-target/release/motley}
less=${2:-0}
[[ $less =~ ^[0-3]$ ]] || { echo "PLIES_LESS must be 0 to 3, not \`$less\`" >&2; exit 2; }
[ -x "$motley" ] || { echo "no $motley: run cargo build --release first" >&2; exit 2; }
summary=()
while read -r variant depth; do
  depth=$((depth - less))
  echo "== $variant perft $depth"
  table=$("$motley" bench "spec/variants/$variant.yaml" --depth "$depth" --against fsf)
  echo "$table"
  # Columns: impl depth leaves seconds leaves/s x-interp x-bulk; the FSF
  # row's x columns are the interpreter's times over FSF's.
  summary+=("$(awk -v v="$variant" -v d="$depth" '
    $1 == "interpreter" { played = $4 }
    $1 == "interp" && $2 == "bulk" { bulk = $5 }
    $1 == "fsf" { fsf = $5; xp = $7; xb = $8 }
    END { printf "%-14s %5s %10s %10s %10s %10s %10s\n", v, d, played, bulk, (fsf ? fsf : "-"), (xp ? xp : "-"), (xb ? xb : "-") }
  ' <<<"$table")")
done <<'LIST'
chess 6
capablanca 5
seirawan 5
crazyhouse 6
grand 4
3check 6
kingofthehill 6
LIST
echo
echo "time to answer, CPU seconds (ratios: the interpreter's time over Fairy-Stockfish's)"
printf "%-14s %5s %10s %10s %10s %10s %10s\n" variant depth played bulk fsf played/fsf bulk/fsf
printf "%s\n" "${summary[@]}"
