#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/ for ClusterFuzzLite or OSS-Fuzz,
# as their `compile` step runs it: the repository at $SRC/motley, the
# fuzzers, their seed corpora (TARGET_seed_corpus.zip) and options
# (TARGET.options) written to $OUT. $SANITIZER picks the sanitizer
# (address by default, which needs the nightly toolchain the base image
# has; `none` builds on stable). Tested locally with, e.g.,
#   SRC=/tmp/src OUT=/tmp/out SANITIZER=none bash .clusterfuzzlite/build.sh
# after `ln -s "$PWD" /tmp/src/motley`.

set -euo pipefail

repo="$SRC/motley"
cd "$repo/fuzz"

case "${SANITIZER:-address}" in
  address | memory | thread | leak) sanitizer="$SANITIZER" ;;
  # Rust has no undefined-behaviour sanitizer; coverage builds take their
  # flags from the environment.
  *) sanitizer=none ;;
esac

# Each target's build flags beyond the sanitizer (fuzz/flags.sh).
# shellcheck source=fuzz/flags.sh
. ./flags.sh

mkdir -p "$OUT"
for target in $(cargo fuzz list); do
  read -r -a flags <<<"$(build_flags "$target")"
  cargo fuzz build -O --sanitizer "$sanitizer" "${flags[@]}" "$target"
  cp "$(release_dir "$target")/$target" "$OUT/"
  # Inputs as large as the deep and long seeds can grow (README, Fuzzing).
  printf '[libfuzzer]\nmax_len = 32768\n' >"$OUT/$target.options"
  if [ -d "corpus/$target" ]; then
    (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
