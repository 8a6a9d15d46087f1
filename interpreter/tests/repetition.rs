//! Repetition other than a draw, passing, royal pieces facing each other
//! and barred screens (spec/LANGUAGE.md §4.4, §10, §11.3, §11.4, §19): the
//! options the bundled xiangqi and janggi files do not use, and the
//! neighbours they must be told from.

mod common;
use common::{game_of, head, opening, ROOK};

use motley_interpreter::Game;

/// Kings and rooks on a 5x5 board; `draws` and `extra` add keys.
fn game(draws: &str, extra: &str, fen: &str) -> Game {
    let head = opening("cycle", 5, 5);
    let source = format!(
        "{head}  - {{ letter: R, name: rook, moves: R }}
  - {{ letter: C, name: cannon, moves: mRcpR }}
setup: 4k/5/5/5/K4 w - - 0 1
draws:
  repetition: 3
{draws}
{extra}"
    );
    let mut game = game_of(&source);
    game.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    game
}

/// Both kings shuffle; White's move completes the third occurrence.
const QUIET: [&str; 8] = [
    "a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1", "e4e5",
];

/// The rook checks along ranks 5 and 4 while the king shuffles e5-e4.
const CHECKS: [&str; 9] = [
    "b1b5", "e5e4", "b5b4", "e4e5", "b4b5", "e5e4", "b5b4", "e4e5", "b4b5",
];

