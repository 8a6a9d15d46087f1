# Build settings that differ between the cargo-fuzz targets, sourced by
# fuzz/run.sh and .clusterfuzzlite/build.sh (paths relative to fuzz/).
#
# `differential` is built without comparison tracing: its input only picks
# moves, so traced comparisons guide nothing, and they took two thirds of
# its time (README, Fuzzing: about 3x the execs/s without). It is built in a
# target folder of its own, so the other targets keep the traced build.
untraced_targets="differential"

# The cargo-fuzz build flags of target $1 beyond the sanitizer.
build_flags() {
  case " $untraced_targets " in
    *" $1 "*) echo "--no-trace-compares --target-dir target/no-trace-compares" ;;
  esac
}

# The folder where cargo-fuzz's release build of target $1 lands.
release_dir() {
  case " $untraced_targets " in
    *" $1 "*) echo "target/no-trace-compares/x86_64-unknown-linux-gnu/release" ;;
    *) echo "target/x86_64-unknown-linux-gnu/release" ;;
  esac
}
