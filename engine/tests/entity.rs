//! Entity Chess: entry zone and its conditions, the `WA` movement, mate,
//! capture for good, castling and the Entity's attacks
//! (`entity-chess.txt`, `spec/rulings/entity.md`). Expected values are
//! derived by hand (see the comments).

#[macro_use]
mod common_plus;

use common_plus::*;
use motley_engine::{Color, Game};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ee] w KQkq - 0 1";

variant_game!(entity);

#[test]
fn entries_at_the_setup() {
    script(
        entity("", ""),
        &[MovesFrom("E@", "E@a3 E@a4 E@b3 E@b4 E@g3 E@g4 E@h3 E@h4")],
    );
}

#[test]
fn every_entry_zone_square_for_both_sides() {
    let g = entity("4k3/8/8/8/8/8/8/4K3[E] w - - 0 1", "");
    assert_eq!(
        starting(&g, "E@").join(" "),
        "E@a1 E@a2 E@a3 E@a4 E@b1 E@b2 E@b3 E@b4 E@c1 E@c2 E@d1 E@d2 E@e2 E@f1 E@f2 \
         E@g1 E@g2 E@g3 E@g4 E@h1 E@h2 E@h3 E@h4"
    );
    let g = entity("4k3/8/8/8/8/8/8/4K3[e] b - - 0 1", "");
    assert_eq!(
        starting(&g, "E@").join(" "),
        "E@a5 E@a6 E@a7 E@a8 E@b5 E@b6 E@b7 E@b8 E@c7 E@c8 E@d7 E@d8 E@e7 E@f7 E@f8 \
         E@g5 E@g6 E@g7 E@g8 E@h5 E@h6 E@h7 E@h8"
    );
}

#[test]
fn entry_zone_ruling_half() {
    let half = [("entity.entry-zone", "half")];
    let g = game("entity", &half, "4k3/8/8/8/8/8/8/4K3[E] w - - 0 1", "");
    assert_eq!(starting(&g, "E@").len(), 31);
    assert!(has(&g, "E@c3") && has(&g, "E@d4") && !has(&g, "E@a5"));
    let g = game("entity", &half, "4k3/8/8/8/8/8/8/4K3[e] b - - 0 1", "");
    assert!(has(&g, "E@c6") && !has(&g, "E@a4"));
}

#[test]
fn entry_refused_giving_check_in_check_or_occupied() {
    // King on e3: e2 (step), c1 and g1 (jumps) would give check.
    let g = entity("8/8/8/8/8/4k3/8/K7[E] w - - 0 1", "");
    assert_eq!(starting(&g, "E@").len(), 20);
    for sq in ["e2", "c1", "g1", "a1"] {
        assert!(!has(&g, &format!("E@{sq}")), "{sq}");
    }
    // In check: no entry, not even one that would block.
    assert_eq!(
        moves(&entity("4k3/8/8/8/8/8/8/r3K3[E] w - - 0 1", "")),
        "e1d2 e1e2 e1f2"
    );
}

#[test]
fn wa_moves_and_jumps_over_pieces() {
    let g = entity("4k3/8/8/8/8/1PPP4/2E5/4K3[e] w - - 0 1", "");
    assert_eq!(starting(&g, "c2").join(" "), "c2a4 c2b2 c2c1 c2d2 c2e4");
    at_fen(
        entity("4k3/8/8/8/8/1PPP4/2E5/4K3[e] w - - 0 1", "c2e4"),
        "4k3/8/8/8/4E3/1PPP4/8/4K3[e] b - - 1 1",
    );
}

#[test]
fn entity_gives_mate() {
    // f6 jumps to h8; g8, g7, h7 are Black's own; nothing reaches f6.
    let g = entity("6rk/6np/8/5E2/8/8/8/K7[] w - - 0 1", "f5f6");
    assert_eq!(g.outcome(), mate(Color::White));
}

#[test]
fn captured_entity_is_gone_for_good() {
    let g = at_fen(
        entity("4k3/8/8/8/3q4/8/8/3E3K[] b - - 0 1", "d4d1"),
        "4k3/8/8/8/8/8/8/3q3K[] w - - 0 2",
    );
    assert_eq!(moves(&g), "h1g2 h1h2");
}

#[test]
fn castling_through_and_out_of_the_entitys_attack() {
    // e on f2 guards f1 (and e2): no king-side castling, queen side fine,
    // and the king may take it.
    let g = entity("4k3/8/8/8/8/8/5e2/R3K2R[] w KQ - 0 1", "");
    assert!(has(&g, "e1c1") && !has(&g, "e1g1") && has(&g, "e1f2") && !has(&g, "e1f1"));
    assert_eq!(g.perft(1), 23);
    // e on g3 gives check by the jump to e1: only king steps.
    let g = entity("4k3/8/8/8/8/6e1/8/R3K2R[] w KQ - 0 1", "");
    assert_eq!(moves(&g), "e1d1 e1d2 e1e2 e1f1 e1f2");
}

#[test]
fn ruling_promotion() {
    let fen = "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1";
    assert!(!has(&entity(fen, ""), "a7a8e"));
    let yes = [("entity.promotion", "yes")];
    assert!(has(&game("entity", &yes, fen, ""), "a7a8e"));
}

#[test]
fn entries_keep_the_fifty_move_count_and_round_trip() {
    let g = at_fen(
        entity(START, "g1f3 b8c6 E@h3"),
        "r1bqkbnr/pppppppp/2n5/8/8/5N1E/PPPPPPPP/RNBQKB1R[e] b KQkq - 3 2",
    );
    assert_eq!(entity(&g.fen(), "").fen(), g.fen());
    let err = Game::new("entity", &[("zone".into(), "reach".into())]).unwrap_err();
    assert!(err.to_string().contains("entity.entry-zone"), "{err}");
}
