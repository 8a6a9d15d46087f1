//! The shared core of Fool, Clown and Entity chess against the chess perft
//! suite: with empty hands and no declaration left, Entity and Clown chess
//! are orthodox chess.

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
