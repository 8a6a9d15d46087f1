//! Helpers shared by the seed-variant agreement tests: the interpreter and
//! the engine loaded side by side, lockstep random games, perft at random
//! positions.

// Each test file uses a part of these helpers.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use motley_conformance::oracle::{
    compare_position, random_games, random_positions_perft, DiffError, RandomGames,
    RandomPositions, SplitMix64,
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

/// [`lockstep`] under each of `options` alone (the same seed for each);
/// returns the plies played under all of them.
pub fn lockstep_under_each(
    variant: &str,
    options: &[(&str, &str)],
    seed: u64,
    games: usize,
    max_plies: usize,
) -> u64 {
    options
        .iter()
        .map(|&option| lockstep(variant, &[option], seed, games, max_plies))
        .sum()
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
    let run = RandomGames {
        fen: fen.map(str::to_string),
        seed,
        games,
        max_plies,
    };
    let (summary, seconds) = agree(variant, rulings, |a, b| random_games(a, b, &run));
    assert_eq!(summary.games, games);
    eprintln!(
        "{variant} {rulings:?}: {games} games, {} plies in {seconds:.1}s: {:?}",
        summary.plies, summary.outcomes
    );
    summary.plies
}

/// Runs `run` on the interpreter and the engine loaded with `rulings`:
/// its summary and the seconds it took, or a panic naming the disagreement.
fn agree<S>(
    variant: &str,
    rulings: &[(&str, &str)],
    run: impl FnOnce(&mut Interp, &mut Engine) -> Result<S, DiffError>,
) -> (S, f64) {
    let (mut a, mut b) = pair(variant, rulings);
    let start = Instant::now();
    match run(&mut a, &mut b) {
        Ok(summary) => (summary, start.elapsed().as_secs_f64()),
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
    let run = RandomPositions {
        fen: None,
        seed,
        positions,
        max_plies: 120,
        depth,
    };
    let (summary, seconds) = agree(variant, rulings, |a, b| random_positions_perft(a, b, &run));
    assert_eq!(summary.positions, positions);
    eprintln!(
        "{variant} {rulings:?}: perft {depth} at {positions} positions, {} leaves in {seconds:.1}s",
        summary.leaves
    );
    summary.leaves
}

/// [`positions`] under each of `options` alone (the same seed for each);
/// returns the leaves counted under all of them.
pub fn positions_under_each(
    variant: &str,
    options: &[(&str, &str)],
    seed: u64,
    n: usize,
    depth: u32,
) -> u64 {
    options
        .iter()
        .map(|&option| positions(variant, &[option], seed, n, depth))
        .sum()
}

/// Both implementations count `expected` perft leaves at each
/// `(depth, leaves)` from the setup of `variant`.
pub fn start_perft(variant: &str, expected: &[(u32, u64)]) {
    let (mut a, mut b) = pair(variant, &[]);
    for &(depth, leaves) in expected {
        assert_eq!(
            a.perft(depth).expect("interpreter perft"),
            leaves,
            "interpreter, depth {depth}"
        );
        assert_eq!(
            b.perft(depth).expect("engine perft"),
            leaves,
            "engine, depth {depth}"
        );
    }
}

/// Plays `games` seeded random games of at most `max_plies` in lockstep
/// from each of `fens` (the seed is the FEN's index); returns the outcomes
/// counted over all of them.
pub fn lockstep_from_each(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    fens: &[&str],
    games: usize,
    max_plies: usize,
) -> BTreeMap<String, usize> {
    let mut outcomes = BTreeMap::new();
    for (i, fen) in fens.iter().enumerate() {
        let run = RandomGames {
            fen: Some(fen.to_string()),
            seed: i as u64,
            games,
            max_plies,
        };
        match random_games(a, b, &run) {
            Ok(summary) => {
                assert_eq!(summary.games, games, "{fen}");
                for (k, n) in summary.outcomes {
                    *outcomes.entry(k).or_insert(0) += n;
                }
            }
            Err(e) => panic!("{fen}: {e}"),
        }
    }
    outcomes
}

/// Reads the FENs met in `games` seeded random engine games of at most
/// `max_plies` fresh into both implementations and compares them there;
/// returns how many.
pub fn fens_agree(
    variant: &str,
    rulings: &[(&str, &str)],
    seed: u64,
    games: usize,
    max_plies: usize,
) -> usize {
    let (mut a, mut b) = pair(variant, rulings);
    let (_, mut walker) = pair(variant, rulings);
    let mut rng = SplitMix64::new(seed);
    let mut positions = 0;
    for _ in 0..games {
        walker.set_position(None, &[]).expect("setup");
        for _ in 0..max_plies {
            let fen = walker.fen().expect("fen");
            if let Err(e) = compare_position(&mut a, &mut b, Some(&fen), &[]) {
                panic!("{variant} {rulings:?}: {e}");
            }
            positions += 1;
            let legal = walker.legal_moves().expect("moves");
            if legal.is_empty() || walker.outcome().expect("outcome").is_some() {
                break;
            }
            walker
                .play(&legal[rng.below(legal.len())])
                .expect("legal move");
        }
    }
    positions
}
