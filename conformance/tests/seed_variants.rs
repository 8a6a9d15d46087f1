//! The seed variants: the interpreter (running the rule files) and the
//! hand-written engine (written from the documents and the rulings register)
//! agree over seeded random games, under default rulings and each option.

mod common;

/// The seed of every run.
const SEED: u64 = 0xC0FFEE;

/// Plays `games` random games of `variant` with `rulings` in lockstep.
fn agree(variant: &str, rulings: &[(&str, &str)], games: usize) {
    common::lockstep(variant, rulings, SEED, games, 300);
}

/// Plays `games` random games of `variant` under each of `options` alone.
fn agree_under_each(variant: &str, options: &[(&str, &str)], games: usize) {
    common::lockstep_under_each(variant, options, SEED, games, 300);
}

/// Plays 10 short random games of `variant` from each of `fens` under each
/// of `values` of the ruling `id`.
fn agree_from_positions(variant: &str, id: &str, values: &[&str], fens: &[&str]) {
    for &value in values {
        for &fen in fens {
            common::lockstep_from(variant, &[(id, value)], Some(fen), SEED, 10, 60);
        }
    }
}

/// A seed variant, every option of every ruling of it that is not its
/// default, and the random games played under each option alone.
type Options = (&'static str, &'static [(&'static str, &'static str)], usize);

/// The seed variants and their options.
const OPTIONS: [Options; 3] = [
    (
        "entity",
        &[("entity.entry-zone", "half"), ("entity.promotion", "yes")],
        30,
    ),
    (
        "fool",
        &[
            ("fool.pawn-capture", "none"),
            ("fool.imitation", "reset"),
            ("fool.imitation", "either"),
            ("fool.castling-imitation", "rook"),
            ("fool.deadline", "ply-20"),
            ("fool.initial-position", "setup-square"),
            ("fool.castling-destination", "before-and-after"),
        ],
        20,
    ),
    (
        "clown",
        &[
            ("clown.entry-zone", "first-ranks"),
            ("clown.entry-zone", "all-edges"),
            ("clown.not-immediately", "type"),
            ("clown.not-immediately", "hand"),
            ("clown.not-immediately", "none"),
            ("clown.after-clown", "became-clown"),
            ("clown.entry-check", "forbidden"),
            ("clown.declare-capture", "forbidden"),
        ],
        20,
    ),
];

#[test]
fn default_rulings() {
    for (variant, _, _) in OPTIONS {
        agree(variant, &[], 60);
    }
}

#[test]
fn every_ruling_option() {
    for (variant, options, games) in OPTIONS {
        agree_under_each(variant, options, games);
    }
}

/// Positions where the values of a ruling differ: `(variant, ruling,
/// values, FENs)`.
type TellingPositions = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

/// The positions that tell the values of a ruling apart.
const TELLING_POSITIONS: [TellingPositions; 2] = [
    // The enemy Fool attacks the king's landing square before castling,
    // not after.
    (
        "fool",
        "fool.castling-destination",
        &["after", "before-and-after"],
        &[
            "4k3/f7/8/8/8/8/8/4K2R[] w K - 0 1 {last=P prev=B}",
            // Issue 16: f2f4 a7a6/Fa7 g1f3 h7h6 g2g3 h6h5 f1h3 h5h4.
            "rnbqkbnr/fpppppp1/p7/8/5P1p/5NPB/PPPPP2P/RNBQK2R[F] w KQkq - 0 5 {last=P prev=B}",
        ],
    ),
    // A Knight captured earlier is held when a second one (or the Clown)
    // is captured.
    (
        "clown",
        "clown.not-immediately",
        &["piece", "type", "hand", "none"],
        &[
            // Issue 16: b1c3 d7d5 c3d5 d8d5 g1f3 d5f3.
            "rnb1kbnr/ppp1pppp/8/8/8/5q2/PPPPPPPP/R1BQKB1R[NN] w KQkq - 0 4 {last=Qx lost=N}",
            "4k3/8/8/8/8/8/8/4K3[BNN] w - - 0 1 {last=Bx lost=N}",
            "4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1 {clown=w last=Qx lost=C}",
        ],
    ),
];

#[test]
fn from_positions_that_tell_the_values_of_a_ruling_apart() {
    for (variant, id, values, fens) in TELLING_POSITIONS {
        agree_from_positions(variant, id, values, fens);
    }
}
