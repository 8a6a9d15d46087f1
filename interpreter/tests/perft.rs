//! Orthodox chess perft from the rule file against published counts.

use motley_interpreter::{Game, Leaves};

const CHESS: &str = include_str!("../../spec/variants/chess.yaml");

/// Positions whose count exceeds this are skipped by the default test run;
/// the ignored test runs everything.
const NODE_BUDGET: u64 = 200_000;

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    include_str!("data/perftsuite.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let counts = parts
                .filter_map(|p| {
                    let (d, n) = p.trim().split_once(' ')?;
                    Some((d.trim_start_matches('D').parse().ok()?, n.parse().ok()?))
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

fn run(budget: u64) -> usize {
    let mut game = Game::from_source(CHESS).expect("chess.yaml loads");
    let mut checked = 0;
    for (fen, counts) in suite() {
        game.set_fen(&fen).unwrap_or_else(|e| panic!("{e}"));
        for (depth, expected) in counts.into_iter().filter(|c| c.1 <= budget) {
            assert_eq!(game.perft(depth), expected, "{fen} depth {depth}");
            let bulk: u64 = game
                .divide(depth, Leaves::Bulk, 1, &|_, _| {})
                .iter()
                .map(|r| r.1)
                .sum();
            assert_eq!(bulk, expected, "{fen} depth {depth}, the last ply in bulk");
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_suite_under_budget() {
    assert!(run(NODE_BUDGET) > 300);
}

#[test]
#[ignore = "full suite: several minutes"]
fn perft_suite_full() {
    run(u64::MAX);
}

/// Perft split by root move sums to perft, also where the game is over:
/// after White's third check in three-check, no move is counted.
#[test]
fn divide_sums_to_perft_where_the_game_is_over() {
    let mut game = Game::from_path(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants/3check.yaml"),
    )
    .expect("3check.yaml loads");
    game.set_fen("rnbqkbnr/pppp1ppp/8/4p3/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0+3 0 2")
        .unwrap_or_else(|e| panic!("{e}"));
    for depth in 1..=2 {
        let rows = game.divide(depth, Leaves::Played, 1, &|_, _| {});
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), game.perft(depth));
        assert!(rows.is_empty(), "{rows:?}");
    }
    game.set_fen("rnbqkbnr/pppp1ppp/8/4p3/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 2+3 0 2")
        .unwrap_or_else(|e| panic!("{e}"));
    let rows = game.divide(2, Leaves::Bulk, 1, &|_, _| {});
    assert_eq!(rows.len(), 30);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), game.perft(2));
}

/// Several workers share the subtrees below the root moves' replies (from
/// depth 3): every root move's count is the one a single worker gives,
/// where some root move ends the game (three-check: a third check leaves
/// no reply to count) and on the chess start (8902 at depth 3, 197281 at
/// depth 4, both counting ways).
#[test]
fn threads_split_below_the_root_and_count_the_same() {
    let variants = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants");
    let cases = [
        ("chess.yaml", None, 3, Some(8902)),
        ("chess.yaml", None, 4, Some(197_281)),
        (
            "3check.yaml",
            Some("rnbqkbnr/ppp2ppp/8/3pp3/4P3/5P2/PPPP2PP/RNBQKBNR w KQkq - 1+3 0 3"),
            3,
            None,
        ),
    ];
    for (file, fen, depth, expected) in cases {
        let mut game = Game::from_path(&variants.join(file)).expect("bundled file loads");
        if let Some(fen) = fen {
            game.set_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        }
        let one = game.divide(depth, Leaves::Played, 1, &|_, _| {});
        let total: u64 = one.iter().map(|r| r.1).sum();
        assert_eq!(total, game.perft(depth), "{file} depth {depth}");
        if let Some(expected) = expected {
            assert_eq!(total, expected, "{file} depth {depth}");
        }
        for leaves in [Leaves::Played, Leaves::Bulk] {
            for threads in [2, 3] {
                let shown = std::sync::Mutex::new(Vec::new());
                let rows = game.divide(depth, leaves, threads, &|done, of| {
                    shown.lock().expect("lock").push((done, of));
                });
                assert_eq!(rows, one, "{file} depth {depth}, {threads} threads");
                // Progress counts root moves, each once, up to all of them.
                let mut shown = shown.into_inner().expect("lock");
                shown.sort();
                let roots = one.len();
                assert_eq!(shown.last(), Some(&(roots, roots)), "{file}");
                assert!(shown.len() <= roots, "{file}");
            }
        }
    }
}
