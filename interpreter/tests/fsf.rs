//! Fairy-Stockfish's published perft counts (tests/perft.sh) for the bundled
//! rule files of well-known variants, and its start positions.

use std::path::Path;

use motley_interpreter::Game;

/// Lines whose count exceeds this are skipped by the default run.
const NODE_BUDGET: u64 = 1_000_000;

fn game(variant: &str) -> Option<Game> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../spec/variants")
        .join(format!("{variant}.yaml"));
    path.exists()
        .then(|| Game::from_path(&path).unwrap_or_else(|d| panic!("{variant}: {d}")))
}

fn run(budget: u64) -> usize {
    let mut checked = 0;
    for line in include_str!("data/fsf-perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (variant, position, depth, nodes) = (cols[0], cols[1], cols[2], cols[3]);
        let nodes: u64 = nodes.parse().expect("node count");
        let Some(mut game) = game(variant) else {
            continue;
        };
        if nodes > budget {
            continue;
        }
        if let Some(fen) = position.strip_prefix("fen ") {
            game.set_fen(fen)
                .unwrap_or_else(|e| panic!("{variant}: {e}"));
        }
        assert_eq!(game.perft(depth.parse().expect("depth")), nodes, "{line}");
        checked += 1;
    }
    checked
}

#[test]
fn published_counts_under_budget() {
    assert!(run(NODE_BUDGET) >= 12);
}

#[test]
#[ignore = "every line: about a minute"]
fn published_counts_full() {
    run(u64::MAX);
}

#[test]
fn start_positions_print_as_fairy_stockfish_does() {
    for line in include_str!("data/fsf-startpos.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let (variant, fen) = line.split_once('\t').expect("two columns");
        let Some(game) = game(variant) else { continue };
        assert_eq!(game.fen(), fen, "{variant}");
        let mut again = game.clone();
        again
            .set_fen(fen)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!(again.fen(), fen, "{variant} round trip");
    }
}
