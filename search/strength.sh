#!/usr/bin/env bash
# The search against the random mover on every bundled variant (or the
# rule files given), as issue 22 measures it: per file, `motley match` of
# `motley uci` against `motley uci --random SEED`, colours alternating, at
# a fixed depth. Runs JOBS matches at once (one engine pair each) and
# prints one line per file as its match ends (wins, losses and draws of
# the search, the CPU seconds of both engines), then the files whose every
# game the search won, and the others. Exits 1 where some file was not
# won every time (a loss, a draw or a match that failed), 2 on bad usage.
# The test the_search_beats_the_random_mover_on_every_bundled_rule_file
# (cli/tests/engines.rs) checks the same at two games per file, seed 7.
#
#   search/strength.sh [--seed S] [--games N] [--depth D] [--jobs J]
#                      [--motley PATH] [FILE...]
#
# Defaults: seed 7, 100 games, depth 2, as many jobs as processors,
# target/release/motley (build it with `cargo build --release -p
# motley-chess`), every file of spec/variants/. Every bundled file at 100
# games and depth 2 takes about 27 minutes of CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
seed=7 games=100 depth=2 jobs=$(nproc) motley=target/release/motley
files=()
while (($#)); do
  case $1 in
    --seed | --games | --depth | --jobs)
      [[ ${2-} =~ ^[0-9]+$ ]] || { echo "$1 needs a number, not \`${2-}\`" >&2; exit 2; }
      printf -v "${1#--}" '%s' "$2"
      shift 2
      ;;
    --motley) motley=${2:?--motley needs a path}; shift 2 ;;
    -*) echo "unknown option \`$1\`; see the head of $0" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
((jobs > 0 && games > 0 && depth > 0)) || { echo "--jobs, --games and --depth must be above 0" >&2; exit 2; }
[ -x "$motley" ] || { echo "no $motley: run cargo build --release -p motley-chess first" >&2; exit 2; }
((${#files[@]})) || files=(spec/variants/*.yaml)
for file in "${files[@]}"; do
  [ -f "$file" ] || { echo "no rule file $file" >&2; exit 2; }
done
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# Match number N of FILE: its line (name, wins-losses-draws, CPU
# seconds; where the match failed, the first line it printed) goes to
# $results and to the terminal.
match() {
  local n=$1 file=$2 name out cpu
  name=$(basename "$file" .yaml)
  local TIMEFORMAT='%U %S'
  { time out=$("$motley" match "$file" --engine "$motley uci" \
    --engine "$motley uci --random $seed" --depth "$depth" --games "$games" 2>&1) || true; } 2>"$results/$n.time"
  cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$results/$n.time")
  # `Score of A vs B: W - L - D [share] N`
  local score
  score=$(sed -n 's/^Score of .*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\) .*/\1-\2-\3/p' <<<"$out")
  [ -n "$score" ] || score="error: $(head -n 1 <<<"$out")"
  printf '%-16s %-10s %6s s\n' "$name" "$score" "$cpu" | tee "$results/$n.line"
}

echo "the search (depth $depth) against the random mover (seed $seed), $games games per file"
for n in "${!files[@]}"; do
  while (($(jobs -rp | wc -l) >= jobs)); do
    wait -n || true
  done
  match "$n" "${files[n]}" &
done
wait
all=$(cat "$results"/*.line)
perfect=$(awk -v g="$games" '$2 == g "-0-0"' <<<"$all" | wc -l)
echo
others=$(awk -v g="$games" '$2 != g "-0-0"' <<<"$all")
if [ -z "$others" ]; then
  echo "$perfect of ${#files[@]} files won every game"
else
  echo "$perfect of ${#files[@]} files won every game; the others:"
  echo "$others"
  exit 1
fi
