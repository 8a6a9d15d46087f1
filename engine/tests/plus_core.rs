//! The shared core of Fool, Clown and Entity chess: their setups and
//! perft from there, derived by hand, and the chess perft suite: with empty
//! hands and no declaration left, Entity and Clown chess are orthodox
//! chess.

use motley_engine::Game;

const SUITE: &str = include_str!("data/perftsuite.epd");
const BUDGET: u64 = 200_000;

fn run(variant: &str, state: &str) {
    let mut game = Game::new(variant, &[]).expect("variant");
    let mut checked = 0;
    for line in SUITE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.split(';');
        let fen = parts.next().expect("FEN").trim();
        let fen = format!("{fen}{state}");
        game.set_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for part in parts {
            let (d, n) = part.trim().split_once(' ').expect("depth and count");
            let depth: u32 = d.trim_start_matches('D').parse().expect("depth");
            let expected: u64 = n.parse().expect("count");
            if expected <= BUDGET {
                assert_eq!(
                    game.perft(depth),
                    expected,
                    "{variant} perft {depth} of {fen}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn entity_with_empty_hands_is_chess() {
    run("entity", "");
}

#[test]
fn clown_with_clowns_and_reentries_used_is_chess() {
    run("clown", " {clown=wb reentered=wb}");
}

/// Each variant's setup and its perft at depths 1 to 4.
const SETUPS: [(&str, &str, [u64; 4]); 3] = [
    // 20 chess moves, each from an initial square, each also with the
    // Fool. Black likewise; White's Fool has no moves before Black has
    // moved.
    (
        "fool",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 1",
        [40, 1600, 50112, 1573904],
    ),
    // 20 chess moves and the 4 knight moves once more as declarations.
    (
        "clown",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        [24, 576, 14842, 380222],
    ),
    // 20 chess moves and entries on a3 a4 b3 b4 g3 g4 h3 h4.
    (
        "entity",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ee] w KQkq - 0 1",
        [28, 784, 22204, 626240],
    ),
];

#[test]
fn setups_and_their_perft() {
    for (variant, fen, perfts) in SETUPS {
        let game = Game::new(variant, &[]).expect("variant");
        assert_eq!(game.fen(), fen, "{variant}");
        for (depth, n) in (1..).zip(perfts) {
            assert_eq!(game.perft(depth), n, "{variant} perft({depth})");
        }
    }
}
