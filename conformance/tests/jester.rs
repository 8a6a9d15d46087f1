//! Jester Chess: the interpreter (running spec/variants/jester.yaml) and the
//! hand-written engine (written from the document and the rulings register)
//! agree on perft from the start, on perft at positions reached by seeded
//! random play, and at every ply of seeded random games, under the default
//! rulings and each option. The full counts are `#[ignore]` tests.

mod common;

/// The interpreter and the engine loaded with Jester Chess and `rulings`.
fn pair(rulings: &[(&str, &str)]) -> (motley_conformance::Interp, motley_conformance::Engine) {
    common::pair("jester", rulings)
}

/// The longest lockstep game of Jester Chess, in plies.
const MAX_PLIES: usize = 400;

/// Lockstep random games of Jester Chess; returns the plies.
fn lockstep(rulings: &[(&str, &str)], seed: u64, games: usize) -> u64 {
    common::lockstep("jester", rulings, seed, games, MAX_PLIES)
}

/// Perft at `depth` at `n` random positions of Jester Chess.
fn positions(rulings: &[(&str, &str)], seed: u64, n: usize, depth: u32) {
    common::positions("jester", rulings, seed, n, depth);
}

/// Every option of every ruling that is not its default.
const OPTIONS: [(&str, &str); 6] = [
    ("jester.same-piece", "forbidden"),
    ("jester.second-move", "required"),
    ("jester.check-ends-turn", "yes"),
    ("jester.jester-move", "never"),
    ("jester.steward-mimic", "forward"),
    ("jester.archer-path", "leap"),
];

#[test]
fn start_perft_to_depth_4() {
    common::start_perft("jester", &[(1, 26), (2, 738), (3, 20_016), (4, 572_122)]);
}

#[test]
fn random_games_default_rulings() {
    assert!(lockstep(&[], 0x1E57E2, 60) > 3_000);
}

#[test]
fn random_games_every_ruling_option() {
    common::lockstep_under_each("jester", &OPTIONS, 0x1E57E2 ^ 0xA5, 12, MAX_PLIES);
}

#[test]
fn random_games_from_endgames() {
    // Few pieces: the games end by mate, stalemate, the fifty-move rule,
    // repetition and dead material within the budget.
    let fens = [
        "4k5/4p5/10/10/10/10/10/10/10/4P5/4K5 w - - 0 1",
        "r8k/10/10/10/10/10/10/10/10/10/K8R w - - 0 1 {captured=wb}",
        "4k5/10/3j6/10/10/10/10/10/10/3J6/4K5 w - - 0 1",
        "4k5/2s3a3/10/10/10/10/10/10/10/2S3A3/4K5 b - - 0 1 {last=K}",
        "l8k/10/10/10/10/10/10/10/10/10/K8N w - - 0 1 {captured=b}",
        "9k/10/10/10/10/10/10/10/10/10/K9 w - - 0 1",
    ];
    let (mut a, mut b) = pair(&[]);
    let outcomes = common::lockstep_from_each(&mut a, &mut b, &fens, 12, 400);
    eprintln!("{outcomes:?}");
    for reason in [
        "fifty-move rule",
        "insufficient material",
        "threefold repetition",
    ] {
        assert!(
            outcomes.keys().any(|k| k.ends_with(reason)),
            "no game ended by {reason}: {outcomes:?}"
        );
    }
}

#[test]
fn random_games_with_promotions() {
    // Every promoting type a step or two from the zone, Jesters to imitate
    // the promoted types, with and without the privilege.
    let fens = [
        "4k5/10/10/PNLBR1J3/10/10/10/pnlbr1j3/10/10/4K5 w - - 0 1 {captured=wb}",
        "4k5/10/10/PNLBR1J3/10/10/10/pnlbr1j3/10/10/4K5 b - - 0 1",
        "q3k5/10/10/1PNLBRJ3/10/10/1pnlbrj3/10/10/10/4K4Q w - - 0 1 {captured=b}",
    ];
    for rulings in [&[][..], &[OPTIONS[2]], &[OPTIONS[4]]] {
        eprintln!("rulings {rulings:?}");
        let (mut a, mut b) = pair(rulings);
        common::lockstep_from_each(&mut a, &mut b, &fens, 10, 200);
    }
}

/// Reads FENs met in random engine games (`sub=2`, `last=`, `prev=`,
/// `captured=`) fresh into both and compares them there; returns how many.
fn fens_agree(rulings: &[(&str, &str)], games: usize) -> usize {
    common::fens_agree("jester", rulings, 0xFE4, games, 250)
}

#[test]
fn positions_read_from_fen_agree() {
    assert!(fens_agree(&[], 12) > 2000);
    for option in OPTIONS {
        assert!(fens_agree(&[option], 3) > 500);
    }
}

#[test]
fn random_games_combined_rulings() {
    lockstep(
        &[
            ("jester.same-piece", "forbidden"),
            ("jester.second-move", "required"),
            ("jester.jester-move", "never"),
        ],
        0xC0B1,
        10,
    );
    lockstep(
        &[
            ("jester.check-ends-turn", "yes"),
            ("jester.steward-mimic", "forward"),
            ("jester.archer-path", "leap"),
        ],
        0xC0B2,
        10,
    );
}

#[test]
fn perft_3_at_200_random_positions() {
    positions(&[], 0x9E5, 200, 3);
}

#[test]
fn perft_2_at_random_positions_every_ruling_option() {
    common::positions_under_each("jester", &OPTIONS, 0x9E6, 30, 2);
}

#[test]
#[ignore = "minutes; run with --ignored --release"]
fn random_games_10000() {
    let plies = lockstep(&[], 0x001E_57E2_0001, 10_000);
    eprintln!("10000 games, {plies} plies");
}

#[test]
#[ignore = "minutes; run with --ignored --release"]
fn random_games_300_long() {
    // Games of up to 3000 plies reach the draw rules from the start.
    common::lockstep("jester", &[], 0x10E6, 300, 3_000);
}

#[test]
#[ignore = "minutes; run with --ignored --release"]
fn random_games_1000_every_ruling_option() {
    common::lockstep_under_each("jester", &OPTIONS, 0x001E_57E2_0002, 1_000, MAX_PLIES);
}

#[test]
#[ignore = "minutes; run with --ignored --release"]
fn perft_3_at_2000_random_positions_every_ruling() {
    positions(&[], 0x9E7, 2_000, 3);
    common::positions_under_each("jester", &OPTIONS, 0x9E8, 200, 3);
}
