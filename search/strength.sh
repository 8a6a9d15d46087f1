#!/usr/bin/env bash
# The search against the random mover on every bundled variant (or the
# rule files given), as issue 22 measures it: per file, `motley match` of
# `motley uci` against `motley uci --random SEED`, colours alternating, at
# a fixed depth. Runs JOBS matches at once (one engine pair each) and
# prints one line per file as its match ends (wins, losses and draws of
# the search, the CPU seconds of both engines), then the files whose every
# game the search won, and the others with the numbers of the games it
# did not win. Exits 1 where some file was not won every time (a loss, a
# draw or a match that failed), 2 on bad usage.
# The test the_search_beats_the_random_mover_on_every_bundled_rule_file
# (cli/tests/engines.rs) checks the same at two games per file, seed 7.
#
#   search/strength.sh [--seed S] [--games N] [--depth D] [--jobs J]
#                      [--motley PATH] [--pgn DIR] [FILE...]
#
# Defaults: seed 7, 100 games, depth 2, as many jobs as processors,
# target/release/motley (build it with `cargo build --release -p
# motley-chess`), every file of spec/variants/. With --pgn, each match's
# games go to DIR/NAME.pgn (the file's name without .yaml), where a game
# the list names can be replayed. Every bundled file at 100 games and
# depth 2 takes about 86 minutes of CPU (51 on the clock with two jobs).
set -euo pipefail
cd "$(dirname "$0")/.."
seed=7 games=100 depth=2 jobs=$(nproc) motley=target/release/motley pgn=
files=()
while (($#)); do
  case $1 in
    --seed | --games | --depth | --jobs)
      [[ ${2-} =~ ^[0-9]+$ ]] || { echo "$1 needs a number, not \`${2-}\`" >&2; exit 2; }
      printf -v "${1#--}" '%s' "$2"
      shift 2
      ;;
    --motley | --pgn)
      [ -n "${2-}" ] || { echo "$1 needs a path" >&2; exit 2; }
      printf -v "${1#--}" '%s' "$2"
      shift 2
      ;;
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
if [ -n "$pgn" ]; then
  twin=$(for file in "${files[@]}"; do basename "$file" .yaml; done | sort | uniq -d | head -n 1)
  [ -z "$twin" ] || { echo "two files are named $twin: --pgn writes one DIR/$twin.pgn" >&2; exit 2; }
  mkdir -p "$pgn" || exit 2
fi
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# Match number N of FILE: its line (name, wins-losses-draws, CPU
# seconds, the games not won; where the match failed, the first line it
# printed) goes to $results and to the terminal.
match() {
  local n=$1 file=$2 name out cpu
  name=$(basename "$file" .yaml)
  local record=()
  [ -z "$pgn" ] || record=(--pgn "$pgn/$name.pgn")
  local TIMEFORMAT='%U %S'
  { time out=$("$motley" match "$file" --engine "$motley uci" \
    --engine "$motley uci --random $seed" --depth "$depth" --games "$games" \
    "${record[@]}" 2>&1) || true; } 2>"$results/$n.time"
  cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$results/$n.time")
  # `Score of A vs B: W - L - D [share] N`
  local score
  score=$(sed -n 's/^Score of .*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\) .*/\1-\2-\3/p' <<<"$out")
  [ -n "$score" ] || score="error: $(head -n 1 <<<"$out")"
  # `game N: WHITE vs BLACK: RESULT (how) after P plies`, the random
  # mover's name ending in "(random mover)": the games the search did not win.
  local lost
  lost=$(awk -F': ' '/^game [0-9]+: / {
      split($1, g, " "); result = substr($3, 1, 3)
      won = ($2 ~ /\(random mover\) vs /) ? result == "0-1" : result == "1-0"
      if (!won) printf "%s%s", (n++ ? ", " : ""), g[2]
    }' <<<"$out")
  printf '%-16s %-10s %6s s%s\n' "$name" "$score" "$cpu" "${lost:+  not won: $lost}" | tee "$results/$n.line"
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
