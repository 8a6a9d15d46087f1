//! Every-leaf perft of the interpreter on chess against shakmaty's, by the
//! CPU time of this thread (the machine may be shared: a thread waiting
//! for a core is not charged for the wait, as it would be in wall time).
//!
//! Both sides play every leaf. The interpreter runs its public
//! [`Rules::perft`] (what `motley perft` counts with, every leaf made and
//! unmade); shakmaty runs testkit's `shakmaty_played`, the engine's
//! benchmark's reference too: each leaf made on a copy of the position,
//! which is passed to `black_box`. Rounds alternate between the two; the medians of
//! their speeds are printed, and their ratio (interpreter / shakmaty).
//!
//! Run `cargo bench -p motley-chess-interpreter --bench shakmaty`; pass
//! `--quick` for one ply less and three rounds (`cargo test` only builds
//! this bench, it does not run it).

use std::hint::black_box;
use std::time::Duration;

use motley_interpreter::{build, Position as InterpPosition, Rules};
use motley_testkit::shakmaty_played;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// Name, FEN, depth, leaves at that depth.
const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

/// CPU time (user and system) this thread has used so far.
fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

/// Runs `f`, returning its count and leaves per CPU second.
fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let start = thread_cpu();
    let leaves = f();
    let elapsed = (thread_cpu() - start).max(Duration::from_nanos(1));
    (leaves, leaves as f64 / elapsed.as_secs_f64())
}

/// The median of `xs` (the mean of the middle two for an even count).
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (reduce, rounds) = if quick { (1, 3) } else { (0, 7) };
    let source = include_str!("../../spec/variants/chess.yaml");
    let rules: std::sync::Arc<Rules> = build(source).expect("chess.yaml builds").rules;
    println!(
        "{:<10} {:>5} {:>10} {:>6} {:>14} {:>14} {:>7}",
        "position", "depth", "leaves", "rounds", "interp/s", "shakmaty/s", "ratio"
    );
    for (name, fen, full_depth, full_leaves) in CASES {
        let depth = full_depth - reduce;
        let ours: InterpPosition = rules.position(fen).expect("benchmark FEN is valid");
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("benchmark FEN parses")
            .into_position(CastlingMode::Standard)
            .expect("benchmark FEN is legal");
        let (mut interp, mut shak, mut leaves) = (Vec::new(), Vec::new(), 0);
        for _ in 0..rounds {
            let speed;
            (leaves, speed) = timed(|| rules.perft(black_box(&ours), depth));
            let (their_leaves, their_speed) = timed(|| shakmaty_played(black_box(&theirs), depth));
            assert_eq!(leaves, their_leaves, "{name} depth {depth}: counts differ");
            if depth == full_depth {
                assert_eq!(leaves, full_leaves, "{name} depth {depth}");
            }
            interp.push(speed);
            shak.push(their_speed);
        }
        let (i, s) = (median(&mut interp), median(&mut shak));
        println!(
            "{name:<10} {depth:>5} {leaves:>10} {rounds:>6} {:>12.2}M {:>12.2}M {:>7.3}",
            i / 1e6,
            s / 1e6,
            i / s
        );
    }
}
