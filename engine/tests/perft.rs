//! The community perft suite against both perft variants.

use motley_engine::chess::{perft, perft_bulk, Position};

const SUITE: &str = include_str!("data/perftsuite.epd");

/// Node budget per position and depth for the quick run.
const BUDGET: u64 = 1_000_000;

/// Each suite line: the FEN and its (depth, leaves) pairs.
fn suite() -> Vec<(&'static str, Vec<(u32, u64)>)> {
    SUITE
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().expect("FEN field").trim();
            let depths = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("`Dn count` field");
                    (
                        d.trim_start_matches('D').parse().expect("depth"),
                        n.parse().expect("count"),
                    )
                })
                .collect();
            (fen, depths)
        })
        .collect()
}

fn run(budget: u64) {
    let suite = suite();
    assert_eq!(suite.len(), 127);
    for (fen, depths) in suite {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in depths.into_iter().filter(|&(_, n)| n <= budget) {
            assert_eq!(perft(&pos, depth), expected, "perft {depth} of {fen}");
            assert_eq!(
                perft_bulk(&pos, depth),
                expected,
                "bulk perft {depth} of {fen}"
            );
        }
    }
}

#[test]
fn perft_suite_within_budget() {
    run(BUDGET);
}

#[test]
#[ignore = "runs every depth of the suite (minutes)"]
fn perft_suite_full() {
    run(u64::MAX);
}
