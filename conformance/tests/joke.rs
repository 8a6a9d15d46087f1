//! Chess Is a Joke: the interpreter (running spec/variants/joke.yaml) and
//! the hand-written engine (written from the document and the rulings
//! register) agree on perft from the start, on perft at positions reached
//! by seeded random play, and at every ply of seeded random games, under
//! the default rulings and each option the engine implements (all but
//! `joke.freeze-trigger=on-arrival`, which only the interpreter offers).
//! The full counts are `#[ignore]` tests.

mod common;

use common::{lockstep, lockstep_under_each, positions, positions_under_each};

/// Every option of every ruling that is not its default, and that the engine implements.
const OPTIONS: [(&str, &str); 6] = [
    ("joke.linger", "none"),
    ("joke.stay-adjacent", "linger"),
    ("joke.en-passant", "none"),
    ("joke.castle-frozen-rook", "allowed"),
    ("joke.fifty-joker", "reset"),
    ("joke.black-setup", "rotate"),
];

#[test]
fn start_perft_to_depth_4() {
    common::start_perft("joke", &[(1, 24), (2, 576), (3, 15_070), (4, 393_862)]);
}

#[test]
fn random_games_default_rulings() {
    assert!(lockstep("joke", &[], 0x10CE, 40, 300) > 3_000);
}

#[test]
fn random_games_every_ruling_option() {
    lockstep_under_each("joke", &OPTIONS, 0x10CE ^ 0xA5, 12, 300);
}

#[test]
fn perft_3_at_200_random_positions() {
    positions("joke", &[], 0x10CF, 200, 3);
}

#[test]
fn perft_2_at_random_positions_every_ruling_option() {
    positions_under_each("joke", &OPTIONS, 0x10D0, 30, 2);
}

#[test]
#[ignore = "minutes; run with --ignored --release"]
fn random_games_10000() {
    assert!(lockstep("joke", &[], 0x10CE_0001, 10_000, 300) > 1_000_000);
}

#[test]
#[ignore = "minutes; run with --ignored --release"]
fn random_games_1000_every_ruling_option() {
    lockstep_under_each("joke", &OPTIONS, 0x10CE_0002, 1_000, 300);
}

#[test]
#[ignore = "minutes; run with --ignored --release"]
fn perft_3_at_2000_random_positions_every_ruling() {
    positions("joke", &[], 0x10D1, 2_000, 3);
    positions_under_each("joke", &OPTIONS, 0x10D2, 200, 3);
}
