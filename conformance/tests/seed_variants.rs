//! The seed variants: the interpreter (running the rule files) and the
//! hand-written engine (written from the documents and the rulings register)
//! agree over seeded random games, under default rulings and each option.

use std::path::{Path, PathBuf};

use motley_conformance::oracle::{random_games, RandomGames};
use motley_conformance::{Engine, Implementation, Interp};

fn rule_file(variant: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants").join(format!("{variant}.yaml"))
}

/// Plays `games` random games of `variant` with `rulings` in lockstep.
fn agree(variant: &str, rulings: &[(&str, &str)], games: usize) {
    let rulings: Vec<(String, String)> = rulings.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let (mut a, mut b) = (Interp::new(), Engine::new());
    a.load(&rule_file(variant), &rulings).unwrap_or_else(|e| panic!("interpreter: {e}"));
    b.load(&rule_file(variant), &rulings).unwrap_or_else(|e| panic!("engine: {e}"));
    let run = RandomGames { fen: None, seed: 0xC0FFEE, games, max_plies: 300 };
    if let Err(e) = random_games(&mut a, &mut b, &run) {
        panic!("{variant} {rulings:?}: {e}");
    }
}

#[test]
fn entity_default_rulings() {
    agree("entity", &[], 60);
}

#[test]
fn entity_every_ruling_option() {
    agree("entity", &[("entity.entry-zone", "half")], 30);
    agree("entity", &[("entity.promotion", "yes")], 30);
}

#[test]
fn fool_default_rulings() {
    agree("fool", &[], 60);
}

#[test]
fn fool_every_ruling_option() {
    for (id, value) in [
        ("fool.pawn-capture", "none"),
        ("fool.imitation", "reset"),
        ("fool.imitation", "either"),
        ("fool.castling-imitation", "rook"),
        ("fool.deadline", "ply-20"),
        ("fool.initial-position", "setup-square"),
    ] {
        agree("fool", &[(id, value)], 20);
    }
}

#[test]
fn clown_default_rulings() {
    agree("clown", &[], 60);
}

#[test]
fn clown_every_ruling_option() {
    for (id, value) in [
        ("clown.entry-zone", "first-ranks"),
        ("clown.entry-zone", "all-edges"),
        ("clown.not-immediately", "hand"),
        ("clown.not-immediately", "none"),
        ("clown.after-clown", "became-clown"),
        ("clown.entry-check", "forbidden"),
        ("clown.declare-capture", "forbidden"),
    ] {
        agree("clown", &[(id, value)], 20);
    }
}
