//! The seed variants: the interpreter (running the rule files) and the
//! hand-written engine (written from the documents and the rulings register)
//! agree over seeded random games, under default rulings and each option.

mod common;

/// Plays `games` random games of `variant` with `rulings` in lockstep.
fn agree(variant: &str, rulings: &[(&str, &str)], games: usize) {
    common::lockstep(variant, rulings, 0xC0FFEE, games, 300);
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
