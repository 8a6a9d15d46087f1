//! Chess Is a Joke: the interpreter (running `spec/variants/joke.yaml`) and
//! the hand-written engine agree over seeded random games, under default
//! rulings and every option the engine implements.

use std::path::{Path, PathBuf};

use motley_conformance::oracle::{random_games, RandomGames};
use motley_conformance::{Engine, Implementation, Interp};

fn rule_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants/joke.yaml")
}

/// Loads both implementations with `rulings`.
fn pair(rulings: &[(&str, &str)]) -> (Interp, Engine) {
    let rulings: Vec<(String, String)> = rulings.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let (mut a, mut b) = (Interp::new(), Engine::new());
    a.load(&rule_file(), &rulings).unwrap_or_else(|e| panic!("interpreter: {e}"));
    b.load(&rule_file(), &rulings).unwrap_or_else(|e| panic!("engine: {e}"));
    (a, b)
}

/// Plays `games` random games with `rulings` in lockstep.
fn agree(rulings: &[(&str, &str)], seed: u64, games: usize) {
    let (mut a, mut b) = pair(rulings);
    let run = RandomGames { fen: None, seed, games, max_plies: 300 };
    if let Err(e) = random_games(&mut a, &mut b, &run) {
        panic!("joke {rulings:?}: {e}");
    }
}

#[test]
fn random_games_default_rulings() {
    agree(&[], 0x10CE, 40);
}

#[test]
fn random_games_every_ruling_option() {
    for (id, value) in [
        ("joke.linger", "none"),
        ("joke.stay-adjacent", "linger"),
        ("joke.en-passant", "none"),
        ("joke.castle-frozen-rook", "allowed"),
        ("joke.fifty-joker", "reset"),
        ("joke.black-setup", "rotate"),
    ] {
        agree(&[(id, value)], 0x10CE, 15);
    }
}

/// The full run: 10,000 games under default rulings.
#[test]
#[ignore]
fn random_games_full() {
    agree(&[], 0x10CE, 10_000);
}
