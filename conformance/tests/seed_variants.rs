//! The seed variants: the interpreter (running the rule files) and the
//! hand-written engine (written from the documents and the rulings register)
//! agree over seeded random games, under default rulings and each option.

mod common;

/// Plays `games` random games of `variant` with `rulings` in lockstep.
fn agree(variant: &str, rulings: &[(&str, &str)], games: usize) {
    common::lockstep(variant, rulings, 0xC0FFEE, games, 300);
}

/// Plays `games` random games of `variant` under each of `options` alone.
fn agree_under_each(variant: &str, options: &[(&str, &str)], games: usize) {
    for &option in options {
        agree(variant, &[option], games);
    }
}

/// Plays 10 short random games of `variant` from each of `fens` under each
/// of `values` of the ruling `id`.
fn agree_from_positions(variant: &str, id: &str, values: &[&str], fens: &[&str]) {
    for &value in values {
        for &fen in fens {
            common::lockstep_from(variant, &[(id, value)], Some(fen), 0xC0FFEE, 10, 60);
        }
    }
}

#[test]
fn entity_default_rulings() {
    agree("entity", &[], 60);
}

#[test]
fn entity_every_ruling_option() {
    agree_under_each(
        "entity",
        &[("entity.entry-zone", "half"), ("entity.promotion", "yes")],
        30,
    );
}

#[test]
fn fool_default_rulings() {
    agree("fool", &[], 60);
}

/// Every option of every fool ruling that is not its default.
const FOOL_OPTIONS: [(&str, &str); 7] = [
    ("fool.pawn-capture", "none"),
    ("fool.imitation", "reset"),
    ("fool.imitation", "either"),
    ("fool.castling-imitation", "rook"),
    ("fool.deadline", "ply-20"),
    ("fool.initial-position", "setup-square"),
    ("fool.castling-destination", "before-and-after"),
];

#[test]
fn fool_every_ruling_option() {
    agree_under_each("fool", &FOOL_OPTIONS, 20);
}

/// Positions where the options of `fool.castling-destination` differ: the
/// enemy Fool attacks the king's landing square before castling, not after.
const FOOL_CASTLING_DESTINATION: [&str; 2] = [
    "4k3/f7/8/8/8/8/8/4K2R[] w K - 0 1 {last=P prev=B}",
    // Issue 16: f2f4 a7a6/Fa7 g1f3 h7h6 g2g3 h6h5 f1h3 h5h4.
    "rnbqkbnr/fpppppp1/p7/8/5P1p/5NPB/PPPPP2P/RNBQK2R[F] w KQkq - 0 5 {last=P prev=B}",
];

#[test]
fn fool_castling_destination_from_positions_that_tell_the_options_apart() {
    agree_from_positions(
        "fool",
        "fool.castling-destination",
        &["after", "before-and-after"],
        &FOOL_CASTLING_DESTINATION,
    );
}

#[test]
fn clown_default_rulings() {
    agree("clown", &[], 60);
}

/// Every option of every clown ruling that is not its default.
const CLOWN_OPTIONS: [(&str, &str); 8] = [
    ("clown.entry-zone", "first-ranks"),
    ("clown.entry-zone", "all-edges"),
    ("clown.not-immediately", "type"),
    ("clown.not-immediately", "hand"),
    ("clown.not-immediately", "none"),
    ("clown.after-clown", "became-clown"),
    ("clown.entry-check", "forbidden"),
    ("clown.declare-capture", "forbidden"),
];

#[test]
fn clown_every_ruling_option() {
    agree_under_each("clown", &CLOWN_OPTIONS, 20);
}

/// Positions where the options of `clown.not-immediately` differ: a Knight
/// captured earlier is held when a second one (or the Clown) is captured.
const CLOWN_NOT_IMMEDIATELY: [&str; 3] = [
    // Issue 16: b1c3 d7d5 c3d5 d8d5 g1f3 d5f3.
    "rnb1kbnr/ppp1pppp/8/8/8/5q2/PPPPPPPP/R1BQKB1R[NN] w KQkq - 0 4 {last=Qx lost=N}",
    "4k3/8/8/8/8/8/8/4K3[BNN] w - - 0 1 {last=Bx lost=N}",
    "4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1 {clown=w last=Qx lost=C}",
];

#[test]
fn clown_not_immediately_from_positions_that_tell_the_options_apart() {
    agree_from_positions(
        "clown",
        "clown.not-immediately",
        &["piece", "type", "hand", "none"],
        &CLOWN_NOT_IMMEDIATELY,
    );
}
