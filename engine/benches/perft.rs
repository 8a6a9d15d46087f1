//! Perft speed of the engine against shakmaty, single thread.
//!
//! Both sides play every leaf: at the last ply each legal move is made on a
//! copy of the position, which is then passed to `black_box` so the
//! compiler cannot drop the work. Bulk counting (last ply counted, not
//! made) is measured too.
//!
//! Run `cargo bench -p motley-chess-engine --bench perft`; pass `--quick` or set
//! `PERFT_REDUCE=N` to search N plies less (`--quick` is N = 2).

use std::hint::black_box;
use std::time::{Duration, Instant};

use motley_engine::chess::{self, Position};
use motley_testkit::shakmaty_played;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

/// A perft mode: its name, the engine's perft and shakmaty's.
type Mode = (
    &'static str,
    fn(&Position, u32) -> u64,
    fn(&Chess, u32) -> u64,
);

/// Runs `f`, returning its count and leaves per second.
fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let leaves = f();
    let elapsed = start.elapsed().max(Duration::from_nanos(1));
    (leaves, leaves as f64 / elapsed.as_secs_f64())
}

fn reduction() -> u32 {
    if std::env::args().any(|a| a == "--quick") {
        return 2;
    }
    std::env::var("PERFT_REDUCE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let reduce = reduction();
    println!(
        "{:<10} {:>5} {:>12} {:<8} {:>14} {:>14} {:>7}",
        "position", "depth", "leaves", "mode", "engine/s", "shakmaty/s", "ratio"
    );
    for (name, fen, full_depth, full_leaves) in CASES {
        let depth = full_depth.saturating_sub(reduce).max(1);
        let ours = Position::from_fen(fen).expect("benchmark FEN is valid");
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("benchmark FEN parses")
            .into_position(CastlingMode::Standard)
            .expect("benchmark FEN is legal");

        let modes: [Mode; 2] = [
            ("played", chess::perft, shakmaty_played),
            ("bulk", chess::perft_bulk, shakmaty::perft),
        ];
        for (mode, engine_perft, shakmaty_perft) in modes {
            let (leaves, engine_speed) = timed(|| engine_perft(black_box(&ours), depth));
            let (their_leaves, shakmaty_speed) =
                timed(|| shakmaty_perft(black_box(&theirs), depth));
            assert_eq!(
                leaves, their_leaves,
                "{name} depth {depth}: engine and shakmaty disagree"
            );
            if depth == full_depth {
                assert_eq!(leaves, full_leaves, "{name} depth {depth}");
            }
            println!(
                "{name:<10} {depth:>5} {leaves:>12} {mode:<8} {:>12.1}M {:>12.1}M {:>7.3}",
                engine_speed / 1e6,
                shakmaty_speed / 1e6,
                engine_speed / shakmaty_speed
            );
        }
    }
}
