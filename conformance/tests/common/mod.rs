//! Helpers shared by the seed-variant agreement tests: the interpreter and
//! the engine loaded side by side, lockstep random games, perft at random
//! positions.

// Each test file uses a part of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Instant;

use motley_conformance::oracle::{
    random_games, random_positions_perft, RandomGames, RandomPositions,
};
use motley_conformance::{Engine, Implementation, Interp};

/// The bundled rule file of `variant`.
pub fn rule_file(variant: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../spec/variants")
        .join(format!("{variant}.yaml"))
}

/// The interpreter and the engine, both loaded with `rulings`.
pub fn pair(variant: &str, rulings: &[(&str, &str)]) -> (Interp, Engine) {
    let rulings: Vec<(String, String)> = rulings
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let (mut a, mut b) = (Interp::new(), Engine::new());
    a.load_path(&rule_file(variant), &rulings)
        .unwrap_or_else(|e| panic!("interpreter: {e}"));
    b.load_path(&rule_file(variant), &rulings)
        .unwrap_or_else(|e| panic!("engine: {e}"));
    (a, b)
}

/// Plays `games` seeded random games of at most `max_plies` in lockstep;
/// returns the plies played.
pub fn lockstep(
    variant: &str,
    rulings: &[(&str, &str)],
    seed: u64,
    games: usize,
    max_plies: usize,
) -> u64 {
    lockstep_from(variant, rulings, None, seed, games, max_plies)
}

/// [`lockstep`] from `fen` (the variant's setup when `None`).
pub fn lockstep_from(
    variant: &str,
    rulings: &[(&str, &str)],
    fen: Option<&str>,
    seed: u64,
    games: usize,
    max_plies: usize,
) -> u64 {
    let (mut a, mut b) = pair(variant, rulings);
    let start = Instant::now();
    let run = RandomGames {
        fen: fen.map(str::to_string),
        seed,
        games,
        max_plies,
    };
    match random_games(&mut a, &mut b, &run) {
        Ok(summary) => {
            assert_eq!(summary.games, games);
            eprintln!(
                "{variant} {rulings:?}: {games} games, {} plies in {:.1}s: {:?}",
                summary.plies,
                start.elapsed().as_secs_f64(),
                summary.outcomes
            );
            summary.plies
        }
        Err(e) => panic!("{variant} {rulings:?}: {e}"),
    }
}

/// Compares perft at `depth` at `positions` positions reached by seeded
/// random play; returns the leaves counted (by each).
pub fn positions(
    variant: &str,
    rulings: &[(&str, &str)],
    seed: u64,
    positions: usize,
    depth: u32,
) -> u64 {
    let (mut a, mut b) = pair(variant, rulings);
    let start = Instant::now();
    let run = RandomPositions {
        fen: None,
        seed,
        positions,
        max_plies: 120,
        depth,
    };
    match random_positions_perft(&mut a, &mut b, &run) {
        Ok(summary) => {
            assert_eq!(summary.positions, positions);
            eprintln!("{variant} {rulings:?}: perft {depth} at {positions} positions, {} leaves in {:.1}s", summary.leaves, start.elapsed().as_secs_f64());
            summary.leaves
        }
        Err(e) => panic!("{variant} {rulings:?}: {e}"),
    }
}