fn play(game: &mut Game, moves: &[&str]) -> String {
    for m in moves {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game.outcome().map_or("none".to_string(), |o| o.to_string())
}

#[test]
fn a_repetition_is_drawn_by_default_and_lost_or_won_as_the_file_says() {
    let fen = "4k/5/5/5/K4 w - - 0 1";
    let cases = [
        ("", "1/2-1/2 by threefold repetition"),
        (
            "  repetition_result: draw",
            "1/2-1/2 by threefold repetition",
        ),
        // Black's e4e5 completes the repetition.
        ("  repetition_result: loss", "1-0 by threefold repetition"),
        ("  repetition_result: win", "0-1 by threefold repetition"),
        (
            "  repetition_result: white-loses",
            "0-1 by threefold repetition",
        ),
        (
            "  repetition_result: black-loses",
            "1-0 by threefold repetition",
        ),
    ];
    for (draws, want) in cases {
        let mut g = game(draws, "", fen);
        assert_eq!(play(&mut g, &QUIET[..7]), "none", "{draws}");
        assert_eq!(play(&mut g, &QUIET[7..]), want, "{draws}");
    }
}

#[test]
fn perpetual_check_loses_for_the_checking_side_only_when_the_file_says_so() {
    let fen = "4k/5/5/5/KR3 w - - 0 1";
    let mut plain = game("", "", fen);
    assert_eq!(play(&mut plain, &CHECKS), "1/2-1/2 by threefold repetition");
    let mut perpetual = game("  perpetual_check: loss", "", fen);
    assert_eq!(play(&mut perpetual, &CHECKS[..8]), "none");
    assert_eq!(play(&mut perpetual, &CHECKS[8..]), "0-1 by perpetual check");
    // Without a check in every position of the cycle, the repetition is drawn.
    let mut mixed = game("  perpetual_check: loss", "", "4k/5/5/5/KR3 w - - 0 1");
    let quiet_start = [
        "b1b3", "e5e4", "b3b4", "e4e5", "b4b3", "e5e4", "b3b4", "e4e5", "b4b3",
    ];
    assert_eq!(
        play(&mut mixed, &quiet_start),
        "1/2-1/2 by threefold repetition"
    );
}

#[test]
fn royal_pieces_may_face_each_other_unless_the_file_forbids_it() {
    let fen = "4k/5/5/5/3K1 w - - 0 1";
    let allowed = game("", "", fen);
    assert_eq!(
        allowed.legal_moves(),
        vec!["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]
    );
    // e1 and e2 face the king on e5 along the open e-file.
    let forbidden = game("", "royals_facing: forbidden", fen);
    assert_eq!(forbidden.legal_moves(), vec!["d1c1", "d1c2", "d1d2"]);
    // A piece between them may not leave the line.
    let pinned = game("", "royals_facing: forbidden", "4k/5/4C/5/4K w - - 0 1");
    assert!(pinned
        .legal_moves()
        .iter()
        .all(|m| !m.starts_with("e3") || m[2..3] == *"e"));
    assert!(pinned.legal_moves().contains(&"e3e4".to_string()));
}

#[test]
fn a_pass_is_a_move_of_its_own_counted_by_the_clock_and_shown_in_fen() {
    let fen = "4k/5/5/5/K4 w - - 3 1";
    let mut g = game("", "passing: {}", fen);
    assert!(g.legal_moves().contains(&"0000".to_string()));
    g.play("@@@@").expect("@@@@ reads as a pass");
    assert_eq!(g.fen(), "4k/5/5/5/K4 b - - 4 1 {passed=1}");
    g.play("0000").expect("pass");
    assert_eq!(g.outcome(), None, "two passes go on without `twice: draw`");
    assert_eq!(g.fen(), "4k/5/5/5/K4 w - - 5 2 {passed=2}");
    let mut ends = game("", "passing: { twice: draw }", fen);
    ends.play("0000").expect("pass");
    ends.play("0000").expect("pass");
    assert_eq!(
        ends.outcome().map(|o| o.to_string()).as_deref(),
        Some("1/2-1/2 by passing")
    );
    assert!(ends.legal_moves().is_empty());
    // In check, no pass.
    let checked = game("", "passing: {}", "4k/5/5/5/K3r w - - 0 1");
    assert!(!checked.legal_moves().contains(&"0000".to_string()));
    // A condition limits it.
    let limited = game("", "passing: { when: in_check }", fen);
    assert!(!limited.legal_moves().contains(&"0000".to_string()));
}

#[test]
fn a_barred_screen_blocks_moves_and_attacks_alike() {
    let head = opening("screens", 5, 5) + ROOK;
    let source = |bar: &str| {
        format!(
            "{head}  - {{ letter: C, name: cannon, moves: pR {bar} }}
setup: r3k/5/c4/5/C3K w - - 0 1
"
        )
    };
    let rules = |bar: &str| game_of(&source(bar));
    // White's cannon on a1 hops Black's cannon on a3 to take the rook on a5.
    let hops = |g: &Game| -> Vec<String> {
        g.legal_moves()
            .into_iter()
            .filter(|m| m.starts_with("a1"))
            .collect()
    };
    assert_eq!(hops(&rules("")), vec!["a1a4", "a1a5"]);
    assert_eq!(hops(&rules(", screens_not: [C]")), Vec::<String>::new());
    assert_eq!(hops(&rules(", captures_not: [R]")), vec!["a1a4"]);
    // The same screen gives check or none: Black's king on a5.
    let check = |bar: &str| {
        let mut g = rules(bar);
        g.set_fen("k4/5/c4/5/C3K b - - 0 1").expect("fen");
        g.in_check()
    };
    assert!(check(""));
    assert!(!check(", screens_not: [C]"));
    assert!(!check(", captures_not: [K]"));
}

#[test]
fn a_pass_while_the_royal_pieces_face_is_legal_in_check_and_ends_the_game() {
    let rules = || {
        Game::from_source(
            "motley: 1
name: facing
board: { files: 5, ranks: 5 }
pieces:
  - { letter: K, name: king, moves: K, royal: true }
  - { letter: N, name: knight, moves: N }
setup: 4k/5/4n/5/4K b - - 0 1
royals_facing: break-or-pass
passing: {}
",
        )
        .unwrap_or_else(|e| panic!("{e}"))
    };
    // Black's knight leaves the e-file with check: the kings face.
    let mut g = rules();
    g.play("e3c2").expect("knight move");
    assert!(g.in_check());
    // e2 keeps the facing; d1 and d2 break it; or White passes.
    assert_eq!(g.legal_moves(), vec!["0000", "e1d1", "e1d2"]);
    g.play("0000").expect("a pass while facing, in check");
    assert_eq!(
        g.outcome().map(|o| o.to_string()).as_deref(),
        Some("1/2-1/2 by royals facing")
    );
    // The position reads back, the mover in check and all.
    let fen = g.fen();
    assert_eq!(fen, "4k/5/5/2n2/4K b - - 2 2 {passed=1}");
    let mut read = rules();
    read.set_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(read.fen(), fen);
}

/// Kings on a 5x5 board whose step to the right (`rW`) sets `sets`;
/// `state` declares it (spec/LANGUAGE.md §13).
fn stepping_kings(sets: &str, state: &str) -> Game {
    let head = head("stepping", 5, 5);
    let source = format!(
        "{head}  - letter: K
    name: king
    royal: true
    moves:
      - {{ moves: lWfWbW }}
      - {{ moves: rW, sets: [{sets}] }}
setup: 4k/5/5/5/K4 w - - 0 1
draws:
  repetition: 3
state: {state}
"
    );
    Game::from_source(&source).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn piece_flags_and_counters_are_part_of_the_repetition_key() {
    let mut flagged = stepping_kings("piece.stepped", "{ piece_flags: [stepped] }");
    // Without state two cycles would repeat the start a third time. With
    // a piece flag the king's first step right changes the position
    // for good: the start occurs once, the flagged one needs a third cycle.
    let cycle = ["a1b1", "e5e4", "b1a1", "e4e5"];
    assert_eq!(play(&mut flagged, &[cycle, cycle].concat()), "none");
    assert_eq!(flagged.fen(), "4k/5/5/5/K4 w - - 8 5 {stepped=a1}");
    assert_eq!(
        play(&mut flagged, &cycle),
        "1/2-1/2 by threefold repetition"
    );
    // A counter counted up on every step right never repeats.
    let mut counted = stepping_kings("player.steps", "{ counters: [steps] }");
    assert_eq!(play(&mut counted, &[cycle, cycle, cycle].concat()), "none");
    assert_eq!(counted.fen(), "4k/5/5/5/K4 w - - 12 7 {steps=3,0}");
}
